package export

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// The export has the business's vendors and expenses, with the totals the
// server computed and the receipt's file; another business's are not in it.
func TestExportHasTheExpenses(t *testing.T) {
	t.Parallel()
	app, mux := factory(t, func() time.Time { return testapp.FixedNow })
	defer app.Cleanup()
	save := func(collection string, fields map[string]any) *core.Record {
		t.Helper()
		col, err := app.FindCollectionByNameOrId(collection)
		if err != nil {
			t.Fatal(err)
		}
		rec := core.NewRecord(col)
		rec.Load(fields)
		if err := app.Save(rec); err != nil {
			t.Fatal(err)
		}
		return rec
	}
	receipt, err := filesystem.NewFileFromBytes([]byte(pdf), "receipt.pdf")
	if err != nil {
		t.Fatal(err)
	}
	vendor := save(migrations.VendorsCollection, map[string]any{"business": alice, "name": "Paper & Co"})
	expense := save(migrations.ExpensesCollection, map[string]any{"business": alice, "vendor": vendor.Id, "date": "2026-03-02",
		"vat_lines": []any{map[string]any{"rate": 19, "gross_cents": 11900}}, migrations.FieldReceipt: receipt})
	save(migrations.VendorsCollection, map[string]any{"business": bob, "name": "Bob's Vendor"})

	files, _ := exportOf(t, app, mux, alice, alice)
	var vendors, expenses []map[string]any
	if err := json.Unmarshal(files["vendors.json"], &vendors); err != nil || len(vendors) != 1 || vendors[0]["name"] != "Paper & Co" {
		t.Errorf("vendors.json: %s", files["vendors.json"])
	}
	if err := json.Unmarshal(files["expenses.json"], &expenses); err != nil || len(expenses) != 1 ||
		expenses[0]["total_cents"] != float64(11900) || expenses[0]["vat_cents"] != float64(1900) || expenses[0]["vendor_name"] != "Paper & Co" {
		t.Errorf("expenses.json: %s", files["expenses.json"])
	}
	stored := expense.GetString(migrations.FieldReceipt)
	if got := files["files/expenses/"+expense.Id+"/"+stored]; string(got) != pdf {
		t.Errorf("the receipt %s is not in the export", stored)
	}
	for name, b := range files {
		if strings.Contains(string(b), "Bob's Vendor") {
			t.Errorf("%s has Bob's vendor", name)
		}
	}
}
