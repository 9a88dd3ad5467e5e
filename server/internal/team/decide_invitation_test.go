package team

import (
	"testing"
	"time"
)

func TestDecideJoin(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 15, 10, 0, 0, 0, time.UTC)
	live := invitationState{expires: now.Add(time.Hour)}
	cases := []struct {
		name             string
		state            invitationState
		invited, address string
		want             string
		status           int
	}{
		{"live, same address", live, "ana@folio.test", "ana@folio.test", "", 0},
		{"live, ASCII case aside", live, "Ana@Folio.test", "ana@folio.TEST", "", 0},
		{"another address", live, "ana@folio.test", "bob@folio.test", "folio_invitation_other_address", 403},
		{"a look-alike letter is another address", live, "ana@folio.test", "аna@folio.test", "folio_invitation_other_address", 403},
		{"the Kelvin sign is not k", live, "kim@folio.test", "\u212aim@folio.test", "folio_invitation_other_address", 403},
		{"a subaddress is another address", live, "ana@folio.test", "ana+x@folio.test", "folio_invitation_other_address", 403},
		{"expired at the second", invitationState{expires: now}, "ana@folio.test", "ana@folio.test", "folio_invitation_expired", 410},
		{"revoked", invitationState{expires: now.Add(time.Hour), revoked: now.Add(-time.Minute)}, "ana@folio.test", "ana@folio.test", "folio_invitation_revoked", 410},
		{"used", invitationState{expires: now.Add(time.Hour), accepted: now.Add(-time.Minute)}, "ana@folio.test", "ana@folio.test", "folio_invitation_used", 410},
		{"revoked and expired says revoked", invitationState{expires: now.Add(-time.Hour), revoked: now.Add(-2 * time.Hour)}, "a@b.c", "a@b.c", "folio_invitation_revoked", 410},
		{"used, then for another address, says used", invitationState{expires: now.Add(time.Hour), accepted: now}, "ana@folio.test", "bob@folio.test", "folio_invitation_used", 410},
	}
	for _, c := range cases {
		got := decideJoin(c.state, c.invited, c.address, now)
		if code(got) != c.want || (got != nil && got.status != c.status) {
			t.Errorf("%s: got %v, want %q %d", c.name, got, c.want, c.status)
		}
	}
}
