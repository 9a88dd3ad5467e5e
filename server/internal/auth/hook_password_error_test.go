package auth

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
)

func TestInvalidCredentialsMessage(t *testing.T) {
	t.Parallel()

	withAlice := func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
		testapp.CreateUser(t, app, testapp.Alice)
	}
	scenarios := []tests.ApiScenario{
		{
			Name: "wrong password", Method: http.MethodPost, URL: pathAuthWithPassword,
			Body:           body(passwordBody(testapp.Alice.Email, "not-the-password")),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid login credentials."`},
			NotExpectedContent: []string{`"token"`, "Failed to authenticate"},
			BeforeTestFunc:     withAlice,
		},
		{
			Name: "unknown email gets the very same answer", Method: http.MethodPost, URL: pathAuthWithPassword,
			Body:           body(passwordBody("nobody@folio.test", testapp.Password)),
			ExpectedStatus: 400, ExpectedContent: []string{`{"data":{"@refusal":{"code":"folio_invalid_credentials","message":"Invalid login credentials."}},"message":"Invalid login credentials.","status":400}`},
			BeforeTestFunc: withAlice,
		},
		{
			Name: "wrong password: exact body", Method: http.MethodPost, URL: pathAuthWithPassword,
			Body:           body(passwordBody(testapp.Alice.Email, "not-the-password")),
			ExpectedStatus: 400, ExpectedContent: []string{`{"data":{"@refusal":{"code":"folio_invalid_credentials","message":"Invalid login credentials."}},"message":"Invalid login credentials.","status":400}`},
			BeforeTestFunc: withAlice,
		},
		{
			Name: "empty fields keep PocketBase's validation answer", Method: http.MethodPost, URL: pathAuthWithPassword,
			Body:           body(passwordBody("", "")),
			ExpectedStatus: 400, ExpectedContent: []string{`"identity":{"code":"validation_required"`},
		},
		{
			Name: "right password still works", Method: http.MethodPost, URL: pathAuthWithPassword,
			Body:           body(passwordBody(testapp.Alice.Email, testapp.Password)),
			ExpectedStatus: 200, ExpectedContent: []string{`"token":"`},
			BeforeTestFunc: withAlice,
		},
	}
	runScenarios(t, nil, scenarios)
}
