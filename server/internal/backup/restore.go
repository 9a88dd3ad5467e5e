package backup

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/archive"
	"github.com/pocketbase/pocketbase/tools/osutils"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/spf13/cobra"
)

// rootExclude are the data dir's entries a restore leaves where they are:
// the backups themselves, PocketBase's temp dir (where the old data goes)
// and its certificate cache.
var rootExclude = []string{core.LocalBackupsDirName, core.LocalTempDirName, core.LocalAutocertCacheDirName, "lost+found"}

// archiveExclude are the entries a backup leaves out (as PocketBase's own).
var archiveExclude = []string{core.LocalBackupsDirName, core.LocalTempDirName, core.LocalNotifyDirName, core.LocalAutocertCacheDirName, "lost+found"}

// ReplicaWorkDir is Litestream's folder beside data.db (package replica);
// a backup made while the server streamed holds it.
const ReplicaWorkDir = ".data.db-litestream"

// Restored says what a restore did.
type Restored struct {
	From string // the backup that is now the data
	// Previous is the backup of the data as it was before, in the backups
	// dir, to undo the restore; empty when the data dir had no database.
	Previous string
}

// Restore replaces the data in dataDir with the backup file (a path, or the
// name of a file in <dataDir>/backups). The server must be stopped. The
// backup is checked first (a zip with a sound data.db); the data as it was
// is zipped into <dataDir>/backups/pre_restore_<time>.zip, then moved into
// PocketBase's temp dir (deleted at the next start), and the backup's
// content takes its place. Nothing is changed when a check fails.
func Restore(dataDir, file string, now time.Time) (Restored, error) {
	var res Restored
	src, err := findBackup(dataDir, file)
	if err != nil {
		return res, err
	}
	res.From = src

	tempRoot := filepath.Join(dataDir, core.LocalTempDirName)
	if err := os.MkdirAll(tempRoot, 0o700); err != nil {
		return res, err
	}
	extracted := filepath.Join(tempRoot, "restoring_"+security.PseudorandomString(8))
	defer os.RemoveAll(extracted)

	if err := archive.Extract(src, extracted); err != nil {
		return res, fmt.Errorf("%s is not a readable zip: %w", src, err)
	}
	if err := checkDatabase(filepath.Join(extracted, "data.db")); err != nil {
		return res, fmt.Errorf("%s is not a Folio backup: %w", src, err)
	}
	// The replica's work files describe the database as it was streamed,
	// not as the backup has it: the replication rebuilds them from the
	// restored data.db.
	if err := os.RemoveAll(filepath.Join(extracted, ReplicaWorkDir)); err != nil {
		return res, err
	}

	if _, err := os.Stat(filepath.Join(dataDir, "data.db")); err == nil {
		backups := filepath.Join(dataDir, core.LocalBackupsDirName)
		if err := os.MkdirAll(backups, 0o700); err != nil {
			return res, err
		}
		res.Previous = filepath.Join(backups, "pre_restore_"+now.UTC().Format("20060102150405")+".zip")
		if err := archive.Create(dataDir, res.Previous, archiveExclude...); err != nil {
			return res, fmt.Errorf("save the current data before restoring: %w", err)
		}
	}

	old := filepath.Join(tempRoot, "old_data_"+security.PseudorandomString(8))
	if err := osutils.MoveDirContent(dataDir, old, rootExclude...); err != nil {
		return res, fmt.Errorf("move the current data aside: %w", err)
	}
	if err := osutils.MoveDirContent(extracted, dataDir, rootExclude...); err != nil {
		// Put the old data back before giving up.
		if back := osutils.MoveDirContent(old, dataDir, rootExclude...); back != nil {
			return res, fmt.Errorf("restore failed (%v) and the old data stays in %s: %w", err, old, back)
		}
		return res, fmt.Errorf("move the backup into place: %w", err)
	}
	return res, keepPrivate(dataDir)
}

// findBackup resolves file as a path, else as a name in the backups dir.
func findBackup(dataDir, file string) (string, error) {
	if file == "" {
		return "", errors.New("name the backup to restore: a .zip file or a name in the backups folder")
	}
	for _, p := range []string{file, filepath.Join(dataDir, core.LocalBackupsDirName, filepath.Base(file))} {
		if info, err := os.Stat(p); err == nil && info.Mode().IsRegular() {
			abs, err := filepath.Abs(p)
			if err != nil {
				return "", err
			}
			return abs, nil
		}
	}
	return "", fmt.Errorf("no backup %q (neither a file nor in %s)", file, filepath.Join(dataDir, core.LocalBackupsDirName))
}

// checkDatabase opens db and asks SQLite whether it is whole, and whether
// it is PocketBase's (it has the collections table).
func checkDatabase(db string) error {
	if _, err := os.Stat(db); err != nil {
		return errors.New("it has no data.db")
	}
	conn, err := core.DefaultDBConnect(db)
	if err != nil {
		return err
	}
	defer conn.Close()
	var result string
	if err := conn.NewQuery("PRAGMA integrity_check").Row(&result); err != nil {
		return err
	}
	if result != "ok" {
		return fmt.Errorf("data.db is damaged: %s", result)
	}
	var n int
	if err := conn.NewQuery("SELECT COUNT(*) FROM _collections").Row(&n); err != nil || n == 0 {
		return errors.New("data.db has no collections")
	}
	return nil
}

// keepPrivate takes group and other permissions off the restored files,
// as the server keeps its data dir (boot.MakePrivate).
func keepPrivate(dir string) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		want := info.Mode().Perm() &^ 0o077
		if d.IsDir() {
			want = 0o700
		}
		if want == info.Mode().Perm() {
			return nil
		}
		return os.Chmod(path, want)
	})
}

// NoBootstrap is the annotation of a command that works on the data dir's
// files itself, so the command runner must not open (or create) data.db in
// --dir before it runs.
const NoBootstrap = "folio.noBootstrap"

// NewRestoreCommand is `folio restore <backup.zip>`: it replaces the data
// of --dir with the backup. Stop the server first. It does not open the
// databases, so a missing backup leaves a new --dir empty.
func NewRestoreCommand(app core.App) *cobra.Command {
	return &cobra.Command{
		Use:         "restore <backup.zip>",
		Annotations: map[string]string{NoBootstrap: "true"},
		Short:       "Replace the data dir with a backup (stop the server first)",
		Long: "Replace the data in --dir with a backup: a .zip path, or the name of a file in <dir>/backups.\n" +
			"The current data is kept as <dir>/backups/pre_restore_<time>.zip. Stop the server first.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dataDir := app.DataDir()
			// Close the databases, should a runner have opened them.
			if err := app.ResetBootstrapState(); err != nil {
				return err
			}
			res, err := Restore(dataDir, args[0], time.Now())
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "Restored %s into %s.\n", res.From, dataDir)
			if res.Previous != "" {
				fmt.Fprintf(out, "The data as it was is in %s (restore it the same way to undo).\n", res.Previous)
			}
			fmt.Fprintln(out, "Start the server again; it upgrades an older backup's schema on start.")
			return nil
		},
	}
}

// NewBackupCommand is `folio backup [name]`: a backup of --dir into
// <dir>/backups now. Use it with the server stopped; while it runs, use the
// admin UI's Backups page, which backs up inside the server.
func NewBackupCommand(app core.App) *cobra.Command {
	return &cobra.Command{
		Use:   "backup [name.zip]",
		Short: "Back up the data dir into <dir>/backups now (server stopped)",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := "backup_" + time.Now().UTC().Format("20060102150405") + ".zip"
			if len(args) == 1 {
				name = filepath.Base(args[0])
				if !strings.HasSuffix(name, ".zip") {
					name += ".zip"
				}
			}
			if err := app.CreateBackup(context.Background(), name); err != nil {
				return err
			}
			where := filepath.Join(app.DataDir(), core.LocalBackupsDirName, name)
			if s3 := app.Settings().Backups.S3; s3.Enabled {
				where = name + " in the S3 bucket " + s3.Bucket
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Backed up into %s.\n", where)
			return nil
		},
	}
}
