package imports

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/billing"
	"folio/server/internal/team"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestMain(m *testing.M) { testapp.Main(m) }

var alice = testapp.Alice.ID

// Alice's business has Müller GmbH (info@mueller.test, VAT ID
// DE123456789) and Acme Ltd; Carol has a business of her own.
func buildFixture(app *tests.TestApp) error {
	team.BindWithClock(app, testapp.Clock)
	billing.BindWithClock(app, testapp.Clock)
	if err := testapp.AliceTeamAnd(app, testapp.Carol); err != nil {
		return err
	}
	col, err := app.FindCollectionByNameOrId(migrations.CustomersCollection)
	if err != nil {
		return err
	}
	for _, c := range []map[string]any{
		{"id": "custmueller0001", "name": "Müller GmbH", "email": "info@mueller.test", "tax_id": "DE123456789", "city": "Köln", "currency": "EUR"},
		{"id": "custacme0000001", "name": "Acme Ltd", "currency": "EUR"},
	} {
		rec := core.NewRecord(col)
		rec.Id = c["id"].(string)
		delete(c, "id")
		rec.Set("business", alice)
		for k, v := range c {
			rec.Set(k, v)
		}
		if err := app.Save(rec); err != nil {
			return err
		}
	}
	return nil
}

type importAPI struct{ *testapp.API }

func newAPI(t *testing.T) *importAPI {
	return &importAPI{testapp.NewAPI(t, "imports", buildFixture, team.BindWithClock, billing.BindWithClock, BindWithClock)}
}

// upload sends file to path as who, with the business and the form
// fields given (name, value, …).
func (a *importAPI) upload(who, path string, file []byte, fields ...string) (int, map[string]any) {
	a.T.Helper()
	return a.Do(who, testapp.Upload(path, "customers.csv", file, append([]string{"business", alice}, fields...)...))
}

func (a *importAPI) undo(who, id string) (int, map[string]any) {
	a.T.Helper()
	return a.Do(who, httptest.NewRequest(http.MethodPost, strings.Replace(PathUndo, "{id}", id, 1), nil))
}

func (a *importAPI) customers() int { return a.count("customers") }

// count is how many records of collection alice's business has.
func (a *importAPI) count(collection string) int {
	a.T.Helper()
	var n int
	if err := a.App.DB().Select("COUNT(*)").From(collection).Where(dbx.HashExp{"business": alice}).Row(&n); err != nil {
		a.T.Fatal(err)
	}
	return n
}

func (a *importAPI) customerBy(field, value string) *core.Record {
	return a.recordBy("customers", field, value)
}

// recordBy is alice's record of collection whose field is value, or nil.
func (a *importAPI) recordBy(collection, field, value string) *core.Record {
	a.T.Helper()
	rec, err := a.App.FindFirstRecordByFilter(collection, "business = {:b} && "+field+" = {:v}", dbx.Params{"b": alice, "v": value})
	if err != nil {
		return nil
	}
	return rec
}

// refusalCode is the code of a refusal about no field.
func refusalCode(res map[string]any) string {
	data, _ := res["data"].(map[string]any)
	r, _ := data["@refusal"].(map[string]any)
	code, _ := r["code"].(string)
	return code
}

// problems lists an answer's problems as "row field code".
func problems(res map[string]any) []string {
	list, ok := res["problems"].([]any)
	if !ok {
		if data, ok := res["data"].(map[string]any); ok {
			list, _ = data["problems"].([]any)
		}
	}
	var out []string
	for _, p := range list {
		m := p.(map[string]any)
		out = append(out, fmt.Sprintf("%v %v %v", m["row"], m["field"], m["code"]))
	}
	return out
}

// A lexoffice export (semicolons, Windows-1252 would be the same): row 2
// is new, row 3 is Müller GmbH again (same VAT ID, new city), row 4 has a
// bad email, row 5 no name, row 6 an unknown country and a bad e-invoice
// scheme is not in this format, row 7 a new customer by a person's name.
var lexoffice = []byte("Kundennummer;Firmenname;Vorname;Nachname;Straße;PLZ;Ort;Land;E-Mail;USt-IdNr.;Notiz\n" +
	"10001;Neu AG;Eva;Neu;Ring 1;10115;Berlin;Deutschland;eva@neu.test;DE999999999;\n" +
	"10002;Müller GmbH;;;Domplatz 2;50667;Bonn;DE;;de 123 456 789;update me\n" +
	"10003;Kaputt KG;;;;;;DE;not-an-email;;\n" +
	"10004;;;;;;;DE;nobody@x.test;;\n" +
	"10005;Atlantis Ltd;;;;;;Atlantis;;;\n" +
	"10006;;Jane;Doe;;;Paris;France;jane@doe.test;;\n")

// The preview runs every row through the customer's rules and writes
// nothing: each problem by row, field and code, the duplicate found by VAT
// ID, the guessed mapping and the first rows.
func TestPreview(t *testing.T) {
	a := newAPI(t)
	before := a.customers()
	code, res := a.upload(testapp.Alice.ID, PathPreview, lexoffice)
	if code != http.StatusOK {
		t.Fatalf("preview = %d %v", code, res)
	}
	want := []string{"4 email row_invalid_email", "5 name row_required", "6 country row_invalid"}
	if got := problems(res); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("problems %v, want %v", got, want)
	}
	dups, _ := res["duplicates"].([]any)
	if len(dups) != 1 || dups[0].(map[string]any)["customer"] != "custmueller0001" || dups[0].(map[string]any)["by"] != "tax_id" {
		t.Errorf("duplicates %v", dups)
	}
	if res["total"] != 6.0 || res["created"] != 2.0 || res["skipped"] != 1.0 || res["failed"] != 3.0 {
		t.Errorf("counts %v", res)
	}
	rows, _ := res["rows"].([]any)
	if len(rows) != 6 || rows[5].(map[string]any)["values"].(map[string]any)["name"] != "Jane Doe" {
		t.Errorf("rows %v", rows)
	}
	if a.customers() != before {
		t.Errorf("the preview wrote customers: %d, was %d", a.customers(), before)
	}
}

// Owners and admins import (customers, open invoices); a member and an accountant are refused, and
// to someone else's owner the business is not there, before the file is read.
func TestWhoImports(t *testing.T) {
	a := newAPI(t)
	for who, want := range map[string]int{
		testapp.AliceAdmin.ID:      http.StatusOK,
		testapp.AliceMember.ID:     http.StatusForbidden,
		testapp.AliceAccountant.ID: http.StatusForbidden,
		testapp.Carol.ID:           http.StatusNotFound,
		"":                         http.StatusUnauthorized,
	} {
		if code, res := a.upload(who, PathPreview, lexoffice); code != want {
			t.Errorf("%q: %d %v, want %d", who, code, res, want)
		}
		if code, res := a.upload(who, PathPreview, openInvoices, "kind", "invoices"); code != want {
			t.Errorf("%q, open invoices: %d %v, want %d", who, code, res, want)
		}
	}
}

// All or nothing writes nothing when a row has a problem, and says which;
// skipping those rows, it imports the rest in one go, the duplicate
// skipped; undo takes them away again.
func TestRunAllOrNothingAndUndo(t *testing.T) {
	a := newAPI(t)
	before := a.customers()
	code, res := a.upload(testapp.Alice.ID, PathRun, lexoffice, "mode", "all")
	if code != http.StatusUnprocessableEntity || refusalCode(res) != "folio_import_rows_invalid" || len(problems(res)) != 3 {
		t.Fatalf("all or nothing with bad rows = %d %v", code, res)
	}
	if a.customers() != before {
		t.Fatalf("a refused run wrote customers")
	}
	code, res = a.upload(testapp.Alice.ID, PathRun, lexoffice, "mode", "all", "skip", "[4,5,6]")
	if code != http.StatusOK || res["created"] != 2.0 || res["skipped"] != 4.0 {
		t.Fatalf("run = %d %v", code, res)
	}
	if a.customers() != before+2 || a.customerBy("email", "jane@doe.test") == nil {
		t.Errorf("customers after the run: %d", a.customers())
	}
	if a.customerBy("name", "Müller GmbH").GetString("city") != "Köln" {
		t.Error("a skipped duplicate was changed")
	}
	id, _ := res["id"].(string)
	if code, res := a.undo(testapp.AliceMember.ID, id); code != http.StatusForbidden {
		t.Errorf("a member's undo = %d %v", code, res)
	}
	if code, res := a.undo(testapp.Alice.ID, id); code != http.StatusOK {
		t.Fatalf("undo = %d %v", code, res)
	}
	if a.customers() != before {
		t.Errorf("customers after undo: %d, want %d", a.customers(), before)
	}
	if code, res := a.undo(testapp.Alice.ID, id); code != http.StatusConflict || refusalCode(res) != "folio_import_undone_already" {
		t.Errorf("undo twice = %d %v", code, res)
	}
	// An undone import frees its file.
	if code, res := a.upload(testapp.Alice.ID, PathRun, lexoffice, "mode", "rows"); code != http.StatusOK || res["created"] != 2.0 {
		t.Errorf("the same file after undo = %d %v", code, res)
	}
}

// A value corrected in the preview replaces the file's cell: the preview
// checks it, the run imports it; a correction of a field no column fills
// is refused.
func TestFixesInThePreview(t *testing.T) {
	a := newAPI(t)
	fixes := `{"4":{"email":"kaputt@kg.test"},"5":{"name":"Namenlos GmbH"}}`
	code, res := a.upload(testapp.Alice.ID, PathPreview, lexoffice, "fixes", fixes)
	if code != http.StatusOK || strings.Join(problems(res), ",") != "6 country row_invalid" || res["created"] != 4.0 {
		t.Fatalf("preview with fixes = %d %v", code, problems(res))
	}
	code, res = a.upload(testapp.Alice.ID, PathRun, lexoffice, "fixes", fixes, "skip", "[6]")
	if code != http.StatusOK || res["created"] != 4.0 {
		t.Fatalf("run with fixes = %d %v", code, res)
	}
	if c := a.customerBy("email", "kaputt@kg.test"); c == nil || c.GetString("name") != "Kaputt KG" {
		t.Errorf("the corrected row: %v", c)
	}
	if a.customerBy("name", "Namenlos GmbH") == nil {
		t.Error("the row given a name was not imported")
	}
	if code, res := a.upload(testapp.Alice.ID, PathPreview, lexoffice, "fixes", `{"4":{"website":"x"}}`); code != http.StatusBadRequest || refusalCode(res) != "folio_import_mapping_wrong" {
		t.Errorf("a correction of an unmapped field = %d %v", code, res)
	}
}

// Row by row writes the right rows and reports the others; a duplicate
// updated gets its previous values back on undo, one imported as new is
// a second customer.
func TestRunRowByRowDuplicates(t *testing.T) {
	a := newAPI(t)
	before := a.customers()
	code, res := a.upload(testapp.Alice.ID, PathRun, lexoffice, "mode", "rows", "duplicates", "update")
	if code != http.StatusOK || res["created"] != 2.0 || res["updated"] != 1.0 || res["failed"] != 3.0 || len(problems(res)) != 3 {
		t.Fatalf("row by row = %d %v", code, res)
	}
	m := a.customerBy("id", "custmueller0001")
	if m.GetString("city") != "Bonn" || m.GetString("notes") != "update me" || m.GetString("tax_id") != "de 123 456 789" {
		t.Errorf("updated duplicate: city %q notes %q tax %q", m.GetString("city"), m.GetString("notes"), m.GetString("tax_id"))
	}
	if code, res := a.undo(testapp.AliceAdmin.ID, res["id"].(string)); code != http.StatusOK {
		t.Fatalf("undo = %d %v", code, res)
	}
	m = a.customerBy("id", "custmueller0001")
	if m.GetString("city") != "Köln" || m.GetString("notes") != "" || m.GetString("tax_id") != "DE123456789" || a.customers() != before {
		t.Errorf("after undo: city %q notes %q tax %q, %d customers", m.GetString("city"), m.GetString("notes"), m.GetString("tax_id"), a.customers())
	}

	code, res = a.upload(testapp.Alice.ID, PathRun, lexoffice, "mode", "rows", "duplicates", "new")
	if code != http.StatusOK || res["created"] != 3.0 || a.customers() != before+3 {
		t.Errorf("duplicates as new = %d %v, %d customers", code, res, a.customers())
	}
}

// Undo is refused after a day, and once a created customer has a
// document.
func TestUndoRefused(t *testing.T) {
	a := newAPI(t)
	file := []byte("Name,Email\nLate Ltd,late@x.test\n")
	_, res := a.upload(testapp.Alice.ID, PathRun, file)
	id, _ := res["id"].(string)
	late := testapp.Clock().Add(-UndoWindow - time.Minute).UTC().Format("2006-01-02 15:04:05.000Z")
	if _, err := a.App.DB().Update(migrations.ImportsCollection, dbx.Params{"created": late}, dbx.HashExp{"id": id}).Execute(); err != nil {
		t.Fatal(err)
	}
	if code, res := a.undo(testapp.Alice.ID, id); code != http.StatusConflict || refusalCode(res) != "folio_import_undo_expired" {
		t.Errorf("undo after a day = %d %v", code, res)
	}

	_, res = a.upload(testapp.Alice.ID, PathRun, []byte("Name,Email\nBusy Ltd,busy@x.test\n"))
	busy := a.customerBy("email", "busy@x.test")
	inv := core.NewRecord(must(a.App.FindCollectionByNameOrId("invoices")))
	inv.Set("business", alice)
	inv.Set("customer", busy.Id)
	inv.Set("issue_date", "2026-03-01")
	inv.Set("items", []map[string]any{{"description": "Work", "quantity": 1, "unit_price_cents": 1000, "tax_rate": 0}})
	if err := a.App.Save(inv); err != nil {
		t.Fatal(err)
	}
	if code, res := a.undo(testapp.Alice.ID, res["id"].(string)); code != http.StatusConflict || refusalCode(res) != "folio_import_undo_in_use" {
		t.Errorf("undo of a customer with an invoice = %d %v", code, res)
	}
	if a.customerBy("email", "busy@x.test") == nil {
		t.Error("a refused undo deleted the customer")
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// Two runs of the same file at once import it once, for each kind (customers,
// items, open invoices, vendors, expenses); the others are told it is already imported.
func TestRaceSameFile(t *testing.T) {
	files := map[string]struct {
		collection string
		header     string
		row        func(i int) string
	}{
		migrations.ImportCustomers: {"customers", "Name,Email", func(i int) string { return fmt.Sprintf("Race %d,race%d@x.test", i, i) }},
		migrations.ImportItems:     {migrations.ItemsCollection, "Name,SKU,Price", func(i int) string { return fmt.Sprintf("Race item %d,RACE-%d,%d.50", i, i, i+1) }},
		migrations.ImportInvoices: {"invoices", "Invoice Number,Customer Name,Invoice Date,Total", func(i int) string {
			return fmt.Sprintf("RACE-%d,Acme Ltd,2026-03-01,%d.00", i, i+10)
		}},
		migrations.ImportVendors: {migrations.VendorsCollection, "Name,IBAN", func(i int) string { return fmt.Sprintf("Race vendor %d,", i) }},
		migrations.ImportExpenses: {migrations.ExpensesCollection, "Vendor,Reference,Date,Total,Tax Rate", func(i int) string {
			return fmt.Sprintf("Race vendor %d,R-%d,2026-03-01,%d.19,19", i%7, i, i+1)
		}},
	}
	for kind, f := range files {
		t.Run(kind, func(t *testing.T) {
			a := newAPI(t)
			var rows strings.Builder
			rows.WriteString(f.header + "\n")
			for i := range 200 {
				rows.WriteString(f.row(i) + "\n")
			}
			before := a.count(f.collection)
			var refused atomic.Int64
			ok := testapp.Race(4, func() bool {
				code, res := a.upload(testapp.Alice.ID, PathRun, []byte(rows.String()), "kind", kind, "mode", "all")
				if code == http.StatusConflict && refusalCode(res) == "folio_import_already_imported" {
					refused.Add(1)
				}
				return code == http.StatusOK
			})
			if ok != 1 || a.count(f.collection) != before+200 {
				t.Errorf("%d runs got through, %d %s added", ok, a.count(f.collection)-before, f.collection)
			}
			if refused.Load() != 3 {
				t.Errorf("%d runs refused as already imported, want 3", refused.Load())
			}
		})
	}
}

// The size and row limits, a file that is no table, and a mapping
// without a name answer with their refusals.
func TestLimitsAndRefusals(t *testing.T) {
	a := newAPI(t)
	oldBytes, oldRows := MaxFileBytes, MaxRows
	MaxFileBytes, MaxRows = 4096, 5
	t.Cleanup(func() { MaxFileBytes, MaxRows = oldBytes, oldRows })

	six := []byte("Name\na\nb\nc\nd\ne\nf\n")
	if code, res := a.upload(testapp.Alice.ID, PathPreview, six); code != http.StatusRequestEntityTooLarge || refusalCode(res) != "folio_import_too_many_rows" {
		t.Errorf("6 rows over 5 = %d %v", code, res)
	}
	big := []byte("Name\n" + strings.Repeat("x\n", 3000))
	if code, res := a.upload(testapp.Alice.ID, PathRun, big); code != http.StatusRequestEntityTooLarge || refusalCode(res) != "folio_import_file_too_large" {
		t.Errorf("6 KB over 4 KB = %d %v", code, res)
	}
	if code, res := a.upload(testapp.Alice.ID, PathPreview, []byte("PK\x03\x04garbage")); code != http.StatusBadRequest || refusalCode(res) != "folio_import_file_unreadable" {
		t.Errorf("a broken XLSX = %d %v", code, res)
	}
	if code, res := a.upload(testapp.Alice.ID, PathPreview, []byte("Name\n")); code != http.StatusBadRequest || refusalCode(res) != "folio_import_file_empty" {
		t.Errorf("a header alone = %d %v", code, res)
	}
	if code, res := a.upload(testapp.Alice.ID, PathRun, []byte("Foo,Bar\n1,2\n")); code != http.StatusBadRequest || refusalCode(res) != "folio_import_no_name_column" {
		t.Errorf("no name column = %d %v", code, res)
	}
	if code, res := a.upload(testapp.Alice.ID, PathRun, []byte("Foo,Bar\n1,2\n"), "mapping", `{"name":7}`); code != http.StatusBadRequest || refusalCode(res) != "folio_import_mapping_wrong" {
		t.Errorf("a column that isn't there = %d %v", code, res)
	}
	if code, res := a.upload(testapp.Alice.ID, PathRun, []byte("Foo,Bar\n1,2\n"), "mode", "sometimes"); code != http.StatusBadRequest || refusalCode(res) != "folio_import_options_wrong" {
		t.Errorf("an unknown mode = %d %v", code, res)
	}
	// The mapping chosen by hand is used.
	if code, res := a.upload(testapp.Alice.ID, PathRun, []byte("Foo,Bar\nHand Made,hand@x.test\n"), "mapping", `{"name":0,"email":1}`); code != http.StatusOK || a.customerBy("email", "hand@x.test") == nil {
		t.Errorf("a chosen mapping = %d %v", code, res)
	}
}

// beratung adds the item "Beratung" (SKU A-1, 80.00 EUR) to alice's
// business.
func (a *importAPI) beratung() (*core.Collection, *core.Record) {
	a.T.Helper()
	col := must(a.App.FindCollectionByNameOrId(migrations.ItemsCollection))
	old := core.NewRecord(col)
	old.Set("business", alice)
	old.Set("name", "Beratung")
	old.Set("sku", "A-1")
	old.Set("prices", []map[string]any{{"currency": "EUR", "cents": 8000}})
	if err := a.App.Save(old); err != nil {
		a.T.Fatal(err)
	}
	return col, old
}

// Items from a lexoffice article export: the price in the business's
// currency, the tax rate, the SKU; a row whose SKU is an item already
// updates it (as chosen), a row without a name is a problem; undo takes
// the new ones away and gives the updated one its price back.
func TestImportItems(t *testing.T) {
	a := newAPI(t)
	col, old := a.beratung()
	file := []byte("Artikelnummer;Bezeichnung;Beschreibung;Einheit;Nettopreis;Steuersatz\n" +
		"A-1;Beratung;Stunde;h;95,00;19\n" +
		"A-2;Workshop;Tag;d;1.200,00;19 %\n" +
		"A-3;;ohne Namen;;10;7\n")
	code, res := a.upload(testapp.Alice.ID, PathPreview, file, "kind", "items", "duplicates", "update")
	if code != http.StatusOK || res["updated"] != 1.0 || res["created"] != 1.0 || strings.Join(problems(res), ",") != "4 name row_required" {
		t.Fatalf("preview = %d %v", code, res)
	}
	code, res = a.upload(testapp.Alice.ID, PathRun, file, "kind", "items", "duplicates", "update", "mode", "rows")
	if code != http.StatusOK || res["created"] != 1.0 || res["updated"] != 1.0 || res["failed"] != 1.0 {
		t.Fatalf("run = %d %v", code, res)
	}
	ws, err := a.App.FindFirstRecordByFilter(migrations.ItemsCollection, "sku = 'A-2'")
	if err != nil {
		t.Fatal(err)
	}
	if ws.GetString("prices") != `[{"currency":"EUR","cents":120000}]` || ws.GetFloat("tax_rate") != 19 || ws.GetString("unit") != "d" {
		t.Errorf("imported item: prices %s rate %v unit %q", ws.GetString("prices"), ws.GetFloat("tax_rate"), ws.GetString("unit"))
	}
	if got := must(a.App.FindRecordById(col, old.Id)).GetString("prices"); got != `[{"currency":"EUR","cents":9500}]` {
		t.Errorf("updated item's prices %s", got)
	}
	if code, res := a.undo(testapp.Alice.ID, res["id"].(string)); code != http.StatusOK {
		t.Fatalf("undo = %d %v", code, res)
	}
	if _, err := a.App.FindRecordById(col, ws.Id); err == nil {
		t.Error("undo left the imported item")
	}
	if got := must(a.App.FindRecordById(col, old.Id)).GetString("prices"); got != `[{"currency":"EUR","cents":8000}]` {
		t.Errorf("after undo the item's prices are %s", got)
	}
}

// Items that are already there, imported as new: one matched by name
// alone is a second item of that name; one with an SKU already taken is
// a problem of that row (an SKU names one item), and nothing else changes.
func TestImportItemsAsNew(t *testing.T) {
	a := newAPI(t)
	col, old := a.beratung()
	file := []byte("Artikelnummer;Bezeichnung;Nettopreis\n" +
		";Beratung;90,00\n" +
		"A-1;Beratung vor Ort;120,00\n")
	before := a.count(migrations.ItemsCollection)
	code, res := a.upload(testapp.Alice.ID, PathRun, file, "kind", "items", "duplicates", "new", "mode", "rows")
	if code != http.StatusOK || res["created"] != 1.0 || res["duplicate_count"] != 2.0 || strings.Join(problems(res), ",") != "3 sku folio_item_sku_taken" {
		t.Fatalf("items as new = %d %v %v", code, res, problems(res))
	}
	if a.count(migrations.ItemsCollection) != before+1 {
		t.Errorf("%d items added, want 1", a.count(migrations.ItemsCollection)-before)
	}
	if got := must(a.App.FindRecordById(col, old.Id)); got.GetString("name") != "Beratung" || got.GetString("prices") != `[{"currency":"EUR","cents":8000}]` {
		t.Errorf("the item already there changed: %s %s", got.GetString("name"), got.GetString("prices"))
	}
}
