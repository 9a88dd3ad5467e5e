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

	// The same numbers again: skipped; updated with the same values, nothing
	// changes (skipped too); refused as new.
	again := []byte(strings.Replace(string(openInvoices), "Total", "Total ", 1)) // another file
	code, res = a.upload(testapp.Alice.ID, PathPreview, again, "kind", "invoices", "skip", "[4,5,6,7]")
	if code != http.StatusOK || res["skipped"] != 6.0 || res["duplicate_count"] != 2.0 {
		t.Errorf("duplicates skipped = %d %v", code, res)
	}
	code, res = a.upload(testapp.Alice.ID, PathPreview, again, "kind", "invoices", "skip", "[4,5,6,7]", "duplicates", "update")
	if code != http.StatusOK || len(problems(res)) != 0 || res["updated"] != 0.0 || res["skipped"] != 6.0 {
		t.Errorf("duplicates updated with the same values = %d %v", code, res)
	}
	code, res = a.upload(testapp.Alice.ID, PathPreview, again, "kind", "invoices", "skip", "[4,5,6,7]", "duplicates", "new")
	if strings.Join(problems(res), ",") != "2 number folio_imported_number_exists,3 number folio_imported_number_exists" {
		t.Errorf("duplicates new = %d %v", code, problems(res))
	}

}

// An open invoice imported again updates the imported one: a later due
// date and more paid (a payment of the difference) on a partly paid one;
// another customer and total on one without payments. What can't change
// is a problem in a sentence per row (the customer and the total of an
// invoice with payments, less paid than Folio knows), and changes
// nothing. Undo takes the payment away and gives the previous values
// back.
func TestUpdateOpenInvoices(t *testing.T) {
	a := newAPI(t)
	if code, res := a.upload(testapp.Alice.ID, PathRun, openInvoices, "kind", "invoices", "skip", "[4,5,6,7]"); code != http.StatusOK {
		t.Fatalf("first import = %d %v", code, res)
	}
	head := "Invoice Number,Customer Name,Invoice Date,Due Date,Currency Code,Total,Payment Made\n"
	refused := []byte(head + "INV-2023-0099,Acme Ltd,2025-11-05,2026-01-15,EUR,1200.00,100.00\n")
	code, res := a.upload(testapp.Alice.ID, PathPreview, refused, "kind", "invoices", "duplicates", "update")
	want := "2 amount_paid row_invoice_paid_less,2 customer row_invoice_customer_locked,2 total row_invoice_total_locked"
	if code != http.StatusOK || strings.Join(problems(res), ",") != want {
		t.Fatalf("refused changes = %d %v, want %s", code, problems(res), want)
	}
	// Made in Folio: never updated by an import.
	code, body := a.Do(testapp.Alice.ID, jsonRequest(http.MethodPost, "/api/collections/invoices/records",
		`{"business":"`+alice+`","customer":"custacme0000001","items":[{"description":"Work","quantity":1,"unit_price_cents":1000,"tax_rate":0}]}`))
	if code != http.StatusOK {
		t.Fatalf("a Folio invoice = %d %v", code, body)
	}
	own := []byte(head + body["number"].(string) + ",Acme Ltd,2026-03-01,2026-04-30,EUR,10.00,\n")
	if _, res := a.upload(testapp.Alice.ID, PathPreview, own, "kind", "invoices", "duplicates", "update"); strings.Join(problems(res), ",") != "2 number row_invoice_exists" {
		t.Errorf("Folio's own invoice: %v", problems(res))
	}

	update := []byte(head +
		"INV-2023-0099,Müller GmbH,2025-11-05,2026-01-15,EUR,1190.00,590.00\n" +
		"RE-17,Acme Ltd,01.03.2026,31.05.2026,,60,\n")
	code, res = a.upload(testapp.Alice.ID, PathRun, update, "kind", "invoices", "duplicates", "update", "mode", "all")
	if code != http.StatusOK || res["updated"] != 2.0 || res["created"] != 0.0 {
		t.Fatalf("update = %d %v", code, res)
	}
	inv := a.invoice("INV-2023-0099")
	if !strings.HasPrefix(inv.GetString("due_date"), "2026-01-15") || inv.GetInt("paid_cents") != 59000 ||
		inv.GetInt("balance_cents") != 60000 || inv.GetString("status") != "partial" || a.count("payments") != 2 {
		t.Errorf("INV-2023-0099 after the update: due %s paid %d balance %d %s, %d payments", inv.GetString("due_date"),
			inv.GetInt("paid_cents"), inv.GetInt("balance_cents"), inv.GetString("status"), a.count("payments"))
	}
	re := a.invoice("RE-17")
	if re.GetString("customer") != "custacme0000001" || re.GetInt("total_cents") != 6000 || re.GetInt("balance_cents") != 6000 ||
		!strings.HasPrefix(re.GetString("due_date"), "2026-05-31") || re.GetString("status") != "sent" {
		t.Errorf("RE-17 after the update: customer %s total %d due %s %s", re.GetString("customer"), re.GetInt("total_cents"),
			re.GetString("due_date"), re.GetString("status"))
	}

	if code, res := a.undo(testapp.Alice.ID, res["id"].(string)); code != http.StatusOK {
		t.Fatalf("undo = %d %v", code, res)
	}
	inv = a.invoice("INV-2023-0099")
	if !strings.HasPrefix(inv.GetString("due_date"), "2025-12-05") || inv.GetInt("paid_cents") != 19000 || a.count("payments") != 1 {
		t.Errorf("INV-2023-0099 after undo: due %s paid %d, %d payments", inv.GetString("due_date"), inv.GetInt("paid_cents"), a.count("payments"))
	}
	re = a.invoice("RE-17")
	if re.GetString("customer") != "custmueller0001" || re.GetInt("total_cents") != 5000 || !strings.HasPrefix(re.GetString("due_date"), "2026-04-30") {
		t.Errorf("RE-17 after undo: customer %s total %d due %s", re.GetString("customer"), re.GetInt("total_cents"), re.GetString("due_date"))
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
