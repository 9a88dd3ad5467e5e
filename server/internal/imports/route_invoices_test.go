package imports

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// A Zoho Invoice export of open invoices: rows 2 and 3 import; row 4's
// customer is unknown, row 5's currency is not the customer's, row 6's
// number is one Folio's own sequence gives (INV- and digits), row 7 is
// paid in full.
var openInvoices = []byte("Invoice Number,Customer Name,Invoice Date,Due Date,Currency Code,Total,Payment Made\n" +
	"INV-2023-0099,Müller GmbH,2025-11-05,2025-12-05,EUR,1190.00,190.00\n" +
	"RE-17,info@mueller.test,01.03.2026,30.04.2026,,50,\n" +
	"RE-18,Nobody Inc,2026-03-01,,EUR,10,\n" +
	"RE-19,Acme Ltd,2026-01-01,2026-01-31,USD,10,\n" +
	"INV-00009,Acme Ltd,2026-01-01,2026-01-31,EUR,10,\n" +
	"RE-20,Acme Ltd,2026-01-01,,EUR,20,20\n")

func (a *importAPI) invoices() int { return a.count("invoices") }

func (a *importAPI) invoice(number string) *core.Record {
	a.T.Helper()
	rec, err := a.App.FindFirstRecordByFilter("invoices", "business = {:b} && number = {:n}", dbx.Params{"b": alice, "n": number})
	if err != nil {
		return nil
	}
	return rec
}

// The preview finds each bad row's problem and writes nothing; all or
// nothing refuses the file; skipping the bad rows it imports two invoices
// that keep their numbers, the paid amount a payment, and Folio's next
// invoice still gets the first number of its own sequence.
func TestImportOpenInvoices(t *testing.T) {
	a := newAPI(t)
	code, res := a.upload(testapp.Alice.ID, PathPreview, openInvoices, "kind", "invoices")
	want := []string{"4 customer row_unknown_customer", "5 currency row_currency_mismatch",
		"6 number folio_imported_number_in_sequence", "7 amount_paid row_already_paid"}
	if code != http.StatusOK || strings.Join(problems(res), ",") != strings.Join(want, ",") || res["created"] != 2.0 {
		t.Fatalf("preview = %d %v\nproblems %v, want %v", code, res, problems(res), want)
	}
	if a.invoices() != 0 {
		t.Fatal("the preview wrote invoices")
	}
	code, res = a.upload(testapp.Alice.ID, PathRun, openInvoices, "kind", "invoices", "mode", "all")
	if code != http.StatusUnprocessableEntity || a.invoices() != 0 {
		t.Fatalf("all or nothing with bad rows = %d %v, %d invoices", code, res, a.invoices())
	}
	code, res = a.upload(testapp.Alice.ID, PathRun, openInvoices, "kind", "invoices", "mode", "all", "skip", "[4,5,6,7]")
	if code != http.StatusOK || res["created"] != 2.0 {
		t.Fatalf("run = %d %v", code, res)
	}
	inv := a.invoice("INV-2023-0099")
	if inv == nil || inv.GetString("status") != "partial" || inv.GetInt("balance_cents") != 100000 ||
		inv.GetInt("paid_cents") != 19000 || inv.GetInt("seq") >= 0 || !inv.GetBool(migrations.FieldInvoiceImported) ||
		inv.GetString("customer") != "custmueller0001" || !strings.Contains(inv.GetString("items"), "Opening balance") {
		t.Fatalf("imported invoice: %v", inv)
	}
	pay, err := a.App.FindFirstRecordByFilter("payments", "invoice = {:i}", dbx.Params{"i": inv.Id})
	if err != nil || pay.GetInt("amount_cents") != 19000 || pay.GetString("method") != "other" ||
		!strings.HasPrefix(pay.GetString("date"), "2025-11-05") {
		t.Fatalf("payment of the imported amount paid: %v %v", pay, err)
	}
	if re := a.invoice("RE-17"); re == nil || re.GetString("status") != "sent" || re.GetInt("balance_cents") != 5000 ||
		!strings.HasPrefix(re.GetString("due_date"), "2026-04-30") {
		t.Fatalf("RE-17: %v", re)
	}
	// Folio's own numbering goes on as if nothing was imported.
	code, body := a.Do(testapp.Alice.ID, jsonRequest(http.MethodPost, "/api/collections/invoices/records",
		`{"business":"`+alice+`","customer":"custacme0000001"}`))
	if code != http.StatusOK || body["number"] != "INV-00001" || body["seq"] != 1.0 {
		t.Fatalf("next Folio invoice = %d %v", code, body)
	}

	// The same numbers again: skipped, never updated, refused as new.
	again := []byte(strings.Replace(string(openInvoices), "Total", "Total ", 1)) // another file
	code, res = a.upload(testapp.Alice.ID, PathPreview, again, "kind", "invoices", "skip", "[4,5,6,7]")
	if code != http.StatusOK || res["skipped"] != 6.0 || res["duplicate_count"] != 2.0 {
		t.Errorf("duplicates skipped = %d %v", code, res)
	}
	code, res = a.upload(testapp.Alice.ID, PathPreview, again, "kind", "invoices", "skip", "[4,5,6,7]", "duplicates", "update")
	if strings.Join(problems(res), ",") != "2 number row_invoice_exists,3 number row_invoice_exists" {
		t.Errorf("duplicates update = %d %v", code, problems(res))
	}
	code, res = a.upload(testapp.Alice.ID, PathPreview, again, "kind", "invoices", "skip", "[4,5,6,7]", "duplicates", "new")
	if strings.Join(problems(res), ",") != "2 number folio_imported_number_exists,3 number folio_imported_number_exists" {
		t.Errorf("duplicates new = %d %v", code, problems(res))
	}

}

func jsonRequest(method, url, body string) *http.Request {
	r := httptest.NewRequest(method, url, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	return r
}

// Undo deletes the imported invoices and their payments; once an imported
// invoice was reminded or has changed (a new payment), undo is refused
// and deletes nothing.
func TestUndoOpenInvoices(t *testing.T) {
	a := newAPI(t)
	code, res := a.upload(testapp.Alice.ID, PathRun, openInvoices, "kind", "invoices", "mode", "rows")
	if code != http.StatusOK || res["created"] != 2.0 || res["failed"] != 4.0 {
		t.Fatalf("row by row = %d %v", code, res)
	}
	if code, res := a.undo(testapp.Alice.ID, res["id"].(string)); code != http.StatusOK {
		t.Fatalf("undo = %d %v", code, res)
	}
	payments := a.count("payments")
	if a.invoices() != 0 || payments != 0 {
		t.Fatalf("after undo: %d invoices, %d payments", a.invoices(), payments)
	}

	_, res = a.upload(testapp.Alice.ID, PathRun, openInvoices, "kind", "invoices", "mode", "rows")
	reminded := a.invoice("INV-2023-0099")
	reminder := core.NewRecord(must(a.App.FindCollectionByNameOrId(migrations.InvoiceRemindersCollection)))
	reminder.Set("business", alice)
	reminder.Set("invoice", reminded.Id)
	reminder.Set("step", 1)
	reminder.Set("day", "2026-03-15")
	reminder.Set("to", "info@mueller.test")
	if err := a.App.SaveNoValidate(reminder); err != nil {
		t.Fatal(err)
	}
	if code, res := a.undo(testapp.Alice.ID, res["id"].(string)); code != http.StatusConflict || refusalCode(res) != "folio_import_undo_changed" {
		t.Errorf("undo after a reminder = %d %v", code, res)
	}
	if err := a.App.Delete(reminder); err != nil {
		t.Fatal(err)
	}
	inv := a.invoice("RE-17")
	pay := core.NewRecord(must(a.App.FindCollectionByNameOrId("payments")))
	pay.Set("business", alice)
	pay.Set("invoice", inv.Id)
	pay.Set("amount_cents", 1000)
	pay.Set("date", "2026-03-14")
	pay.Set("method", "cash")
	if err := a.App.Save(pay); err != nil {
		t.Fatal(err)
	}
	if code, res := a.undo(testapp.Alice.ID, res["id"].(string)); code != http.StatusConflict || refusalCode(res) != "folio_import_undo_changed" {
		t.Errorf("undo after a new payment = %d %v", code, res)
	}
	if a.invoices() != 2 {
		t.Errorf("a refused undo deleted invoices: %d left", a.invoices())
	}
}
