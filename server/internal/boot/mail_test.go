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
