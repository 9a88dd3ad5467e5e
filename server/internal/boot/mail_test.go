package boot

import (
	"bytes"
	"net/mail"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
)

const sampleHTML = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><style>p { color: red; }</style></head><body>
<p>Hello,</p>
<p><a class="btn" href="http://127.0.0.1:8097/verify-email?token=abc.def&amp;x=1">Verify</a></p>
<p>Thanks,<br/>Folio team</p>
</body></html>`

func sampleMessage() *mailer.Message {
	return &mailer.Message{
		From:    mail.Address{Name: "Folio", Address: "no-reply@folio.localhost"},
		To:      []mail.Address{{Address: "alice@folio.test"}},
		Subject: "Verify your Folio email",
		HTML:    sampleHTML,
	}
}

func TestPrintMail(t *testing.T) {
	var out bytes.Buffer
	printMail(&out, "no SMTP", sampleMessage())
	got := out.String()

	for _, want := range []string{
		"To:      <alice@folio.test>",
		"Subject: Verify your Folio email",
		"Links:\n  http://127.0.0.1:8097/verify-email?token=abc.def&x=1\n",
		"  Hello,\n",
		"  Thanks,\n  Folio team\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("printed mail lacks %q:\n%s", want, got)
		}
	}
	for _, unwanted := range []string{"w3.org", "color: red", "<p>"} {
		if strings.Contains(got, unwanted) {
			t.Errorf("printed mail has %q:\n%s", unwanted, got)
		}
	}
}

// The hook is tried on a bare app: tests.TestApp swaps in its own mailer
// first, which (rightly) is never printed.
func TestConsoleMailHook(t *testing.T) {
	cases := []struct {
		name      string
		m         mailer.Mailer
		console   bool
		wantSent  bool
		wantPrint bool
	}{
		{"no SMTP prints and does not send", &mailer.Sendmail{}, false, false, true},
		{"SMTP sends", &mailer.SMTPClient{}, false, true, false},
		{"FOLIO_MAIL=console prints instead of SMTP", &mailer.SMTPClient{}, true, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			app := core.NewBaseApp(core.BaseAppConfig{DataDir: t.TempDir()})
			var out bytes.Buffer
			bindConsoleMail(app, c.console, &out)

			sent := false
			err := app.OnMailerSend().Trigger(&core.MailerEvent{App: app, Mailer: c.m, Message: sampleMessage()},
				func(*core.MailerEvent) error { sent = true; return nil })
			if err != nil {
				t.Fatal(err)
			}
			if sent != c.wantSent || (out.Len() > 0) != c.wantPrint {
				t.Errorf("sent=%v printed=%v", sent, out.Len() > 0)
			}
		})
	}
}

// User text (a business name, a subject) must not forge lines in the log.
func TestPrintMailEscapesControlCharacters(t *testing.T) {
	m := &mailer.Message{
		From:    mail.Address{Name: "Biz\nFAKE LINE", Address: "no-reply@folio.localhost"},
		To:      []mail.Address{{Name: "Jane\r\nFAKE LINE", Address: "jane@acme.test"}},
		Cc:      []mail.Address{{Name: "Cc\u2028FAKE LINE", Address: "cc@acme.test"}},
		Subject: "Invoice\nFAKE LINE\rFAKE LINE\u2029FAKE LINE\u0085FAKE LINE\tend",
		Headers: map[string]string{"Reply-To": "Alice\nFAKE LINE <alice@folio.test>"},
		Text:    "Hello\rFAKE LINE\u2028FAKE LINE\x1b[2K",
	}
	var out bytes.Buffer
	printMail(&out, "no SMTP", m)
	got := out.String()

	lines := strings.FieldsFunc(got, func(r rune) bool {
		return r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029' || r == '\u0085' || r == '\v' || r == '\f'
	})
	for _, l := range lines {
		if strings.HasPrefix(l, "FAKE LINE") {
			t.Errorf("a forged line %q in:\n%s", l, got)
		}
	}
	for _, want := range []string{`Subject: Invoice\nFAKE LINE\rFAKE LINE\u2029FAKE LINE\u0085FAKE LINE\tend`, `\x1b[2K`} {
		if !strings.Contains(got, want) {
			t.Errorf("printed mail lacks %q:\n%s", want, got)
		}
	}
	if strings.ContainsRune(got, '\x1b') {
		t.Errorf("printed mail has a raw escape character:\n%s", got)
	}
}
