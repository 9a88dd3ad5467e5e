package boot

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

func TestDecideBackupLine(t *testing.T) {
	cases := []struct {
		name string
		b    core.BackupsConfig
		want string
	}{
		{"default", core.BackupsConfig{Cron: "0 3 * * *", CronMaxKeep: 7},
			"Backups: daily at 03:00 UTC into /data/backups, the last 7 kept (restore: folio restore <file>)"},
		{"own schedule", core.BackupsConfig{Cron: "0 */6 * * *", CronMaxKeep: 28},
			`Backups: on the schedule "0 */6 * * *" (UTC) into /data/backups, the last 28 kept (restore: folio restore <file>)`},
		{"s3", core.BackupsConfig{Cron: "0 3 * * *", CronMaxKeep: 7, S3: core.S3Config{Enabled: true, Bucket: "books"}},
			"Backups: daily at 03:00 UTC into the S3 bucket books, the last 7 kept (restore: folio restore <file>)"},
		{"off", core.BackupsConfig{}, "Backups: automatic backups are off (set FOLIO_BACKUP_CRON to turn them on)"},
	}
	for _, c := range cases {
		if got := decideBackupLine(c.b, "/data"); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}
