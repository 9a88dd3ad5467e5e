package migrations_test

import (
	"testing"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// TestAutomaticBackups: a new data dir backs itself up daily, keeping 7.
func TestAutomaticBackups(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()

	b := app.Settings().Backups
	if b.Cron != migrations.DefaultBackupCron || b.CronMaxKeep != migrations.DefaultBackupKeep || b.S3.Enabled {
		t.Errorf("backups = cron %q keep %d s3 %v, want daily, 7, local", b.Cron, b.CronMaxKeep, b.S3.Enabled)
	}
	if b.Cron != "0 3 * * *" || b.CronMaxKeep != 7 {
		t.Errorf("the README promises daily at 03:00 UTC keeping 7; got %q / %d", b.Cron, b.CronMaxKeep)
	}
}
