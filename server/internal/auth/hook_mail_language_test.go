package auth

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/mails"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

const (
	pathRequestPasswordReset = "/api/collections/users/request-password-reset"
	pathRequestVerification  = "/api/collections/users/request-verification"
	pathRequestEmailChange   = "/api/collections/users/request-email-change"
)

// waitForMail returns the last mail once n were sent: a reset or a
// verification mail leaves in the background, after the answer.
func waitForMail(t testing.TB, app *tests.TestApp, n int) mailer.Message {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for app.TestMailer.TotalSend() < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d mails sent, want %d", app.TestMailer.TotalSend(), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if got := app.TestMailer.TotalSend(); got != n {
		t.Fatalf("%d mails sent, want %d", got, n)
	}
	return app.TestMailer.LastMessage()
}

var tokenPattern = regexp.MustCompile(`\?token=([A-Za-z0-9._-]+)`)

// mailToken is the token of the mail's link.
func mailToken(t testing.TB, html string) string {
	t.Helper()
	m := tokenPattern.FindStringSubmatch(html)
	if m == nil {
		t.Fatalf("no token in\n%s", html)
	}
	return m[1]
}

func checkMail(t testing.TB, m mailer.Message, subject string, want ...string) {
	t.Helper()
	if m.Subject != subject {
		t.Errorf("subject %q, want %q", m.Subject, subject)
	}
	for _, w := range want {
		if !strings.Contains(m.HTML, w) {
			t.Errorf("missing %q in\n%s", w, m.HTML)
		}
	}
	if left := placeholders(m.Subject + m.HTML); len(left) > 0 {
		t.Errorf("placeholders %v left in\n%s\n%s", left, m.Subject, m.HTML)
	}
}

func TestAccountMailsSpeakTheRequestsLanguage(t *testing.T) {
	t.Parallel()

	withAlice := func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
		testapp.CreateUser(t, app, testapp.Alice)
	}
	withUnverifiedAlice := func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
		rec := testapp.CreateUser(t, app, testapp.Alice)
		rec.SetVerified(false)
		if err := app.Save(rec); err != nil {
			t.Fatal(err)
		}
	}
	// emailBody is a new body each time: a body is read once.
	emailBody := func() any { return map[string]string{"email": testapp.Alice.Email} }
	resetLink := "/reset-password?token="

	scenarios := []tests.ApiScenario{
		{
			Name: "password reset, cookie de: German", Method: http.MethodPost, URL: pathRequestPasswordReset,
			Headers: map[string]string{"Cookie": "folio_theme=dark; folio_lang=de"},
			Body:    body(emailBody), ExpectedStatus: 204, BeforeTestFunc: withAlice,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				m := waitForMail(t, app, 1)
				checkMail(t, m, "Setzen Sie Ihr Passwort für Folio zurück",
					`<div lang="de">`, "<p>Guten Tag,</p>", "Klicken Sie auf die Schaltfläche unten, um Ihr Passwort zurückzusetzen.",
					`>Passwort zurücksetzen</a>`, "Oder öffnen Sie diesen Link: ", resetLink, "Ihr Folio-Team")
				if m.To[0].Address != testapp.Alice.Email {
					t.Errorf("to %v", m.To)
				}
			},
		},
		{
			Name: "password reset, Accept-Language fr-FR and no cookie: French", Method: http.MethodPost, URL: pathRequestPasswordReset,
			Headers: map[string]string{"Accept-Language": "fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7"},
			Body:    body(emailBody), ExpectedStatus: 204, BeforeTestFunc: withAlice,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				checkMail(t, waitForMail(t, app, 1), "Réinitialisez votre mot de passe Folio",
					`<div lang="fr">`, "<p>Bonjour,</p>", ">Réinitialiser le mot de passe</a>", resetLink, "L’équipe Folio")
			},
		},
		{
			Name: "password reset, neither: English, as before", Method: http.MethodPost, URL: pathRequestPasswordReset,
			Body: body(emailBody), ExpectedStatus: 204, BeforeTestFunc: withAlice,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				m := waitForMail(t, app, 1)
				// Exactly the mail PocketBase writes from the stored template.
				meta := app.Settings().Meta
				_, want, err := renderMail(mailTemplate(mailPasswordReset, "en"), "en", map[string]any{
					"{APP_NAME}": meta.AppName, "{APP_URL}": meta.AppURL, "{TOKEN}": mailToken(t, m.HTML),
				})
				if err != nil {
					t.Fatal(err)
				}
				if m.HTML != want {
					t.Errorf("English mail changed:\n%s\nwant\n%s", m.HTML, want)
				}
				checkMail(t, m, "Reset your Folio password", "<p>Hello,</p>",
					"Click on the button below to reset your password.", ">Reset password</a>", "Or open this link: ", "Folio team")
				if strings.Contains(m.HTML, " lang=") {
					t.Errorf("English mail is marked:\n%s", m.HTML)
				}
			},
		},
		{
			Name: "password reset, the cookie beats the browser", Method: http.MethodPost, URL: pathRequestPasswordReset,
			Headers: map[string]string{"Cookie": "folio_lang=es", "Accept-Language": "de-DE"},
			Body:    body(emailBody), ExpectedStatus: 204, BeforeTestFunc: withAlice,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				checkMail(t, waitForMail(t, app, 1), "Restablezca su contraseña de Folio",
					`<div lang="es">`, "<p>Hola:</p>", ">Restablecer contraseña</a>", resetLink, "El equipo de Folio")
			},
		},
		{
			Name: "password reset, cookie en beats a German browser", Method: http.MethodPost, URL: pathRequestPasswordReset,
			Headers: map[string]string{"Cookie": "folio_lang=en", "Accept-Language": "de-DE"},
			Body:    body(emailBody), ExpectedStatus: 204, BeforeTestFunc: withAlice,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				checkMail(t, waitForMail(t, app, 1), "Reset your Folio password", ">Reset password</a>")
			},
		},
		{
			Name: "password reset, Arabic reads right to left", Method: http.MethodPost, URL: pathRequestPasswordReset,
			Headers: map[string]string{"Accept-Language": "ar-EG"},
			Body:    body(emailBody), ExpectedStatus: 204, BeforeTestFunc: withAlice,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				checkMail(t, waitForMail(t, app, 1), "إعادة تعيين كلمة المرور في Folio",
					`<div lang="ar" dir="rtl">`, ">إعادة تعيين كلمة المرور</a>", resetLink, "فريق Folio")
			},
		},
		{
			Name: "password reset, an admin's own template is kept", Method: http.MethodPost, URL: pathRequestPasswordReset,
			Headers: map[string]string{"Cookie": "folio_lang=de"},
			Body:    body(emailBody), ExpectedStatus: 204,
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				withAlice(t, app, e)
				users, err := app.FindCollectionByNameOrId(migrations.UsersCollection)
				if err != nil {
					t.Fatal(err)
				}
				users.ResetPasswordTemplate = core.EmailTemplate{
					Subject: "Your new {APP_NAME} password",
					Body:    `<p>Follow {APP_URL}/reset-password?token={TOKEN}</p>`,
				}
				if err := app.Save(users); err != nil {
					t.Fatal(err)
				}
			},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				checkMail(t, waitForMail(t, app, 1), "Your new Folio password", "<p>Follow ", resetLink)
			},
		},
		{
			Name: "verification, Accept-Language fr: French", Method: http.MethodPost, URL: pathRequestVerification,
			Headers: map[string]string{"Accept-Language": "fr"},
			Body:    body(emailBody), ExpectedStatus: 204, BeforeTestFunc: withUnverifiedAlice,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				checkMail(t, waitForMail(t, app, 1), "Vérifiez votre adresse e-mail pour Folio",
					`<div lang="fr">`, "Merci d’avoir rejoint Folio.", ">Vérifier l’adresse e-mail</a>", "/verify-email?token=")
			},
		},
		{
			Name: "verification, no language: English", Method: http.MethodPost, URL: pathRequestVerification,
			Body: body(emailBody), ExpectedStatus: 204, BeforeTestFunc: withUnverifiedAlice,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				checkMail(t, waitForMail(t, app, 1), "Verify your Folio email",
					"Thank you for joining Folio. Click on the button below to verify your email address.", ">Verify</a>", "/verify-email?token=")
			},
		},
	}
	runScenarios(t, nil, scenarios)
}

func TestEmailChangeMailSpeaksTheRequestsLanguage(t *testing.T) {
	t.Parallel()
	headers := map[string]string{"Cookie": "folio_lang=de"}
	(&tests.ApiScenario{
		Name: "email change, cookie de: German, to the new address", Method: http.MethodPost, URL: pathRequestEmailChange,
		Headers: headers, TestAppFactory: factory,
		Body:           body(func() any { return map[string]string{"newEmail": "alice.new@folio.test"} }),
		ExpectedStatus: 204,
		BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
			bearer(headers, testapp.CreateUser(t, app, testapp.Alice), t)
		},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			m := waitForMail(t, app, 1)
			checkMail(t, m, "Bestätigen Sie Ihre neue E-Mail-Adresse für Folio",
				`<div lang="de">`, ">Neue E-Mail-Adresse bestätigen</a>", "/confirm-email-change?token=")
			if m.To[0].Address != "alice.new@folio.test" {
				t.Errorf("to %v", m.To)
			}
		},
	}).Test(t)
}

func TestNewLocationAlertSpeaksTheSignInsLanguage(t *testing.T) {
	t.Parallel()
	// A sign-in from a place the user signed in from before sends no alert;
	// one from a new place does (PocketBase skips the very first sign-in).
	seenElsewhere := func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
		rec := testapp.CreateUser(t, app, testapp.Alice)
		origin := core.NewAuthOrigin(app)
		origin.SetCollectionRef(rec.Collection().Id)
		origin.SetRecordRef(rec.Id)
		origin.SetFingerprint("another-device")
		if err := app.Save(origin); err != nil {
			t.Fatal(err)
		}
	}
	scenarios := []tests.ApiScenario{
		{
			Name: "sign-in, cookie ar: Arabic alert", Method: http.MethodPost, URL: pathAuthWithPassword,
			Headers:        map[string]string{"Cookie": "folio_lang=ar", "Accept-Language": "en-US"},
			Body:           body(passwordBody(testapp.Alice.Email, testapp.Password)),
			ExpectedStatus: 200, ExpectedContent: []string{`"token":"`},
			NotExpectedContent: []string{"folioMailLanguage"},
			BeforeTestFunc:     seenElsewhere,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				checkMail(t, waitForMail(t, app, 1), "تسجيل دخول من موقع جديد",
					`<div lang="ar" dir="rtl">`, "لاحظنا تسجيل دخول إلى حسابك في Folio من موقع جديد:", "<p><em>", "فريق Folio")
			},
		},
		{
			Name: "sign-in, no language: English alert", Method: http.MethodPost, URL: pathAuthWithPassword,
			Body:           body(passwordBody(testapp.Alice.Email, testapp.Password)),
			ExpectedStatus: 200, ExpectedContent: []string{`"token":"`},
			BeforeTestFunc: seenElsewhere,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				checkMail(t, waitForMail(t, app, 1), "Login from a new location",
					"We noticed a login to your Folio account from a new location:")
			},
		},
	}
	runScenarios(t, nil, scenarios)
}

// TestOTPMail: PocketBase's email OTP stays off for users, but its mail
// would speak the language too; in English it is PocketBase's, exactly.
func TestOTPMail(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()
	rec := testapp.CreateUser(t, app, testapp.Alice)

	if err := mails.SendRecordOTP(app, rec, "otp000000000001", "12345678"); err != nil {
		t.Fatal(err)
	}
	en := waitForMail(t, app, 1)
	meta := app.Settings().Meta
	_, want, err := renderMail(mailTemplate(mailOTP, "en"), "en", map[string]any{
		"{APP_NAME}": meta.AppName, "{APP_URL}": meta.AppURL, "{OTP}": "12345678", "{OTP_ID}": "otp000000000001",
	})
	if err != nil {
		t.Fatal(err)
	}
	if en.Subject != "OTP for Folio" || en.HTML != want {
		t.Errorf("English OTP mail changed: %q\n%s\nwant\n%s", en.Subject, en.HTML, want)
	}

	rec.Set(mailLanguageKey, "de")
	if err := mails.SendRecordOTP(app, rec, "otp000000000002", "87654321"); err != nil {
		t.Fatal(err)
	}
	checkMail(t, waitForMail(t, app, 2), "Einmalpasswort für Folio",
		`<div lang="de">`, "Ihr Einmalpasswort lautet: <strong>87654321</strong>")
}
