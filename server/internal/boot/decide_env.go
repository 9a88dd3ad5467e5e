package boot

import (
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/cron"

	"folio/server/internal/identity"
)

// Environment variables read at start. README-style summary:
//
//	FOLIO_APP_URL        public origin used in email links (default http://127.0.0.1:<--http port>)
//	FOLIO_SMTP_HOST      SMTP server; when set, mail is sent through it
//	FOLIO_SMTP_PORT      SMTP port (default 25); plain or STARTTLS, no implicit TLS
//	FOLIO_SMTP_USER      SMTP user name (optional; no auth when empty)
//	FOLIO_SMTP_PASSWORD  SMTP password (optional)
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

// defaultSMTPPort suits local mail sinks, which listen without TLS.
const defaultSMTPPort = 25

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

// SMTP is the mail server given through the environment.
type SMTP struct {
	Host     string
	Port     int
	Username string
	Password string
}

// Config is everything Folio reads from the environment at start.
type Config struct {
	AppURL       string // empty: derive it from the --http address
	SMTP         *SMTP  // nil: keep the stored SMTP settings
	MailConsole  bool
	RateLimits   RateLimitMode
	TOTPKey      string // empty: use the key file in the data dir
	Demo         bool
	DemoPassword string // empty: generate one
	Backups      Backups
	// OperatorEmail is the account that may download the server's
	// backups (empty: nobody; every owner still exports their own data).
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
		port := defaultSMTPPort
		if v := get(EnvSMTPPort); v != "" {
			p, err := strconv.Atoi(v)
			if err != nil || p < 1 || p > 65535 {
				return cfg, fmt.Errorf("%s must be a port number, got %q", EnvSMTPPort, v)
			}
			port = p
		}
		cfg.SMTP = &SMTP{Host: host, Port: port, Username: get(EnvSMTPUser), Password: getenv(EnvSMTPPassword)}
	}

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
