package auth

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// bindAccountMails writes the account mails of users in the language of
// the request that asks for them (requestLanguage: the web app's cookie,
// else Accept-Language, else English).
//
// The request hooks remember the language on the user record PocketBase
// then hands to its mail function (a reset or verification mail leaves in
// the background after the answer, so the request is gone by then); the
// mail hooks write the mail again from the catalogue (mail_words.go) in
// that language. English mail is PocketBase's, untouched. A template an
// admin changed in the admin UI is kept as it is, in every language.
func bindAccountMails(app core.App) {
	users := migrations.UsersCollection

	app.OnRecordRequestVerificationRequest(users).BindFunc(func(e *core.RecordRequestVerificationRequestEvent) error {
		rememberMailLanguage(e.Record, e.Request)
		return e.Next()
	})
	app.OnRecordRequestPasswordResetRequest(users).BindFunc(func(e *core.RecordRequestPasswordResetRequestEvent) error {
		rememberMailLanguage(e.Record, e.Request)
		return e.Next()
	})
	app.OnRecordRequestEmailChangeRequest(users).BindFunc(func(e *core.RecordRequestEmailChangeRequestEvent) error {
		rememberMailLanguage(e.Record, e.Request)
		return e.Next()
	})
	// PocketBase's email OTP stays off for users (keepBuiltInOTPAndMFAOff);
	// should it ever be on, its mail speaks the language too.
	app.OnRecordRequestOTPRequest(users).BindFunc(func(e *core.RecordCreateOTPRequestEvent) error {
		rememberMailLanguage(e.Record, e.Request)
		return e.Next()
	})
	// Every sign-in that succeeds may mail a new-location alert.
	app.OnRecordAuthRequest(users).BindFunc(func(e *core.RecordAuthRequestEvent) error {
		rememberMailLanguage(e.Record, e.Request)
		return e.Next()
	})

	app.OnMailerRecordVerificationSend(users).BindFunc(translateMail(mailVerification))
	app.OnMailerRecordPasswordResetSend(users).BindFunc(translateMail(mailPasswordReset))
	app.OnMailerRecordEmailChangeSend(users).BindFunc(translateMail(mailEmailChange))
	app.OnMailerRecordOTPSend(users).BindFunc(translateMail(mailOTP))
	app.OnMailerRecordAuthAlertSend(users).BindFunc(translateMail(mailAuthAlert))
}

// translateMail writes mail m again in the language remembered on its
// record, when that is not English and the collection's template for m is
// still Folio's English one.
func translateMail(m accountMail) func(e *core.MailerRecordEvent) error {
	return func(e *core.MailerRecordEvent) error {
		lang := mailLanguage(e.Record)
		if lang == defaultMailLanguage || e.Message == nil ||
			storedTemplate(e.Record.Collection(), m) != mailTemplate(m, defaultMailLanguage) {
			return e.Next()
		}
		subject, html, err := renderMail(mailTemplate(m, lang), lang, mailPlaceholders(e))
		if err != nil {
			// The English mail PocketBase wrote still goes out.
			e.App.Logger().Warn("Failed to translate an account mail", "error", err, "language", lang)
			return e.Next()
		}
		e.Message.Subject = subject
		e.Message.HTML = html
		return e.Next()
	}
}

// mailPlaceholders are the values PocketBase filled the English mail with:
// the app's name and URL from the settings, the rest from the event's Meta
// (mails/record.go: token; otpId and password; info, already escaped).
func mailPlaceholders(e *core.MailerRecordEvent) map[string]any {
	meta := e.App.Settings().Meta
	p := map[string]any{
		core.EmailPlaceholderAppName: meta.AppName,
		core.EmailPlaceholderAppURL:  meta.AppURL,
	}
	for key, placeholder := range map[string]string{
		"token":    core.EmailPlaceholderToken,
		"otpId":    core.EmailPlaceholderOTPId,
		"password": core.EmailPlaceholderOTP,
		"info":     core.EmailPlaceholderAlertInfo,
	} {
		if v, ok := e.Meta[key]; ok {
			p[placeholder] = v
		}
	}
	return p
}
