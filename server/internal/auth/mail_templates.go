package auth

import (
	"bytes"
	htmltemplate "html/template"
	"text/template"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/mails/templates"

	"folio/server/migrations"
)

// accountMail is one of the mails PocketBase sends about an account.
type accountMail int

const (
	mailVerification accountMail = iota
	mailPasswordReset
	mailEmailChange
	mailOTP
	mailAuthAlert
)

// accountMails lists them all, for the tests.
var accountMails = []accountMail{mailVerification, mailPasswordReset, mailEmailChange, mailOTP, mailAuthAlert}

// linkMail is the shape of the three mails that carry a link to the web
// app (migration 1795300001's mailTemplate).
type linkMail struct{ subject, intro, path, button, outro string }

var linkMails = map[accountMail]linkMail{
	mailVerification:  {wordVerifySubject, wordVerifyIntro, migrations.VerifyEmailPath, wordVerifyButton, wordVerifyOutro},
	mailPasswordReset: {wordResetSubject, wordResetIntro, migrations.ResetPasswordPath, wordResetButton, wordResetOutro},
	mailEmailChange:   {wordEmailChangeSubject, wordEmailChangeIntro, migrations.ConfirmEmailChangePath, wordEmailChangeButton, wordEmailChangeOutro},
}

// mailTemplate is the template of mail m in lang, with PocketBase's
// placeholders still in it. In English it is exactly the template the
// users collection is set up with (Folio's three from the migration,
// PocketBase's defaults for the OTP and the alert).
func mailTemplate(m accountMail, lang string) core.EmailTemplate {
	w := mailWords[lang]
	if w == nil {
		w = mailWordsEN
	}
	signOff := `<p>
  ` + w[wordThanks] + `<br/>
  ` + w[wordTeam] + `
</p>`

	if l, ok := linkMails[m]; ok {
		link := core.EmailPlaceholderAppURL + l.path + "?token=" + core.EmailPlaceholderToken
		return core.EmailTemplate{
			Subject: w[l.subject],
			Body: `<p>` + w[wordHello] + `</p>
<p>` + w[l.intro] + `</p>
<p>
  <a class="btn" href="` + link + `" target="_blank" rel="noopener">` + w[l.button] + `</a>
</p>
<p>` + w[wordOpenLink] + ` ` + link + `</p>
<p><i>` + w[l.outro] + `</i></p>
` + signOff,
		}
	}

	switch m {
	case mailOTP:
		return core.EmailTemplate{
			Subject: w[wordOTPSubject],
			Body: `<p>` + w[wordHello] + `</p>
<p>` + w[wordOTPCode] + ` <strong>` + core.EmailPlaceholderOTP + `</strong></p>
<p><i>` + w[wordOTPOutro] + `</i></p>
` + signOff,
		}
	case mailAuthAlert:
		return core.EmailTemplate{
			Subject: w[wordAlertSubject],
			Body: `<p>` + w[wordHello] + `</p>
<p>` + w[wordAlertIntro] + `</p>
<p><em>` + core.EmailPlaceholderAlertInfo + `</em></p>
<p><strong>` + w[wordAlertAction] + `</strong></p>
<p>` + w[wordAlertDisregard] + `</p>
` + signOff,
		}
	}
	return core.EmailTemplate{}
}

// signUpAttemptTemplate is the mail to the owner of an address someone
// tried to sign up with (Folio's own; no collection template holds it).
func signUpAttemptTemplate(lang string) core.EmailTemplate {
	w := mailWords[lang]
	if w == nil {
		w = mailWordsEN
	}
	signIn := core.EmailPlaceholderAppURL + "/sign-in"
	forgot := core.EmailPlaceholderAppURL + "/forgot-password"
	return core.EmailTemplate{
		Subject: w[wordSignUpSubject],
		Body: `<p>` + w[wordHello] + `</p>
<p>` + w[wordSignUpIntro] + `</p>
<p>
  <a class="btn" href="` + signIn + `" target="_blank" rel="noopener">` + w[wordSignUpButton] + `</a>
</p>
<p>` + w[wordSignUpForgot] + ` ` + forgot + `</p>
<p><i>` + w[wordSignUpDisregard] + `</i></p>
<p>
  ` + w[wordThanks] + `<br/>
  ` + w[wordTeam] + `
</p>`,
	}
}

// storedTemplate is the template of mail m the collection is set up with.
func storedTemplate(c *core.Collection, m accountMail) core.EmailTemplate {
	switch m {
	case mailVerification:
		return c.VerificationTemplate
	case mailPasswordReset:
		return c.ResetPasswordTemplate
	case mailEmailChange:
		return c.ConfirmEmailChangeTemplate
	case mailOTP:
		return c.OTP.EmailTemplate
	case mailAuthAlert:
		return c.AuthAlert.EmailTemplate
	}
	return core.EmailTemplate{}
}

// renderMail fills t's placeholders and wraps the body in PocketBase's mail
// layout, as PocketBase's mails package does (mails/record.go). A language
// other than English marks the body with its lang, and Arabic with dir=rtl.
func renderMail(t core.EmailTemplate, lang string, placeholders map[string]any) (subject, html string, err error) {
	subject, body := t.Resolve(placeholders)
	switch lang {
	case defaultMailLanguage:
	case "ar":
		body = `<div lang="ar" dir="rtl">` + "\n" + body + "\n</div>"
	default:
		body = `<div lang="` + lang + `">` + "\n" + body + "\n</div>"
	}

	tpl, err := template.New("inline_template").Parse(templates.Layout)
	if err == nil {
		tpl, err = tpl.Parse(templates.HTMLBody)
	}
	if err != nil {
		return "", "", err
	}
	var out bytes.Buffer
	params := struct{ HTMLContent htmltemplate.HTML }{htmltemplate.HTML(body)}
	if err := tpl.Execute(&out, params); err != nil {
		return "", "", err
	}
	return subject, out.String(), nil
}
