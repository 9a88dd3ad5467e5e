package auth

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
)

const pathAuthWithPassword = "/api/collections/users/auth-with-password"

func passwordBody(email, password string) func() any {
	return func() any { return map[string]string{"identity": email, "password": password} }
}

func TestPasswordSignInWithTOTP(t *testing.T) {
	t.Parallel()

	headers := map[string]string{}
	var alice enrolled
	var mfaFromPassword string

	scenarios := []tests.ApiScenario{
		{
			Name: "2FA on: password answers 401 mfaId and no token", Method: http.MethodPost, URL: pathAuthWithPassword,
			Body:           body(passwordBody(testapp.Alice.Email, testapp.Password)),
			ExpectedStatus: 401, ExpectedContent: []string{`"mfaId":"`},
			NotExpectedContent: []string{`"token"`, `"record"`, `"message"`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				enableTOTP(t, app, testapp.CreateUser(t, app, testapp.Alice))
			},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				var got map[string]string
				decodeJSON(t, res, &got)
				if len(got) != 1 {
					t.Errorf("body must be exactly {mfaId}: %v", got)
				}
				mfa, err := app.FindMFAById(got["mfaId"])
				if err != nil {
					t.Fatalf("mfaId %q not stored: %v", got["mfaId"], err)
				}
				if mfa.RecordRef() != testapp.Alice.ID || mfa.Method() != core.MFAMethodPassword {
					t.Errorf("MFA session = %s/%s", mfa.RecordRef(), mfa.Method())
				}
			},
		},
		{
			Name: "2FA off: password gives a token", Method: http.MethodPost, URL: pathAuthWithPassword,
			Body:           body(passwordBody(testapp.Alice.Email, testapp.Password)),
			ExpectedStatus: 200,
			ExpectedContent: []string{
				`"token":"`, `"id":"` + testapp.Alice.ID + `"`, `"totpEnabled":false`,
			},
			NotExpectedContent: append([]string{`"mfaId"`}, hiddenTOTPFields...),
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				testapp.CreateUser(t, app, testapp.Alice)
			},
		},
		{
			Name: "full flow: password then code", Method: http.MethodPost, URL: PathAuthWithOTP,
			Body: body(func() any {
				return map[string]string{"mfaId": mfaFromPassword, "code": codeAt(t, alice.secret, time.Now())}
			}),
			ExpectedStatus: 200, ExpectedContent: []string{`"token":"`, `"totpEnabled":true`},
			NotExpectedContent: hiddenTOTPFields,
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				alice = enableTOTP(t, app, testapp.CreateUser(t, app, testapp.Alice))
				rec := fire(t, e, http.MethodPost, pathAuthWithPassword, passwordBody(testapp.Alice.Email, testapp.Password)(), nil)
				if rec.Code != 401 {
					t.Fatalf("first factor: %d %s", rec.Code, rec.Body)
				}
				var got map[string]string
				_ = json.Unmarshal(rec.Body.Bytes(), &got)
				mfaFromPassword = got["mfaId"]
			},
		},
		{
			Name: "2FA on: token refresh is not gated", Method: http.MethodPost, URL: "/api/collections/users/auth-refresh",
			Headers: headers, ExpectedStatus: 200, ExpectedContent: []string{`"token":"`, `"totpEnabled":true`},
			NotExpectedContent: append([]string{`"mfaId"`}, hiddenTOTPFields...),
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				u := enableTOTP(t, app, testapp.CreateUser(t, app, testapp.Alice))
				bearer(headers, u.rec, t)
			},
		},
		{
			Name: "2FA on: wrong password is still the plain credentials error", Method: http.MethodPost, URL: pathAuthWithPassword,
			Body:           body(passwordBody(testapp.Alice.Email, "wrong-password")),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid login credentials."`},
			NotExpectedContent: []string{`"mfaId"`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				enableTOTP(t, app, testapp.CreateUser(t, app, testapp.Alice))
			},
		},
	}

	runScenarios(t, headers, scenarios)
}

// The OAuth2 account-linking case cannot be driven without a provider, so
// the hook is triggered directly with a request that already carries alice.
func TestGateLetsTheSameUserThrough(t *testing.T) {
	t.Parallel()

	app := factory(t)
	defer app.Cleanup()

	alice := enableTOTP(t, app, testapp.CreateUser(t, app, testapp.Alice))
	bob := testapp.CreateUser(t, app, testapp.Bob)

	trigger := func(auth *core.Record, method string) (reachedDefault bool, status int, err error) {
		re := &core.RequestEvent{App: app}
		re.Request = httptest.NewRequest(http.MethodPost, "/", nil)
		rec := httptest.NewRecorder()
		re.Response = rec
		re.Auth = auth

		ev := &core.RecordAuthRequestEvent{RequestEvent: re, Record: alice.rec, AuthMethod: method}
		ev.Collection = alice.rec.Collection()
		err = app.OnRecordAuthRequest().Trigger(ev, func(*core.RecordAuthRequestEvent) error {
			reachedDefault = true
			return nil
		})
		return reachedDefault, rec.Code, err
	}

	if ok, _, err := trigger(alice.rec, core.MFAMethodOAuth2); !ok || err != nil {
		t.Errorf("linking by the same user must pass: %v %v", ok, err)
	}
	if ok, status, err := trigger(bob, core.MFAMethodOAuth2); ok || status != 401 || !errors.Is(err, apis.ErrMFA) {
		t.Errorf("another user's token must not skip 2FA: %v %d %v", ok, status, err)
	}
	if ok, status, err := trigger(nil, core.MFAMethodOTP); ok || status != 401 || !errors.Is(err, apis.ErrMFA) {
		t.Errorf("PocketBase email OTP must still need TOTP: %v %d %v", ok, status, err)
	}
	if ok, _, err := trigger(nil, ""); !ok || err != nil {
		t.Errorf("refresh/impersonate must pass: %v %v", ok, err)
	}
}
