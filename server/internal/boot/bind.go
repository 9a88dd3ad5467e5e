// Package boot applies the environment to a Folio app at start: settings
// (app URL, SMTP, rate limits), mail printed to the console when there is
// no SMTP server, the TOTP encryption key, and the demo account.
package boot

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Options are the outside world boot talks to; tests replace them.
type Options struct {
	// Config is the environment, read with LoadConfig.
	Config Config
	// Out receives the start banner and printed mail (os.Stdout in main).
	Out io.Writer
	// Keyring supplies the TOTP key; boot checks it works at start.
	Keyring *Keyring
	// Command is how a user runs this binary, for the superuser hint
	// (e.g. "./folio" or "go run .").
	Command string
	// Lines are more banner lines, asked for when it is printed.
	Lines []func() string
}

// Bind registers the start-up work on app. Settings are written when the
// server starts (OnServe): by then `serve` has run every migration, and
// CLI commands such as `superuser upsert` are left alone.
func Bind(app core.App, opts Options) {
	bindPrivateDataDir(app)
	bindConsoleMail(app, opts.Config.MailConsole, opts.Out)

	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "folioBoot",
		Func: func(se *core.ServeEvent) error {
			listenBase := ""
			if se.Server != nil {
				listenBase = serverBaseURL(se.Server.Addr)
			}

			if err := applySettings(se.App, opts.Config, listenBase); err != nil {
				return fmt.Errorf("apply settings from the environment: %w", err)
			}

			if opts.Keyring != nil {
				if _, err := opts.Keyring.Get(); err != nil {
					return fmt.Errorf("TOTP encryption key: %w", err)
				}
			}

			demo, err := ensureDemo(se.App, opts.Config)
			if err != nil {
				return err
			}

			dataDir := se.App.DataDir()
			if abs, err := filepath.Abs(dataDir); err == nil {
				dataDir = abs
			}
			lines := decideBanner(demo, listenBase, opts.Command, dataDir)
			lines = append(lines, decideMailLine(se.App.Settings().SMTP, smtpMode(opts.Config), opts.Config.MailConsole, se.App.Settings().Meta))
			lines = append(lines, decideBackupLine(se.App.Settings().Backups, dataDir))
			for _, line := range opts.Lines {
				lines = append(lines, line())
			}
			printBanner(opts.Out, lines)

			// PocketBase would create a hidden installer superuser, try to
			// open a browser and print a one-time admin link at every start
			// until a superuser exists. The banner's line says how to create
			// one instead, so nothing is created and no admin link is printed.
			se.InstallerFunc = nil

			return se.Next()
		},
	})
}

// smtpMode is the environment's TLS mode, empty when SMTP is as stored.
func smtpMode(cfg Config) SMTPTLS {
	if cfg.SMTP == nil {
		return ""
	}
	return cfg.SMTP.TLS
}
