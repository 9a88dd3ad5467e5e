package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// ImportVendors is the imports' kind of vendors (issue 32: the vendor
// list of another tool, imported like customers).
const ImportVendors = "vendors"

// Vendors can be imported from a file too: the imports' kind gets the
// value "vendors".
func init() {
	m.Register(func(app core.App) error {
		return setImportKinds(app, ImportKinds)
	}, func(app core.App) error {
		return setImportKinds(app, []string{ImportCustomers, ImportItems, ImportInvoices})
	})
}
