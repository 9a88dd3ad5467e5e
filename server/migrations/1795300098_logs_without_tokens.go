package migrations

import (
	"encoding/json"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"

	"folio/server/internal/logredact"
)

// redactPage is how many log rows RedactOldLogs reads at a time.
const redactPage = 500

// RedactOldLogs runs the log redaction (package logredact) over the rows
// logged before it existed: request logs kept the public links' tokens,
// download tickets and the account mails' tokens in their URL, message
// and referer. Rows without a secret are left alone. Backups made before
// still hold the old rows; nothing here can reach them.
func RedactOldLogs(app core.App) error {
	if !app.AuxHasTable(core.LogsTableName) {
		return nil
	}
	type row struct {
		ID      string             `db:"id"`
		Message string             `db:"message"`
		Data    types.JSONMap[any] `db:"data"`
	}
	last := ""
	for {
		var rows []row
		err := app.AuxDB().Select("id", "message", "data").From(core.LogsTableName).
			Where(dbx.NewExp("[[id]] > {:last}", dbx.Params{"last": last})).
			OrderBy("id").Limit(redactPage).All(&rows)
		if err != nil {
			return err
		}
		for _, r := range rows {
			message, data := logredact.Record(r.Message, r.Data)
			before, _ := json.Marshal(r.Data)
			after, _ := json.Marshal(data)
			if message == r.Message && string(before) == string(after) {
				continue
			}
			_, err := app.AuxDB().Update(core.LogsTableName,
				dbx.Params{"message": message, "data": data}, dbx.HashExp{"id": r.ID}).Execute()
			if err != nil {
				return err
			}
		}
		if len(rows) < redactPage {
			return nil
		}
		last = rows[len(rows)-1].ID
	}
}

func init() {
	// Nothing to undo: the secrets are gone, and should be.
	m.Register(RedactOldLogs, func(core.App) error { return nil })
}
