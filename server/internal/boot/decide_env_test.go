package boot

import (
	"strings"
	"testing"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLoadConfig(t *testing.T) {
	key := strings.Repeat("k", 32)

	cases := []struct {
		name    string
		env     map[string]string
		wantErr string
		check   func(t *testing.T, c Config)
	}{
		{name: "nothing set", env: nil, check: func(t *testing.T, c Config) {
			if c.AppURL != "" || c.SMTP != nil || c.MailConsole || c.RateLimits != RateLimitsAsStored ||
				c.TOTPKey != "" || !c.Demo || c.DemoPassword != "" || c.Sender != (Sender{}) {
				t.Errorf("defaults: %+v", c)
			}
		}},
		{name: "app url, trailing slash dropped", env: map[string]string{EnvAppURL: "https://folio.example.com/"}, check: func(t *testing.T, c Config) {
			if c.AppURL != "https://folio.example.com" {
				t.Errorf("AppURL = %q", c.AppURL)
			}
		}},
		{name: "app url must be absolute", env: map[string]string{EnvAppURL: "folio.example.com"}, wantErr: EnvAppURL},
		{name: "smtp host alone", env: map[string]string{EnvSMTPHost: "127.0.0.1"}, check: func(t *testing.T, c Config) {
			if c.SMTP == nil || c.SMTP.Host != "127.0.0.1" || c.SMTP.Port != 25 || c.SMTP.Username != "" {
				t.Errorf("SMTP = %+v", c.SMTP)
			}
		}},
		{name: "smtp with port and auth", env: map[string]string{
			EnvSMTPHost: "mail.local", EnvSMTPPort: "1025", EnvSMTPUser: "u", EnvSMTPPassword: "p w",
		}, check: func(t *testing.T, c Config) {
			if *c.SMTP != (SMTP{Host: "mail.local", Port: 1025, TLS: SMTPStartTLS, Username: "u", Password: "p w"}) {
				t.Errorf("SMTP = %+v", c.SMTP)
			}
		}},
		{name: "smtp starttls picks port 587", env: map[string]string{
			EnvSMTPHost: "smtp.example.com", EnvSMTPTLS: "STARTTLS", EnvSMTPUser: "apikey", EnvSMTPPassword: "pw",
		}, check: func(t *testing.T, c Config) {
			if *c.SMTP != (SMTP{Host: "smtp.example.com", Port: 587, TLS: SMTPStartTLS, Username: "apikey", Password: "pw"}) {
				t.Errorf("SMTP = %+v", c.SMTP)
			}
		}},
		{name: "smtp implicit tls picks port 465", env: map[string]string{EnvSMTPHost: "smtp.example.com", EnvSMTPTLS: "tls"}, check: func(t *testing.T, c Config) {
			if c.SMTP.Port != 465 || c.SMTP.TLS != SMTPImplicitTLS {
				t.Errorf("SMTP = %+v", c.SMTP)
			}
		}},
		{name: "smtp port 465 means implicit tls", env: map[string]string{EnvSMTPHost: "smtp.example.com", EnvSMTPPort: "465"}, check: func(t *testing.T, c Config) {
			if c.SMTP.TLS != SMTPImplicitTLS {
				t.Errorf("TLS = %q", c.SMTP.TLS)
			}
		}},
		{name: "smtp ssl is implicit tls on another port", env: map[string]string{EnvSMTPHost: "h", EnvSMTPPort: "2465", EnvSMTPTLS: "ssl"}, check: func(t *testing.T, c Config) {
			if c.SMTP.Port != 2465 || c.SMTP.TLS != SMTPImplicitTLS {
				t.Errorf("SMTP = %+v", c.SMTP)
			}
		}},
		{name: "smtp without tls for a local relay", env: map[string]string{EnvSMTPHost: "127.0.0.1", EnvSMTPTLS: "none"}, check: func(t *testing.T, c Config) {
			if c.SMTP.Port != 25 || c.SMTP.TLS != SMTPNoTLS {
				t.Errorf("SMTP = %+v", c.SMTP)
			}
		}},
		{name: "smtp password without tls is refused", env: map[string]string{
			EnvSMTPHost: "smtp.example.com", EnvSMTPTLS: "none", EnvSMTPUser: "u", EnvSMTPPassword: "pw",
		}, wantErr: "unencrypted"},
		{name: "smtp password without tls, spelled off", env: map[string]string{
			EnvSMTPHost: "smtp.example.com", EnvSMTPTLS: "off", EnvSMTPPassword: "pw",
		}, wantErr: "unencrypted"},
		{name: "implicit tls on the starttls port", env: map[string]string{EnvSMTPHost: "h", EnvSMTPPort: "587", EnvSMTPTLS: "tls"}, wantErr: "port 587 speaks STARTTLS"},
		{name: "starttls on the implicit tls port", env: map[string]string{EnvSMTPHost: "h", EnvSMTPPort: "465", EnvSMTPTLS: "starttls"}, wantErr: "port 465 speaks implicit TLS"},
		{name: "bad smtp tls mode", env: map[string]string{EnvSMTPHost: "h", EnvSMTPTLS: "yes"}, wantErr: EnvSMTPTLS},
		{name: "sender address and name", env: map[string]string{EnvMailFrom: "invoices@acme.example", EnvMailFromName: "Acme Bücher GmbH"}, check: func(t *testing.T, c Config) {
			if c.Sender != (Sender{Address: "invoices@acme.example", Name: "Acme Bücher GmbH"}) {
				t.Errorf("Sender = %+v", c.Sender)
			}
		}},
		{name: "sender with a display name in the address", env: map[string]string{EnvMailFrom: "Acme <invoices@acme.example>"}, wantErr: EnvMailFrom},
		{name: "sender that is not an address", env: map[string]string{EnvMailFrom: "invoices"}, wantErr: EnvMailFrom},
		{name: "sender name on two lines", env: map[string]string{EnvMailFromName: "Acme\nBcc: x@y"}, wantErr: EnvMailFromName},
		{name: "sender name with a comma", env: map[string]string{EnvMailFromName: "Acme, Inc."}, wantErr: EnvMailFromName},
		{name: "sender name too long", env: map[string]string{EnvMailFromName: strings.Repeat("a", 256)}, wantErr: EnvMailFromName},
		{name: "smtp port without host is ignored", env: map[string]string{EnvSMTPPort: "1025"}, check: func(t *testing.T, c Config) {
			if c.SMTP != nil {
				t.Error("SMTP needs a host")
			}
		}},
		{name: "bad smtp port", env: map[string]string{EnvSMTPHost: "h", EnvSMTPPort: "smtp"}, wantErr: EnvSMTPPort},
		{name: "mail console", env: map[string]string{EnvMail: "console"}, check: func(t *testing.T, c Config) {
			if !c.MailConsole {
				t.Error("console not set")
			}
		}},
		{name: "bad mail mode", env: map[string]string{EnvMail: "sendmail"}, wantErr: EnvMail},
		{name: "rate limits off", env: map[string]string{EnvRateLimits: "off"}, check: func(t *testing.T, c Config) {
			if c.RateLimits != RateLimitsOff {
				t.Errorf("RateLimits = %q", c.RateLimits)
			}
		}},
		{name: "rate limits on", env: map[string]string{EnvRateLimits: "ON"}, check: func(t *testing.T, c Config) {
			if c.RateLimits != RateLimitsOn {
				t.Errorf("RateLimits = %q", c.RateLimits)
			}
		}},
		{name: "bad rate limits", env: map[string]string{EnvRateLimits: "maybe"}, wantErr: EnvRateLimits},
		{name: "totp key", env: map[string]string{EnvTOTPKey: key}, check: func(t *testing.T, c Config) {
			if c.TOTPKey != key {
				t.Error("key not read")
			}
		}},
		{name: "short totp key", env: map[string]string{EnvTOTPKey: "short"}, wantErr: EnvTOTPKey},
		{name: "demo off", env: map[string]string{EnvDemo: "off"}, check: func(t *testing.T, c Config) {
			if c.Demo {
				t.Error("demo still on")
			}
		}},
		{name: "bad demo switch", env: map[string]string{EnvDemo: "nope"}, wantErr: EnvDemo},
		{name: "demo password", env: map[string]string{EnvDemoPassword: "demo-pass-123"}, check: func(t *testing.T, c Config) {
			if c.DemoPassword != "demo-pass-123" {
				t.Error("password not read")
			}
		}},
		{name: "demo password too short", env: map[string]string{EnvDemoPassword: "short"}, wantErr: EnvDemoPassword},
		{name: "backups as stored by default", env: nil, check: func(t *testing.T, c Config) {
			if c.Backups.Cron != nil || c.Backups.Keep != 0 || c.Backups.S3 != nil || c.OperatorEmail != "" {
				t.Errorf("backups: %+v, operator %q", c.Backups, c.OperatorEmail)
			}
		}},
		{name: "backup schedule and keep", env: map[string]string{EnvBackupCron: "30 2 * * 1", EnvBackupKeep: "14"}, check: func(t *testing.T, c Config) {
			if c.Backups.Cron == nil || *c.Backups.Cron != "30 2 * * 1" || c.Backups.Keep != 14 {
				t.Errorf("backups: %+v", c.Backups)
			}
		}},
		{name: "backups off", env: map[string]string{EnvBackupCron: "off"}, check: func(t *testing.T, c Config) {
			if c.Backups.Cron == nil || *c.Backups.Cron != "" {
				t.Errorf("backups: %+v", c.Backups)
			}
		}},
		{name: "bad backup schedule", env: map[string]string{EnvBackupCron: "daily"}, wantErr: EnvBackupCron},
		{name: "keep zero", env: map[string]string{EnvBackupKeep: "0"}, wantErr: EnvBackupKeep},
		{name: "keep not a number", env: map[string]string{EnvBackupKeep: "seven"}, wantErr: EnvBackupKeep},
		{name: "s3 target", env: map[string]string{
			EnvBackupS3Bucket: "books", EnvBackupS3Region: "eu-central-1", EnvBackupS3Endpoint: "https://s3.example.com",
			EnvBackupS3Key: "AK", EnvBackupS3Secret: "SK", EnvBackupS3Path: "true",
		}, check: func(t *testing.T, c Config) {
			s := c.Backups.S3
			if s == nil || !s.Enabled || s.Bucket != "books" || s.Region != "eu-central-1" ||
				s.Endpoint != "https://s3.example.com" || s.AccessKey != "AK" || s.Secret != "SK" || !s.ForcePathStyle {
				t.Errorf("S3 = %+v", s)
			}
		}},
		{name: "s3 without secret", env: map[string]string{
			EnvBackupS3Bucket: "books", EnvBackupS3Region: "r", EnvBackupS3Endpoint: "https://s3.example.com", EnvBackupS3Key: "AK",
		}, wantErr: EnvBackupS3Secret},
		{name: "s3 endpoint not a URL", env: map[string]string{
			EnvBackupS3Bucket: "books", EnvBackupS3Region: "r", EnvBackupS3Endpoint: "s3.example.com", EnvBackupS3Key: "AK", EnvBackupS3Secret: "SK",
		}, wantErr: EnvBackupS3Endpoint},
		{name: "operator email, lower-cased", env: map[string]string{EnvOperatorEmail: "Boss@Example.com"}, check: func(t *testing.T, c Config) {
			if c.OperatorEmail != "boss@example.com" {
				t.Errorf("operator = %q", c.OperatorEmail)
			}
		}},
		{name: "bad operator email", env: map[string]string{EnvOperatorEmail: "boss"}, wantErr: EnvOperatorEmail},
		{name: "look-alike operator email (long s)", env: map[string]string{EnvOperatorEmail: "ops@folio-op\u017f.example"}, wantErr: EnvOperatorEmail},
		{name: "look-alike operator email (Kelvin sign)", env: map[string]string{EnvOperatorEmail: "\u212aim@folio.example"}, wantErr: EnvOperatorEmail},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := LoadConfig(env(c.env))
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err = %v, want one naming %s", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			c.check(t, cfg)
		})
	}
}
