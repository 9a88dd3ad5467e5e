// Package testapp builds PocketBase test apps from Folio's own migrations.
//
// Tests never use PocketBase's fixture data: the first call migrates an
// empty temp data dir once (system migrations plus ours), and every test app
// is a fresh clone of it, which is much cheaper than migrating each time.
//
// It also holds what the packages' tests share (fixtures.go): one fixed
// clock, the fixture users and their sign-in.
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

	fixturesMu sync.Mutex
	fixtures   = map[string]*fixture{}
)

// fixture is a data dir filled once per test binary and cloned per test.
type fixture struct {
	once sync.Once
	dir  string
	err  error
}

func buildTemplate() {
	dir, err := os.MkdirTemp("", "folio_test_template_*")
	if err != nil {
		templateErr = err
		return
	}

	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir, EncryptionEnv: "pb_test_env"})
	if err := app.Bootstrap(); err != nil {
		templateErr = fmt.Errorf("bootstrap template: %w", err)
		_ = os.RemoveAll(dir)
		return
	}
	if err := app.RunAllMigrations(); err != nil {
		templateErr = fmt.Errorf("migrate template: %w", err)
		_ = app.ResetBootstrapState()
		_ = os.RemoveAll(dir)
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

// Fixture returns a test app on a fresh clone of a data dir that build
// filled once per test binary (on a clone of the migrated template). Tests
// that need the same records share the cost of creating them: build runs
// once, every test gets its own copy to change. The returned app has no
// hooks bound; bind what the test needs, as build did.
func Fixture(t testing.TB, name string, build func(app *tests.TestApp) error) *tests.TestApp {
	t.Helper()

	fixturesMu.Lock()
	f := fixtures[name]
	if f == nil {
		f = &fixture{}
		fixtures[name] = f
	}
	fixturesMu.Unlock()

	f.once.Do(func() {
		app := New(t)
		if err := build(app); err != nil {
			f.err = err
			app.Cleanup()
			return
		}
		// Closes the databases so the files on disk are complete; the dir
		// is kept (Cleanup would delete it) and removed by Main.
		if err := app.ResetBootstrapState(); err != nil {
			f.err = err
			_ = os.RemoveAll(app.DataDir())
			return
		}
		f.dir = app.DataDir()
	})
	if f.err != nil {
		t.Fatalf("fixture %s: %v", name, f.err)
	}

	app, err := tests.NewTestApp(f.dir)
	if err != nil {
		t.Fatalf("clone fixture %s: %v", name, err)
	}
	return app
}

// Main runs the package's tests and removes the shared template and
// fixtures afterwards. Call it from TestMain:
// func TestMain(m *testing.M) { testapp.Main(m) }.
func Main(m *testing.M) {
	code := m.Run()
	stopStripeMock()
	if templateDir != "" {
		_ = os.RemoveAll(templateDir)
	}
	for _, f := range fixtures {
		if f.dir != "" {
			_ = os.RemoveAll(f.dir)
		}
	}
	os.Exit(code)
}
