package team

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func membersURL(business string) string { return "/api/folio/businesses/" + business + "/members" }

func TestMembersList(t *testing.T) {
	e := newEnv(t)
	for _, who := range []testapp.User{alice, ada, mia, abe} {
		a := e.do(who, http.MethodGet, membersURL(shop), nil)
		if a.status != http.StatusOK {
			t.Fatalf("%s: %d %s", who.Email, a.status, a.raw)
		}
		var rows []Member
		if err := json.Unmarshal(a.raw, &rows); err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, r := range rows {
			got[r.Email] = r.Role
			if r.Since == "" || r.Membership == "" || r.User == "" {
				t.Errorf("%s: incomplete row %+v", who.Email, r)
			}
		}
		want := map[string]string{alice.Email: "owner", ada.Email: "admin", mia.Email: "member", abe.Email: "accountant"}
		if len(got) != len(want) || rows[0].Role != migrations.RoleOwner {
			t.Errorf("%s sees %v, want %v (owners first)", who.Email, got, want)
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s sees %s as %q, want %q", who.Email, k, got[k], v)
			}
		}
	}
	if a := e.do(bob, http.MethodGet, membersURL(shop), nil); a.status != http.StatusNotFound {
		t.Errorf("a stranger: %d %s", a.status, a.raw)
	}
	if a := e.do(testapp.User{}, http.MethodGet, membersURL(shop), nil); a.status != http.StatusUnauthorized {
		t.Errorf("nobody signed in: %d", a.status)
	}
}

func TestChangeRole(t *testing.T) {
	cases := []struct {
		name   string
		as     testapp.User
		target testapp.User
		role   string
		status int
		code   string
	}{
		{"owner makes the member an admin", alice, mia, "admin", 200, ""},
		{"owner makes the accountant an owner", alice, abe, "owner", 200, ""},
		{"the last owner can't step down", alice, alice, "admin", 409, "folio_last_owner"},
		{"admin makes the member an accountant", ada, mia, "accountant", 200, ""},
		{"admin can't make an owner", ada, mia, "owner", 403, "folio_team_owner_role"},
		{"admin can't demote the owner", ada, alice, "member", 403, "folio_team_owner_role"},
		{"admin can't raise themself to owner", ada, ada, "owner", 403, "folio_role_own_raise"},
		{"member can't raise themself", mia, mia, "admin", 403, "folio_team_manage_role"},
		{"member can't change another", mia, abe, "member", 403, "folio_team_manage_role"},
		{"accountant can't raise themself", abe, abe, "owner", 403, "folio_team_manage_role"},
		{"accountant can't change another", abe, mia, "accountant", 403, "folio_team_manage_role"},
		{"a stranger can't see the membership", bob, mia, "admin", 404, "folio_member_not_found"},
		{"an unknown role", alice, mia, "superuser", 400, "folio_role_invalid"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			before := e.roleOf(c.target, shop)
			a := e.do(c.as, http.MethodPatch, "/api/folio/memberships/"+e.membershipOf(c.target, shop), map[string]any{"role": c.role})
			if a.status != c.status || a.code() != c.code {
				t.Fatalf("%d %s, want %d %s", a.status, a.raw, c.status, c.code)
			}
			want := before
			if c.status == 200 {
				want = c.role
			}
			if got := e.roleOf(c.target, shop); got != want {
				t.Errorf("role is %q, want %q", got, want)
			}
		})
	}
}

func TestRemoveAndLeave(t *testing.T) {
	cases := []struct {
		name   string
		as     testapp.User
		target testapp.User
		status int
		code   string
	}{
		{"owner removes the admin", alice, ada, 204, ""},
		{"the last owner can't leave", alice, alice, 409, "folio_last_owner"},
		{"admin removes the accountant", ada, abe, 204, ""},
		{"admin can't remove the owner", ada, alice, 403, "folio_team_owner_role"},
		{"admin leaves", ada, ada, 204, ""},
		{"member leaves", mia, mia, 204, ""},
		{"accountant leaves", abe, abe, 204, ""},
		{"member can't remove the accountant", mia, abe, 403, "folio_team_manage_role"},
		{"accountant can't remove the member", abe, mia, 403, "folio_team_manage_role"},
		{"a stranger can't remove anyone", bob, mia, 404, "folio_member_not_found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			a := e.do(c.as, http.MethodDelete, "/api/folio/memberships/"+e.membershipOf(c.target, shop), nil)
			if a.status != c.status || a.code() != c.code {
				t.Fatalf("%d %s, want %d %s", a.status, a.raw, c.status, c.code)
			}
			gone := e.membershipOf(c.target, shop) == ""
			if gone != (c.status == 204) {
				t.Errorf("membership gone = %v", gone)
			}
		})
	}
}

// The owner may leave once there is another owner; then the new owner is
// the last one.
func TestHandOverOwnership(t *testing.T) {
	e := newEnv(t)
	if a := e.do(alice, http.MethodPatch, "/api/folio/memberships/"+e.membershipOf(ada, shop), map[string]any{"role": "owner"}); a.status != 200 {
		t.Fatalf("make ada owner: %d %s", a.status, a.raw)
	}
	if a := e.do(alice, http.MethodDelete, "/api/folio/memberships/"+e.membershipOf(alice, shop), nil); a.status != 204 {
		t.Fatalf("alice leaves: %d %s", a.status, a.raw)
	}
	if a := e.do(ada, http.MethodPatch, "/api/folio/memberships/"+e.membershipOf(ada, shop), map[string]any{"role": "admin"}); a.code() != "folio_last_owner" {
		t.Errorf("the new last owner stepped down: %d %s", a.status, a.raw)
	}
}

// slowMembershipWrites makes every membership write wait 30 ms between
// the route's decision and the write, so two requests that decided on the
// same owner count would both write.
func slowMembershipWrites(app *tests.TestApp) {
	wait := func(e *core.RecordEvent) error {
		time.Sleep(30 * time.Millisecond)
		return e.Next()
	}
	app.OnRecordUpdate(migrations.MembershipsCollection).BindFunc(wait)
	app.OnRecordDelete(migrations.MembershipsCollection).BindFunc(wait)
}

// Two owners demoting each other at once, and two owners both leaving at
// once: one owner always remains.
func TestTwoOwnersAtOnce(t *testing.T) {
	for _, remove := range []bool{false, true} {
		for round := range 5 {
			e := newEnv(t, slowMembershipWrites)
			if a := e.do(alice, http.MethodPatch, "/api/folio/memberships/"+e.membershipOf(ada, shop), map[string]any{"role": "owner"}); a.status != 200 {
				t.Fatalf("make ada owner: %d %s", a.status, a.raw)
			}
			moves := []struct{ as, target testapp.User }{{alice, ada}, {ada, alice}}
			if remove {
				moves = []struct{ as, target testapp.User }{{alice, alice}, {ada, ada}}
			}
			ids := []string{e.membershipOf(moves[0].target, shop), e.membershipOf(moves[1].target, shop)}
			tokens := []string{testapp.Token(t, e.app, moves[0].as.ID), testapp.Token(t, e.app, moves[1].as.ID)}
			turn := make(chan int, 2)
			turn <- 0
			turn <- 1
			won := testapp.Race(2, func() bool {
				i := <-turn
				method, body := http.MethodPatch, map[string]any{"role": "member"}
				if remove {
					method, body = http.MethodDelete, nil
				}
				a := e.doToken(tokens[i], method, "/api/folio/memberships/"+ids[i], body)
				return a.status == 200 || a.status == 204
			})
			n := e.owners(shop)
			if won != 1 || n != 1 {
				t.Errorf("remove=%v round %d: %d moves went through, %d owners left; want 1 and 1", remove, round, won, n)
			}
		}
	}
}

// slowMembershipCreates makes every new membership wait 30 ms before it is
// written.
func slowMembershipCreates(app *tests.TestApp) {
	app.OnRecordCreate(migrations.MembershipsCollection).BindFunc(func(e *core.RecordEvent) error {
		time.Sleep(30 * time.Millisecond)
		return e.Next()
	})
}
