//go:build !e2eclock

package schedule

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"
)

// A release build has no way to move its clock from outside.
func TestReleaseBuildHasNoClockRoute(t *testing.T) {
	(&tests.ApiScenario{
		Name: "no clock route", Method: http.MethodPost, URL: "/api/folio/test/clock",
		Body:           strings.NewReader(`{"advance":"72h"}`),
		ExpectedStatus: 404, ExpectedContent: []string{`"status":404`},
		TestAppFactory: func(t testing.TB) *tests.TestApp {
			app, err := tests.NewTestApp()
			if err != nil {
				t.Fatal(err)
			}
			Bind(app)
			return app
		},
	}).Test(t)
}
