package imports

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// A sevDesk receipts export: rows 2 and 3 are one receipt of Papier
// Schmidt (by its VAT ID) at 19 % and 7 %, row 4's VAT doesn't match its
// net amount at 19 %, row 5 is a receipt of a new vendor (gross only),
// row 6 is the expense B-0 already there.
var sevdeskExpenses = []byte("Belegnummer;Belegdatum;Lieferant;USt-IdNr. Lieferant;Beschreibung;Betrag netto;Steuersatz;Steuerbetrag;Betrag brutto;Status\n" +
	"B-1;02.03.2026;Papier Schmidt;DE 811 111 111;Papier;100,00;19;19,00;119,00;bezahlt\n" +
	"B-1;02.03.2026;Papier Schmidt;DE 811 111 111;Bücher;50,00;7;3,50;53,50;bezahlt\n" +
	"B-2;03.03.2026;Druckerei Neu;;Flyer;200,00;19;30,00;;offen\n" +
	"B-3;04.03.2026;Druckerei Neu;;Plakat;;19;;119,00;offen\n" +
	"B-0;01.03.2026;Papier Schmidt GmbH;;Alt;10,00;0;;;offen\n")

// oldExpense adds the expense B-0 of 1 March of Papier Schmidt GmbH.
func (a *importAPI) oldExpense(vendor *core.Record) *core.Record {
	a.T.Helper()
	rec := core.NewRecord(must(a.App.FindCollectionByNameOrId(migrations.ExpensesCollection)))
	for k, v := range map[string]any{"business": alice, "vendor": vendor.Id, "vendor_name": "Papier Schmidt GmbH", "number": "B-0",
		"date": "2026-03-01", "currency": "EUR", "description": "Vorher", "vat_lines": []map[string]any{{"rate": 19, "net_cents": 500}}} {
		rec.Set(k, v)
	}
	if err := a.App.Save(rec); err != nil {
		a.T.Fatal(err)
	}
	return rec
}

// Receipts are imported as typed expenses: the rows of one receipt become
// one expense with a VAT line per rate, a line whose VAT doesn't match is
// its row's problem, the vendor is matched or created, the expense already
// there is a duplicate; undo takes the expenses and the vendors it made.
func TestImportExpenses(t *testing.T) {
	a := newAPI(t)
	papier := a.papier()
	old := a.oldExpense(papier)
	vendors, expenses := a.count(migrations.VendorsCollection), a.count(migrations.ExpensesCollection)
	unchanged := func(what string) {
		t.Helper()
		if a.count(migrations.VendorsCollection) != vendors || a.count(migrations.ExpensesCollection) != expenses {
			t.Errorf("%s wrote %d vendors, %d expenses", what, a.count(migrations.VendorsCollection)-vendors, a.count(migrations.ExpensesCollection)-expenses)
		}
	}
	code, res := a.upload(testapp.Alice.ID, PathPreview, sevdeskExpenses, "kind", "expenses")
	if code != http.StatusOK {
		t.Fatalf("preview = %d %v", code, res)
	}
	if got := strings.Join(problems(res), ","); got != "4 vat_lines folio_expense_vat_mismatch" {
		t.Errorf("problems %s", got)
	}
	if p := res["problems"].([]any)[0].(map[string]any)["params"].(map[string]any); p["rate"] != 19.0 || p["amount"] == nil {
		t.Errorf("the VAT problem says %v", p)
	}
	if got := strings.Join(duplicates(res), ","); got != "6 "+old.Id+" number" {
		t.Errorf("duplicates %s", got)
	}
	if res["created"] != 2.0 || res["failed"] != 1.0 || res["skipped"] != 1.0 {
		t.Errorf("preview: %v", res)
	}
	unchanged("the preview")

	code, res = a.upload(testapp.Alice.ID, PathRun, sevdeskExpenses, "kind", "expenses", "mode", "all")
	if code != http.StatusUnprocessableEntity || refusalCode(res) != "folio_import_rows_invalid" {
		t.Fatalf("all or nothing = %d %v", code, res)
	}
	unchanged("all or nothing")

	code, res = a.upload(testapp.Alice.ID, PathRun, sevdeskExpenses, "kind", "expenses", "mode", "rows", "duplicates", "update")
	if code != http.StatusOK || res["created"] != 2.0 || res["updated"] != 1.0 || res["failed"] != 1.0 {
		t.Fatalf("row by row = %d %v", code, res)
	}
	b1 := a.recordBy(migrations.ExpensesCollection, "number", "B-1")
	if b1 == nil || b1.GetString("vendor") != papier.Id || b1.GetInt("net_cents") != 15000 || b1.GetInt("vat_cents") != 2250 ||
		b1.GetInt("total_cents") != 17250 || b1.GetString("payment_state") != migrations.ExpensePaid || !strings.Contains(b1.GetString("vat_lines"), `"rate":7`) {
		t.Fatalf("the two-rate receipt %v", b1)
	}
	neu := a.vendorBy("name", "Druckerei Neu")
	b3 := a.recordBy(migrations.ExpensesCollection, "number", "B-3")
	if neu == nil || b3 == nil || b3.GetString("vendor") != neu.Id || b3.GetInt("total_cents") != 11900 || b3.GetInt("vat_cents") != 1900 {
		t.Fatalf("the new vendor's receipt %v of %v", b3, neu)
	}
	if a.count(migrations.VendorsCollection) != vendors+1 || a.recordBy(migrations.ExpensesCollection, "number", "B-2") != nil {
		t.Errorf("%d vendors made, B-2 written: %v", a.count(migrations.VendorsCollection)-vendors, a.recordBy(migrations.ExpensesCollection, "number", "B-2"))
	}
	if got := must(a.App.FindRecordById(migrations.ExpensesCollection, old.Id)); got.GetString("description") != "Alt" || got.GetInt("total_cents") != 1000 {
		t.Errorf("updated B-0: %q %d", got.GetString("description"), got.GetInt("total_cents"))
	}

	if code, res := a.undo(testapp.Alice.ID, res["id"].(string)); code != http.StatusOK {
		t.Fatalf("undo = %d %v", code, res)
	}
	unchanged("undo")
	if a.vendorBy("name", "Druckerei Neu") != nil {
		t.Error("undo left the vendor it created")
	}
	if got := must(a.App.FindRecordById(migrations.ExpensesCollection, old.Id)); got.GetString("description") != "Vorher" || got.GetInt("total_cents") != 595 {
		t.Errorf("after undo B-0 is %q %d", got.GetString("description"), got.GetInt("total_cents"))
	}
}

// A vendor the import created that has an expense of its own by now stays
// after the undo; the import's expenses go.
func TestUndoExpensesKeepsUsedVendor(t *testing.T) {
	a := newAPI(t)
	vendors := a.count(migrations.VendorsCollection)
	file := []byte("Vendor,Reference,Date,Total\nDruckerei Neu,R-1,2026-03-02,119.00\nBahn,R-2,2026-03-02,49.90\n")
	code, res := a.upload(testapp.Alice.ID, PathRun, file, "kind", "expenses")
	if code != http.StatusOK || res["created"] != 2.0 || a.count(migrations.VendorsCollection) != vendors+2 {
		t.Fatalf("run = %d %v", code, res)
	}
	neu := a.vendorBy("name", "Druckerei Neu")
	mine := a.oldExpense(neu)
	if code, res := a.undo(testapp.Alice.ID, res["id"].(string)); code != http.StatusOK {
		t.Fatalf("undo = %d %v", code, res)
	}
	if a.vendorBy("name", "Druckerei Neu") == nil || a.vendorBy("name", "Bahn") != nil || a.count(migrations.ExpensesCollection) != 1 {
		t.Errorf("after undo: %d vendors, %d expenses", a.count(migrations.VendorsCollection)-vendors, a.count(migrations.ExpensesCollection))
	}
	if _, err := a.App.FindRecordById(migrations.ExpensesCollection, mine.Id); err != nil {
		t.Error("undo took the expense typed since")
	}
}
