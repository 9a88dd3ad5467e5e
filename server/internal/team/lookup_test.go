package team

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
)

// requireRoute answers 204 when Require lets the caller do the action
// named by the query's "action" (1..5) in BusinessParam's business.
func requireRoute(e *core.RequestEvent) error {
	a, _ := strconv.Atoi(e.Request.URL.Query().Get("action"))
	if err := Require(e, BusinessParam(e), Action(a)); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}

// withRequireRoute is env with GET and POST /test/require bound.
func withRequireRoute(t *testing.T) *env {
	return newEnv(t, func(app *tests.TestApp) {
		app.OnServe().BindFunc(func(se *core.ServeEvent) error {
			se.Router.GET("/test/require", requireRoute)
			se.Router.POST("/test/require", requireRoute)
			return se.Next()
		})
	})
}

func TestRequire(t *testing.T) {
	e := withRequireRoute(t)
	names := map[Action]string{Read: "read", Write: "write", Manage: "manage", Export: "export", Own: "own"}
	// Per user, the answer for Read, Write, Manage, Export, Own in alice's
	// business.
	cases := []struct {
		who  testapp.User
		want [5]string
	}{
		{alice, [5]string{"", "", "", "", ""}},
		{ada, [5]string{"", "", "", "", "folio_team_owner_role"}},
		{mia, [5]string{"", "", "folio_team_manage_role", "folio_team_export_role", "folio_team_owner_role"}},
		{abe, [5]string{"", "folio_team_write_role", "folio_team_manage_role", "", "folio_team_owner_role"}},
		{bob, [5]string{"folio_business_not_found", "folio_business_not_found", "folio_business_not_found", "folio_business_not_found", "folio_business_not_found"}},
	}
	for _, c := range cases {
		for i, a := range []Action{Read, Write, Manage, Export, Own} {
			url := "/test/require?action=" + strconv.Itoa(int(a)) + "&business=" + shop
			got := e.do(c.who, http.MethodGet, url, nil)
			want := map[string]int{"": 204, "folio_business_not_found": 404}[c.want[i]]
			if want == 0 {
				want = 403
			}
			if got.status != want || got.code() != c.want[i] {
				t.Errorf("%s %s: %d %s, want %d %s", c.who.Email, names[a], got.status, got.code(), want, c.want[i])
			}
		}
	}

	// The business from a JSON body; none at all is a 404, not a 400.
	if a := e.do(mia, http.MethodPost, "/test/require?action=2", map[string]any{"business": shop}); a.status != 204 {
		t.Errorf("business in the body: %d %s", a.status, a.raw)
	}
	if a := e.do(mia, http.MethodPost, "/test/require?action=2", map[string]any{"business": bob.ID}); a.status != 404 {
		t.Errorf("another business in the body: %d %s", a.status, a.raw)
	}
	if a := e.do(alice, http.MethodGet, "/test/require?action=1", nil); a.status != 404 || a.code() != "folio_business_not_found" {
		t.Errorf("no business: %d %s", a.status, a.raw)
	}
	if a := e.do(testapp.User{}, http.MethodGet, "/test/require?action=1&business="+shop, nil); a.status != 404 {
		t.Errorf("nobody signed in: %d %s", a.status, a.raw)
	}
	// The 403 names who can.
	a := e.do(abe, http.MethodGet, "/test/require?action=3&business="+shop, nil)
	if msg, _ := a.json(t)["message"].(string); msg != msgManageRole {
		t.Errorf("message %q", msg)
	}
}
