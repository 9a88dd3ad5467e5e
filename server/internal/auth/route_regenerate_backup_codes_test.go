package auth

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
)

func TestRegenerateBackupCodes(t *testing.T) {
	t.Parallel()

	f := newTOTPFixture()
	headers, enabled := f.headers, f.enable
	untouched := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		st := state(t, app, testapp.Alice.ID)
		if !st.Enabled || st.Secret != f.before.Secret || !slices.Equal(st.BackupHashes, f.before.BackupHashes) ||
			st.LastStep != f.before.LastStep {
			t.Errorf("state changed after a refused regenerate: %+v", st)
		}
	}
	current := func() map[string]string { return map[string]string{"code": codeAt(t, f.alice.secret, time.Now())} }

	scenarios := []tests.ApiScenario{
		noAuth(http.MethodPost, PathRegenerateBackupCodes, body(func() any { return map[string]string{"code": "123456"} })),
		{
			Name: "2FA off", Method: http.MethodPost, URL: PathRegenerateBackupCodes, Headers: headers,
			Body:           body(func() any { return map[string]string{"code": "123456"} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"folio_2fa_not_enabled"`},
			BeforeTestFunc: signedIn(headers),
		},
		{
			Name: "no code", Method: http.MethodPost, URL: PathRegenerateBackupCodes, Headers: headers,
			Body:           body(func() any { return map[string]string{} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"folio_invalid_2fa_code"`},
			NotExpectedContent: []string{`"backupCodes"`},
			BeforeTestFunc:     enabled, AfterTestFunc: untouched,
		},
		{
			Name: "wrong code", Method: http.MethodPost, URL: PathRegenerateBackupCodes, Headers: headers,
			Body: body(func() any {
				return map[string]string{"code": wrongCode(codeAt(t, f.alice.secret, time.Now()))}
			}),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"` + MessageInvalidCode + `"`},
			NotExpectedContent: []string{`"backupCodes"`},
			BeforeTestFunc:     enabled, AfterTestFunc: untouched,
		},
		{
			Name: "a backup code cannot make new ones", Method: http.MethodPost, URL: PathRegenerateBackupCodes, Headers: headers,
			Body:           body(func() any { return map[string]string{"code": f.alice.backupCodes[0]} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"folio_2fa_app_code_required"`, `"message":"` + MessageAppCodeRequired + `"`},
			NotExpectedContent: []string{`"backupCodes"`},
			BeforeTestFunc:     enabled, AfterTestFunc: untouched,
		},
		{
			Name: "replayed code", Method: http.MethodPost, URL: PathRegenerateBackupCodes, Headers: headers,
			Body:           body(func() any { return current() }),
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"folio_invalid_2fa_code"`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				enabled(t, app, e)
				spendCurrentCode(t, app)
				f.before = state(t, app, testapp.Alice.ID)
			},
			AfterTestFunc: untouched,
		},
		{
			Name: "current code makes a new set, shown once; the old set stops working", Method: http.MethodPost,
			URL: PathRegenerateBackupCodes, Headers: headers,
			Body:           body(func() any { return current() }),
			ExpectedStatus: 200, ExpectedContent: []string{`{"backupCodes":["`},
			NotExpectedContent: []string{`"totp`, `"used:`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				enabled(t, app, e)
				// One old code spent at sign-in, so the old set has spent and unused codes.
				newMFASession(t, app, mfaID, f.alice.rec)
				if rec := fire(t, e, http.MethodPost, PathAuthWithOTP, map[string]string{"mfaId": mfaID, "code": f.alice.backupCodes[1]}, nil); rec.Code != 200 {
					t.Fatalf("sign-in with a backup code: %d %s", rec.Code, rec.Body)
				}
			},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				var got BackupCodesResponse
				decodeUncached(t, res, &got)
				if len(got.BackupCodes) != backupCodeCount {
					t.Fatalf("%d codes", len(got.BackupCodes))
				}
				st := state(t, app, testapp.Alice.ID)
				if !st.Enabled || st.Secret != f.before.Secret {
					t.Fatalf("2FA itself must stay as it was: %+v", st)
				}
				if len(st.UsedBackupHashes) != 0 || len(st.BackupHashes) != backupCodeCount {
					t.Fatalf("stored set: %d unused, %d spent", len(st.BackupHashes), len(st.UsedBackupHashes))
				}
				storedHashed(t, got.BackupCodes, st.BackupHashes, st.BackupSalt)
				for _, old := range f.alice.backupCodes {
					if _, v := judgeSecondFactor(st, f.alice.secret, old, time.Now()); v != codeWrong {
						t.Errorf("old code %s still answers %v", old, v)
					}
				}
				if _, v := judgeSecondFactor(st, f.alice.secret, got.BackupCodes[0], time.Now()); v != codeAccepted {
					t.Error("a new code does not work")
				}
				if st.LastStep < totpStep(time.Now())-totpSkew {
					t.Error("the code's time step must be spent")
				}
			},
		},
		{
			Name: "too many wrong codes", Method: http.MethodPost, URL: PathRegenerateBackupCodes, Headers: headers,
			Body:           body(func() any { return current() }),
			ExpectedStatus: 429, ExpectedContent: []string{`"code":"folio_too_many_attempts"`},
			NotExpectedContent: []string{`"backupCodes"`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				enabled(t, app, e)
				for range manageAttempts {
					fire(t, e, http.MethodPost, PathRegenerateBackupCodes, map[string]string{"code": "000000"}, headers)
				}
			},
			AfterTestFunc: untouched,
		},
	}

	runScenarios(t, headers, scenarios)
}
