package routes

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
)

// A signed route answers 401 without a token and runs with one; an open
// route runs for anyone.
func TestSignedAndOpen(t *testing.T) {
	t.Parallel()
	ok := func(e *core.RequestEvent) error { return e.String(http.StatusOK, "ran") }
	factory := func(t testing.TB) *tests.TestApp {
		app := testapp.New(t)
		Bind(app, "testRoutes", Signed(http.MethodPost, "/api/test/signed", ok), Open(http.MethodGet, "/api/test/open", ok))
		return app
	}
	headers := map[string]string{}
	scenarios := []tests.ApiScenario{
		{Name: "signed, no token", Method: http.MethodPost, URL: "/api/test/signed", ExpectedStatus: 401, ExpectedContent: []string{`"status":401`}},
		{
			Name: "signed, a user", Method: http.MethodPost, URL: "/api/test/signed", Headers: headers,
			ExpectedStatus: 200, ExpectedContent: []string{"ran"},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				testapp.CreateUser(t, app, testapp.Alice)
				headers["Authorization"] = testapp.Token(t, app, testapp.Alice.ID)
			},
		},
		{Name: "open, anyone", Method: http.MethodGet, URL: "/api/test/open", ExpectedStatus: 200, ExpectedContent: []string{"ran"}},
	}
	for _, s := range scenarios {
		s.TestAppFactory = factory
		s.Test(t)
	}
}
