package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// ImportExpenses is the imports' kind of expenses (issue 32: the receipts
// of another tool, each with its VAT lines, imported like open invoices).
const ImportExpenses = "expenses"

// FieldImportCreatedVendors is the ids of the vendors an import of
// expenses created for them (its undo deletes those left with no
// expense).
const FieldImportCreatedVendors = "created_vendors"

// Expenses can be imported from a file too: the imports' kind gets the
// value "expenses", and an import keeps the vendors it created.
func init() {
	m.Register(func(app core.App) error {
		if err := setImportKinds(app, append(ImportKinds, ImportExpenses)); err != nil {
			return err
		}
		c, err := app.FindCollectionByNameOrId(ImportsCollection)
		if err != nil {
			return err
		}
		c.Fields.Add(&core.JSONField{Name: FieldImportCreatedVendors, MaxSize: 8 << 20})
		return app.Save(c)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId(ImportsCollection)
		if err != nil {
			return err
		}
		c.Fields.RemoveByName(FieldImportCreatedVendors)
		if err := app.Save(c); err != nil {
			return err
		}
		return setImportKinds(app, ImportKinds)
	})
}
