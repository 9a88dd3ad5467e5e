package team

import (
	"html"
	"net/mail"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
)

// JoinPath is the web app's page of an invitation link: {app URL}/join/{token}.
const JoinPath = "/join/"

// mailValues are what the team mails' placeholders stand for.
type mailValues struct {
	inviter, business, role, app string
}

// fill puts v into a word, as plain text.
func (v mailValues) fill(w map[string]string, key string) string {
	return strings.NewReplacer("{inviter}", v.inviter, "{business}", v.business,
		"{role}", w[roleWords[v.role]], "{app}", v.app).Replace(w[key])
}

// invitationMail is the mail that carries an invitation's link, in lang:
// who invites, to which business and role, the button and the link
// written out, and that it works once for 7 days.
func invitationMail(app core.App, to, lang, link string, v mailValues) *mailer.Message {
	w := wordsFor(lang)
	v.app = app.Settings().Meta.AppName
	intro, expiry := v.fill(w, wordIntro), w[wordExpiry]
	text := strings.Join([]string{w[wordHello], intro, w[wordButton] + ": " + link, expiry, w[wordDisregard]}, "\n\n")
	body := `<p>` + html.EscapeString(w[wordHello]) + `</p>
<p>` + html.EscapeString(intro) + `</p>
<p><a class="btn" href="` + html.EscapeString(link) + `" target="_blank" rel="noopener">` + html.EscapeString(w[wordButton]) + `</a></p>
<p>` + html.EscapeString(w[wordOpenLink]) + `<br/>` + html.EscapeString(link) + `</p>
<p>` + html.EscapeString(expiry) + ` ` + html.EscapeString(w[wordDisregard]) + `</p>`
	return message(app, to, v.fill(w, wordSubject), text, wrapHTML(lang, body))
}

// takenMail tells the owner of an address that already has an account
// that someone used an invitation to it to create a new one.
func takenMail(app core.App, to, lang string, v mailValues) *mailer.Message {
	w := wordsFor(lang)
	v.app = app.Settings().Meta.AppName
	intro, action := v.fill(w, wordTakenIntro), w[wordTakenAction]
	text := strings.Join([]string{w[wordHello], intro, action}, "\n\n")
	body := `<p>` + html.EscapeString(w[wordHello]) + `</p>
<p>` + html.EscapeString(intro) + `</p>
<p>` + html.EscapeString(action) + `</p>`
	return message(app, to, v.fill(w, wordTakenSubject), text, wrapHTML(lang, body))
}

// wrapHTML is a mail's HTML document, right to left in Arabic.
func wrapHTML(lang, body string) string {
	dir := "ltr"
	if lang == "ar" {
		dir = "rtl"
	}
	return `<!DOCTYPE html><html lang="` + html.EscapeString(lang) + `" dir="` + dir + `"><body>` + body + `</body></html>`
}

func message(app core.App, to, subject, text, htmlBody string) *mailer.Message {
	meta := app.Settings().Meta
	return &mailer.Message{
		From:    mail.Address{Name: meta.SenderName, Address: meta.SenderAddress},
		To:      []mail.Address{{Address: to}},
		Subject: subject,
		Text:    text,
		HTML:    htmlBody,
	}
}
