package boot

import (
	"github.com/pocketbase/pocketbase/core"
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
			TLS:        false,
		}
	}

	switch cfg.RateLimits {
	case RateLimitsOff:
		s.RateLimits.Enabled = false
	case RateLimitsOn:
		s.RateLimits.Enabled = true
	}

	return app.Save(s)
}
