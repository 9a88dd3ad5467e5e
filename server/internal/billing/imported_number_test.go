package billing

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/migrations"
)

func TestDecideImportedNumber(t *testing.T) {
	prefixes := []string{"INV-", "QUO-", "PAY-", "CN-"}
	cases := []struct{ number, code string }{
		{"INV-2023-0099", ""},
		{"2023/17", ""},
		{"RE-1001", ""},
		{"INV-", ""}, // the prefix alone is no number Folio gives
		{"INV-00099", "folio_imported_number_in_sequence"},
		{"inv-7", "folio_imported_number_in_sequence"},
		{"CN-00001", "folio_imported_number_in_sequence"},
		{"  ", "folio_imported_number_missing"},
	}
	for _, c := range cases {
		got := ""
		if rerr := decideImportedNumber(c.number, prefixes); rerr != nil {
			got = rerr.code
		}
		if got != c.code {
			t.Errorf("%q: got %q, want %q", c.number, got, c.code)
		}
	}
}

// importedInvoice saves an invoice as the import does: imported, with its
// own number.
func importedInvoice(app core.App, number string) (*core.Record, error) {
	return create(app, "invoices", "", map[string]any{
		"business": alice, "customer": custAcme, "issue_date": "2026-01-10", "items": oneLine,
		"number": number, migrations.FieldInvoiceImported: true,
	})
}

func TestImportedInvoiceKeepsNumberAndSequence(t *testing.T) {
	app := factory(t)
	maxSeq := func() int {
		var n int
		if err := app.DB().NewQuery("SELECT MAX(seq) FROM invoices WHERE business = {:b}").Bind(map[string]any{"b": alice}).Row(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := maxSeq()
	imp, err := importedInvoice(app, "INV-2023-0099")
	if err != nil {
		t.Fatalf("imported invoice refused: %v", err)
	}
	if imp.GetString("number") != "INV-2023-0099" || imp.GetInt("seq") >= 0 {
		t.Fatalf("number %q seq %d: want INV-2023-0099 and a negative seq", imp.GetString("number"), imp.GetInt("seq"))
	}
	second, err := importedInvoice(app, "RE-17")
	if err != nil || second.GetInt("seq") != imp.GetInt("seq")-1 {
		t.Fatalf("second import: %v, seq %d", err, second.GetInt("seq"))
	}
	next, err := create(app, "invoices", "", map[string]any{"business": alice, "customer": custAcme, "items": oneLine})
	if err != nil {
		t.Fatal(err)
	}
	if next.GetInt("seq") != before+1 || next.GetString("number") != FormatNumber("INV-", before+1) {
		t.Fatalf("next Folio invoice: seq %d number %q, want %d", next.GetInt("seq"), next.GetString("number"), before+1)
	}
	for number, code := range map[string]string{
		"inv-2023-0099":           "folio_imported_number_exists",
		next.GetString("number"):  "folio_imported_number_in_sequence",
		FormatNumber("INV-", 500): "folio_imported_number_in_sequence",
	} {
		_, err := importedInvoice(app, number)
		got := ""
		if err != nil {
			if f, ok := router.ToApiError(err).Data["number"].(map[string]any); ok {
				got, _ = f["code"].(string)
			}
		}
		if got != code {
			t.Errorf("%s: got %v (%q), want %s", number, err, got, code)
		}
	}
}

func TestClientCannotImportAnInvoice(t *testing.T) {
	runAPICases(t, []apiCase{{
		name: "imported and number sent by a client are dropped", as: alice,
		method: http.MethodPost, url: "/api/collections/invoices/records",
		body: map[string]any{
			"business": alice, "customer": custAcme, "items": oneLine,
			"number": "INV-2023-0099", migrations.FieldInvoiceImported: true,
		},
		status: 200, absent: []string{"INV-2023-0099"},
		after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			body := decode(t, res)
			rec := get(t, app, "invoices", body["id"].(string))
			if rec.GetBool(migrations.FieldInvoiceImported) || rec.GetInt("seq") <= 0 {
				t.Fatalf("client made an imported invoice: imported %v seq %d", rec.GetBool(migrations.FieldInvoiceImported), rec.GetInt("seq"))
			}
		},
	}, {
		name: "imported sent on an update is put back", as: alice,
		method: http.MethodPatch, url: "/api/collections/invoices/records/" + invDraft,
		body:   map[string]any{migrations.FieldInvoiceImported: true, "notes": "edited"},
		status: 200,
		after: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			rec := get(t, app, "invoices", invDraft)
			if rec.GetBool(migrations.FieldInvoiceImported) || rec.GetString("notes") != "edited" {
				t.Fatalf("update: imported %v notes %q", rec.GetBool(migrations.FieldInvoiceImported), rec.GetString("notes"))
			}
		},
	}})
}
