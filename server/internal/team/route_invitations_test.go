package team

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func invitationsURL(business string) string {
	return "/api/folio/businesses/" + business + "/invitations"
}

// linkPattern finds the invitation link in a mail.
var linkPattern = regexp.MustCompile(regexp.QuoteMeta(appURL+JoinPath) + `([A-Za-z0-9_-]+)`)

// invite has as invite email as role and answers the token the mail
// carried and the invitation's id.
func (e *env) invite(as testapp.User, email, role string) (token, id string) {
	e.t.Helper()
	a := e.do(as, http.MethodPost, invitationsURL(shop), map[string]any{"email": email, "role": role})
	if a.status != http.StatusCreated {
		e.t.Fatalf("invite %s as %s: %d %s", email, role, a.status, a.raw)
	}
	msg := e.app.TestMailer.LastMessage()
	m := linkPattern.FindStringSubmatch(msg.Text)
	if m == nil {
		e.t.Fatalf("no link in %q", msg.Text)
	}
	return m[1], a.json(e.t)["id"].(string)
}

func TestInviteByRole(t *testing.T) {
	cases := []struct {
		name   string
		as     testapp.User
		role   string
		status int
		code   string
	}{
		{"owner invites an owner", alice, "owner", 201, ""},
		{"owner invites an accountant", alice, "accountant", 201, ""},
		{"admin invites an admin", ada, "admin", 201, ""},
		{"admin invites a member", ada, "member", 201, ""},
		{"admin can't invite an owner", ada, "owner", 403, "folio_team_owner_role"},
		{"member can't invite", mia, "member", 403, "folio_team_manage_role"},
		{"accountant can't invite", abe, "accountant", 403, "folio_team_manage_role"},
		{"a stranger can't invite", bob, "member", 404, "folio_business_not_found"},
		{"an unknown role", alice, "boss", 400, "folio_role_invalid"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			a := e.do(c.as, http.MethodPost, invitationsURL(shop), map[string]any{"email": "new@folio.test", "role": c.role})
			if a.status != c.status || a.code() != c.code {
				t.Fatalf("%d %s, want %d %s", a.status, a.raw, c.status, c.code)
			}
			sent := e.app.TestMailer.TotalSend()
			if (c.status == 201) != (sent == 1) {
				t.Errorf("%d mails", sent)
			}
		})
	}
	e := newEnv(t)
	if a := e.do(testapp.User{}, http.MethodPost, invitationsURL(shop), map[string]any{"email": "x@folio.test", "role": "member"}); a.status != 401 {
		t.Errorf("nobody signed in: %d", a.status)
	}
	for _, bad := range []string{"", "not-an-address", "аna@folio.test", "a@b@c", "a@localhost", "a b@folio.test"} {
		if a := e.do(alice, http.MethodPost, invitationsURL(shop), map[string]any{"email": bad, "role": "member"}); a.code() != "folio_invitation_email" {
			t.Errorf("%q: %d %s", bad, a.status, a.raw)
		}
	}
	if a := e.do(alice, http.MethodPost, invitationsURL(shop), map[string]any{"email": "MIA@folio.test", "role": "admin"}); a.status != 409 || a.code() != "folio_already_member" {
		t.Errorf("a member's address: %d %s", a.status, a.raw)
	}
}

// The mail: to the invited address, in the inviter's language, with a link
// whose token is stored only as its SHA-256; the business's name is text.
func TestInvitationMail(t *testing.T) {
	e := newEnv(t)
	b, _ := e.app.FindRecordById(migrations.BusinessesCollection, shop)
	b.Set(migrations.FieldCompanyName, "<b>Alice</b> & Co")
	if err := e.app.Save(b); err != nil {
		t.Fatal(err)
	}
	token, id := e.invite(alice, "new@folio.test", "accountant")
	msg := e.app.TestMailer.LastMessage()
	if len(msg.To) != 1 || msg.To[0].Address != "new@folio.test" {
		t.Errorf("to %v", msg.To)
	}
	if !strings.Contains(msg.Subject, "<b>Alice</b> & Co") || !strings.Contains(msg.Text, "as an accountant") {
		t.Errorf("subject %q text %q", msg.Subject, msg.Text)
	}
	if strings.Contains(msg.HTML, "<b>Alice") || !strings.Contains(msg.HTML, "&lt;b&gt;Alice&lt;/b&gt; &amp; Co") {
		t.Errorf("business name not escaped in the HTML: %s", msg.HTML)
	}
	if !strings.Contains(msg.HTML, appURL+JoinPath+token) {
		t.Errorf("no link in the HTML")
	}
	if len(token) != 43 {
		t.Errorf("token %q is not 32 bytes of base64url", token)
	}
	inv, err := e.app.FindRecordById(migrations.InvitationsCollection, id)
	if err != nil {
		t.Fatal(err)
	}
	if inv.GetString(migrations.FieldInviteTokenHash) != hashToken(token) || strings.Contains(inv.GetString(migrations.FieldInviteTokenHash), token) {
		t.Errorf("stored %q", inv.GetString(migrations.FieldInviteTokenHash))
	}
	if got := inv.GetDateTime(migrations.FieldInviteExpires).Time(); !got.Equal(testapp.FixedNow.Add(7 * 24 * time.Hour)) {
		t.Errorf("expires %v", got)
	}

	// In German when the inviter asks in German.
	a := e.doLang(alice, "de-DE,de;q=0.9", http.MethodPost, invitationsURL(shop), map[string]any{"email": "neu@folio.test", "role": "member"})
	if a.status != 201 {
		t.Fatalf("%d %s", a.status, a.raw)
	}
	if msg := e.app.TestMailer.LastMessage(); !strings.Contains(msg.Text, "Einladung annehmen") || !strings.Contains(msg.Text, "Mitglied") {
		t.Errorf("not German: %q", msg.Text)
	}
}

// The answer is the same whether or not the address has an account.
func TestInviteSameAnswerForAnyAddress(t *testing.T) {
	e := newEnv(t)
	shape := func(email string) (int, []string) {
		a := e.do(alice, http.MethodPost, invitationsURL(shop), map[string]any{"email": email, "role": "member"})
		var keys []string
		for k := range a.json(t) {
			if k != "id" && k != "email" && k != "created" && k != "updated" && k != "expires" && k != "sent_at" {
				keys = append(keys, k)
			}
		}
		return a.status, keys
	}
	s1, k1 := shape(bob.Email)
	s2, k2 := shape("nobody@folio.test")
	if s1 != s2 || len(k1) != len(k2) || e.app.TestMailer.TotalSend() != 2 {
		t.Errorf("with an account: %d %v; without: %d %v; %d mails", s1, k1, s2, k2, e.app.TestMailer.TotalSend())
	}
	if a := e.do(alice, http.MethodPost, invitationsURL(shop), nil); a.raw == nil {
		t.Error("no answer")
	}
}

// A second invitation to the same address renews the first (one row, the
// old link dead).
func TestInviteAgainRenews(t *testing.T) {
	e := newEnv(t)
	old, id := e.invite(alice, "new@folio.test", "member")
	fresh, id2 := e.invite(alice, "New@folio.test", "accountant")
	if id != id2 {
		t.Errorf("two invitations: %s %s", id, id2)
	}
	if a := e.do(testapp.User{}, http.MethodGet, "/api/folio/join/"+old, nil); a.status != 404 {
		t.Errorf("old link: %d", a.status)
	}
	if a := e.do(testapp.User{}, http.MethodGet, "/api/folio/join/"+fresh, nil); a.status != 200 || a.json(t)["role"] != "accountant" {
		t.Errorf("new link: %d %s", a.status, a.raw)
	}
}

func TestInvitationsLimit(t *testing.T) {
	e := newEnv(t)
	for i := range invitationsPerHour {
		e.invite(alice, "p"+string(rune('a'+i))+"@folio.test", "member")
	}
	a := e.do(alice, http.MethodPost, invitationsURL(shop), map[string]any{"email": "one-more@folio.test", "role": "member"})
	if a.status != http.StatusTooManyRequests || a.code() != "folio_invitations_too_many" {
		t.Fatalf("%d %s", a.status, a.raw)
	}
	if n := e.app.TestMailer.TotalSend(); n != invitationsPerHour {
		t.Errorf("%d mails", n)
	}
	// Another business has its own count; an hour later this one has its own again.
	if a := e.do(bob, http.MethodPost, invitationsURL(bob.ID), map[string]any{"email": "x@folio.test", "role": "member"}); a.status != 201 {
		t.Errorf("bob: %d %s", a.status, a.raw)
	}
	e.clock.add(time.Hour)
	if a := e.do(alice, http.MethodPost, invitationsURL(shop), map[string]any{"email": "one-more@folio.test", "role": "member"}); a.status != 201 {
		t.Errorf("an hour later: %d %s", a.status, a.raw)
	}
}

func TestResendAndRevokeByRole(t *testing.T) {
	cases := []struct {
		name    string
		as      testapp.User
		role    string // of the invitation
		status  int
		code    string
		revoked int
	}{
		{"owner", alice, "owner", 200, "", 204},
		{"admin, a member's invitation", ada, "member", 200, "", 204},
		{"admin, an owner's invitation", ada, "owner", 403, "folio_team_owner_role", 403},
		{"member", mia, "member", 403, "folio_team_manage_role", 403},
		{"accountant", abe, "member", 403, "folio_team_manage_role", 403},
		{"stranger", bob, "member", 404, "folio_business_not_found", 404},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			old, id := e.invite(alice, "new@folio.test", c.role)
			a := e.do(c.as, http.MethodPost, "/api/folio/invitations/"+id+"/resend", nil)
			if a.status != c.status || a.code() != c.code {
				t.Fatalf("resend: %d %s, want %d %s", a.status, a.raw, c.status, c.code)
			}
			if c.status == 200 {
				if e.app.TestMailer.TotalSend() != 2 {
					t.Errorf("%d mails", e.app.TestMailer.TotalSend())
				}
				if a := e.do(testapp.User{}, http.MethodGet, "/api/folio/join/"+old, nil); a.status != 404 {
					t.Errorf("the old link still works: %d", a.status)
				}
			}
			a = e.do(c.as, http.MethodDelete, "/api/folio/invitations/"+id, nil)
			if a.status != c.revoked {
				t.Fatalf("revoke: %d %s, want %d", a.status, a.raw, c.revoked)
			}
			inv, _ := e.app.FindRecordById(migrations.InvitationsCollection, id)
			if revoked := !inv.GetDateTime(migrations.FieldInviteRevokedAt).IsZero(); revoked != (c.revoked == 204) {
				t.Errorf("revoked = %v", revoked)
			}
		})
	}
}

// The collections API writes no membership and no invitation, whoever asks.
func TestNoWritesThroughTheCollections(t *testing.T) {
	e := newEnv(t)
	for _, who := range []testapp.User{alice, ada, mia, abe, bob} {
		if a := e.do(who, http.MethodPost, "/api/collections/memberships/records",
			map[string]any{"user": who.ID, "business": shop, "role": "owner"}); a.status < 400 {
			t.Errorf("%s created a membership: %d %s", who.Email, a.status, a.raw)
		}
		if id := e.membershipOf(who, shop); id != "" {
			if a := e.do(who, http.MethodPatch, "/api/collections/memberships/records/"+id, map[string]any{"role": "owner"}); a.status < 400 {
				t.Errorf("%s changed their role: %d %s", who.Email, a.status, a.raw)
			}
			if a := e.do(who, http.MethodDelete, "/api/collections/memberships/records/"+id, nil); a.status < 400 {
				t.Errorf("%s deleted a membership: %d", who.Email, a.status)
			}
		}
		if a := e.do(who, http.MethodPost, "/api/collections/invitations/records",
			map[string]any{"business": shop, "email": "x@folio.test", "role": "owner", "token_hash": hashToken("x"),
				"expires": "2030-01-01 00:00:00.000Z"}); a.status < 400 {
			t.Errorf("%s created an invitation: %d %s", who.Email, a.status, a.raw)
		}
	}
	if e.owners(shop) != 1 || e.roleOf(mia, shop) != "member" {
		t.Error("the roles changed")
	}
}

// An expired invitation is mended by a resend: a new link, 7 more days
// from the resend.
func TestResendRevivesExpired(t *testing.T) {
	e := newEnv(t)
	old, id := e.invite(alice, "new@folio.test", "member")
	e.clock.add(InvitationLife + time.Hour)
	if a := e.do(testapp.User{}, http.MethodGet, joinURL(old), nil); a.code() != "folio_invitation_expired" {
		t.Fatalf("not expired: %d %s", a.status, a.raw)
	}
	if a := e.do(ada, http.MethodPost, "/api/folio/invitations/"+id+"/resend", nil); a.status != 200 {
		t.Fatalf("resend: %d %s", a.status, a.raw)
	}
	fresh := linkPattern.FindStringSubmatch(e.app.TestMailer.LastMessage().Text)[1]
	if a := e.do(testapp.User{}, http.MethodGet, joinURL(fresh), nil); a.status != 200 {
		t.Errorf("new link: %d %s", a.status, a.raw)
	}
	inv, _ := e.app.FindRecordById(migrations.InvitationsCollection, id)
	if got := inv.GetDateTime(migrations.FieldInviteExpires).Time(); !got.Equal(e.clock.now().Add(InvitationLife)) {
		t.Errorf("expires %v", got)
	}
	// A used one is not.
	if err := testapp.AddUsers(e.app, testapp.User{ID: "newuser00000001", Email: "new@folio.test"}); err != nil {
		t.Fatal(err)
	}
	if a := e.do(testapp.User{ID: "newuser00000001"}, http.MethodPost, joinURL(fresh), nil); a.status != 200 {
		t.Fatalf("join: %d %s", a.status, a.raw)
	}
	if a := e.do(alice, http.MethodPost, "/api/folio/invitations/"+id+"/resend", nil); a.code() != "folio_invitation_used" {
		t.Errorf("resend of a used invitation: %d %s", a.status, a.raw)
	}
}
