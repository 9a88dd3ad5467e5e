package replica

import (
	"html"
	"net/mail"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"folio/server/migrations"
)

// outageWords is the operator's mail about a replica that cannot be
// reached, in each language of the app. {where}, {since} and {error} are
// filled in.
var outageWords = map[string][2]string{
	"en": {"Folio: the replica cannot be reached",
		"Folio has not been able to write to its replica {where} since {since}.\n\nThe app keeps working and retries on its own; every write since then is only on this server's disk until the replica is reached again.\n\nThe error: {error}"},
	"de": {"Folio: Die Replik ist nicht erreichbar",
		"Folio kann seit {since} nicht mehr in seine Replik {where} schreiben.\n\nDie App läuft weiter und versucht es selbst erneut; alles, was seitdem geschrieben wurde, liegt nur auf der Platte dieses Servers, bis die Replik wieder erreichbar ist.\n\nDer Fehler: {error}"},
	"fr": {"Folio : la réplique est injoignable",
		"Folio ne parvient plus à écrire dans sa réplique {where} depuis {since}.\n\nL'application continue de fonctionner et réessaie d'elle-même ; tout ce qui a été écrit depuis n'existe que sur le disque de ce serveur tant que la réplique reste injoignable.\n\nL'erreur : {error}"},
	"es": {"Folio: no se puede acceder a la réplica",
		"Folio no puede escribir en su réplica {where} desde {since}.\n\nLa aplicación sigue funcionando y lo reintenta sola; todo lo escrito desde entonces solo está en el disco de este servidor hasta que se vuelva a acceder a la réplica.\n\nEl error: {error}"},
	"ar": {"Folio: تعذّر الوصول إلى النسخة المتماثلة",
		"لم يتمكن Folio من الكتابة في نسخته المتماثلة {where} منذ {since}.\n\nيواصل التطبيق العمل ويعيد المحاولة تلقائيًا؛ وكل ما كُتب منذ ذلك الحين موجود فقط على قرص هذا الخادم حتى يُعاد الوصول إلى النسخة المتماثلة.\n\nالخطأ: {error}"},
}

// outageMail is the mail to the operator, in lang (English when unknown).
func outageMail(app core.App, to, lang string, s Status) *mailer.Message {
	w, ok := outageWords[lang]
	if !ok {
		lang, w = "en", outageWords["en"]
	}
	text := strings.NewReplacer("{where}", s.Where, "{since}", s.FailingSince.UTC().Format("2006-01-02 15:04:05 UTC"),
		"{error}", s.Error).Replace(w[1])
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
