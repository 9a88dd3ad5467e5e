package boot

import (
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/cron"

	"folio/server/internal/identity"
)

// Environment variables read at start. README-style summary:
//
//	FOLIO_APP_URL        public origin used in email links (default http://127.0.0.1:<--http port>)
//	FOLIO_SMTP_HOST      SMTP server; when set, mail is sent through it
//	FOLIO_SMTP_PORT      SMTP port (default 465 with FOLIO_SMTP_TLS=tls, 587 with starttls, else 25)
//	FOLIO_SMTP_TLS       "tls" (implicit TLS, port 465), "starttls" (port 587; the default
//	                     except on 465), "none" (a relay on this machine; no password then)
//	FOLIO_SMTP_USER      SMTP user name (optional; no auth when empty)
//	FOLIO_SMTP_PASSWORD  SMTP password (optional; sent only over an encrypted connection)
//	FOLIO_MAIL_FROM      the From address of every mail (default no-reply@folio.localhost)
//	FOLIO_MAIL_FROM_NAME the From name of every mail (default Folio)
//	FOLIO_MAIL           "console": print mail instead of sending it even with SMTP set
//	FOLIO_RATE_LIMITS    "off" disables PocketBase's rate limiter for this process only, "on" re-enables it
//	FOLIO_TOTP_KEY       32-character key encrypting TOTP secrets (default: generated
//	                     once into <dataDir>/.folio_totp_key)
//	FOLIO_DEMO           "off": do not create the demo account
//	FOLIO_DEMO_PASSWORD  password of the demo account (default: random, printed once)
//	FOLIO_BACKUP_CRON    schedule of the automatic backups (cron, UTC; default "0 3 * * *"), "off" for none
//	FOLIO_BACKUP_KEEP    how many automatic backups to keep (default 7)
//	FOLIO_BACKUP_S3_*    BUCKET, REGION, ENDPOINT, ACCESS_KEY, SECRET, FORCE_PATH_STYLE:
//	                     store the backups in an S3-compatible bucket instead of <dataDir>/backups
//	FOLIO_OPERATOR_EMAIL the verified account that may download server backups in /settings/data
const (
	EnvAppURL       = "FOLIO_APP_URL"
	EnvSMTPHost     = "FOLIO_SMTP_HOST"
	EnvSMTPPort     = "FOLIO_SMTP_PORT"
	EnvSMTPUser     = "FOLIO_SMTP_USER"
	EnvSMTPPassword = "FOLIO_SMTP_PASSWORD"
	EnvSMTPTLS      = "FOLIO_SMTP_TLS"
	EnvMailFrom     = "FOLIO_MAIL_FROM"
	EnvMailFromName = "FOLIO_MAIL_FROM_NAME"
	EnvMail         = "FOLIO_MAIL"
	EnvRateLimits   = "FOLIO_RATE_LIMITS"
	EnvTOTPKey      = "FOLIO_TOTP_KEY"
	EnvDemo         = "FOLIO_DEMO"
	EnvDemoPassword = "FOLIO_DEMO_PASSWORD"

	EnvBackupCron       = "FOLIO_BACKUP_CRON"
	EnvBackupKeep       = "FOLIO_BACKUP_KEEP"
	EnvBackupS3Bucket   = "FOLIO_BACKUP_S3_BUCKET"
	EnvBackupS3Region   = "FOLIO_BACKUP_S3_REGION"
	EnvBackupS3Endpoint = "FOLIO_BACKUP_S3_ENDPOINT"
	EnvBackupS3Key      = "FOLIO_BACKUP_S3_ACCESS_KEY"
	EnvBackupS3Secret   = "FOLIO_BACKUP_S3_SECRET"
	EnvBackupS3Path     = "FOLIO_BACKUP_S3_FORCE_PATH_STYLE"
	EnvOperatorEmail    = "FOLIO_OPERATOR_EMAIL"
)

// maxBackupKeep bounds FOLIO_BACKUP_KEEP (PocketBase needs at least 1).
const maxBackupKeep = 1000

// SMTP ports: 25 suits local relays and mail sinks (no TLS asked for);
// providers take submissions with STARTTLS on 587 and implicit TLS on 465.
const (
	defaultSMTPPort  = 25
	submissionPort   = 587
	implicitTLSPort  = 465
	maxSenderNameLen = 255 // PocketBase's limit on Meta.SenderName
)

// totpKeyLength is what security.Encrypt needs (AES-256).
const totpKeyLength = 32

// minDemoPassword is PocketBase's minimum password length for users.
const minDemoPassword = 8

// RateLimitMode is what FOLIO_RATE_LIMITS asks for.
type RateLimitMode string

// Values of FOLIO_RATE_LIMITS.
const (
	RateLimitsAsStored RateLimitMode = "" // leave the stored setting alone
	RateLimitsOn       RateLimitMode = "on"
	RateLimitsOff      RateLimitMode = "off"
)

// SMTPTLS is how the connection to the SMTP server is encrypted.
type SMTPTLS string

// Values of FOLIO_SMTP_TLS.
const (
	// SMTPImplicitTLS opens a TLS connection first (port 465).
	SMTPImplicitTLS SMTPTLS = "tls"
	// SMTPStartTLS upgrades the connection when the server offers it;
	// credentials are only sent once it is encrypted (Go's net/smtp
	// refuses otherwise, except to localhost).
	SMTPStartTLS SMTPTLS = "starttls"
	// SMTPNoTLS asks for no encryption: for a relay on this machine. It
	// cannot be combined with a user or password.
	SMTPNoTLS SMTPTLS = "none"
)

// SMTP is the mail server given through the environment.
type SMTP struct {
	Host     string
	Port     int
	TLS      SMTPTLS
	Username string
	Password string
}

// Sender is the From of every mail; an empty part keeps what is stored.
type Sender struct {
	Address string
	Name    string
}

// Config is everything Folio reads from the environment at start.
type Config struct {
	AppURL       string // empty: derive it from the --http address
	SMTP         *SMTP  // nil: keep the stored SMTP settings
	Sender       Sender
	MailConsole  bool
	RateLimits   RateLimitMode
	TOTPKey      string // empty: use the key file in the data dir
	Demo         bool
	DemoPassword string // empty: generate one
	Backups      Backups
	// OperatorEmail is the account that may download the server's
	// backups (empty: nobody; a business's owners, admins and accountants
	// still export its data).
	OperatorEmail string
}

// Backups is what the environment says about automatic backups; each
// unset part keeps what is stored (the migration's daily, keep 7, local).
type Backups struct {
	Cron *string        // nil: as stored; "": no automatic backups
	Keep int            // 0: as stored
	S3   *core.S3Config // nil: as stored
}

// LoadConfig reads and checks the environment through getenv, so a typo
// stops the start with a clear message instead of a surprise later.
func LoadConfig(getenv func(string) string) (Config, error) {
	get := func(k string) string { return strings.TrimSpace(getenv(k)) }
	cfg := Config{Demo: true}

	if v := get(EnvAppURL); v != "" {
		u, err := url.Parse(v)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return cfg, fmt.Errorf("%s must be an absolute http(s) URL, got %q", EnvAppURL, v)
		}
		cfg.AppURL = strings.TrimRight(v, "/")
	}

	if host := get(EnvSMTPHost); host != "" {
		smtp, err := loadSMTP(get, host, getenv(EnvSMTPPassword))
		if err != nil {
			return cfg, err
		}
		cfg.SMTP = smtp
	}
	sender, err := loadSender(get)
	if err != nil {
		return cfg, err
	}
	cfg.Sender = sender

	switch v := strings.ToLower(get(EnvMail)); v {
	case "", "smtp":
	case "console":
		cfg.MailConsole = true
	default:
		return cfg, fmt.Errorf("%s must be \"console\" or empty, got %q", EnvMail, v)
	}

	switch v := strings.ToLower(get(EnvRateLimits)); v {
	case "":
	case "off", "false", "0":
		cfg.RateLimits = RateLimitsOff
	case "on", "true", "1":
		cfg.RateLimits = RateLimitsOn
	default:
		return cfg, fmt.Errorf("%s must be \"on\" or \"off\", got %q", EnvRateLimits, v)
	}

	if v := getenv(EnvTOTPKey); v != "" {
		if len(v) != totpKeyLength {
			return cfg, fmt.Errorf("%s must be exactly %d characters, got %d", EnvTOTPKey, totpKeyLength, len(v))
		}
		cfg.TOTPKey = v
	}

	switch v := strings.ToLower(get(EnvDemo)); v {
	case "", "on", "true", "1":
	case "off", "false", "0":
		cfg.Demo = false
	default:
		return cfg, fmt.Errorf("%s must be \"on\" or \"off\", got %q", EnvDemo, v)
	}

	if v := getenv(EnvDemoPassword); v != "" {
		if len(v) < minDemoPassword {
			return cfg, fmt.Errorf("%s must have at least %d characters", EnvDemoPassword, minDemoPassword)
		}
		cfg.DemoPassword = v
	}

	if err := loadBackups(get, &cfg.Backups); err != nil {
		return cfg, err
	}

	if v := get(EnvOperatorEmail); v != "" {
		key, plain := identity.Key(v)
		if _, err := mail.ParseAddress(v); err != nil || strings.ContainsAny(v, "<> ") || !plain {
			return cfg, fmt.Errorf("%s must be a plain ASCII email address, got %q", EnvOperatorEmail, v)
		}
		cfg.OperatorEmail = key
	}

	return cfg, nil
}

// loadSMTP reads the FOLIO_SMTP_* variables beside the host. A missing port
// follows the TLS mode and a missing mode follows the port; a password over
// an unencrypted connection, or a mode that cannot work on a well-known
// port, stops the start.
func loadSMTP(get func(string) string, host, password string) (*SMTP, error) {
	s := &SMTP{Host: host, Username: get(EnvSMTPUser), Password: password}

	mode := SMTPTLS(strings.ToLower(get(EnvSMTPTLS)))
	switch mode {
	case "", SMTPImplicitTLS, SMTPStartTLS, SMTPNoTLS:
	case "off", "false", "plain":
		mode = SMTPNoTLS
	case "ssl", "implicit":
		mode = SMTPImplicitTLS
	default:
		return nil, fmt.Errorf("%s must be \"tls\" (port 465), \"starttls\" (port 587) or \"none\", got %q", EnvSMTPTLS, get(EnvSMTPTLS))
	}

	switch v := get(EnvSMTPPort); {
	case v != "":
		p, err := strconv.Atoi(v)
		if err != nil || p < 1 || p > 65535 {
			return nil, fmt.Errorf("%s must be a port number, got %q", EnvSMTPPort, v)
		}
		s.Port = p
	case mode == SMTPImplicitTLS:
		s.Port = implicitTLSPort
	case mode == SMTPStartTLS:
		s.Port = submissionPort
	default:
		s.Port = defaultSMTPPort
	}

	if mode == "" {
		mode = SMTPStartTLS
		if s.Port == implicitTLSPort {
			mode = SMTPImplicitTLS
		}
	}
	s.TLS = mode

	switch {
	case mode == SMTPNoTLS && (s.Username != "" || s.Password != ""):
		return nil, fmt.Errorf("%s=none would send the SMTP user and password unencrypted: use %s=starttls (port 587) or tls (port 465), or no user and password for a relay on this machine", EnvSMTPTLS, EnvSMTPTLS)
	case mode == SMTPImplicitTLS && (s.Port == submissionPort || s.Port == defaultSMTPPort):
		return nil, fmt.Errorf("port %d speaks STARTTLS, not implicit TLS: set %s=starttls, or %s=465 for implicit TLS", s.Port, EnvSMTPTLS, EnvSMTPPort)
	case mode == SMTPStartTLS && s.Port == implicitTLSPort:
		return nil, fmt.Errorf("port 465 speaks implicit TLS, not STARTTLS: set %s=tls, or %s=587 for STARTTLS", EnvSMTPTLS, EnvSMTPPort)
	}
	return s, nil
}

// loadSender reads FOLIO_MAIL_FROM and FOLIO_MAIL_FROM_NAME: a bare address
// and a name on one line, as PocketBase's settings take them.
func loadSender(get func(string) string) (Sender, error) {
	var s Sender
	if v := get(EnvMailFrom); v != "" {
		a, err := mail.ParseAddress(v)
		if err != nil || a.Name != "" || a.Address != v {
			return s, fmt.Errorf("%s must be a bare email address such as invoices@example.com, got %q", EnvMailFrom, v)
		}
		s.Address = v
	}
	if v := get(EnvMailFromName); v != "" {
		if strings.ContainsFunc(v, unicode.IsControl) || utf8.RuneCountInString(v) > maxSenderNameLen {
			return s, fmt.Errorf("%s must be one line of at most %d characters", EnvMailFromName, maxSenderNameLen)
		}
		// PocketBase's mail library writes the name unquoted, so these
		// would split or end the From header's name.
		if strings.ContainsAny(v, `,;:<>@"\`) {
			return s, fmt.Errorf("%s cannot hold any of , ; : < > @ \" \\ (the From header carries it unquoted), got %q", EnvMailFromName, v)
		}
		s.Name = v
	}
	return s, nil
}

// loadBackups reads FOLIO_BACKUP_*.
func loadBackups(get func(string) string, b *Backups) error {
	switch v := get(EnvBackupCron); strings.ToLower(v) {
	case "":
	case "off", "false", "0":
		off := ""
		b.Cron = &off
	default:
		if _, err := cron.NewSchedule(v); err != nil {
			return fmt.Errorf("%s must be a cron schedule such as \"0 3 * * *\" or \"off\", got %q", EnvBackupCron, v)
		}
		b.Cron = &v
	}

	if v := get(EnvBackupKeep); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxBackupKeep {
			return fmt.Errorf("%s must be a number from 1 to %d, got %q", EnvBackupKeep, maxBackupKeep, v)
		}
		b.Keep = n
	}

	bucket := get(EnvBackupS3Bucket)
	if bucket == "" {
		return nil
	}
	s3 := &core.S3Config{
		Enabled:   true,
		Bucket:    bucket,
		Region:    get(EnvBackupS3Region),
		Endpoint:  get(EnvBackupS3Endpoint),
		AccessKey: get(EnvBackupS3Key),
		Secret:    get(EnvBackupS3Secret),
	}
	for name, v := range map[string]string{
		EnvBackupS3Region: s3.Region, EnvBackupS3Endpoint: s3.Endpoint,
		EnvBackupS3Key: s3.AccessKey, EnvBackupS3Secret: s3.Secret,
	} {
		if v == "" {
			return fmt.Errorf("%s is set, so %s is needed too", EnvBackupS3Bucket, name)
		}
	}
	if u, err := url.Parse(s3.Endpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%s must be an http(s) URL, got %q", EnvBackupS3Endpoint, s3.Endpoint)
	}
	switch v := strings.ToLower(get(EnvBackupS3Path)); v {
	case "", "off", "false", "0":
	case "on", "true", "1":
		s3.ForcePathStyle = true
	default:
		return fmt.Errorf("%s must be \"true\" or \"false\", got %q", EnvBackupS3Path, v)
	}
	b.S3 = s3
	return nil
}
