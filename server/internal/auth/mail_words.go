package auth

import "folio/server/internal/mailwords"

// The words of the account mails (verification, password reset, email
// change, and PocketBase's OTP and new-location alert), one map per
// language, written in the web app's catalogue (see mailWords). English is exactly what the mails said before they spoke other
// languages (migration 1795300001 and PocketBase's defaults; a test checks
// the templates built from it are the stored ones). Every language has
// every key with the same placeholders (checked by TestMailWords). Words
// are plain text inside HTML: no "<", ">" or "&".
//
// The placeholders are PocketBase's: {APP_NAME} is the app's name; the
// links ({APP_URL}, {TOKEN}), the code ({OTP}) and the alert's details
// ({ALERT_INFO}) are put in by the templates (mail_templates.go).

// Keys of the catalogue.
const (
	wordHello    = "hello"    // the greeting line
	wordOpenLink = "openLink" // before the link written out in full
	wordThanks   = "thanks"   // the sign-off's first line
	wordTeam     = "team"     // the sign-off's second line

	wordVerifySubject = "verify.subject"
	wordVerifyIntro   = "verify.intro"
	wordVerifyButton  = "verify.button"
	wordVerifyOutro   = "verify.outro"

	wordResetSubject = "reset.subject"
	wordResetIntro   = "reset.intro"
	wordResetButton  = "reset.button"
	wordResetOutro   = "reset.outro"

	wordEmailChangeSubject = "emailChange.subject"
	wordEmailChangeIntro   = "emailChange.intro"
	wordEmailChangeButton  = "emailChange.button"
	wordEmailChangeOutro   = "emailChange.outro"

	wordOTPSubject = "otp.subject"
	wordOTPCode    = "otp.code" // followed by the code in bold
	wordOTPOutro   = "otp.outro"

	wordAlertSubject   = "alert.subject"
	wordAlertIntro     = "alert.intro" // followed by the sign-in's date, address and browser
	wordAlertAction    = "alert.action"
	wordAlertDisregard = "alert.disregard"

	// The mail to the owner of an address someone tried to sign up with.
	wordSignUpSubject   = "signUpAttempt.subject"
	wordSignUpIntro     = "signUpAttempt.intro"
	wordSignUpButton    = "signUpAttempt.button" // the link to the sign-in page
	wordSignUpForgot    = "signUpAttempt.forgot" // followed by the forgot-password link
	wordSignUpDisregard = "signUpAttempt.disregard"
)

// mailWords has every language the web app speaks: its catalogue's
// "mail.auth.*" (src/locales/<lang>/mail.json, embedded by package
// mailwords), keyed without the prefix.
var mailWords = mailwords.Section("auth")

// mailWordsEN is English, the words of a language the mails don't speak.
var mailWordsEN = mailWords["en"]

// isMailLanguage tells whether the account mails can be written in lang.
func isMailLanguage(lang string) bool {
	_, ok := mailWords[lang]
	return ok
}
