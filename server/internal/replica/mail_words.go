package replica

import (
	"html"
	"net/mail"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"folio/server/internal/mailwords"
	"folio/server/migrations"
)

// outageWords is the operator's mail about a replica that cannot be
// reached, in each language of the app: subject and body, from the web
// app's catalogue ("mail.replica.outage.*", package mailwords). {where},
// {since} and {error} are filled in.
var outageWords = func() map[string][2]string {
	out := map[string][2]string{}
	for lang, w := range mailwords.Section("replica.outage") {
		out[lang] = [2]string{w["subject"], w["message"]}
	}
	return out
}()

// outageMail is the mail to the operator, in lang (English when unknown).
func outageMail(app core.App, to, lang string, s Status) *mailer.Message {
	w, ok := outageWords[lang]
	if !ok {
		lang, w = "en", outageWords["en"]
	}
	text := mailwords.Fill(w[1], map[string]string{"where": s.Where,
		"since": s.FailingSince.UTC().Format("2006-01-02 15:04:05 UTC"), "error": s.Error})
	dir := "ltr"
	if lang == "ar" {
		dir = "rtl"
	}
	var body strings.Builder
	for _, p := range strings.Split(text, "\n\n") {
		body.WriteString("<p>" + html.EscapeString(p) + "</p>\n")
	}
	meta := app.Settings().Meta
	return &mailer.Message{
		From:    mail.Address{Name: meta.SenderName, Address: meta.SenderAddress},
		To:      []mail.Address{{Address: to}},
		Subject: w[0],
		Text:    text,
		HTML:    `<!DOCTYPE html><html lang="` + lang + `" dir="` + dir + `"><body>` + body.String() + `</body></html>`,
	}
}

// mailOperator mails the outage to the operator's account (nothing when
// no operator is named or the address has no verified account).
func mailOperator(app core.App, operatorEmail string, s Status) error {
	if operatorEmail == "" {
		return nil
	}
	rec, err := app.FindAuthRecordByEmail(migrations.UsersCollection, operatorEmail)
	if err != nil || !rec.Verified() {
		return nil
	}
	return app.NewMailClient().Send(outageMail(app, rec.Email(), operatorLanguage(app, rec.Id), s))
}

// operatorLanguage is the document language of the business the
// operator's sign-up made (same id as the account): the one language the
// server knows the operator writes in. "" (English) without one.
func operatorLanguage(app core.App, userID string) string {
	b, err := app.FindRecordById(migrations.BusinessesCollection, userID)
	if err != nil {
		return ""
	}
	return b.GetString(migrations.FieldDocumentLanguage)
}
