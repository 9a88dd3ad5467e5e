package boot

import (
	"testing"

	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/mailer"
)

func TestDecideMailDelivery(t *testing.T) {
	cases := []struct {
		name    string
		m       mailer.Mailer
		console bool
		want    mailDelivery
	}{
		{"no SMTP: sendmail is printed", &mailer.Sendmail{}, false, deliverConsole},
		{"SMTP sends", &mailer.SMTPClient{}, false, deliverSend},
		{"SMTP with FOLIO_MAIL=console prints", &mailer.SMTPClient{}, true, deliverConsole},
		{"a test mailer always gets the mail", &tests.TestMailer{}, true, deliverSend},
	}
	for _, c := range cases {
		if got := decideMailDelivery(c.m, c.console); got != c.want {
			t.Errorf("%s: got %v", c.name, got)
		}
	}
}
