package webui

import (
	"errors"
	"io/fs"
	"testing"
)

// The embedded build may be empty (only .keep), but FS must always work and
// never expose the placeholder as an app file named index.html.
func TestFSOpens(t *testing.T) {
	fsys := FS()
	if fsys == nil {
		t.Fatal("FS() returned nil")
	}
	if _, err := fs.Stat(fsys, "definitely-missing.js"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("expected ErrNotExist, got %v", err)
	}
}
