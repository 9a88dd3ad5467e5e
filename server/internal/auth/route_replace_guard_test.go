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

// TestActiveSecretNeedsACurrentCode: with 2FA on, nothing replaces or
// removes the active secret (or its backup codes) without a current code;
// a new enrolment cannot start over it, and the records API cannot touch
// it (TestHiddenTOTPFields).
func TestActiveSecretNeedsACurrentCode(t *testing.T) {
	t.Parallel()

	f := newTOTPFixture()
	headers, enabled := f.headers, f.enable
	untouched := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		st := state(t, app, testapp.Alice.ID)
		if !st.Enabled || st.Secret != f.before.Secret || st.PendingSecret != "" ||
			!slices.Equal(st.BackupHashes, f.before.BackupHashes) || len(st.PendingBackupHashes) != 0 {
			t.Errorf("the active secret changed: %+v", st)
		}
	}
	// otherSecretCode is a current code of a secret that is not alice's.
	otherSecretCode := func() string {
		return codeAt(t, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", time.Now())
	}

	scenarios := []tests.ApiScenario{
		{
			Name: "a new enrolment cannot start over an active secret", Method: http.MethodPost, URL: PathRequestOTP,
			Headers: headers, ExpectedStatus: 400,
			ExpectedContent:    []string{`"code":"folio_2fa_already_enabled"`},
			NotExpectedContent: []string{`"secret"`, `"qrCode"`},
			BeforeTestFunc:     enabled, AfterTestFunc: untouched,
		},
		{
			Name: "confirm cannot swap in a secret while one is active", Method: http.MethodPost, URL: PathConfirmOTP,
			Headers: headers, Body: body(func() any {
				return map[string]string{"password": testapp.Password, "code": codeAt(t, f.alice.secret, time.Now())}
			}),
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"folio_2fa_already_enabled"`},
			BeforeTestFunc: enabled, AfterTestFunc: untouched,
		},
		{
			Name: "a pending secret left from before cannot replace the active one", Method: http.MethodPost, URL: PathConfirmOTP,
			Headers: headers, Body: body(func() any { return map[string]string{"password": testapp.Password, "code": otherSecretCode()} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"folio_2fa_already_enabled"`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				enabled(t, app, e)
				// Planted directly in the database: the routes never leave one.
				st := state(t, app, testapp.Alice.ID)
				st.PendingSecret = "planted"
				setState(t, app, testapp.Alice.ID, st)
			},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if st := state(t, app, testapp.Alice.ID); !st.Enabled || st.Secret != f.before.Secret {
					t.Errorf("the active secret changed: %+v", st)
				}
			},
		},
		{
			Name: "disable without a code", Method: http.MethodPost, URL: PathDisableOTP,
			Headers: headers, Body: body(func() any { return map[string]string{"password": testapp.Password} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"folio_invalid_2fa_code"`},
			BeforeTestFunc: enabled, AfterTestFunc: untouched,
		},
		{
			Name: "disable without a body", Method: http.MethodPost, URL: PathDisableOTP,
			Headers: headers, ExpectedStatus: 400, ExpectedContent: []string{`"code":"folio_password_required"`},
			BeforeTestFunc: enabled, AfterTestFunc: untouched,
		},
		{
			Name: "disable with another secret's current code", Method: http.MethodPost, URL: PathDisableOTP,
			Headers: headers, Body: body(func() any { return map[string]string{"password": testapp.Password, "code": otherSecretCode()} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"folio_invalid_2fa_code"`},
			BeforeTestFunc: enabled, AfterTestFunc: untouched,
		},
		{
			Name: "disable with a spent backup code says it was used", Method: http.MethodPost, URL: PathDisableOTP,
			Headers: headers, Body: body(func() any { return map[string]string{"password": testapp.Password, "code": f.alice.backupCodes[0]} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"folio_2fa_backup_code_used"`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				enabled(t, app, e)
				newMFASession(t, app, mfaID, f.alice.rec)
				if rec := fire(t, e, http.MethodPost, PathAuthWithOTP, map[string]string{"mfaId": mfaID, "code": f.alice.backupCodes[0]}, nil); rec.Code != 200 {
					t.Fatalf("sign-in: %d %s", rec.Code, rec.Body)
				}
				f.before = state(t, app, testapp.Alice.ID)
			},
			AfterTestFunc: untouched,
		},
		{
			Name: "regenerate without a code", Method: http.MethodPost, URL: PathRegenerateBackupCodes,
			Headers: headers, Body: body(func() any { return map[string]string{"password": testapp.Password} }),
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"folio_invalid_2fa_code"`},
			BeforeTestFunc: enabled, AfterTestFunc: untouched,
		},
	}

	runScenarios(t, headers, scenarios)
}
