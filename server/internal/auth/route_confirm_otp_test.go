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

func TestConfirmOTP(t *testing.T) {
	t.Parallel()

	headers := map[string]string{}
	var code string
	var setup RequestOTPResponse

	// pending signs alice in and runs request-otp, as the settings page does.
	pending := func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
		bearer(headers, testapp.CreateUser(t, app, testapp.Alice), t)
		rec := fire(t, e, http.MethodPost, PathRequestOTP, nil, headers)
		if rec.Code != 200 {
			t.Fatalf("request-otp: %d %s", rec.Code, rec.Body)
		}
		decodeJSON(t, rec.Result(), &setup)
		code = codeAt(t, setup.Secret, time.Now())
	}
	withCode := func() io.Reader {
		return body(func() any { return map[string]string{"password": testapp.Password, "code": code} })
	}
	stillOff := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if st := state(t, app, testapp.Alice.ID); st.Enabled || st.PendingSecret == "" {
			t.Errorf("state changed after a refused confirm: %+v", st)
		}
	}

	scenarios := []tests.ApiScenario{
		noAuth(http.MethodPost, PathConfirmOTP, body(func() any { return map[string]string{"password": testapp.Password, "code": "123456"} })),
		{
			Name: "no pending setup", Method: http.MethodPost, URL: PathConfirmOTP, Headers: headers,
			Body:           body(func() any { return map[string]string{"password": testapp.Password, "code": "123456"} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"` + MessageNoPendingSetup + `"`},
			BeforeTestFunc: signedIn(headers),
		},
		{
			Name: "wrong code", Method: http.MethodPost, URL: PathConfirmOTP, Headers: headers,
			Body: body(func() any {
				return map[string]string{"password": testapp.Password, "code": wrongCode(code)}
			}),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid 2FA code."`},
			BeforeTestFunc: pending, AfterTestFunc: stillOff,
		},
		{
			Name: "missing code", Method: http.MethodPost, URL: PathConfirmOTP, Headers: headers,
			Body:           body(func() any { return map[string]string{"password": testapp.Password} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid 2FA code."`},
			BeforeTestFunc: pending, AfterTestFunc: stillOff,
		},
		{
			Name: "a backup code does not prove the scan", Method: http.MethodPost, URL: PathConfirmOTP, Headers: headers,
			Body:           body(func() any { return map[string]string{"password": testapp.Password, "code": setup.BackupCodes[0]} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid 2FA code."`},
			BeforeTestFunc: pending, AfterTestFunc: stillOff,
		},
		{
			Name: "right code without the password", Method: http.MethodPost, URL: PathConfirmOTP, Headers: headers,
			Body:           body(func() any { return map[string]string{"code": code} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"password":{"code":"folio_password_required"`},
			BeforeTestFunc: pending, AfterTestFunc: stillOff,
		},
		{
			Name: "right code with a wrong password", Method: http.MethodPost, URL: PathConfirmOTP, Headers: headers,
			Body:           body(func() any { return map[string]string{"code": code, "password": "nope-nope-nope"} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"password":{"code":"folio_wrong_password"`},
			BeforeTestFunc: pending, AfterTestFunc: stillOff,
		},
		{
			Name: "right code turns 2FA on", Method: http.MethodPost, URL: PathConfirmOTP, Headers: headers,
			Body: withCode(), ExpectedStatus: 200, ExpectedContent: []string{`"enabled":true`},
			BeforeTestFunc: pending,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				st := state(t, app, testapp.Alice.ID)
				if !st.Enabled || st.Secret == "" || st.PendingSecret != "" || len(st.PendingBackupHashes) != 0 {
					t.Fatalf("not moved to active: %+v", st)
				}
				if plain, _ := decryptSecret(st.Secret, testKey); plain != setup.Secret {
					t.Error("active secret is not the confirmed one")
				}
				if len(st.BackupHashes) != backupCodeCount || st.BackupHashes[0] != hashBackupCode(setup.BackupCodes[0], st.BackupSalt) {
					t.Error("backup codes not moved to active")
				}
				if st.LastStep < totpStep(time.Now())-1 {
					t.Errorf("last step %d not recorded", st.LastStep)
				}
			},
		},
		{
			Name: "code with spaces is accepted", Method: http.MethodPost, URL: PathConfirmOTP, Headers: headers,
			Body:           body(func() any { return map[string]string{"password": testapp.Password, "code": code[:3] + " " + code[3:]} }),
			ExpectedStatus: 200, ExpectedContent: []string{`"enabled":true`},
			BeforeTestFunc: pending,
		},
		{
			Name: "already enabled", Method: http.MethodPost, URL: PathConfirmOTP, Headers: headers,
			Body:           withCode(),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"` + MessageAlreadyEnabled + `"`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				pending(t, app, e)
				rec := fire(t, e, http.MethodPost, PathConfirmOTP, map[string]string{"password": testapp.Password, "code": code}, headers)
				if rec.Code != 200 {
					t.Fatalf("first confirm: %d %s", rec.Code, rec.Body)
				}
				// Turning 2FA on ended every session but this one, which
				// got a new token.
				var res EnabledResponse
				decodeJSON(t, rec.Result(), &res)
				headers["Authorization"] = "Bearer " + res.Token
			},
		},
		{
			Name: "too many wrong codes", Method: http.MethodPost, URL: PathConfirmOTP, Headers: headers,
			Body:           withCode(),
			ExpectedStatus: 429, ExpectedContent: []string{`"message":"` + MessageTooManyAttempts + `"`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				pending(t, app, e)
				for range manageAttempts {
					fire(t, e, http.MethodPost, PathConfirmOTP, map[string]string{"password": testapp.Password, "code": wrongCode(code)}, headers)
				}
			},
			AfterTestFunc: stillOff,
		},
	}

	runScenarios(t, headers, scenarios)
}

// wrongCode is a 6-digit code that differs from code in every digit, so it
// cannot match a neighbouring step by chance... unless that step's code
// happens to be it, which is a one-in-a-million flake we accept.
func wrongCode(code string) string {
	b := []byte(code)
	for i := range b {
		b[i] = '0' + (b[i]-'0'+5)%10
	}
	return string(b)
}
