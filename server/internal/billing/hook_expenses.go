package billing

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// saveExpense checks and completes an expense on every save (API, Go code,
// the received e-invoice reader): the business stays, the vendor is one of
// the business's (or, when only its name is given, the one of that name,
// made if there is none), the currency is the business's default when none is
// given, the VAT lines are checked and completed and the totals are their
// sums (decideExpense; a client's totals are never kept), the due date is
// not before the receipt's date, and a received
// e-invoice's file stays as it came once set.
func saveExpense(e *core.RecordEvent) error {
	r := e.Record
	business := r.GetString(migrations.FieldBusiness)
	orig, err := keepBusiness(e.App, r)
	if err != nil {
		return err
	}
	if !r.IsNew() {
		if kept := orig.GetString(migrations.FieldSourceFile); kept != "" &&
			(r.GetString(migrations.FieldSourceFile) != kept || len(r.GetUnsavedFiles(migrations.FieldSourceFile)) > 0) {
			return refuse(migrations.FieldSourceFile, "folio_expense_source_fixed", msgExpenseSourceFixed)
		}
	}
	if id := r.GetString(migrations.FieldVendor); id != "" {
		vendor, err := ownRecord(e.App, migrations.VendorsCollection, id, business,
			migrations.FieldVendor, "folio_foreign_vendor", msgForeignVendor)
		if err != nil {
			return err
		}
		if strings.TrimSpace(r.GetString(migrations.FieldVendorName)) == "" {
			r.Set(migrations.FieldVendorName, vendor.GetString("name"))
		}
	}
	r.Set(migrations.FieldVendorName, strings.TrimSpace(r.GetString(migrations.FieldVendorName)))
	if due, date := r.GetDateTime("due_date"), r.GetDateTime("date"); !due.IsZero() && due.Time().Before(date.Time()) {
		return refuse("due_date", "folio_due_before_issue", msgDueBeforeIssue)
	}
	currency := strings.ToUpper(strings.TrimSpace(r.GetString("currency")))
	if currency == "" {
		b, err := findBusiness(e.App, business)
		if err != nil {
			return refuse(migrations.FieldBusiness, "folio_owner_missing", msgOwnerMissing)
		}
		currency = orDefault(b.GetString(migrations.FieldDefaultCurrency), migrations.DefaultCurrency)
	}
	r.Set("currency", currency)
	if r.GetString(migrations.FieldPaymentState) == "" {
		r.Set(migrations.FieldPaymentState, migrations.ExpenseUnpaid)
	}
	t, rerr := decideExpense(RawJSON(r, migrations.FieldVATLines), currency)
	if rerr != nil {
		return rerr.api()
	}
	r.Set(migrations.FieldVATLines, t.Lines)
	r.Set(migrations.FieldNetCents, t.NetCents)
	r.Set(migrations.FieldVATCents, t.VATCents)
	r.Set(migrations.FieldTotalCents, t.TotalCents)
	if r.GetString(migrations.FieldVendor) != "" || r.GetString(migrations.FieldVendorName) == "" {
		return e.Next()
	}
	// A receipt typed with a vendor's name only: the vendor list fills
	// itself. The vendor is found by name or made in the expense's
	// transaction, so a refused expense leaves none, and of two receipts
	// of a new vendor at once the second finds the first's.
	return e.App.RunInTransaction(func(tx core.App) error {
		vendor, err := MatchOrCreateVendor(tx, business, VendorFacts{Name: r.GetString(migrations.FieldVendorName)})
		if err != nil {
			return err
		}
		if vendor != nil {
			r.Set(migrations.FieldVendor, vendor.Id)
		}
		e.App = tx
		return e.Next()
	})
}

// saveVendor checks and normalizes a vendor on every save: the business
// stays, the name is trimmed, and the IBAN (without spaces, check digits
// right), the VAT ID (with its country prefix) and the country (two
// letters) are checked as the business's own are.
func saveVendor(e *core.RecordEvent) error {
	r := e.Record
	if _, err := keepBusiness(e.App, r); err != nil {
		return err
	}
	v, rerr := decideVendor(r.GetString("name"), r.GetString(migrations.FieldIBAN), r.GetString("vat_id"), r.GetString("country"))
	if rerr != nil {
		return rerr.api()
	}
	r.Set("name", v.name)
	r.Set(migrations.FieldIBAN, v.iban)
	r.Set("vat_id", v.vatID)
	r.Set("country", v.country)
	r.Set("email", strings.TrimSpace(r.GetString("email")))
	return e.Next()
}

// vendorFields are a vendor's name and identifiers as stored.
type vendorFields struct{ name, iban, vatID, country string }

// decideVendor normalizes a vendor's name and identifiers and refuses an
// IBAN, a VAT ID or a country the business's settings would refuse.
func decideVendor(name, iban, vatID, country string) (vendorFields, *ruleError) {
	v := vendorFields{name: strings.TrimSpace(name)}
	var rerr *ruleError
	if v.iban, _, rerr = decideBank(iban, ""); rerr != nil {
		return v, rerr
	}
	if v.vatID, rerr = decideVATID("vat_id", vatID); rerr != nil {
		return v, rerr
	}
	v.country, rerr = decideCountry("country", country)
	return v, rerr
}

// checkBusinessExpenseCategories checks the business's expense categories
// on every save (decideExpenseCategories): trimmed, each once.
func checkBusinessExpenseCategories(e *core.RecordEvent) error {
	names, rerr := decideExpenseCategories(RawJSON(e.Record, migrations.FieldExpenseCategories))
	if rerr != nil {
		return rerr.api()
	}
	if names != nil {
		e.Record.Set(migrations.FieldExpenseCategories, names)
	}
	return e.Next()
}
