// Package testapp builds PocketBase test apps from Folio's own migrations.
//
// Tests never use PocketBase's fixture data: the first call migrates an
// empty temp data dir once (system migrations plus ours), and every test app
// is a fresh clone of it, which is much cheaper than migrating each time.
package testapp

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	_ "folio/server/migrations" // registers our migrations for RunAllMigrations
)

var (
	templateOnce sync.Once
	templateDir  string
	templateErr  error
)

func buildTemplate() {
	dir, err := os.MkdirTemp("", "folio_test_template_*")
	if err != nil {
		templateErr = err
		return
	}

	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir, EncryptionEnv: "pb_test_env"})
	if err := app.Bootstrap(); err != nil {
		templateErr = fmt.Errorf("bootstrap template: %w", err)
		return
	}
	if err := app.RunAllMigrations(); err != nil {
		templateErr = fmt.Errorf("migrate template: %w", err)
		return
	}
	// Closes the databases so the files on disk are complete before cloning.
	if err := app.ResetBootstrapState(); err != nil {
		templateErr = err
		return
	}

	templateDir = dir
}

// New returns a test app on a fresh temp clone of the migrated template.
// The caller (or tests.ApiScenario) must call Cleanup on it.
func New(t testing.TB) *tests.TestApp {
	t.Helper()

	templateOnce.Do(buildTemplate)
	if templateErr != nil {
		t.Fatalf("test data template: %v", templateErr)
	}

	app, err := tests.NewTestApp(templateDir)
	if err != nil {
		t.Fatalf("new test app: %v", err)
	}

	return app
}

// Main runs the package's tests and removes the shared template afterwards.
// Call it from TestMain: func TestMain(m *testing.M) { testapp.Main(m) }.
func Main(m *testing.M) {
	code := m.Run()
	if templateDir != "" {
		_ = os.RemoveAll(templateDir)
	}
	os.Exit(code)
}
