package team

import (
	"net/http"
	"strings"
	"testing"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func joinURL(token string) string { return "/api/folio/join/" + token }

// carl has an account of his own and no place in alice's business.
var carl = testapp.Carol

func TestJoinLanding(t *testing.T) {
	e := newEnv(t)
	token, id := e.invite(ada, "new@folio.test", "accountant")
	a := e.do(testapp.User{}, http.MethodGet, joinURL(token), nil)
	if a.status != 200 {
		t.Fatalf("%d %s", a.status, a.raw)
	}
	got := a.json(t)
	want := map[string]any{"business": shop, "business_name": "Alice & Co", "role": "accountant", "email": "new@folio.test",
		"inviter_name": ada.Email}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	if _, ok := got["expires"]; !ok {
		t.Error("no expiry")
	}
	if strings.Contains(string(a.raw), "token_hash") {
		t.Error("the hash is out")
	}
	for _, bad := range []string{"nope", token + "x", strings.ToUpper(token)} {
		if a := e.do(testapp.User{}, http.MethodGet, joinURL(bad), nil); a.status != 404 || a.code() != "folio_invitation_not_found" {
			t.Errorf("%q: %d %s", bad, a.status, a.raw)
		}
	}
	if a := e.do(alice, http.MethodDelete, "/api/folio/invitations/"+id, nil); a.status != 204 {
		t.Fatal(a.status)
	}
	if a := e.do(testapp.User{}, http.MethodGet, joinURL(token), nil); a.status != 410 || a.code() != "folio_invitation_revoked" {
		t.Errorf("revoked: %d %s", a.status, a.raw)
	}
}

func TestJoin(t *testing.T) {
	cases := []struct {
		name   string
		as     testapp.User
		email  string
		before func(e *env, id string)
		status int
		code   string
	}{
		{"the invited address joins", carl, carl.Email, nil, 200, ""},
		{"ASCII case aside", carl, "CAROL@folio.test", nil, 200, ""},
		{"another address", bob, carl.Email, nil, 403, "folio_invitation_other_address"},
		{"a subaddress is another address", carl, "carol+shop@folio.test", nil, 403, "folio_invitation_other_address"},
		{"expired", carl, carl.Email, func(e *env, _ string) { e.clock.add(InvitationLife) }, 410, "folio_invitation_expired"},
		{"revoked", carl, carl.Email, func(e *env, id string) {
			if a := e.do(alice, http.MethodDelete, "/api/folio/invitations/"+id, nil); a.status != 204 {
				e.t.Fatal(a.status)
			}
		}, 410, "folio_invitation_revoked"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			if err := testapp.AddUsers(e.app, carl); err != nil {
				t.Fatal(err)
			}
			token, id := e.invite(alice, c.email, "member")
			if c.before != nil {
				c.before(e, id)
			}
			a := e.do(c.as, http.MethodPost, joinURL(token), nil)
			if a.status != c.status || a.code() != c.code {
				t.Fatalf("%d %s, want %d %s", a.status, a.raw, c.status, c.code)
			}
			role := e.roleOf(c.as, shop)
			if (role == "member") != (c.status == 200) {
				t.Errorf("role %q", role)
			}
		})
	}
	e := newEnv(t)
	token, _ := e.invite(alice, carl.Email, "member")
	if a := e.do(testapp.User{}, http.MethodPost, joinURL(token), nil); a.status != 401 {
		t.Errorf("nobody signed in: %d", a.status)
	}
}

// A link works once: twice in a row, or twice at once, one membership.
func TestJoinOnce(t *testing.T) {
	e := newEnv(t)
	if err := testapp.AddUsers(e.app, carl); err != nil {
		t.Fatal(err)
	}
	token, _ := e.invite(alice, carl.Email, "admin")
	if a := e.do(carl, http.MethodPost, joinURL(token), nil); a.status != 200 {
		t.Fatalf("%d %s", a.status, a.raw)
	}
	// Removed, the link doesn't bring them back.
	if a := e.do(alice, http.MethodDelete, "/api/folio/memberships/"+e.membershipOf(carl, shop), nil); a.status != 204 {
		t.Fatal(a.status)
	}
	if a := e.do(carl, http.MethodPost, joinURL(token), nil); a.status != 410 || a.code() != "folio_invitation_used" {
		t.Errorf("second use: %d %s", a.status, a.raw)
	}

	for round := range 3 {
		e := newEnv(t, slowMembershipCreates)
		if err := testapp.AddUsers(e.app, carl); err != nil {
			t.Fatal(err)
		}
		token, _ := e.invite(alice, carl.Email, "admin")
		tok := testapp.Token(t, e.app, carl.ID)
		won := testapp.Race(4, func() bool {
			return e.doToken(tok, http.MethodPost, joinURL(token), nil).status == 200
		})
		if n, _ := e.app.CountRecords(migrations.MembershipsCollection, nil); won != 1 || n != 10 {
			t.Errorf("round %d: %d joins went through, %d memberships (want 1 and 10: 6 own, 3 in alice's, carol's)", round, won, n)
		}
	}
}

func TestJoinSignUp(t *testing.T) {
	e := newEnv(t)
	token, id := e.invite(alice, "newbie@folio.test", "accountant")
	a := e.do(testapp.User{}, http.MethodPost, joinURL(token)+"/sign-up", map[string]any{"name": "Nia", "password": testapp.Password, "language": "fr"})
	if a.status != 204 {
		t.Fatalf("%d %s", a.status, a.raw)
	}
	u, err := e.app.FindAuthRecordByEmail(migrations.UsersCollection, "newbie@folio.test")
	if err != nil {
		t.Fatal(err)
	}
	if !u.Verified() || u.GetString("name") != "Nia" || !u.ValidatePassword(testapp.Password) {
		t.Errorf("user %v verified=%v", u.PublicExport(), u.Verified())
	}
	if role := e.roleOf(testapp.User{ID: u.Id}, shop); role != "accountant" {
		t.Errorf("role %q", role)
	}
	if _, err := e.app.FindRecordById(migrations.BusinessesCollection, u.Id); err == nil {
		t.Error("the invited user got a business of their own")
	}
	if n, _ := e.app.CountRecords(migrations.MembershipsCollection, nil); n != 9 {
		t.Errorf("%d memberships", n)
	}
	inv, _ := e.app.FindRecordById(migrations.InvitationsCollection, id)
	if inv.GetDateTime(migrations.FieldInviteAcceptedAt).IsZero() {
		t.Error("not marked used")
	}
	// The link is spent: a second sign-up, or a join, is refused.
	if a := e.do(testapp.User{}, http.MethodPost, joinURL(token)+"/sign-up", map[string]any{"password": testapp.Password}); a.status != 410 {
		t.Errorf("second sign-up: %d %s", a.status, a.raw)
	}
	// A password too short is refused before anything is made.
	token2, _ := e.invite(alice, "short@folio.test", "member")
	if a := e.do(testapp.User{}, http.MethodPost, joinURL(token2)+"/sign-up", map[string]any{"password": "short"}); a.status != 400 || !strings.Contains(string(a.raw), `"password"`) {
		t.Errorf("short password: %d %s", a.status, a.raw)
	}
	if _, err := e.app.FindAuthRecordByEmail(migrations.UsersCollection, "short@folio.test"); err == nil {
		t.Error("created with a short password")
	}
}

// Signing up through an invitation to an address that has an account
// answers as a sign-up does: 204, the same refusals of the password. Nothing is
// created, the invitation stays usable by the account, and its owner is
// told by mail. So the link's holder learns nothing of the account.
func TestJoinSignUpTakenAddress(t *testing.T) {
	e := newEnv(t)
	if err := testapp.AddUsers(e.app, carl); err != nil {
		t.Fatal(err)
	}
	token, _ := e.invite(alice, "Carol@folio.test", "member")
	e.app.TestMailer.Reset()
	if a := e.do(testapp.User{}, http.MethodPost, joinURL(token)+"/sign-up", map[string]any{"password": "short"}); a.status != 400 || !strings.Contains(string(a.raw), `"password"`) {
		t.Errorf("short password: %d %s", a.status, a.raw)
	}
	a := e.do(testapp.User{}, http.MethodPost, joinURL(token)+"/sign-up", map[string]any{"name": "Mallory", "password": "another-password-1", "language": "es"})
	if a.status != 204 || len(a.raw) != 0 {
		t.Fatalf("%d %s", a.status, a.raw)
	}
	u, _ := e.app.FindAuthRecordByEmail(migrations.UsersCollection, carl.Email)
	if u.GetString("name") == "Mallory" || !u.ValidatePassword(testapp.Password) {
		t.Error("the account changed")
	}
	if e.roleOf(carl, shop) != "" {
		t.Error("the account joined without signing in")
	}
	msg := e.app.TestMailer.LastMessage()
	if e.app.TestMailer.TotalSend() != 1 || msg.To[0].Address != carl.Email || !strings.Contains(msg.Text, "Alice & Co") ||
		!strings.Contains(msg.Text, "inicie sesión") {
		t.Errorf("%d mails, last %v %q", e.app.TestMailer.TotalSend(), msg.To, msg.Text)
	}
	// The account itself can still accept.
	if a := e.do(carl, http.MethodPost, joinURL(token), nil); a.status != 200 {
		t.Errorf("the account's own join: %d %s", a.status, a.raw)
	}

}
