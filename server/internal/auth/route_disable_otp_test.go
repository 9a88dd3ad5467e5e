package auth

import (
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
)

func TestDisableOTP(t *testing.T) {
	t.Parallel()

	headers := map[string]string{}
	var alice enrolled

	enabled := func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
		alice = enableTOTP(t, app, testapp.CreateUser(t, app, testapp.Alice))
		newMFASession(t, app, mfaID, alice.rec)
		bearer(headers, alice.rec, t)
	}
	cleared := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		st := state(t, app, testapp.Alice.ID)
		if st.Enabled || st.Secret != "" || st.PendingSecret != "" || len(st.BackupHashes) != 0 || st.LastStep != 0 {
			t.Errorf("2FA fields not cleared: %+v", st)
		}
		if mfaExists(app, mfaID) {
			t.Error("open MFA sessions must be deleted")
		}
	}
	untouched := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if st := state(t, app, testapp.Alice.ID); !st.Enabled || st.Secret == "" {
			t.Errorf("2FA changed after a refused disable: %+v", st)
		}
	}

	// withCurrentCode is the password and a code of alice's app as it is
	// when the request is sent.
	withCurrentCode := func() io.Reader {
		return body(func() any {
			return map[string]string{"password": testapp.Password, "code": codeAt(t, alice.secret, time.Now())}
		})
	}

	scenarios := []tests.ApiScenario{
		noAuth(http.MethodPost, PathDisableOTP, body(func() any { return map[string]string{"password": testapp.Password, "code": "123456"} })),
		{
			Name: "not enabled", Method: http.MethodPost, URL: PathDisableOTP, Headers: headers,
			Body:           body(func() any { return map[string]string{"password": testapp.Password, "code": "123456"} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"` + MessageNotEnabled + `"`},
			BeforeTestFunc: signedIn(headers),
		},
		{
			Name: "wrong code", Method: http.MethodPost, URL: PathDisableOTP, Headers: headers,
			Body: body(func() any {
				return map[string]string{"password": testapp.Password, "code": wrongCode(codeAt(t, alice.secret, time.Now()))}
			}),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid 2FA code."`},
			BeforeTestFunc: enabled, AfterTestFunc: untouched,
		},
		{
			Name: "unknown backup code", Method: http.MethodPost, URL: PathDisableOTP, Headers: headers,
			Body:           body(func() any { return map[string]string{"password": testapp.Password, "code": "aaaaa-bbbbb"} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid 2FA code."`},
			BeforeTestFunc: enabled, AfterTestFunc: untouched,
		},
		{
			Name: "replayed code", Method: http.MethodPost, URL: PathDisableOTP, Headers: headers,
			Body:           withCurrentCode(),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid 2FA code."`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				enabled(t, app, e)
				spendCurrentCode(t, app)
			},
			AfterTestFunc: untouched,
		},
		{
			Name: "a current code without the password", Method: http.MethodPost, URL: PathDisableOTP, Headers: headers,
			Body: body(func() any {
				return map[string]string{"code": codeAt(t, alice.secret, time.Now())}
			}),
			ExpectedStatus: 400, ExpectedContent: []string{`"password":{"code":"folio_password_required"`},
			BeforeTestFunc: enabled, AfterTestFunc: untouched,
		},
		{
			Name: "a current code with a wrong password", Method: http.MethodPost, URL: PathDisableOTP, Headers: headers,
			Body: body(func() any {
				return map[string]string{"code": codeAt(t, alice.secret, time.Now()), "password": "not-the-password"}
			}),
			ExpectedStatus: 400, ExpectedContent: []string{`"password":{"code":"folio_wrong_password"`},
			BeforeTestFunc: enabled, AfterTestFunc: untouched,
		},
		{
			Name: "current code turns 2FA off", Method: http.MethodPost, URL: PathDisableOTP, Headers: headers,
			Body:           withCurrentCode(),
			ExpectedStatus: 200, ExpectedContent: []string{`{"enabled":false}`},
			BeforeTestFunc: enabled, AfterTestFunc: cleared,
		},
		{
			Name: "backup code turns 2FA off", Method: http.MethodPost, URL: PathDisableOTP, Headers: headers,
			Body:           body(func() any { return map[string]string{"password": testapp.Password, "code": alice.backupCodes[3]} }),
			ExpectedStatus: 200, ExpectedContent: []string{`{"enabled":false}`},
			BeforeTestFunc: enabled, AfterTestFunc: cleared,
		},
		{
			Name: "too many wrong codes", Method: http.MethodPost, URL: PathDisableOTP, Headers: headers,
			Body:           withCurrentCode(),
			ExpectedStatus: 429, ExpectedContent: []string{`"message":"` + MessageTooManyAttempts + `"`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				enabled(t, app, e)
				for range manageAttempts {
					fire(t, e, http.MethodPost, PathDisableOTP, map[string]string{"password": testapp.Password, "code": "aaaaa-bbbbb"}, headers)
				}
			},
			AfterTestFunc: untouched,
		},
	}

	runScenarios(t, headers, scenarios)
}
