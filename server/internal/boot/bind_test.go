package boot

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// serve runs the app's OnServe chain the way `serve --http addr` does,
// without opening a socket.
func serve(t *testing.T, app *tests.TestApp, addr string) error {
	t.Helper()
	r, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	se := &core.ServeEvent{App: app, Router: r, Server: &http.Server{Addr: addr}, InstallerFunc: apis.DefaultInstallerFunc}
	return app.OnServe().Trigger(se, func(e *core.ServeEvent) error {
		if e.InstallerFunc != nil {
			t.Error("PocketBase's superuser installer is still on: it would print an admin link at every start")
		}
		return nil
	})
}

func TestBindAppliesTheEnvironment(t *testing.T) {
	t.Parallel()

	app := newApp(t)
	defer app.Cleanup()

	cfg, err := LoadConfig(env(map[string]string{
		EnvSMTPHost: "127.0.0.1", EnvSMTPPort: "2525", EnvRateLimits: "off", EnvDemoPassword: "demo-pass-123",
	}))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	Bind(app, Options{Config: cfg, Out: &out, Keyring: NewKeyring(app.DataDir, ""), Command: "./folio"})

	if err := serve(t, app, "0.0.0.0:8097"); err != nil {
		t.Fatal(err)
	}

	s := app.Settings()
	if s.Meta.AppURL != "http://127.0.0.1:8097" {
		t.Errorf("AppURL = %q", s.Meta.AppURL)
	}
	if !s.SMTP.Enabled || s.SMTP.Host != "127.0.0.1" || s.SMTP.Port != 2525 || s.SMTP.TLS || s.SMTP.Username != "" {
		t.Errorf("SMTP = %+v", s.SMTP)
	}
	if s.RateLimits.Enabled {
		t.Error("FOLIO_RATE_LIMITS=off must disable the limiter")
	}
	if s.Backups.Cron != "0 3 * * *" || s.Backups.CronMaxKeep != 7 || s.Backups.S3.Enabled {
		t.Errorf("backups without their variables must stay daily, keep 7, local: %+v", s.Backups)
	}
	if len(s.RateLimits.Rules) == 0 {
		t.Error("turning the limiter off must keep its rules")
	}

	// Saved, not only changed in memory; but the limiter's "off" is for
	// this process only: a start without it has the limiter on again.
	if err := app.ReloadSettings(); err != nil {
		t.Fatal(err)
	}
	if app.Settings().Meta.AppURL != "http://127.0.0.1:8097" {
		t.Error("settings were not saved")
	}
	if !app.Settings().RateLimits.Enabled {
		t.Error("FOLIO_RATE_LIMITS=off was stored: a later start without it would run unlimited")
	}

	if _, err := os.Stat(filepath.Join(app.DataDir(), TOTPKeyFileName)); err != nil {
		t.Errorf("key file not created at start: %v", err)
	}
	if n, err := app.CountRecords(core.CollectionNameSuperusers); err != nil || n != 0 {
		t.Errorf("superusers after start = %d (%v), want none: boot creates no installer account", n, err)
	}

	printed := out.String()
	for _, want := range []string{
		"Demo account: email demo@folio.test password demo-pass-123",
		"Admin UI: http://127.0.0.1:8097/_/ (create a superuser with: ./folio superuser upsert you@example.com <password> --dir ",
		"Backups: daily at 03:00 UTC into ",
	} {
		if !strings.Contains(printed, want) {
			t.Errorf("start banner lacks %q:\n%s", want, printed)
		}
	}
}

func TestBindKeepsStoredSettingsWithoutEnvironment(t *testing.T) {
	t.Parallel()

	app := newApp(t)
	defer app.Cleanup()

	app.Settings().Meta.AppURL = "https://books.example.com"
	if err := app.Save(app.Settings()); err != nil {
		t.Fatal(err)
	}

	var out bytes.Buffer
	Bind(app, Options{Config: Config{Demo: true}, Out: &out, Command: "./folio"})
	if err := serve(t, app, "127.0.0.1:8097"); err != nil {
		t.Fatal(err)
	}

	s := app.Settings()
	if s.Meta.AppURL != "https://books.example.com" || s.SMTP.Enabled || !s.RateLimits.Enabled {
		t.Errorf("stored settings changed: %+v %+v %v", s.Meta, s.SMTP, s.RateLimits.Enabled)
	}

	// Second start of the same data dir.
	out.Reset()
	if err := serve(t, app, "127.0.0.1:8097"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Demo account: demo@folio.test (password was printed when the data dir was created)") {
		t.Errorf("restart banner:\n%s", out.String())
	}
}

func TestBindAppliesBackupVariables(t *testing.T) {
	t.Parallel()

	app := newApp(t)
	defer app.Cleanup()

	cfg, err := LoadConfig(env(map[string]string{
		EnvBackupCron: "15 1 * * *", EnvBackupKeep: "30",
		EnvBackupS3Bucket: "books", EnvBackupS3Region: "auto", EnvBackupS3Endpoint: "http://127.0.0.1:9000",
		EnvBackupS3Key: "AK", EnvBackupS3Secret: "SK", EnvBackupS3Path: "1",
	}))
	if err != nil {
		t.Fatal(err)
	}
	Bind(app, Options{Config: cfg, Out: &bytes.Buffer{}, Command: "./folio"})
	if err := serve(t, app, "127.0.0.1:8097"); err != nil {
		t.Fatal(err)
	}
	if err := app.ReloadSettings(); err != nil {
		t.Fatal(err)
	}
	b := app.Settings().Backups
	if b.Cron != "15 1 * * *" || b.CronMaxKeep != 30 || !b.S3.Enabled || b.S3.Bucket != "books" ||
		b.S3.Endpoint != "http://127.0.0.1:9000" || !b.S3.ForcePathStyle || b.S3.Secret != "SK" {
		t.Errorf("backups = %+v", b)
	}

	// "off" stops the automatic backups.
	off, err := LoadConfig(env(map[string]string{EnvBackupCron: "off"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := applySettings(app, off, ""); err != nil {
		t.Fatal(err)
	}
	if app.Settings().Backups.Cron != "" {
		t.Errorf("cron = %q after off", app.Settings().Backups.Cron)
	}
}

func TestBindStopsOnABadKeyFile(t *testing.T) {
	app := newApp(t)
	defer app.Cleanup()

	if err := os.WriteFile(filepath.Join(app.DataDir(), TOTPKeyFileName), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	Bind(app, Options{Config: Config{}, Out: &bytes.Buffer{}, Keyring: NewKeyring(app.DataDir, "")})
	if err := serve(t, app, "127.0.0.1:8097"); err == nil || !strings.Contains(err.Error(), "TOTP") {
		t.Errorf("err = %v", err)
	}
}
