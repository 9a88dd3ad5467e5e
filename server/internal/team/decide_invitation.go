package team

import (
	"net/http"
	"time"

	"folio/server/internal/identity"
)

// InvitationLife is how long an invitation link works.
const InvitationLife = 7 * 24 * time.Hour

// invitationState is what decides whether an invitation can still be
// used: when it expires, and whether (zero: not) it was revoked or
// accepted.
type invitationState struct {
	expires  time.Time
	revoked  time.Time
	accepted time.Time
}

// decideInvitation says whether the invitation can be used at now:
// nil, or a 410 saying why not. Revoked and used come before expired: the
// sentence names what someone did, not what time did.
func decideInvitation(s invitationState, now time.Time) *teamError {
	switch {
	case !s.revoked.IsZero():
		return refuseAs(http.StatusGone, "folio_invitation_revoked", msgInvitationRevoked)
	case !s.accepted.IsZero():
		return refuseAs(http.StatusGone, "folio_invitation_used", msgInvitationUsed)
	case !now.Before(s.expires):
		return refuseAs(http.StatusGone, "folio_invitation_expired", msgInvitationExpired)
	}
	return nil
}

// decideJoin says whether the signed-in person with address may accept
// an invitation sent to invited at now: it must be usable, and the two
// addresses the same (identity.SameAddress: ASCII case aside, nothing
// folded).
func decideJoin(s invitationState, invited, address string, now time.Time) *teamError {
	if err := decideInvitation(s, now); err != nil {
		return err
	}
	if !identity.SameAddress(invited, address) {
		return refuse("folio_invitation_other_address", msgInvitationOther)
	}
	return nil
}
