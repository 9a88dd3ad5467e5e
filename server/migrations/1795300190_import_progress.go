package migrations

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// An import that stopped mid-run (the server restarted or crashed) ends
// "failed" instead of "running" for ever (issue 31, internal/imports):
// the run writes its rows in one transaction, so such an import wrote
// nothing, and its file is free to be imported again. The import keeps
// why it failed (a refusal code) and how many rows its file had.
const (
	// ImportFailed is an import that stopped before it finished.
	ImportFailed = "failed"
	// FieldImportFailure is the code of why an import failed.
	FieldImportFailure = "failure"
	// FieldImportTotal is how many rows the imported file had.
	FieldImportTotal = "total_rows"
)

// importFileIndex is the one run of a file per business, over the imports
// where holds: now those running or done (an undone or failed import frees
// its file).
func importFileIndex(c *core.Collection, where string) {
	c.RemoveIndex("idx_imports_file")
	c.AddIndex("idx_imports_file", true, "`business`, `"+FieldImportFileHash+"`", where)
}

func init() {
	m.Register(func(app core.App) error {
		c, err := app.FindCollectionByNameOrId(ImportsCollection)
		if err != nil {
			return err
		}
		if f, ok := c.Fields.GetByName("status").(*core.SelectField); ok {
			f.Values = []string{ImportRunning, ImportDone, ImportUndone, ImportFailed}
		}
		zero := 0.0
		c.Fields.Add(
			&core.TextField{Name: FieldImportFailure, Max: 100},
			&core.NumberField{Name: FieldImportTotal, OnlyInt: true, Min: &zero},
		)
		importFileIndex(c, "`status` != '"+ImportUndone+"' AND `status` != '"+ImportFailed+"'")
		return app.Save(c)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId(ImportsCollection)
		if err != nil {
			return err
		}
		if _, err := app.DB().Delete(ImportsCollection, dbx.HashExp{"status": ImportFailed}).Execute(); err != nil {
			return err
		}
		if f, ok := c.Fields.GetByName("status").(*core.SelectField); ok {
			f.Values = []string{ImportRunning, ImportDone, ImportUndone}
		}
		c.Fields.RemoveByName(FieldImportFailure)
		c.Fields.RemoveByName(FieldImportTotal)
		importFileIndex(c, "`status` != '"+ImportUndone+"'")
		return app.Save(c)
	})
}
