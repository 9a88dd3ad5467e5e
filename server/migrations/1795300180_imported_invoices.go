package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// FieldInvoiceImported marks an invoice brought in from another tool's
// export (issue 31, open invoices): it keeps the number it had there and
// takes no place in the business's sequence (its seq is negative). Only
// the server sets it; a client's value is dropped.
const FieldInvoiceImported = "imported"

// ImportInvoices is the imports' kind of open invoices.
const ImportInvoices = "invoices"

// An invoice can be an imported one, and open invoices an import's kind.
func init() {
	m.Register(func(app core.App) error {
		if err := addFields(app, InvoicesCollection, &core.BoolField{Name: FieldInvoiceImported}); err != nil {
			return err
		}
		return setImportKinds(app, ImportKinds)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId(InvoicesCollection)
		if err != nil {
			return err
		}
		c.Fields.RemoveByName(FieldInvoiceImported)
		if err := app.Save(c); err != nil {
			return err
		}
		return setImportKinds(app, []string{ImportCustomers, ImportItems})
	})
}
