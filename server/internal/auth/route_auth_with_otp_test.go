package auth

import (
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
)

func TestAuthWithOTP(t *testing.T) {
	t.Parallel()

	var alice enrolled

	enabledWithSession := func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
		alice = enableTOTP(t, app, testapp.CreateUser(t, app, testapp.Alice))
		newMFASession(t, app, mfaID, alice.rec)
	}
	currentCode := func() any {
		return map[string]string{"mfaId": mfaID, "code": codeAt(t, alice.secret, time.Now())}
	}
	sessionKept := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if !mfaExists(app, mfaID) {
			t.Error("a wrong code must not end the MFA session at once")
		}
	}
	signedIn := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if mfaExists(app, mfaID) {
			t.Error("the MFA session must be spent")
		}
	}

	scenarios := []tests.ApiScenario{
		{
			Name: "missing mfaId", Method: http.MethodPost, URL: PathAuthWithOTP,
			Body:           body(func() any { return map[string]string{"code": "123456"} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid or expired MFA session."`},
		},
		{
			Name: "unknown mfaId", Method: http.MethodPost, URL: PathAuthWithOTP,
			Body:           body(func() any { return map[string]string{"mfaId": "nosuchmfa000001", "code": "123456"} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid or expired MFA session."`},
			BeforeTestFunc: enabledWithSession,
		},
		{
			Name: "missing code", Method: http.MethodPost, URL: PathAuthWithOTP,
			Body:           body(func() any { return map[string]string{"mfaId": mfaID} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid 2FA code."`},
			BeforeTestFunc: enabledWithSession, AfterTestFunc: sessionKept,
		},
		{
			Name: "expired mfaId", Method: http.MethodPost, URL: PathAuthWithOTP, Body: body(currentCode),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid or expired MFA session."`},
			NotExpectedContent: []string{`"token"`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				enabledWithSession(t, app, e)
				old := time.Now().Add(-6 * time.Minute).UTC().Format("2006-01-02 15:04:05.000Z")
				if _, err := app.DB().NewQuery("UPDATE _mfas SET created = {:c} WHERE id = {:id}").
					Bind(map[string]any{"c": old, "id": mfaID}).Execute(); err != nil {
					t.Fatal(err)
				}
			},
			AfterTestFunc: signedIn, // deleted, not used
		},
		{
			Name: "mfaId of another collection", Method: http.MethodPost, URL: PathAuthWithOTP, Body: body(currentCode),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid MFA session."`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				alice = enableTOTP(t, app, testapp.CreateUser(t, app, testapp.Alice))
				su := core.NewRecord(mustCollection(t, app, core.CollectionNameSuperusers))
				su.SetEmail("root@folio.test")
				su.SetPassword(testapp.Password)
				if err := app.Save(su); err != nil {
					t.Fatal(err)
				}
				newMFASession(t, app, mfaID, su)
			},
		},
		{
			Name: "user without 2FA", Method: http.MethodPost, URL: PathAuthWithOTP,
			Body:           body(func() any { return map[string]string{"mfaId": mfaID, "code": "123456"} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid MFA session."`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				newMFASession(t, app, mfaID, testapp.CreateUser(t, app, testapp.Alice))
			},
		},
		{
			Name: "wrong code", Method: http.MethodPost, URL: PathAuthWithOTP,
			Body: body(func() any {
				return map[string]string{"mfaId": mfaID, "code": wrongCode(codeAt(t, alice.secret, time.Now()))}
			}),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid 2FA code."`},
			NotExpectedContent: []string{`"token"`},
			BeforeTestFunc:     enabledWithSession, AfterTestFunc: sessionKept,
		},
		{
			Name: "right code signs in", Method: http.MethodPost, URL: PathAuthWithOTP, Body: body(currentCode),
			ExpectedStatus: 200,
			ExpectedContent: []string{
				`"token":"`, `"record":{`, `"id":"` + testapp.Alice.ID + `"`, `"email":"alice@folio.test"`, `"totpEnabled":true`,
			},
			NotExpectedContent: hiddenTOTPFields,
			ExpectedEvents:     map[string]int{"OnRecordAuthRequest": 1},
			BeforeTestFunc:     enabledWithSession,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				signedIn(t, app, res)
				if st := state(t, app, testapp.Alice.ID); st.LastStep < totpStep(time.Now())-1 {
					t.Errorf("last step not recorded: %d", st.LastStep)
				}
			},
		},
		{
			Name: "SDK aliases otpId and password", Method: http.MethodPost, URL: PathAuthWithOTP,
			Body: body(func() any {
				return map[string]string{"otpId": mfaID, "password": codeAt(t, alice.secret, time.Now())}
			}),
			ExpectedStatus: 200, ExpectedContent: []string{`"token":"`},
			BeforeTestFunc: enabledWithSession, AfterTestFunc: signedIn,
		},
		{
			Name: "replayed code", Method: http.MethodPost, URL: PathAuthWithOTP,
			Body: body(func() any {
				return map[string]string{"mfaId": otherMFAID, "code": codeAt(t, alice.secret, time.Now())}
			}),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid 2FA code."`},
			NotExpectedContent: []string{`"token"`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				enabledWithSession(t, app, e)
				rec := fire(t, e, http.MethodPost, PathAuthWithOTP, currentCode(), nil)
				if rec.Code != 200 {
					t.Fatalf("first use: %d %s", rec.Code, rec.Body)
				}
				newMFASession(t, app, otherMFAID, alice.rec)
			},
		},
		{
			Name: "backup code signs in", Method: http.MethodPost, URL: PathAuthWithOTP,
			Body:           body(func() any { return map[string]string{"mfaId": mfaID, "code": alice.backupCodes[0]} }),
			ExpectedStatus: 200, ExpectedContent: []string{`"token":"`},
			BeforeTestFunc: enabledWithSession,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				signedIn(t, app, res)
				st := state(t, app, testapp.Alice.ID)
				if len(st.BackupHashes) != backupCodeCount-1 {
					t.Errorf("%d backup codes left, want %d", len(st.BackupHashes), backupCodeCount-1)
				}
				if !st.Enabled {
					t.Error("using a backup code must keep 2FA on")
				}
			},
		},
		{
			Name: "backup code in capitals without hyphen", Method: http.MethodPost, URL: PathAuthWithOTP,
			Body: body(func() any {
				c := alice.backupCodes[1]
				return map[string]string{"mfaId": mfaID, "code": upper(c[:5] + c[6:])}
			}),
			ExpectedStatus: 200, ExpectedContent: []string{`"token":"`},
			BeforeTestFunc: enabledWithSession,
		},
		{
			Name: "backup code works only once, then says it was used", Method: http.MethodPost, URL: PathAuthWithOTP,
			Body:           body(func() any { return map[string]string{"mfaId": otherMFAID, "code": alice.backupCodes[0]} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"` + MessageBackupCodeUsed + `"`, `"code":"folio_2fa_backup_code_used"`},
			NotExpectedContent: []string{`"token"`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				enabledWithSession(t, app, e)
				first := map[string]string{"mfaId": mfaID, "code": alice.backupCodes[0]}
				if rec := fire(t, e, http.MethodPost, PathAuthWithOTP, first, nil); rec.Code != 200 {
					t.Fatalf("first use: %d %s", rec.Code, rec.Body)
				}
				newMFASession(t, app, otherMFAID, alice.rec)
			},
		},
		{
			Name: "too many attempts", Method: http.MethodPost, URL: PathAuthWithOTP,
			Body: body(func() any {
				return map[string]string{"mfaId": otherMFAID, "code": codeAt(t, alice.secret, time.Now())}
			}),
			ExpectedStatus: 429, ExpectedContent: []string{`"message":"Too many attempts, please try again later."`,
				`"@refusal":{"code":"folio_too_many_attempts","message":"Too many attempts, please try again later."}`},
			NotExpectedContent: []string{`"token"`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				enabledWithSession(t, app, e)
				for i := range signInAttempts {
					rec := fire(t, e, http.MethodPost, PathAuthWithOTP, map[string]string{"mfaId": mfaID, "code": "aaaaa-bbbbb"}, nil)
					if rec.Code != 400 {
						t.Fatalf("attempt %d: %d %s", i, rec.Code, rec.Body)
					}
				}
				// The per-session cap ended the first session on its 5th failure.
				if mfaExists(app, mfaID) {
					t.Fatal("MFA session must be deleted after too many wrong codes")
				}
				// A fresh password sign-in does not reset the per-user limit.
				newMFASession(t, app, otherMFAID, alice.rec)
			},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if !mfaExists(app, otherMFAID) {
					t.Error("a refused attempt must not spend the session")
				}
			},
		},
		{
			Name: "successful sign-ins do not count against the limit", Method: http.MethodPost, URL: PathAuthWithOTP,
			Body: body(func() any {
				return map[string]string{"mfaId": otherMFAID, "code": alice.backupCodes[signInAttempts]}
			}),
			ExpectedStatus: 200, ExpectedContent: []string{`"token":"`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				alice = enableTOTP(t, app, testapp.CreateUser(t, app, testapp.Alice))
				for i := range signInAttempts {
					newMFASession(t, app, mfaID, alice.rec)
					rec := fire(t, e, http.MethodPost, PathAuthWithOTP, map[string]string{"mfaId": mfaID, "code": alice.backupCodes[i]}, nil)
					if rec.Code != 200 {
						t.Fatalf("sign-in %d: %d %s", i, rec.Code, rec.Body)
					}
				}
				newMFASession(t, app, otherMFAID, alice.rec)
			},
		},
	}

	runScenarios(t, nil, scenarios)
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}
