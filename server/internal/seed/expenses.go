package seed

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/billing"
	"folio/server/migrations"
)

// demoVendor is one of the demo business's vendors (a German business,
// like the demo).
type demoVendor struct{ name, address, vatID, iban, email string }

var demoVendors = []demoVendor{
	{"Hafenblick Immobilien GmbH", "Große Elbstraße 40\n22767 Hamburg", "DE812345671", "DE77100100100123456789", "miete@hafenblick.example"},
	{"Cloudwerk Software AG", "Torstraße 19\n10119 Berlin", "DE298765432", "DE44500105175407324931", "billing@cloudwerk.example"},
	{"Nordbahn Reisen", "Hachmannplatz 16\n20099 Hamburg", "", "", ""},
	{"Papierhaus Krüger", "Mönckebergstraße 7\n20095 Hamburg", "DE134679258", "DE09700202700015820000", ""},
	{"Funknetz Telekom GmbH", "Landsberger Straße 110\n80339 München", "DE246813579", "DE64120300000001234567", "rechnung@funknetz.example"},
	{"Elbversicherung AG", "Ballindamm 3\n20095 Hamburg", "", "", ""},
}

// demoExpense is one receipt: how many days before today, its vendor
// (index in demoVendors), its category (index in the default list), what
// it was for (and from whom, without a vendor: -1) and its VAT lines;
// paidAfter is -1 while it is unpaid.
type demoExpense struct {
	daysAgo, vendor, category int
	description, vendorName   string
	lines                     []map[string]any
	method                    string
	paidAfter                 int
}

// gross is a VAT line from its gross amount, net one from its net amount.
func gross(rate float64, cents int64) map[string]any {
	return map[string]any{"rate": rate, "gross_cents": cents}
}
func net(rate float64, cents int64) map[string]any {
	return map[string]any{"rate": rate, "net_cents": cents}
}

// The default list's categories by place (billing.DefaultExpenseCategories).
const (
	catRent = iota
	catTravel
	catSoftware
	catOffice
	catMeals
	catPhone
	catInsurance
	catFees
)

// demoExpenses are the last two quarters' costs: the monthly rent, the
// software and the phone (19 %), train tickets (7 %), a restaurant bill
// with food and drinks on one receipt (7 % and 19 %), the insurance and
// the bank's fees (0 %); the two most recent are not paid yet.
var demoExpenses = []demoExpense{
	{175, 0, catRent, "Office rent", "", []map[string]any{net(19, 120000)}, "bank_transfer", 2},
	{170, 1, catSoftware, "Design software, annual licence", "", []map[string]any{gross(19, 71400)}, "card", 0},
	{160, 2, catTravel, "Train Hamburg–Munich and back", "", []map[string]any{gross(7, 27820)}, "card", 0},
	{145, 0, catRent, "Office rent", "", []map[string]any{net(19, 120000)}, "bank_transfer", 2},
	{138, 3, catOffice, "Paper, toner and folders", "", []map[string]any{gross(19, 8627)}, "cash", 0},
	{120, 4, catPhone, "Phone and internet", "", []map[string]any{gross(19, 5990)}, "direct_debit", 3},
	{115, 0, catRent, "Office rent", "", []map[string]any{net(19, 120000)}, "bank_transfer", 2},
	{96, 5, catInsurance, "Professional liability insurance", "", []map[string]any{gross(0, 48900)}, "bank_transfer", 10},
	{85, 0, catRent, "Office rent", "", []map[string]any{net(19, 120000)}, "bank_transfer", 2},
	{78, -1, catMeals, "Takeaway lunch and drinks for a workshop", "Restaurant Alsterblick", []map[string]any{gross(7, 6420), gross(19, 1785)}, "card", 0},
	{64, 2, catTravel, "Train to Bremen", "", []map[string]any{gross(7, 4990)}, "card", 0},
	{55, 0, catRent, "Office rent", "", []map[string]any{net(19, 120000)}, "bank_transfer", 2},
	{40, -1, catFees, "Bank account fees", "Commerzbank", []map[string]any{gross(0, 1290)}, "direct_debit", 0},
	{25, 0, catRent, "Office rent", "", []map[string]any{net(19, 120000)}, "bank_transfer", -1},
	{12, 4, catPhone, "Phone and internet", "", []map[string]any{gross(19, 5990)}, "direct_debit", -1},
}

// demoExpenseRecords gives the demo business its vendors and the last two
// quarters' expenses, through the hooks (which compute the totals), with
// the categories of its default list in its document language.
func demoExpenseRecords(app core.App, businessID string, now time.Time) error {
	return app.RunInTransaction(func(tx core.App) error {
		business, err := tx.FindRecordById(migrations.BusinessesCollection, businessID)
		if err != nil {
			return err
		}
		categories := billing.DefaultExpenseCategories(business.GetString(migrations.FieldDocumentLanguage))
		vendors, err := tx.FindCachedCollectionByNameOrId(migrations.VendorsCollection)
		if err != nil {
			return err
		}
		expenses, err := tx.FindCachedCollectionByNameOrId(migrations.ExpensesCollection)
		if err != nil {
			return err
		}
		ids := make([]string, len(demoVendors))
		for i, v := range demoVendors {
			rec := core.NewRecord(vendors)
			rec.Load(map[string]any{"business": businessID, "name": v.name, "address": v.address, "country": "DE",
				"vat_id": v.vatID, "iban": v.iban, "email": v.email})
			if err := tx.Save(rec); err != nil {
				return err
			}
			ids[i] = rec.Id
		}
		today := dateOnly(now)
		for _, x := range demoExpenses {
			day := today.AddDate(0, 0, -x.daysAgo)
			rec := core.NewRecord(expenses)
			rec.Load(map[string]any{"business": businessID, "date": day, "description": x.description,
				"category": categories[x.category], "currency": "EUR", migrations.FieldVATLines: x.lines,
				migrations.FieldExpensePaymentMethod: x.method, migrations.FieldPaymentState: migrations.ExpenseUnpaid})
			if x.vendor >= 0 {
				rec.Set(migrations.FieldVendor, ids[x.vendor])
			} else {
				rec.Set(migrations.FieldVendorName, x.vendorName)
			}
			if x.paidAfter >= 0 {
				rec.Set(migrations.FieldPaymentState, migrations.ExpensePaid)
				rec.Set(migrations.FieldPaidOn, day.AddDate(0, 0, x.paidAfter))
			} else {
				rec.Set("due_date", day.AddDate(0, 0, 14))
			}
			if err := tx.Save(rec); err != nil {
				return err
			}
		}
		return nil
	})
}
