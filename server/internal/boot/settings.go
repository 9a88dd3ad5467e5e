package boot

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// applySettings writes the environment's choices into the stored settings.
// Settings absent from the environment keep what the migrations or an admin
// stored, so the admin UI stays usable for them.
func applySettings(app core.App, cfg Config, listenBase string) error {
	s := app.Settings()

	s.Meta.AppURL = decideAppURL(cfg.AppURL, s.Meta.AppURL, listenBase)

	if cfg.SMTP != nil {
		s.SMTP = core.SMTPConfig{
			Enabled:    true,
			Host:       cfg.SMTP.Host,
			Port:       cfg.SMTP.Port,
			Username:   cfg.SMTP.Username,
			Password:   cfg.SMTP.Password,
			AuthMethod: "PLAIN",
			TLS:        cfg.SMTP.TLS == SMTPImplicitTLS,
		}
	}
	if cfg.Sender.Address != "" {
		s.Meta.SenderAddress = cfg.Sender.Address
	}
	if cfg.Sender.Name != "" {
		s.Meta.SenderName = cfg.Sender.Name
	}

	if cfg.Backups.Cron != nil {
		s.Backups.Cron = *cfg.Backups.Cron
	}
	if cfg.Backups.Keep > 0 {
		s.Backups.CronMaxKeep = cfg.Backups.Keep
	}
	if s.Backups.Cron != "" && s.Backups.CronMaxKeep < 1 {
		s.Backups.CronMaxKeep = migrations.DefaultBackupKeep
	}
	if cfg.Backups.S3 != nil {
		s.Backups.S3 = *cfg.Backups.S3
	}

	if cfg.RateLimits == RateLimitsOn {
		s.RateLimits.Enabled = true
	}
	if err := app.Save(s); err != nil {
		return err
	}

	// "off" is for test harnesses and lasts only while this process runs:
	// it is applied to the settings in memory after the save, so the next
	// start without FOLIO_RATE_LIMITS=off has the limiter on again.
	if cfg.RateLimits == RateLimitsOff {
		app.Settings().RateLimits.Enabled = false
	}
	return nil
}
