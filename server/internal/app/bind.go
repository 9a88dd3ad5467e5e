// Package app wires Folio's hooks and routes onto a PocketBase app. main
// calls Bind; tests call BindWith to swap the environment and the output.
package app

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/auth"
	"folio/server/internal/backup"
	"folio/server/internal/bank"
	"folio/server/internal/billing"
	"folio/server/internal/boot"
	"folio/server/internal/card"
	"folio/server/internal/dashboard"
	"folio/server/internal/export"
	"folio/server/internal/imports"
	"folio/server/internal/inbound"
	"folio/server/internal/logredact"
	"folio/server/internal/recurring"
	"folio/server/internal/replica"
	"folio/server/internal/reports"
	"folio/server/internal/schedule"
	"folio/server/internal/spa"
	"folio/server/internal/team"
	"folio/server/internal/webui"
)

// Options let tests run the full wiring without the real environment.
type Options struct {
	// Getenv reads the environment (os.Getenv in production).
	Getenv func(string) string
	// Out receives the start banner and printed mail.
	Out io.Writer
	// UI is the built single-page app to serve.
	UI fs.FS
	// Command is how a user runs this binary, for the superuser hint.
	Command string
}

// Bind registers everything Folio adds to PocketBase, configured from the
// process environment. It fails only on an invalid environment.
func Bind(app core.App) error {
	return BindWith(app, Options{
		Getenv:  os.Getenv,
		Out:     os.Stdout,
		UI:      uiFS(os.Getenv("FOLIO_UI_DIR")),
		Command: command(),
	})
}

// uiFS is the embedded app, or the built app in dir when FOLIO_UI_DIR is set:
// the PWA tests swap in a second build to check the update prompt, without
// compiling a second binary.
func uiFS(dir string) fs.FS {
	if dir == "" {
		return webui.FS()
	}
	return os.DirFS(dir)
}

// BindWith is Bind with explicit dependencies.
func BindWith(app core.App, opts Options) error {
	cfg, err := boot.LoadConfig(opts.Getenv)
	if err != nil {
		return err
	}

	rcfg, err := replica.LoadConfig(opts.Getenv)
	if err != nil {
		return err
	}

	keys := boot.NewKeyring(app.DataDir, cfg.TOTPKey)

	// First, so no request is logged with a secret in its URL.
	logredact.Bind(app)

	// Team and billing first: the demo account that boot creates on start
	// gets its business from the team's sign-up hook and is seeded through
	// the billing hooks. Business rules read "today" from the
	// schedule's clock, which only the end-to-end tests' build can move.
	team.BindWithClock(app, schedule.Now)
	billing.BindWithClock(app, schedule.Now)
	bank.BindWithClock(app, schedule.Now)
	imports.BindWithClock(app, schedule.Now)
	inbound.Bind(app)
	// Card payments read the secrets with the key of the 2FA secrets.
	card.Bind(app, card.Options{Key: keys.Get, APIBase: opts.Getenv(card.EnvAPIBase)})
	recurring.Bind(app)
	schedule.Bind(app, billing.ReminderJob())
	dashboard.Bind(app)
	reports.Bind(app)
	// The replication starts before the banner, which says how it goes.
	rep := replica.Bind(app, replica.Options{Config: rcfg, OperatorEmail: cfg.OperatorEmail})
	boot.Bind(app, boot.Options{Config: cfg, Out: opts.Out, Keyring: keys, Command: opts.Command,
		Lines: []func() string{rep.BannerLine}})
	auth.Bind(app, keys.Get)
	backup.Bind(app, backup.Options{OperatorEmail: cfg.OperatorEmail})
	export.Bind(app)
	spa.Bind(app, opts.UI)

	return nil
}

// IsGoRun reports whether the process was started by `go run`.
//
// PocketBase's own check (osutils.IsProbablyGoRun) matches any binary under
// the temp dir, so a release build started from /tmp (as an e2e harness
// does) would run in dev mode: every SQL statement logged, automigrate on.
// go run's binaries live in a go-build* dir, which is what we look for.
func IsGoRun() bool {
	return strings.Contains(filepath.ToSlash(os.Args[0]), "/go-build")
}

// DefaultDataDir mirrors PocketBase's default (./pb_data under go run,
// pb_data next to the binary otherwise) with IsGoRun's sharper test.
func DefaultDataDir() string {
	if IsGoRun() {
		if wd, err := os.Getwd(); err == nil {
			return filepath.Join(wd, "pb_data")
		}
	}
	return filepath.Join(filepath.Dir(os.Args[0]), "pb_data")
}

// command is how the user started us, so the printed hint can be pasted.
func command() string {
	if IsGoRun() {
		return "go run ."
	}
	return os.Args[0]
}
