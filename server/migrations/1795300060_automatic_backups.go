package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Automatic backups are on from the first start: PocketBase's own backup
// job zips the data dir (databases, uploaded files, the TOTP key file)
// into <dataDir>/backups every day at 03:00 UTC and keeps the last 7.
// An admin may change this in the admin UI (Settings → Backups), and the
// environment (FOLIO_BACKUP_CRON, FOLIO_BACKUP_KEEP, FOLIO_BACKUP_S3_*)
// overrides it at every start.
const (
	// DefaultBackupCron is the default schedule: daily at 03:00 UTC.
	DefaultBackupCron = "0 3 * * *"
	// DefaultBackupKeep is how many automatic backups are kept.
	DefaultBackupKeep = 7
)

func init() {
	m.Register(func(app core.App) error {
		s := app.Settings()
		if s.Backups.Cron == "" {
			s.Backups.Cron = DefaultBackupCron
			s.Backups.CronMaxKeep = DefaultBackupKeep
		}
		return app.Save(s)
	}, func(app core.App) error {
		s := app.Settings()
		if s.Backups.Cron == DefaultBackupCron {
			s.Backups.Cron = ""
			s.Backups.CronMaxKeep = 0
		}
		return app.Save(s)
	})
}
