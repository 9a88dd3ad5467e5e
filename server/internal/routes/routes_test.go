package routes

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/hook"

	"folio/server/internal/testapp"
)

// A signed route answers 401 without a token and runs with one; an open
// route runs for anyone.
func TestSignedAndOpen(t *testing.T) {
	t.Parallel()
	ok := func(e *core.RequestEvent) error { return e.String(http.StatusOK, "ran") }
	factory := func(t testing.TB) *tests.TestApp {
		app := testapp.New(t)
		marked := &hook.Handler[*core.RequestEvent]{Func: func(e *core.RequestEvent) error {
			e.Response.Header().Set("X-Marked", "yes")
			return e.Next()
		}}
		Bind(app, "testRoutes", Signed(http.MethodPost, "/api/test/signed", ok), Open(http.MethodGet, "/api/test/open", ok),
			Open(http.MethodGet, "/api/test/marked", ok).Also(marked))
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
		{
			Name: "a middleware added", Method: http.MethodGet, URL: "/api/test/marked", ExpectedStatus: 200, ExpectedContent: []string{"ran"},
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
				if res.Header.Get("X-Marked") != "yes" {
					t.Error("the added middleware did not run")
				}
			},
		},
	}
	for _, s := range scenarios {
		s.TestAppFactory = factory
		s.Test(t)
	}
}
