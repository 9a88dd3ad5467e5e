package inbound

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
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

// Alice's business (owner, admin, member, accountant) already buys from
// Fabrikam Koffie (VAT ID NL123456789B01); Carol has a business of her own.
func buildFixture(app *tests.TestApp) error {
	team.BindWithClock(app, testapp.Clock)
	billing.BindWithClock(app, testapp.Clock)
	if err := testapp.AliceTeamAnd(app, testapp.Carol); err != nil {
		return err
	}
	col, err := app.FindCollectionByNameOrId(migrations.VendorsCollection)
	if err != nil {
		return err
	}
	v := core.NewRecord(col)
	v.Id = "vendorfabrikam1"
	v.Set(migrations.FieldBusiness, alice)
	v.Set("name", "Fabrikam")
	v.Set("vat_id", "NL123456789B01")
	return app.Save(v)
}

type inboundAPI struct{ *testapp.API }

func newAPI(t *testing.T) *inboundAPI {
	bind := func(app core.App, _ func() time.Time) { Bind(app) }
	return &inboundAPI{testapp.NewAPI(t, "inbound", buildFixture, team.BindWithClock, billing.BindWithClock, bind)}
}

// send uploads a sample (or data) to path as who for business.
func (a *inboundAPI) send(who, path, business, name string, data []byte) (int, map[string]any) {
	a.T.Helper()
	return a.Do(who, testapp.Upload(path+"?business="+business, name, data))
}

func (a *inboundAPI) count(collection, business string) int {
	a.T.Helper()
	var n int
	if err := a.App.DB().Select("COUNT(*)").From(collection).Where(dbx.HashExp{"business": business}).Row(&n); err != nil {
		a.T.Fatal(err)
	}
	return n
}

// storedFiles counts the files kept for the expenses collection.
func (a *inboundAPI) storedFiles() int {
	a.T.Helper()
	col, err := a.App.FindCollectionByNameOrId(migrations.ExpensesCollection)
	if err != nil {
		a.T.Fatal(err)
	}
	fs, err := a.App.NewFilesystem()
	if err != nil {
		a.T.Fatal(err)
	}
	defer fs.Close()
	list, err := fs.List(col.Id + "/")
	if err != nil {
		a.T.Fatal(err)
	}
	return len(list)
}

func refusalCode(res map[string]any) string {
	data, _ := res["data"].(map[string]any)
	r, _ := data["@refusal"].(map[string]any)
	code, _ := r["code"].(string)
	return code
}

// TestReadRoute: each sample read as the view and the expense it makes;
// nothing stored.
func TestReadRoute(t *testing.T) {
	a := newAPI(t)
	for name, want := range map[string]struct {
		format, number, vendor string
		total                  float64
		rates                  []float64
	}{
		"xrechnung-ubl.xml":      {"ubl", "RE-2026-0815", "Bürobedarf Schulz GmbH", 24499, []float64{19, 7}},
		"xrechnung-cii.xml":      {"cii", "2026-1187", "Netzwerk Weber e.K.", 63070, []float64{19}},
		"peppol-invoice.xml":     {"ubl", "INV-77231", "Fabrikam Koffie B.V.", 52280, []float64{21, 9}},
		"peppol-credit-note.xml": {"ubl", "CN-1029", "Fabrikam Koffie B.V.", 4360, []float64{9}},
		"facturx-en16931.pdf":    {"facturx", "INV-00102", "Atelier Lumière GmbH", 0, []float64{19, 7}},
	} {
		status, res := a.send(testapp.AliceMember.ID, PathRead, alice, name, sample(t, name))
		if status != http.StatusOK {
			t.Fatalf("%s: %d %v", name, status, res)
		}
		doc, _ := res["document"].(map[string]any)
		prefill, _ := res["prefill"].(map[string]any)
		problems, _ := res["problems"].([]any)
		if res["format"] != want.format || doc["number"] != want.number || prefill["vendor_name"] != want.vendor || problems == nil || len(problems) != 0 {
			t.Errorf("%s: format %v number %v vendor %v problems %v", name, res["format"], doc["number"], prefill["vendor_name"], res["problems"])
		}
		if want.total != 0 && prefill["total_cents"] != want.total {
			t.Errorf("%s: total %v, want %v", name, prefill["total_cents"], want.total)
		}
		lines, _ := prefill["vat_lines"].([]any)
		var rates []float64
		for _, l := range lines {
			rates = append(rates, l.(map[string]any)["rate"].(float64))
		}
		if !slices.Equal(rates, want.rates) {
			t.Errorf("%s: rates %v, want %v", name, rates, want.rates)
		}
	}
	status, res := a.send(testapp.AliceMember.ID, PathRead, alice, "bad.xml", sample(t, "bad-arithmetic.xml"))
	problems, _ := res["problems"].([]any)
	if status != http.StatusOK || len(problems) != 1 || problems[0].(map[string]any)["code"] != problemLinesSum {
		t.Errorf("bad arithmetic: %d %v", status, res["problems"])
	}
	if a.count(migrations.ExpensesCollection, alice) != 0 || a.count(migrations.VendorsCollection, alice) != 1 || a.storedFiles() != 0 {
		t.Error("reading stored something")
	}
}

// TestExpenseRoute makes an expense from each invoice sample: prefilled,
// the vendor made or matched, the file kept byte for byte.
func TestExpenseRoute(t *testing.T) {
	a := newAPI(t)
	cases := []struct {
		file, format, vendor string
		total, vat           float64
		vendorID             string
		lines                string
	}{
		{"xrechnung-ubl.xml", "ubl", "Bürobedarf Schulz GmbH", 24499, 3509, "", `[{"gross_cents":20230,"net_cents":17000,"rate":19,"vat_cents":3230},{"gross_cents":4269,"net_cents":3990,"rate":7,"vat_cents":279}]`},
		{"xrechnung-cii.xml", "cii", "Netzwerk Weber e.K.", 63070, 10070, "", `[{"gross_cents":63070,"net_cents":53000,"rate":19,"vat_cents":10070}]`},
		{"peppol-invoice.xml", "ubl", "Fabrikam Koffie B.V.", 52280, 8280, "vendorfabrikam1", ""},
		{"facturx-en16931.pdf", "facturx", "Atelier Lumière GmbH", 0, 0, "", ""},
	}
	for _, c := range cases {
		data := sample(t, c.file)
		status, res := a.send(testapp.AliceMember.ID, PathExpense, alice, c.file, data)
		if status != http.StatusOK {
			t.Fatalf("%s: %d %v", c.file, status, res)
		}
		rec, err := a.App.FindRecordById(migrations.ExpensesCollection, res["id"].(string))
		if err != nil {
			t.Fatal(err)
		}
		if rec.GetString(migrations.FieldBusiness) != alice || rec.GetString(migrations.FieldSourceFormat) != c.format ||
			rec.GetString(migrations.FieldVendorName) != c.vendor || rec.GetString(migrations.FieldPaymentState) != migrations.ExpenseUnpaid {
			t.Errorf("%s: %v", c.file, rec.PublicExport())
		}
		if c.total != 0 && (rec.GetFloat(migrations.FieldTotalCents) != c.total || rec.GetFloat(migrations.FieldVATCents) != c.vat) {
			t.Errorf("%s: total %v VAT %v", c.file, rec.Get(migrations.FieldTotalCents), rec.Get(migrations.FieldVATCents))
		}
		if c.lines != "" {
			var lines any
			_ = json.Unmarshal([]byte(rec.GetString(migrations.FieldVATLines)), &lines)
			got, _ := json.Marshal(lines)
			if string(got) != c.lines {
				t.Errorf("%s: vat_lines %s, want %s", c.file, got, c.lines)
			}
		}
		vendor := rec.GetString(migrations.FieldVendor)
		if vendor == "" || (c.vendorID != "" && vendor != c.vendorID) || res["vendor"] != vendor {
			t.Errorf("%s: vendor %q (answer %v), want %q", c.file, vendor, res["vendor"], c.vendorID)
		}
		if got := a.kept(rec); !bytes.Equal(got, data) {
			t.Errorf("%s: the kept file differs from the one sent (%d bytes, sent %d)", c.file, len(got), len(data))
		}
	}
	// The UBL invoice's seller became a vendor with its details.
	v, err := a.App.FindFirstRecordByFilter(migrations.VendorsCollection, "business = {:b} && vat_id = 'DE136695976'", dbx.Params{"b": alice})
	if err != nil {
		t.Fatal(err)
	}
	if v.GetString("name") != "Bürobedarf Schulz GmbH" || v.GetString(migrations.FieldIBAN) != "DE02120300000000202051" ||
		v.GetString("country") != "DE" || v.GetString("address") != "Hauptstraße 12\n10115 Berlin" {
		t.Errorf("vendor %v", v.PublicExport())
	}
	// Fabrikam was matched by its VAT ID, not made again; a second import
	// of the same seller makes no second vendor.
	if n := a.count(migrations.VendorsCollection, alice); n != 4 {
		t.Errorf("%d vendors, want 4", n)
	}
	status, _ := a.send(testapp.AliceMember.ID, PathExpense, alice, "again.xml", sample(t, "xrechnung-ubl.xml"))
	if n := a.count(migrations.VendorsCollection, alice); status != http.StatusOK || n != 4 {
		t.Errorf("again: %d, %d vendors", status, n)
	}
}

// kept is the expense's source_file as stored.
func (a *inboundAPI) kept(rec *core.Record) []byte {
	a.T.Helper()
	fs, err := a.App.NewFilesystem()
	if err != nil {
		a.T.Fatal(err)
	}
	defer fs.Close()
	r, err := fs.GetReader(rec.BaseFilesPath() + "/" + rec.GetString(migrations.FieldSourceFile))
	if err != nil {
		a.T.Fatal(err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		a.T.Fatal(err)
	}
	return b
}

// TestExpenseRouteRefusals: a broken file, a credit note, a file too
// large: refused with its code, no expense, no vendor, no file.
func TestExpenseRouteRefusals(t *testing.T) {
	a := newAPI(t)
	cases := map[string]struct {
		data   []byte
		status int
		code   string
	}{
		"not-xml.xml":            {sample(t, "not-xml.xml"), 400, "folio_inbound_not_xml"},
		"doctype.xml":            {sample(t, "doctype.xml"), 400, "folio_inbound_doctype"},
		"unknown-root.xml":       {sample(t, "unknown-root.xml"), 400, "folio_inbound_unknown_format"},
		"no-invoice.pdf":         {sample(t, "no-invoice.pdf"), 400, "folio_inbound_pdf_no_invoice"},
		"peppol-credit-note.xml": {sample(t, "peppol-credit-note.xml"), 400, "folio_inbound_credit_note"},
		"empty.xml":              {nil, 400, "folio_inbound_file_missing"},
		// 1 GB of spaces attached as factur-x.xml, in a few KB.
		"bomb.pdf": {attachedPDF(flateTimes(2), deflated(t, ' ', 1<<30, 2)), 400, "folio_inbound_pdf_too_large"},
		"deep.pdf": {makePDF(pdfObject{dict: "<< /Deep " + strings.Repeat("[", 10_000) + strings.Repeat("]", 10_000) + " >>"}), 400, "folio_inbound_pdf_too_complex"},
	}
	for name, c := range cases {
		for _, path := range []string{PathRead, PathExpense} {
			if path == PathRead && name == "peppol-credit-note.xml" {
				continue
			}
			status, res := a.send(testapp.AliceMember.ID, path, alice, name, c.data)
			if status != c.status || refusalCode(res) != c.code {
				t.Errorf("%s %s: %d %v, want %d %s", path, name, status, refusalCode(res), c.status, c.code)
			}
		}
	}
	if a.count(migrations.ExpensesCollection, alice) != 0 || a.count(migrations.VendorsCollection, alice) != 1 || a.storedFiles() != 0 {
		t.Error("a refused file left something")
	}
}

// TestExpenseRouteTooLarge refuses a file over the limit (413), as it
// arrives.
func TestExpenseRouteTooLarge(t *testing.T) {
	a := newAPI(t)
	data := sample(t, "xrechnung-ubl.xml")
	old := MaxFileBytes
	MaxFileBytes = int64(len(data) - 1)
	t.Cleanup(func() { MaxFileBytes = old })
	status, res := a.send(testapp.AliceMember.ID, PathExpense, alice, "x.xml", data)
	if status != http.StatusRequestEntityTooLarge || refusalCode(res) != "folio_inbound_file_too_large" {
		t.Errorf("%d %v", status, res)
	}
	MaxFileBytes = int64(len(data))
	if status, res := a.send(testapp.AliceMember.ID, PathExpense, alice, "x.xml", data); status != http.StatusOK {
		t.Errorf("at the limit: %d %v", status, res)
	}
}

// TestInboundRoles: owners, admins and members read and import; the
// accountant, another business's owner and a guest do neither.
func TestInboundRoles(t *testing.T) {
	a := newAPI(t)
	data := sample(t, "xrechnung-ubl.xml")
	for _, who := range []string{alice, testapp.AliceAdmin.ID, testapp.AliceMember.ID} {
		for _, path := range []string{PathRead, PathExpense} {
			if status, res := a.send(who, path, alice, "x.xml", data); status != http.StatusOK {
				t.Errorf("%s %s: %d %v", who, path, status, res)
			}
		}
	}
	for who, want := range map[string]int{testapp.AliceAccountant.ID: 403, testapp.Carol.ID: 404, "": 401} {
		for _, path := range []string{PathRead, PathExpense} {
			if status, _ := a.send(who, path, alice, "x.xml", data); status != want {
				t.Errorf("%q %s: %d, want %d", who, path, status, want)
			}
		}
	}
	// Carol imports into her own business, not Alice's.
	if status, _ := a.send(testapp.Carol.ID, PathExpense, testapp.Carol.ID, "x.xml", data); status != http.StatusOK {
		t.Errorf("Carol in her business: %d", status)
	}
	if a.count(migrations.ExpensesCollection, alice) != 3 || a.count(migrations.ExpensesCollection, testapp.Carol.ID) != 1 {
		t.Errorf("expenses: Alice %d, Carol %d", a.count(migrations.ExpensesCollection, alice), a.count(migrations.ExpensesCollection, testapp.Carol.ID))
	}
}

// TestExpenseRouteBadIBAN: an IBAN the vendors' rules refuse (wrong check
// digits) is left out of the new vendor; the expense is made all the same.
func TestExpenseRouteBadIBAN(t *testing.T) {
	a := newAPI(t)
	data := bytes.ReplaceAll(sample(t, "xrechnung-ubl.xml"), []byte("DE02120300000000202051"), []byte("DE03120300000000202051"))
	status, res := a.send(testapp.AliceMember.ID, PathExpense, alice, "x.xml", data)
	if status != http.StatusOK {
		t.Fatalf("%d %v", status, res)
	}
	v, err := a.App.FindRecordById(migrations.VendorsCollection, res["vendor"].(string))
	if err != nil {
		t.Fatal(err)
	}
	if v.GetString(migrations.FieldIBAN) != "" || v.GetString("vat_id") != "DE136695976" || v.GetString("name") != "Bürobedarf Schulz GmbH" {
		t.Errorf("vendor %v", v.PublicExport())
	}
}
