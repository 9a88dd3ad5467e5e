package boot

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

func perm(t *testing.T, path string) os.FileMode {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info.Mode().Perm()
}

// An older version left the data directory readable by every account on
// the machine: the next start tightens what is there.
func TestMakePrivateTightensWhatIsThere(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pb_data")
	storage := filepath.Join(dir, "storage", "abc")
	if err := os.MkdirAll(storage, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, dirPath := range []string{dir, filepath.Join(dir, "storage"), storage} {
		if err := os.Chmod(dirPath, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]os.FileMode{
		filepath.Join(dir, "data.db"):      0o644,
		filepath.Join(storage, "logo.png"): 0o664,
		filepath.Join(dir, "tool.sh"):      0o755,
	}
	for path, mode := range files {
		if err := os.WriteFile(path, []byte("x"), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
	}

	if err := MakePrivate(dir); err != nil {
		t.Fatal(err)
	}

	for _, d := range []string{dir, filepath.Join(dir, "storage"), storage} {
		if got := perm(t, d); got != 0o700 {
			t.Errorf("%s: %o, want 700", d, got)
		}
	}
	want := map[string]os.FileMode{
		filepath.Join(dir, "data.db"):      0o600,
		filepath.Join(storage, "logo.png"): 0o600,
		filepath.Join(dir, "tool.sh"):      0o700,
	}
	for path, w := range want {
		if got := perm(t, path); got != w {
			t.Errorf("%s: %o, want %o", path, got, w)
		}
	}
}

// A first start creates the data directory and its databases private to
// the account that runs the server.
func TestBootstrapCreatesAPrivateDataDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pb_data")
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir})
	bindPrivateDataDir(app)
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = app.ResetBootstrapState() }()

	if got := perm(t, dir); got != 0o700 {
		t.Errorf("data dir: %o, want 700", got)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	dbs := 0
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		if filepath.Ext(e.Name()) == ".db" {
			dbs++
		}
		if got := perm(t, filepath.Join(dir, e.Name())); got&0o077 != 0 {
			t.Errorf("%s: %o, readable beyond its owner", e.Name(), got)
		}
	}
	if dbs == 0 {
		t.Fatalf("no database in %s: %v", dir, entries)
	}
}

// A data dir that is already 0700 was tightened by an earlier start (or
// made under umask 077): a start does not walk every uploaded file again.
func TestMakePrivateSkipsADirAlreadyPrivate(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "placed-by-hand.txt")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(file, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := MakePrivate(dir); err != nil {
		t.Fatal(err)
	}
	if got := perm(t, file); got != 0o644 {
		t.Errorf("a private dir was walked again: %o", got)
	}
}
