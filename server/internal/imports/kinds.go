package imports

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/billing"
	"folio/server/migrations"
)

// kindSpec is what differs between importing customers and items: the
// collection, the fields a column can fill and their headers, how a row
// becomes a record's values, which fields are enough to name a record,
// and what makes a row one that is already there.
type kindSpec struct {
	collection string
	fields     []string
	aliases    map[string][]string
	// named: the mapping must have one of these fields.
	named  []string
	decide func(m Mapping, n int, cells []string, currency string) (map[string]any, []Problem)
	// same lists the fields a row is matched on, in order, each with how
	// its value is compared.
	same []sameField
	// order, when set, orders the records already there so the one a row
	// matches is the first of those alike.
	order []string
	// usedBy, when set, is the collection and field of the records that
	// keep a created record from being undone (a vendor's expenses: its
	// deletion would leave them without their vendor), and the refusal.
	usedBy *usedBy
	// label is the column a record already there is named by in the
	// duplicates ("name" when empty).
	label string
	// write, when set, saves a new record itself (an open invoice: a
	// draft, sent, and its payment); update, when set, updates a
	// duplicate itself and answers what the undo restores (nil when the
	// row changes nothing).
	write  func(app core.App, req *request, rec *core.Record, values map[string]any, n int) ([]Problem, error)
	update func(app core.App, req *request, rec *core.Record, values map[string]any, n int) (*previousValues, []Problem, error)
	// undoCreate and undoUpdate, when set, take back a created or an
	// updated record themselves (an open invoice and its payment); else
	// a created record is deleted and an updated one gets its previous
	// values back.
	undoCreate func(tx core.App, imp, rec *core.Record) error
	undoUpdate func(tx core.App, imp, rec *core.Record, prev previousValues) error
	// groupKey, when set, is what makes rows one record ("" for a row of
	// its own), and merge adds a row to the values of its group's first.
	groupKey func(values map[string]any) string
	merge    func(into, row map[string]any)
}

// usedBy is a collection whose records refer to an imported record by
// field, and the refusal of an undo that would delete one referred to.
type usedBy struct {
	collection, field, code, message string
}

// sameField is a field that makes a row the same record as one already
// there, and how its values are compared.
type sameField struct {
	field string
	key   func(string) string
	// with are more fields the record must have alike too (an expense:
	// its number with its vendor and its date).
	with []sameField
}

func lower(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

var kinds = map[string]*kindSpec{
	migrations.ImportCustomers: {
		collection: migrations.CustomersCollection,
		fields:     CustomerFields,
		aliases:    customerAliases,
		named:      []string{"name", "contact_first", "contact_last"},
		decide: func(m Mapping, n int, cells []string, _ string) (map[string]any, []Problem) {
			return decideRow(m, n, cells)
		},
		same: []sameField{{field: "email", key: lower}, {field: "tax_id", key: taxKey}},
	},
	migrations.ImportItems: {
		collection: migrations.ItemsCollection,
		fields:     ItemFields,
		aliases:    itemAliases,
		named:      []string{"name"},
		decide:     decideItemRow,
		same:       []sameField{{field: migrations.FieldItemSKU, key: strings.TrimSpace}, {field: "name", key: lower}},
	},
	migrations.ImportInvoices: {
		collection: migrations.InvoicesCollection,
		fields:     InvoiceFields,
		aliases:    invoiceAliases,
		named:      []string{"number"},
		decide:     decideInvoiceRow,
		same:       []sameField{{field: "number", key: lower}},
		label:      "number",
		write:      writeInvoice,
		update:     updateInvoice,
		undoCreate: undoInvoice,
		undoUpdate: undoInvoiceUpdate,
	},
	// A vendor is matched as a receipt's vendor is
	// (billing.MatchOrCreateVendor): by VAT ID, then IBAN, then name.
	migrations.ImportVendors: {
		collection: migrations.VendorsCollection,
		fields:     VendorFields,
		aliases:    vendorAliases,
		named:      []string{"name", "contact_first", "contact_last"},
		decide:     decideVendorRow,
		same:       vendorSame(),
		order:      billing.VendorPreference,
		usedBy:     &usedBy{migrations.ExpensesCollection, migrations.FieldVendor, "folio_import_undo_vendor_in_use", msgUndoVendorInUse},
	},
	// Rows with the same vendor, number and date are one expense, a VAT
	// line each; one with the same vendor, number and date is already
	// there.
	migrations.ImportExpenses: {
		collection: migrations.ExpensesCollection,
		fields:     ExpenseFields,
		aliases:    expenseAliases,
		named:      []string{"vendor", "vendor_vat_id"},
		decide:     decideExpenseRow,
		same: []sameField{{field: "number", key: lower, with: []sameField{
			{field: migrations.FieldVendorName, key: lower}, {field: "date", key: day},
		}}},
		label:    "number",
		write:    writeExpense,
		update:   updateExpense,
		groupKey: expenseKey,
		merge:    mergeExpense,
	},
}

// day is a date as its day, YYYY-MM-DD (a stored date has its time too).
func day(s string) string { return strings.TrimSpace(s)[:min(10, len(strings.TrimSpace(s)))] }

// vendorSame are billing.VendorKeys as the fields a row is matched on.
func vendorSame() []sameField {
	same := make([]sameField, len(billing.VendorKeys))
	for i, k := range billing.VendorKeys {
		same[i] = sameField{field: k.Field, key: k.Key}
	}
	return same
}
