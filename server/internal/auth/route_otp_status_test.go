package auth

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
)

func TestOTPStatus(t *testing.T) {
	t.Parallel()

	headers := map[string]string{}
	// Never a secret, a code or a hash: only the two numbers.
	secrets := append([]string{`"secret"`, `"backupCodes"`, `"used:`}, hiddenTOTPFields...)

	scenarios := []tests.ApiScenario{
		noAuth(http.MethodGet, PathOTPStatus, nil),
		{
			Name: "2FA off", Method: http.MethodGet, URL: PathOTPStatus, Headers: headers,
			ExpectedStatus: 200, ExpectedContent: []string{`{"enabled":false,"backupCodesLeft":0}`},
			BeforeTestFunc: signedIn(headers),
		},
		{
			Name: "a pending setup is not on and has no codes yet", Method: http.MethodGet, URL: PathOTPStatus, Headers: headers,
			ExpectedStatus: 200, ExpectedContent: []string{`{"enabled":false,"backupCodesLeft":0}`},
			NotExpectedContent: secrets,
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				bearer(headers, testapp.CreateUser(t, app, testapp.Alice), t)
				if rec := fire(t, e, http.MethodPost, PathRequestOTP, nil, headers); rec.Code != 200 {
					t.Fatalf("request-otp: %d", rec.Code)
				}
			},
		},
		{
			Name: "counts the unused backup codes after two were spent", Method: http.MethodGet, URL: PathOTPStatus, Headers: headers,
			ExpectedStatus: 200, ExpectedContent: []string{`{"enabled":true,"backupCodesLeft":8}`},
			NotExpectedContent: secrets,
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				alice := enableTOTP(t, app, testapp.CreateUser(t, app, testapp.Alice))
				for i, id := range []string{mfaID, otherMFAID} {
					newMFASession(t, app, id, alice.rec)
					if rec := fire(t, e, http.MethodPost, PathAuthWithOTP, map[string]string{"mfaId": id, "code": alice.backupCodes[i]}, nil); rec.Code != 200 {
						t.Fatalf("sign-in %d: %d %s", i, rec.Code, rec.Body)
					}
				}
				bearer(headers, alice.rec, t)
			},
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
				if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
					t.Errorf("Cache-Control = %q", cc)
				}
			},
		},
		{
			Name: "each user sees only their own", Method: http.MethodGet, URL: PathOTPStatus + "?id=" + testapp.Alice.ID, Headers: headers,
			ExpectedStatus: 200, ExpectedContent: []string{`{"enabled":false,"backupCodesLeft":0}`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				enableTOTP(t, app, testapp.CreateUser(t, app, testapp.Alice))
				bearer(headers, testapp.CreateUser(t, app, testapp.Bob), t)
			},
		},
	}

	runScenarios(t, headers, scenarios)
}
