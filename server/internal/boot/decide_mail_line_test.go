package boot

import (
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

func TestDecideMailLine(t *testing.T) {
	meta := core.MetaConfig{SenderName: "Acme Books", SenderAddress: "invoices@acme.example"}
	provider := core.SMTPConfig{Enabled: true, Host: "smtp.example.com", Port: 587, Username: "apikey", Password: "s3cret-pass"}
	implicit := provider
	implicit.Port, implicit.TLS = 465, true
	relay := core.SMTPConfig{Enabled: true, Host: "127.0.0.1", Port: 25}

	cases := []struct {
		name    string
		smtp    core.SMTPConfig
		mode    SMTPTLS
		console bool
		want    string
	}{
		{"starttls from the environment", provider, SMTPStartTLS, false,
			"Mail: through smtp.example.com:587 (STARTTLS, user apikey), from Acme Books <invoices@acme.example>"},
		{"implicit tls from the environment", implicit, SMTPImplicitTLS, false,
			"Mail: through smtp.example.com:465 (implicit TLS, user apikey), from Acme Books <invoices@acme.example>"},
		{"local relay without tls", relay, SMTPNoTLS, false,
			"Mail: through 127.0.0.1:25 (no TLS, no login), from Acme Books <invoices@acme.example>"},
		{"stored settings with tls", implicit, "", false,
			"Mail: through smtp.example.com:465 (implicit TLS, user apikey), from Acme Books <invoices@acme.example>"},
		{"stored settings without tls", relay, "", false,
			"Mail: through 127.0.0.1:25 (STARTTLS, no login), from Acme Books <invoices@acme.example>"},
		{"no smtp", core.SMTPConfig{}, "", false,
			"Mail: printed to this console, not sent (set FOLIO_SMTP_HOST to send), from Acme Books <invoices@acme.example>"},
		{"console forced", provider, SMTPStartTLS, true,
			"Mail: printed to this console, not sent (FOLIO_MAIL=console), from Acme Books <invoices@acme.example>"},
	}
	for _, c := range cases {
		got := decideMailLine(c.smtp, c.mode, c.console, meta)
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
		if strings.Contains(got, "s3cret-pass") {
			t.Errorf("%s: the banner shows the password: %s", c.name, got)
		}
	}

	odd := core.MetaConfig{SenderName: "Evil\nAdmin UI: http://phish", SenderAddress: "a@b.example"}
	if got := decideMailLine(relay, "", false, odd); strings.Contains(got, "\n") {
		t.Errorf("a stored sender name starts a forged banner line: %q", got)
	}
}
