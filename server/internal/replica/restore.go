package replica

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/archive"
	"github.com/spf13/cobra"

	"folio/server/internal/backup"
)

// ErrNotEmpty refuses a restore into a data dir that has data.
var ErrNotEmpty = errors.New("the data dir is not empty")

// RestoreOptions say what to restore where.
type RestoreOptions struct {
	// DataDir receives the data (created when missing).
	DataDir string
	// At is the moment to restore (zero: the latest the replica has).
	At time.Time
	// Force replaces a data dir that has data; the data as it was is kept
	// in <dataDir>/backups/pre_restore_<time>.zip, as `folio restore` does.
	Force bool
	// Now names the pre-restore backup.
	Now time.Time
}

// Restore rebuilds data.db in opts.DataDir from the replica c describes,
// as of opts.At, checked as `folio restore` checks a backup (a whole,
// PocketBase database). Nothing in the data dir changes when it fails.
func Restore(ctx context.Context, c Config, opts RestoreOptions) (backup.Restored, error) {
	var res backup.Restored
	if !opts.Force {
		if entries, err := os.ReadDir(opts.DataDir); err == nil {
			for _, e := range entries {
				if e.Name() != "lost+found" {
					return res, fmt.Errorf("%w: %s has %s; add --force to replace its data (kept in %s/pre_restore_<time>.zip)",
						ErrNotEmpty, opts.DataDir, e.Name(), core.LocalBackupsDirName)
				}
			}
		}
	}
	work, err := os.MkdirTemp("", "folio-replica-restore-")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(work)
	dbDir := filepath.Join(work, "data")
	if err := os.Mkdir(dbDir, 0o700); err != nil {
		return res, err
	}
	client := NewClient(c)
	if err := client.Init(ctx); err != nil {
		return res, fmt.Errorf("replica %s: %w", c.Where(), err)
	}
	r := litestream.NewReplicaWithClient(nil, client)
	opt := litestream.NewRestoreOptions()
	opt.OutputPath = filepath.Join(dbDir, "data.db")
	opt.Timestamp = opts.At
	opt.IntegrityCheck = litestream.IntegrityCheckFull
	if err := r.Restore(ctx, opt); err != nil {
		if errors.Is(err, litestream.ErrTxNotAvailable) || errors.Is(err, litestream.ErrNoSnapshots) {
			if opts.At.IsZero() {
				return res, fmt.Errorf("the replica %s holds no database", c.Where())
			}
			return res, fmt.Errorf("the replica %s holds nothing as early as %s", c.Where(), opts.At.UTC().Format(time.RFC3339))
		}
		return res, fmt.Errorf("restore from %s: %w", c.Where(), err)
	}
	// The rest is `folio restore` of a backup holding this data.db: the
	// same checks, the same keeping of the data as it was.
	zip := filepath.Join(work, "replica.zip")
	if err := archive.Create(dbDir, zip); err != nil {
		return res, err
	}
	if err := os.MkdirAll(opts.DataDir, 0o700); err != nil {
		return res, err
	}
	res, err = backup.Restore(opts.DataDir, zip, opts.Now)
	res.From = c.Where()
	return res, err
}

// AddRestoreFlags teaches `folio restore` to restore from the replica:
// `folio restore --from-replica [--at 2026-11-27T14:03:00Z] [--force] --dir DIR`.
// The replica is FOLIO_REPLICA_URL (and FOLIO_REPLICA_S3_*), or the URL
// given to --from-replica.
func AddRestoreFlags(cmd *cobra.Command, dataDir func() string, getenv func(string) string) {
	var from, at string
	var force bool
	cmd.Flags().StringVar(&from, "from-replica", "", "restore from the replica ("+EnvURL+", or the s3:// or file:// URL given) instead of a backup file")
	cmd.Flags().Lookup("from-replica").NoOptDefVal = "env"
	cmd.Flags().StringVar(&at, "at", "", "with --from-replica: the moment to restore, RFC 3339 (2026-11-27T14:03:00Z); default the latest")
	cmd.Flags().BoolVar(&force, "force", false, "with --from-replica: replace a data dir that has data (it is kept in backups/pre_restore_<time>.zip)")
	cmd.Use = "restore <backup.zip> | --from-replica [--at TIME]"
	cmd.Long += "\nWith --from-replica, rebuild the data dir from the continuous replica as of --at (default: the latest);\n" +
		"a data dir that has data is refused unless --force."
	args, run := cmd.Args, cmd.RunE
	cmd.Args = func(c *cobra.Command, a []string) error {
		if c.Flags().Changed("from-replica") {
			if len(a) > 0 {
				return fmt.Errorf("restore either a backup (%s) or --from-replica, not both", a[0])
			}
			return nil
		}
		return args(c, a)
	}
	cmd.RunE = func(c *cobra.Command, a []string) error {
		if !c.Flags().Changed("from-replica") {
			if at != "" || force {
				return errors.New("--at and --force go with --from-replica")
			}
			return run(c, a)
		}
		env := getenv
		if from != "env" {
			env = func(k string) string {
				if k == EnvURL {
					return from
				}
				return getenv(k)
			}
		}
		cfg, err := LoadConfig(env)
		if err != nil {
			return err
		}
		if cfg == nil {
			return fmt.Errorf("no replica: set %s or give --from-replica=s3://bucket/path", EnvURL)
		}
		opts := RestoreOptions{DataDir: dataDir(), Force: force, Now: time.Now()}
		if at != "" {
			if opts.At, err = time.Parse(time.RFC3339, at); err != nil {
				return fmt.Errorf("--at must be a moment such as 2026-11-27T14:03:00Z, got %q", at)
			}
		}
		res, err := Restore(ctxOrBackground(c.Context()), *cfg, opts)
		if err != nil {
			return err
		}
		out := c.OutOrStdout()
		when := "the latest it holds"
		if !opts.At.IsZero() {
			when = opts.At.UTC().Format(time.RFC3339)
		}
		fmt.Fprintf(out, "Restored %s from %s as of %s.\n", opts.DataDir, res.From, when)
		if res.Previous != "" {
			fmt.Fprintf(out, "The data as it was is in %s.\n", res.Previous)
		}
		fmt.Fprintln(out, "Start the server with the same "+EnvURL+" to go on streaming to the replica.")
		return nil
	}
}

// ctxOrBackground keeps a nil context from cobra out of Litestream.
func ctxOrBackground(ctx context.Context) context.Context {
	if ctx == nil {
		return context.Background()
	}
	return ctx
}
