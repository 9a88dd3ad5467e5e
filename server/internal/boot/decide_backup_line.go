package boot

import (
	"fmt"
	"path/filepath"

	"github.com/pocketbase/pocketbase/core"
)

// decideBackupLine is the start banner's line about automatic backups, so
// an operator sees at every start whether and where the books are saved.
func decideBackupLine(b core.BackupsConfig, dataDir string) string {
	if b.Cron == "" {
		return "Backups: automatic backups are off (set FOLIO_BACKUP_CRON to turn them on)"
	}
	where := filepath.Join(dataDir, core.LocalBackupsDirName)
	if b.S3.Enabled {
		where = "the S3 bucket " + b.S3.Bucket
	}
	when := fmt.Sprintf("on the schedule %q (UTC)", b.Cron)
	if b.Cron == "0 3 * * *" {
		when = "daily at 03:00 UTC"
	}
	return fmt.Sprintf("Backups: %s into %s, the last %d kept (restore: folio restore <file>)", when, where, b.CronMaxKeep)
}
