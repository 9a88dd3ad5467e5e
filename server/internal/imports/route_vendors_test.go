package imports

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// papier adds the vendor Papier Schmidt GmbH (VAT ID DE811111111, IBAN
// DE89370400440532013000) to alice's business, and an archived vendor
// of the same name made before it.
func (a *importAPI) papier() *core.Record {
	a.T.Helper()
	col := must(a.App.FindCollectionByNameOrId(migrations.VendorsCollection))
	var active *core.Record
	for _, v := range []map[string]any{
		{"name": "Papier Schmidt GmbH", "vat_id": "DE811111111", "iban": "DE89370400440532013000", "address": "Domplatz 1"},
		{"name": "Papier Schmidt GmbH", "archived": true},
	} {
		rec := core.NewRecord(col)
		rec.Set("business", alice)
		for k, val := range v {
			rec.Set(k, val)
		}
		if err := a.App.Save(rec); err != nil {
			a.T.Fatal(err)
		}
		if active == nil {
			active = rec
		}
	}
	return active
}

func (a *importAPI) vendorBy(field, value string) *core.Record {
	return a.recordBy(migrations.VendorsCollection, field, value)
}

// duplicates lists an answer's duplicates as "row record by".
func duplicates(res map[string]any) []string {
	list, _ := res["duplicates"].([]any)
	var out []string
	for _, d := range list {
		m := d.(map[string]any)
		out = append(out, strings.Join([]string{fmt.Sprint(m["row"]), m["customer"].(string), m["by"].(string)}, " "))
	}
	return out
}

// A lexoffice supplier export: row 2 is new, row 3 is Papier Schmidt by
// its IBAN (another name), row 4 has an IBAN whose check digits are
// wrong, row 5 is Papier Schmidt by its name (the active one, not the
// archived one), row 6 has no name, row 7 is Papier Schmidt by its VAT
// ID and row 8 has a VAT ID without its country.
var lexofficeVendors = []byte("Lieferantennummer;Firmenname;Straße;PLZ;Ort;Land;E-Mail;USt-IdNr.;IBAN\n" +
	"70001;Druckerei Neu;Ring 1;10115;Berlin;Deutschland;info@druck.test;DE999999999;GB82 WEST 1234 5698 7654 32\n" +
	"70002;Papier Schmidt;Domplatz 2;50667;Köln;DE;;;DE89 3704 0044 0532 0130 00\n" +
	"70003;Kaputt KG;;;;DE;;;DE88370400440532013000\n" +
	"70004; papier schmidt gmbh ;;;;;;;\n" +
	"70005;;;;;;;;\n" +
	"70006;Steuer AG;;;;DE;;de 811 111 111;\n" +
	"70007;Ohne Land;;;;;;123456789;\n")

// The preview runs every vendor row through a typed vendor's rules and
// finds the vendors already there as a receipt would (VAT ID, IBAN, name);
// all or nothing then writes nothing, row by row writes the right rows
// and updates the one chosen, and undo takes it all back.
func TestImportVendors(t *testing.T) {
	a := newAPI(t)
	papier := a.papier()
	before := a.count(migrations.VendorsCollection)
	code, res := a.upload(testapp.Alice.ID, PathPreview, lexofficeVendors, "kind", "vendors")
	if code != http.StatusOK {
		t.Fatalf("preview = %d %v", code, res)
	}
	if got := strings.Join(problems(res), ","); got != "4 iban folio_invalid_iban,6 name row_required,8 vat_id folio_invalid_vat_id" {
		t.Errorf("problems %s", got)
	}
	if got := strings.Join(duplicates(res), ","); got != "3 "+papier.Id+" iban,5 "+papier.Id+" name,7 "+papier.Id+" vat_id" {
		t.Errorf("duplicates %s", got)
	}
	if res["created"] != 1.0 || res["skipped"] != 3.0 || a.count(migrations.VendorsCollection) != before {
		t.Errorf("preview: %v created, %v skipped, %d vendors written", res["created"], res["skipped"], a.count(migrations.VendorsCollection)-before)
	}

	code, res = a.upload(testapp.Alice.ID, PathRun, lexofficeVendors, "kind", "vendors", "mode", "all")
	if code != http.StatusUnprocessableEntity || refusalCode(res) != "folio_import_rows_invalid" || a.count(migrations.VendorsCollection) != before {
		t.Fatalf("all or nothing = %d %v", code, res)
	}

	code, res = a.upload(testapp.Alice.ID, PathRun, lexofficeVendors, "kind", "vendors", "mode", "rows", "duplicates", "update", "skip", "[5,7]")
	if code != http.StatusOK || res["created"] != 1.0 || res["updated"] != 1.0 || res["failed"] != 3.0 || res["skipped"] != 2.0 {
		t.Fatalf("row by row = %d %v", code, res)
	}
	neu := a.vendorBy("name", "Druckerei Neu")
	if neu == nil || neu.GetString("iban") != "GB82WEST12345698765432" || neu.GetString("vat_id") != "DE999999999" ||
		neu.GetString("country") != "DE" || neu.GetString("address") != "Ring 1\n10115 Berlin" || neu.GetString("email") != "info@druck.test" {
		t.Errorf("imported vendor %v", neu)
	}
	if got := must(a.App.FindRecordById(migrations.VendorsCollection, papier.Id)); got.GetString("name") != "Papier Schmidt" || got.GetString("address") != "Domplatz 2\n50667 Köln" {
		t.Errorf("updated vendor: %q %q", got.GetString("name"), got.GetString("address"))
	}

	if code, res := a.undo(testapp.Alice.ID, res["id"].(string)); code != http.StatusOK {
		t.Fatalf("undo = %d %v", code, res)
	}
	if a.vendorBy("name", "Druckerei Neu") != nil || a.count(migrations.VendorsCollection) != before {
		t.Error("undo left the imported vendor")
	}
	if got := must(a.App.FindRecordById(migrations.VendorsCollection, papier.Id)); got.GetString("name") != "Papier Schmidt GmbH" || got.GetString("address") != "Domplatz 1" {
		t.Errorf("after undo the vendor is %q %q", got.GetString("name"), got.GetString("address"))
	}
}

// An imported vendor that has expenses by now keeps the import from being
// undone (deleting it would take the vendor off them); imported as new, a
// vendor already there is a second one.
func TestUndoVendorsInUse(t *testing.T) {
	a := newAPI(t)
	a.papier()
	file := []byte("Name,VAT Number\nPapier Schmidt GmbH,DE811111111\nDruckerei Neu,DE999999999\n")
	before := a.count(migrations.VendorsCollection)
	code, res := a.upload(testapp.Alice.ID, PathRun, file, "kind", "vendors", "duplicates", "new")
	if code != http.StatusOK || res["created"] != 2.0 || res["duplicate_count"] != 1.0 || a.count(migrations.VendorsCollection) != before+2 {
		t.Fatalf("as new = %d %v", code, res)
	}
	expense := core.NewRecord(must(a.App.FindCollectionByNameOrId(migrations.ExpensesCollection)))
	expense.Set("business", alice)
	expense.Set("vendor", a.vendorBy("name", "Druckerei Neu").Id)
	expense.Set("date", "2026-03-02 00:00:00.000Z")
	expense.Set("currency", "EUR")
	expense.Set("payment_state", migrations.ExpenseUnpaid)
	expense.Set("vat_lines", []map[string]any{{"rate": 19, "net_cents": 1000}})
	if err := a.App.Save(expense); err != nil {
		t.Fatal(err)
	}
	if code, res := a.undo(testapp.Alice.ID, res["id"].(string)); code != http.StatusConflict || refusalCode(res) != "folio_import_undo_vendor_in_use" {
		t.Errorf("undo = %d %v", code, res)
	}
	if a.count(migrations.VendorsCollection) != before+2 {
		t.Error("a refused undo deleted vendors")
	}
}
