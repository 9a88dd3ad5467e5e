package boot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestKeyringFromEnv(t *testing.T) {
	key := strings.Repeat("e", 32)
	dir := t.TempDir()
	k := NewKeyring(func() string { return dir }, key)
	got, err := k.Get()
	if err != nil || got != key {
		t.Fatalf("Get = %q, %v", got, err)
	}
	if _, err := os.Stat(filepath.Join(dir, TOTPKeyFileName)); !os.IsNotExist(err) {
		t.Error("no key file may be written when the env gives the key")
	}

	if _, err := NewKeyring(func() string { return dir }, "short").Get(); err == nil {
		t.Error("a short env key must be refused")
	}
}

func TestKeyringFile(t *testing.T) {
	dir := t.TempDir()

	first, err := NewKeyring(func() string { return dir }, "").Get()
	if err != nil || len(first) != 32 {
		t.Fatalf("Get = %q, %v", first, err)
	}

	fi, err := os.Stat(filepath.Join(dir, TOTPKeyFileName))
	if err != nil {
		t.Fatal(err)
	}
	if perm := fi.Mode().Perm(); perm != 0o600 {
		t.Errorf("key file mode = %o, want 600", perm)
	}

	again, err := NewKeyring(func() string { return dir }, "").Get()
	if err != nil || again != first {
		t.Errorf("restart must reuse the key: %q vs %q (%v)", again, first, err)
	}
}

func TestKeyringCorruptFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, TOTPKeyFileName), []byte("too short\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := NewKeyring(func() string { return dir }, "").Get(); err == nil {
		t.Error("a damaged key file must stop the start, not be replaced")
	}
}
