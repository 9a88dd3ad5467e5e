package auth

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
)

func TestRequestOTP(t *testing.T) {
	t.Parallel()

	backupCodeFormat := regexp.MustCompile(`^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$`)

	headers := map[string]string{}
	var firstPending string
	scenarios := []tests.ApiScenario{
		noAuth(http.MethodPost, PathRequestOTP, nil),
		{
			Name: "superuser token is the wrong collection", Method: http.MethodPost, URL: PathRequestOTP,
			Headers: headers, ExpectedStatus: 403, ExpectedContent: []string{`"status":403`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				su := core.NewRecord(mustCollection(t, app, core.CollectionNameSuperusers))
				su.SetEmail("root@folio.test")
				su.SetPassword(testapp.Password)
				if err := app.Save(su); err != nil {
					t.Fatal(err)
				}
				bearer(headers, su, t)
			},
		},
		{
			Name: "already enabled", Method: http.MethodPost, URL: PathRequestOTP,
			Headers: headers, ExpectedStatus: 400,
			ExpectedContent: []string{`"message":"` + MessageAlreadyEnabled + `"`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				u := enableTOTP(t, app, testapp.CreateUser(t, app, testapp.Alice))
				bearer(headers, u.rec, t)
			},
		},
		{
			Name: "starts a pending setup", Method: http.MethodPost, URL: PathRequestOTP,
			Headers: headers, ExpectedStatus: 200,
			ExpectedContent: []string{
				`"qrCode":"data:image/png;base64,`, `"secret":"`, `"backupCodes":[`,
				`"otpauthUrl":"otpauth://totp/Folio:alice@folio.test?`,
			},
			BeforeTestFunc: signedIn(headers),
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				var got RequestOTPResponse
				decodeUncached(t, res, &got)

				if len(got.BackupCodes) != backupCodeCount {
					t.Fatalf("got %d backup codes", len(got.BackupCodes))
				}
				for _, c := range got.BackupCodes {
					if !backupCodeFormat.MatchString(c) {
						t.Errorf("backup code %q has the wrong format", c)
					}
				}
				if len(got.Secret) != 32 { // 20 bytes in unpadded base32
					t.Errorf("secret %q is not 20 bytes", got.Secret)
				}
				for _, want := range []string{"secret=" + got.Secret, "issuer=Folio", "period=30", "digits=6", "algorithm=SHA1"} {
					if !strings.Contains(got.OtpauthURL, want) {
						t.Errorf("otpauth URL %q lacks %q", got.OtpauthURL, want)
					}
				}

				st := state(t, app, testapp.Alice.ID)
				if st.Enabled || st.Secret != "" {
					t.Error("2FA must stay off until confirmed")
				}
				if st.PendingSecret == "" || strings.Contains(st.PendingSecret, got.Secret) {
					t.Error("pending secret must be stored encrypted")
				}
				if plain, err := decryptSecret(st.PendingSecret, testKey); err != nil || plain != got.Secret {
					t.Errorf("pending secret decrypts to %q, %v", plain, err)
				}
				if len(st.PendingBackupHashes) != backupCodeCount {
					t.Fatalf("stored %d pending hashes", len(st.PendingBackupHashes))
				}
				storedHashed(t, got.BackupCodes, st.PendingBackupHashes, st.PendingBackupSalt)
			},
		},
		{
			Name: "a second request replaces the pending setup", Method: http.MethodPost, URL: PathRequestOTP,
			Headers: headers, ExpectedStatus: 200, ExpectedContent: []string{`"secret":"`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				bearer(headers, testapp.CreateUser(t, app, testapp.Alice), t)
				if rec := fire(t, e, http.MethodPost, PathRequestOTP, nil, headers); rec.Code != 200 {
					t.Fatalf("first request: %d %s", rec.Code, rec.Body)
				}
				firstPending = state(t, app, testapp.Alice.ID).PendingSecret
			},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if st := state(t, app, testapp.Alice.ID); st.PendingSecret == firstPending {
					t.Error("pending secret was not replaced")
				}
			},
		},
	}

	runScenarios(t, headers, scenarios)
}

func mustCollection(t testing.TB, app core.App, name string) *core.Collection {
	t.Helper()
	c, err := app.FindCollectionByNameOrId(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
