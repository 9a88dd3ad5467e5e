package replica

import (
	"strings"
	"testing"
	"time"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// TestOutageMail: the operator's mail is in the language of the business
// their sign-up made, right to left in Arabic, English without one, and
// names the replica, the start of the outage and the error.
func TestOutageMail(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()
	testapp.CreateUser(t, app, testapp.Alice)
	s := Status{Where: "s3://books/db", Error: "connection refused", FailingSince: time.Date(2026, 11, 27, 9, 5, 0, 0, time.UTC)}

	for _, c := range []struct{ lang, subject, dir string }{
		{"", "Folio: the replica cannot be reached", `dir="ltr"`},
		{"de", "Folio: Die Replik ist nicht erreichbar", `dir="ltr"`},
		{"ar", "Folio: تعذّر الوصول إلى النسخة المتماثلة", `dir="rtl"`},
	} {
		b := testapp.Business(t, app, testapp.Alice)
		b.Set(migrations.FieldDocumentLanguage, c.lang)
		if err := app.Save(b); err != nil {
			t.Fatal(err)
		}
		before := app.TestMailer.TotalSend()
		if err := mailOperator(app, testapp.Alice.Email, s); err != nil {
			t.Fatal(err)
		}
		if app.TestMailer.TotalSend() != before+1 {
			t.Fatalf("%q: no mail", c.lang)
		}
		m := app.TestMailer.LastMessage()
		if m.Subject != c.subject || !strings.Contains(m.HTML, c.dir) || m.To[0].Address != testapp.Alice.Email {
			t.Errorf("%q: subject %q, to %v\n%s", c.lang, m.Subject, m.To, m.HTML)
		}
		for _, part := range []string{"s3://books/db", "2026-11-27 09:05:00 UTC", "connection refused"} {
			if !strings.Contains(m.Text, part) {
				t.Errorf("%q: the mail does not say %q:\n%s", c.lang, part, m.Text)
			}
		}
	}
	// Nobody named, or nobody with that address: no mail, no error.
	before := app.TestMailer.TotalSend()
	for _, op := range []string{"", "nobody@folio.test"} {
		if err := mailOperator(app, op, s); err != nil || app.TestMailer.TotalSend() != before {
			t.Errorf("operator %q: %v, %d mails", op, err, app.TestMailer.TotalSend()-before)
		}
	}
	for _, lang := range migrations.DocumentLanguages {
		if _, ok := outageWords[lang]; !ok {
			t.Errorf("no outage mail in %s", lang)
		}
	}
	for lang, w := range outageWords {
		if w[0] == "" || !strings.Contains(w[1], "{where}") || !strings.Contains(w[1], "{since}") || !strings.Contains(w[1], "{error}") {
			t.Errorf("%s: the words lack a placeholder", lang)
		}
	}
}
