package main

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
)

// runAsFolio makes the test binary behave as the folio command when a test
// starts it again with this variable set: the real main, the real exit code,
// without linking a second binary.
const runAsFolio = "FOLIO_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(runAsFolio) == "1" {
		os.Args = append([]string{"folio"}, os.Args[1:]...)
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// folio runs the command with args and returns its exit code and stderr.
func folio(t *testing.T, args ...string) (int, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), runAsFolio+"=1", "FOLIO_DEMO=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, stderr.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), stderr.String()
	default:
		t.Fatalf("folio %v: %v", args, err)
		return -1, ""
	}
}

func entries(t *testing.T, dir string) []string {
	t.Helper()
	list, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(list))
	for i, e := range list {
		names[i] = e.Name()
	}
	return names
}

// Every command that fails exits non-zero, so `folio restore x.zip && folio
// serve` stops at the failure; a mistake in the flags or arguments leaves a
// new --dir empty (nothing opened, no data.db created).
func TestCommandsExitNonZeroOnFailure(t *testing.T) {
	cases := []struct {
		name      string
		args      []string
		stderr    string
		untouched bool // --dir stays empty
	}{
		{"serve with an unknown flag", []string{"serve", "--bogus"}, "unknown flag: --bogus", true},
		{"serve on a port that is not one", []string{"serve", "--http=127.0.0.1:99999"}, "invalid port", false},
		{"restore with an unknown flag", []string{"restore", "--unknown-flag"}, "unknown flag: --unknown-flag", true},
		{"restore without a file", []string{"restore"}, "accepts 1 arg", true},
		{"restore of a missing file", []string{"restore", "/nonexistent.zip"}, `no backup "/nonexistent.zip"`, true},
		{"backup with two names", []string{"backup", "a.zip", "b.zip"}, "accepts at most 1 arg", true},
		{"superuser upsert without a password", []string{"superuser", "upsert", "admin@example.com"}, "missing email and password", false},
		{"superuser with an unknown flag", []string{"superuser", "upsert", "--bogus"}, "unknown flag: --bogus", true},
		{"migrate with an unknown action", []string{"migrate", "sideways"}, `unsupported command: "sideways"`, false},
		{"seed with no invoices", []string{"seed", "--invoices", "0"}, "--invoices must be at least 1", false},
		{"seed with an argument", []string{"seed", "extra"}, "unknown command", true},
		{"an unknown command", []string{"nope"}, `unknown command "nope"`, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			code, stderr := folio(t, append(c.args, "--dir", dir)...)
			if code == 0 {
				t.Errorf("exit code 0, want non-zero; stderr:\n%s", stderr)
			}
			if !strings.Contains(stderr, c.stderr) {
				t.Errorf("stderr does not say %q:\n%s", c.stderr, stderr)
			}
			if got := entries(t, dir); c.untouched && len(got) > 0 {
				t.Errorf("--dir was touched: %v", got)
			}
		})
	}
}

// The same commands, well formed, still succeed: a superuser is saved, a
// backup made, and restored by a command that does not open the databases.
func TestCommandsExitZeroOnSuccess(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"superuser", "upsert", "admin@example.com", "a-long-password"},
		{"migrate", "up"},
		{"backup", "before.zip"},
		{"restore", "before.zip"},
	} {
		if code, stderr := folio(t, append(args, "--dir", dir)...); code != 0 {
			t.Fatalf("folio %v: exit code %d\n%s", args, code, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "data.db")); err != nil {
		t.Errorf("no data.db after the restore: %v", err)
	}
}

// The data.db read pool is readConns() connections, all kept open, instead
// of PocketBase's 120 (15 kept): see readConns.
func TestReadPool(t *testing.T) {
	cfg := config()
	cfg.DefaultDataDir = t.TempDir()
	cfg.DefaultDev = false
	pb := pocketbase.NewWithConfig(cfg)
	if err := pb.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	defer pb.ResetBootstrapState()
	db, ok := pb.ConcurrentDB().(*dbx.DB)
	if !ok {
		t.Fatalf("ConcurrentDB is %T", pb.ConcurrentDB())
	}
	if got, want := db.DB().Stats().MaxOpenConnections, 4*runtime.GOMAXPROCS(0); got != want {
		t.Errorf("read pool: %d connections, want %d", got, want)
	}
	// All kept open: a connection closed on release is opened again (the
	// pragmas, the schema) by the next read.
	var conns []*sql.Conn
	for range readConns() {
		c, err := db.DB().Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for _, c := range conns {
		c.Close()
	}
	if got := db.DB().Stats().Idle; got != readConns() {
		t.Errorf("%d connections kept open after %d reads at once, want all", got, readConns())
	}
}
