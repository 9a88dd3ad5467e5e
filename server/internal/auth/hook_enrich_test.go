package auth

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
)

func TestHiddenTOTPFields(t *testing.T) {
	t.Parallel()

	headers := map[string]string{}
	aliceWith2FA := func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
		u := enableTOTP(t, app, testapp.CreateUser(t, app, testapp.Alice))
		bearer(headers, u.rec, t)
	}
	bobLooks := func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
		enableTOTP(t, app, testapp.CreateUser(t, app, testapp.Alice))
		bearer(headers, testapp.CreateUser(t, app, testapp.Bob), t)
	}
	unchanged := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		st := state(t, app, testapp.Alice.ID)
		if !st.Enabled || st.Secret == "" || st.LastStep != 0 || len(st.BackupHashes) != backupCodeCount {
			t.Errorf("hidden fields were written through the records API: %+v", st)
		}
	}
	recordURL := "/api/collections/users/records/" + testapp.Alice.ID

	scenarios := []tests.ApiScenario{
		{
			Name: "owner sees totpEnabled and nothing else hidden", Method: http.MethodGet, URL: recordURL,
			Headers: headers, ExpectedStatus: 200,
			ExpectedContent:    []string{`"id":"` + testapp.Alice.ID + `"`, `"totpEnabled":true`, `"company":""`},
			NotExpectedContent: hiddenTOTPFields,
			BeforeTestFunc:     aliceWith2FA,
		},
		{
			Name: "owner list shows totpEnabled only", Method: http.MethodGet, URL: "/api/collections/users/records",
			Headers: headers, ExpectedStatus: 200,
			ExpectedContent:    []string{`"totalItems":1`, `"totpEnabled":true`},
			NotExpectedContent: hiddenTOTPFields,
			BeforeTestFunc:     aliceWith2FA,
		},
		{
			Name: "another user cannot view the record", Method: http.MethodGet, URL: recordURL,
			Headers: headers, ExpectedStatus: 404, NotExpectedContent: append([]string{`"totpEnabled"`}, hiddenTOTPFields...),
			BeforeTestFunc: bobLooks,
		},
		{
			Name: "another user's list has only themselves, without 2FA fields", Method: http.MethodGet,
			URL: "/api/collections/users/records", Headers: headers, ExpectedStatus: 200,
			ExpectedContent:    []string{`"totalItems":1`, `"id":"` + testapp.Bob.ID + `"`, `"totpEnabled":false`},
			NotExpectedContent: append([]string{testapp.Alice.ID}, hiddenTOTPFields...),
			BeforeTestFunc:     bobLooks,
		},
		{
			Name: "guest sees nothing", Method: http.MethodGet, URL: recordURL,
			ExpectedStatus: 404, NotExpectedContent: []string{`"totpEnabled"`},
			BeforeTestFunc: aliceWith2FA,
		},
		{
			Name: "owner cannot filter on hidden fields", Method: http.MethodGet,
			URL:     "/api/collections/users/records?filter=totpSecret!=''",
			Headers: headers, ExpectedStatus: 400, NotExpectedContent: hiddenTOTPFields,
			BeforeTestFunc: aliceWith2FA,
		},
		{
			Name: "owner cannot switch 2FA off or plant a secret by PATCH", Method: http.MethodPatch, URL: recordURL,
			Headers: headers,
			Body: body(func() any {
				return map[string]any{
					"totpEnabled": false, "totpSecret": "AAAA", "totpPendingSecret": "BBBB",
					"totpBackupCodes": []string{"x"}, "totpLastStep": 99, "company": "Acme Ltd",
				}
			}),
			ExpectedStatus:     200,
			ExpectedContent:    []string{`"company":"Acme Ltd"`, `"totpEnabled":true`},
			NotExpectedContent: hiddenTOTPFields,
			BeforeTestFunc:     aliceWith2FA, AfterTestFunc: unchanged,
		},
		{
			Name: "profile fields update normally", Method: http.MethodPatch, URL: recordURL, Headers: headers,
			Body: body(func() any {
				return map[string]any{"name": "Alice A.", "company": "Folio Ltd"}
			}),
			ExpectedStatus:  200,
			ExpectedContent: []string{`"name":"Alice A."`, `"company":"Folio Ltd"`},
			BeforeTestFunc:  aliceWith2FA,
		},
		{
			Name: "company longer than 255 characters is refused", Method: http.MethodPatch, URL: recordURL, Headers: headers,
			Body: body(func() any {
				long := make([]byte, 256)
				for i := range long {
					long[i] = 'a'
				}
				return map[string]any{"company": string(long)}
			}),
			ExpectedStatus:  400,
			ExpectedContent: []string{`"company":{"code":"validation_max_text_constraint"`},
			BeforeTestFunc:  aliceWith2FA,
		},
		{
			Name: "sign-up cannot preset 2FA fields", Method: http.MethodPost, URL: "/api/collections/users/records",
			Body: body(func() any {
				return map[string]any{
					"email": "carol@folio.test", "password": testapp.Password, "passwordConfirm": testapp.Password,
					"name": "Carol", "emailVisibility": false,
					"totpEnabled": true, "totpSecret": "AAAA",
				}
			}),
			// Sign-up answers 204 with no body (hook_hidden_accounts.go).
			ExpectedStatus:     204,
			NotExpectedContent: append([]string{`"totpEnabled"`}, hiddenTOTPFields...),
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				rec, err := app.FindAuthRecordByEmail("users", "carol@folio.test")
				if err != nil {
					t.Fatal(err)
				}
				if st, _ := readState(app, rec.Id); st.Enabled || st.Secret != "" {
					t.Errorf("hidden fields set on sign-up: %+v", st)
				}
			},
		},
	}

	runScenarios(t, headers, scenarios)
}
