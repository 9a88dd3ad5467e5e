package team

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"folio/server/internal/auth"
	"folio/server/internal/identity"
	"folio/server/internal/refusal"
	"folio/server/migrations"
)

// newToken is an invitation's secret: 32 random bytes, base64url without
// padding (the link carries it), and its SHA-256 in hex (the row keeps
// only that, so a copy of the database opens no invitation).
func newToken() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token), nil
}

// hashToken is the stored form of a token.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// invitationBody is the body of POST /api/folio/businesses/{id}/invitations.
type invitationBody struct {
	Email string `json:"email"`
	Role  string `json:"role"`
	// Language is the mail's language (one the web app speaks); the
	// inviter's own language when empty.
	Language string `json:"language"`
}

// mailLanguage is lang when the mails speak it, else the language of the
// request.
func mailLanguage(lang string, r *http.Request) string {
	if _, ok := mailWords[lang]; ok {
		return lang
	}
	if l := auth.RequestLanguage(r); mailWords[l] != nil {
		return l
	}
	return "en"
}

// stateOf is what decides whether an invitation can be used.
func stateOf(inv *core.Record) invitationState {
	return invitationState{
		expires:  inv.GetDateTime(migrations.FieldInviteExpires).Time(),
		revoked:  inv.GetDateTime(migrations.FieldInviteRevokedAt).Time(),
		accepted: inv.GetDateTime(migrations.FieldInviteAcceptedAt).Time(),
	}
}

// sentInvitation is an invitation saved with a new token, and its mail.
type sentInvitation struct {
	inv *core.Record
	msg *mailer.Message
}

// issue gives inv a new token and 7 more days, saves it, and writes its
// mail. The caller checked the inviter's role and the limit.
func (s *service) issue(tx core.App, e *core.RequestEvent, inv *core.Record, lang string) (*sentInvitation, error) {
	token, hash, err := newToken()
	if err != nil {
		return nil, err
	}
	inv.Set(migrations.FieldInviteTokenHash, hash)
	inv.Set(migrations.FieldInviteExpires, s.now().UTC().Add(InvitationLife))
	inv.Set(migrations.FieldInvitedBy, e.Auth.Id)
	inv.Set(migrations.FieldInviteSentAt, s.now().UTC())
	if err := tx.Save(inv); err != nil {
		return nil, err
	}
	business, err := tx.FindRecordById(migrations.BusinessesCollection, inv.GetString(migrations.FieldBusiness))
	if err != nil {
		return nil, err
	}
	link := strings.TrimRight(tx.Settings().Meta.AppURL, "/") + JoinPath + token
	msg := invitationMail(tx, inv.GetString(migrations.FieldInviteEmail), lang, link, mailValues{
		inviter: nameOf(e.Auth), business: businessName(business), role: inv.GetString(migrations.FieldRole),
	})
	return &sentInvitation{inv: inv, msg: msg}, nil
}

// nameOf is how a person is named to others: their name, else their address.
func nameOf(user *core.Record) string {
	if n := strings.TrimSpace(user.GetString("name")); n != "" {
		return n
	}
	return user.Email()
}

// businessName is the business's name as written, "" for none.
func businessName(b *core.Record) string {
	return strings.TrimSpace(b.GetString(migrations.FieldCompanyName))
}

// send mails an issued invitation after its commit; a mail that fails is
// a 500 with a sentence, and the invitation stays so it can be resent.
func (si *sentInvitation) send(e *core.RequestEvent, status int) error {
	if err := e.App.NewMailClient().Send(si.msg); err != nil {
		e.App.Logger().Error("send invitation mail", "invitation", si.inv.Id, "error", err)
		return refuseAs(http.StatusInternalServerError, "folio_invitation_mail_failed", msgInvitationMail).api()
	}
	return e.JSON(status, si.inv)
}

// allowInvitation counts one invitation mail of the business against its
// hourly limit.
func (s *service) allowInvitation(businessID string) error {
	if !s.invites.take(businessID, s.now()) {
		return refuseAs(http.StatusTooManyRequests, "folio_invitations_too_many", msgInvitationsMany).api()
	}
	return nil
}

// inviteRoute: POST /api/folio/businesses/{id}/invitations {email, role}
// (owners and admins; only owners invite owners) mails a single-use link
// to {app URL}/join/{token}, valid 7 days. A pending invitation to the same
// address is renewed rather than doubled. The answer (201, the invitation)
// is the same whether or not the address has an account.
func (s *service) inviteRoute(e *core.RequestEvent) error {
	var body invitationBody
	if err := e.BindBody(&body); err != nil {
		return refusal.Unreadable(err)
	}
	email := strings.TrimSpace(body.Email)
	// One identity can compare, in the format the collection accepts.
	if _, ok := identity.Key(email); !ok || is.EmailFormat.Validate(email) != nil {
		return refuseAs(http.StatusBadRequest, "folio_invitation_email", msgInvitationEmail).api()
	}
	businessID := e.Request.PathValue("id")
	var out *sentInvitation
	err := e.App.RunInTransaction(func(tx core.App) error {
		role, err := require(tx, e, businessID, Read)
		if err != nil {
			return err
		}
		if rerr := decideInvite(role, body.Role); rerr != nil {
			return rerr.api()
		}
		if err := closedRefusal(tx, e, businessID); err != nil {
			return err
		}
		member, err := hasMember(tx, businessID, email)
		if err != nil {
			return err
		}
		if member {
			return refuseAs(http.StatusConflict, "folio_already_member", msgAlreadyMember).api()
		}
		if err := s.allowInvitation(businessID); err != nil {
			return err
		}
		inv, err := pendingInvitation(tx, businessID, email, s.now())
		if err != nil {
			return err
		}
		inv.Set(migrations.FieldRole, body.Role)
		out, err = s.issue(tx, e, inv, mailLanguage(body.Language, e.Request))
		return err
	})
	if err != nil {
		return err
	}
	return out.send(e, http.StatusCreated)
}

// hasMember reports whether a member of the business has the address.
func hasMember(app core.App, businessID, email string) (bool, error) {
	var addresses []string
	err := app.DB().NewQuery(`SELECT u.[[email]] FROM {{memberships}} m JOIN {{users}} u ON u.[[id]] = m.[[user]]
		WHERE m.[[business]] = {:business} AND u.[[email]] = {:email} COLLATE NOCASE`).
		Bind(dbx.Params{"business": businessID, "email": email}).Column(&addresses)
	if err != nil {
		return false, err
	}
	for _, a := range addresses {
		if identity.SameAddress(a, email) {
			return true, nil
		}
	}
	return false, nil
}

// pendingInvitation is the business's usable invitation to the address,
// or a new one.
func pendingInvitation(app core.App, businessID, email string, now time.Time) (*core.Record, error) {
	rows, err := app.FindAllRecords(migrations.InvitationsCollection,
		dbx.HashExp{migrations.FieldBusiness: businessID},
		dbx.NewExp("["+migrations.FieldInviteEmail+"] = {:email} COLLATE NOCASE", dbx.Params{"email": email}))
	if err != nil {
		return nil, err
	}
	for _, inv := range rows {
		if identity.SameAddress(inv.GetString(migrations.FieldInviteEmail), email) && decideInvitation(stateOf(inv), now) == nil {
			inv.Set(migrations.FieldInviteEmail, email)
			return inv, nil
		}
	}
	invitations, err := app.FindCachedCollectionByNameOrId(migrations.InvitationsCollection)
	if err != nil {
		return nil, err
	}
	inv := core.NewRecord(invitations)
	inv.Set(migrations.FieldBusiness, businessID)
	inv.Set(migrations.FieldInviteEmail, email)
	return inv, nil
}

// managedInvitation loads an invitation in tx for someone who may manage
// it: an owner, or an admin for a role below owner. Anyone else, or a
// business they are not in, gets the same 404 as a missing one (or the
// role's 403 when they are a member).
func managedInvitation(tx core.App, e *core.RequestEvent) (*core.Record, error) {
	inv, err := tx.FindRecordById(migrations.InvitationsCollection, e.Request.PathValue("id"))
	if err != nil {
		return nil, refusal.NotFound("folio_invitation_not_found", msgInvitationMissing)
	}
	role, err := require(tx, e, inv.GetString(migrations.FieldBusiness), Read)
	if err != nil {
		return nil, err
	}
	if rerr := decideInvite(role, inv.GetString(migrations.FieldRole)); rerr != nil {
		return nil, rerr.api()
	}
	return inv, nil
}

// resendRoute: POST /api/folio/invitations/{id}/resend mails a pending or
// expired invitation again with a new link (the old one stops working)
// and 7 more days. A used or revoked invitation is 410.
func (s *service) resendRoute(e *core.RequestEvent) error {
	var body invitationBody
	if err := e.BindBody(&body); err != nil {
		return refusal.Unreadable(err)
	}
	var out *sentInvitation
	err := e.App.RunInTransaction(func(tx core.App) error {
		inv, err := managedInvitation(tx, e)
		if err != nil {
			return err
		}
		if err := closedRefusal(tx, e, inv.GetString(migrations.FieldBusiness)); err != nil {
			return err
		}
		// Expiry is what a resend mends; revoked and used are final.
		st := stateOf(inv)
		st.expires = s.now().Add(time.Hour)
		if rerr := decideInvitation(st, s.now()); rerr != nil {
			return rerr.api()
		}
		if err := s.allowInvitation(inv.GetString(migrations.FieldBusiness)); err != nil {
			return err
		}
		out, err = s.issue(tx, e, inv, mailLanguage(body.Language, e.Request))
		return err
	})
	if err != nil {
		return err
	}
	return out.send(e, http.StatusOK)
}

// revokeRoute: DELETE /api/folio/invitations/{id} revokes an invitation:
// its link stops working at once. The row stays (revoked_at set), so the
// members page can say so. Answers 204; revoking twice changes nothing; a
// used invitation is 410 (remove the member instead).
func (s *service) revokeRoute(e *core.RequestEvent) error {
	err := e.App.RunInTransaction(func(tx core.App) error {
		inv, err := managedInvitation(tx, e)
		if err != nil {
			return err
		}
		st := stateOf(inv)
		if !st.revoked.IsZero() {
			return nil
		}
		if !st.accepted.IsZero() {
			return refuseAs(http.StatusGone, "folio_invitation_used", msgInvitationUsed).api()
		}
		inv.Set(migrations.FieldInviteRevokedAt, s.now().UTC())
		return tx.Save(inv)
	})
	if err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}
