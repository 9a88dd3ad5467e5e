package boot

import (
	"io/fs"
	"os"
	"path/filepath"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// bindPrivateDataDir keeps the books to their owner on the machine: the
// data directory holds every customer, invoice, password hash and backup,
// so no other account may read it. Files the server creates from now on
// are made without group or other permissions (umask 077, set before
// PocketBase opens or creates anything), and what an older version left
// readable is tightened once the app has bootstrapped.
func bindPrivateDataDir(app core.App) {
	app.OnBootstrap().Bind(&hook.Handler[*core.BootstrapEvent]{
		Id: "folioPrivateDataDir",
		Func: func(e *core.BootstrapEvent) error {
			restrictNewFiles()
			if err := e.Next(); err != nil {
				return err
			}
			return MakePrivate(e.App.DataDir())
		},
	})
}

// MakePrivate takes the group and other permissions off dir and everything
// in it: directories become 0700 and files keep only their owner's bits
// (0644 becomes 0600). Symbolic links are left alone, and so is their target.
// dir itself is tightened last, so a dir that is already 0700 has been done
// (or was made under umask 077) and is not walked again: a start does not
// read every uploaded file's metadata.
func MakePrivate(dir string) error {
	if info, err := os.Stat(dir); err == nil && info.Mode().Perm() == 0o700 {
		return nil
	}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path == dir || d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		mode := info.Mode().Perm()
		want := mode &^ 0o077
		if d.IsDir() {
			want = 0o700
		}
		if want == mode {
			return nil
		}
		return os.Chmod(path, want)
	})
	if err != nil {
		return err
	}
	return os.Chmod(dir, 0o700)
}
