package billing

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"folio/server/migrations"
)

const (
	expensesURL = "/api/collections/expenses/records"
	vendorsURL  = "/api/collections/vendors/records"
)

// withVendor gives alice's business a vendor.
func withVendor(t testing.TB, app *tests.TestApp) {
	t.Helper()
	if _, err := create(app, migrations.VendorsCollection, "vendalice000001",
		map[string]any{"business": alice, "name": "Paper & Co"}); err != nil {
		t.Fatal(err)
	}
}

// withExpense gives alice's business an expense of 119.00 EUR at 19 %.
func withExpense(t testing.TB, app *tests.TestApp) {
	t.Helper()
	if _, err := create(app, migrations.ExpensesCollection, "expalice0000001", map[string]any{
		"business": alice, "date": "2026-03-02", "currency": "EUR",
		"vat_lines": []any{map[string]any{"rate": 19, "gross_cents": 11900}}}); err != nil {
		t.Fatal(err)
	}
}

// withSourceFile gives alice's expense a received e-invoice file (an XML
// without its declaration, which is detected as text/plain).
func withSourceFile(t testing.TB, app *tests.TestApp) {
	t.Helper()
	withExpense(t, app)
	r := get(t, app, migrations.ExpensesCollection, "expalice0000001")
	f, err := filesystem.NewFileFromBytes([]byte(`<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>`), "received.xml")
	if err != nil {
		t.Fatal(err)
	}
	r.Set(migrations.FieldSourceFile, f)
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
}

// multipartBody is a form with one file under field.
func multipartBody(t testing.TB, field, name string, content []byte) (*bytes.Buffer, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	part, err := w.CreateFormFile(field, name)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = part.Write(content)
	_ = w.Close()
	return &b, w.FormDataContentType()
}

// Expenses and vendors through the API: writers create them and the server
// computes the totals from the VAT lines (the client's are ignored), the
// accountant and another business may not; a bad line, a foreign vendor, a
// bad IBAN or VAT ID are refused with their codes; the received e-invoice's
// file stays once set; the categories are checked.
func TestExpensesAPI(t *testing.T) {
	cases := byRole(apiCase{name: "create an expense", method: http.MethodPost, url: expensesURL,
		body: map[string]any{"business": alice, "date": "2026-03-02", "currency": "eur", "total_cents": 1,
			"vat_lines": []any{map[string]any{"rate": 19, "gross_cents": 2380}, map[string]any{"rate": 7, "net_cents": 1250}}},
		contains: []string{`"net_cents":3250`, `"vat_cents":468`, `"total_cents":3718`, `"currency":"EUR"`,
			`{"rate":7,"net_cents":1250,"vat_cents":88,"gross_cents":1338}`, `"payment_state":"unpaid"`}},
		roleStatus{200, 200, 200, 400, 400}, nil)
	cases = append(cases, byRole(apiCase{name: "create a vendor", method: http.MethodPost, url: vendorsURL,
		body:     map[string]any{"business": alice, "name": " Paper & Co ", "iban": "de89 3704 0044 0532 0130 00", "vat_id": "de123456789", "country": "de"},
		contains: []string{`"name":"Paper \u0026 Co"`, `"iban":"DE89370400440532013000"`, `"vat_id":"DE123456789"`, `"country":"DE"`}},
		roleStatus{200, 200, 200, 400, 400}, nil)...)
	cases = append(cases,
		apiCase{name: "a line's VAT 2 cents off", as: alice, method: http.MethodPost, url: expensesURL,
			body: map[string]any{"business": alice, "date": "2026-03-02",
				"vat_lines": []any{map[string]any{"rate": 19, "gross_cents": 1000, "vat_cents": 158}}},
			status: 400, contains: []string{`"vat_lines":{"code":"folio_expense_vat_mismatch"`, `"amount":"1.60 EUR"`}},
		apiCase{name: "due before the receipt's date", as: alice, method: http.MethodPost, url: expensesURL,
			body: map[string]any{"business": alice, "date": "2026-03-02", "due_date": "2026-03-01",
				"vat_lines": []any{map[string]any{"rate": 19, "net_cents": 100}}},
			status: 400, contains: []string{`"due_date":{"code":"folio_due_before_issue"`}},
		apiCase{name: "due on the receipt's date", as: alice, method: http.MethodPost, url: expensesURL,
			body: map[string]any{"business": alice, "date": "2026-03-02", "due_date": "2026-03-02",
				"vat_lines": []any{map[string]any{"rate": 19, "net_cents": 100}}},
			status: 200, contains: []string{`"due_date":"2026-03-02`}},
		apiCase{name: "no lines", as: alice, method: http.MethodPost, url: expensesURL,
			body:   map[string]any{"business": alice, "date": "2026-03-02"},
			status: 400, contains: []string{`"folio_expense_lines_count"`}},
		apiCase{name: "an update recomputes the totals", as: aliceMember.ID, method: http.MethodPatch, url: expensesURL + "/expalice0000001",
			before: func(t testing.TB, app *tests.TestApp) { withTeam(t, app); withExpense(t, app) },
			body:   map[string]any{"vat_lines": []any{map[string]any{"rate": 0, "gross_cents": 500}}, "vat_cents": 99},
			status: 200, contains: []string{`"net_cents":500`, `"vat_cents":0`, `"total_cents":500`}},
		apiCase{name: "the vendor's name fills the expense's", as: alice, method: http.MethodPost, url: expensesURL, before: withVendor,
			body: map[string]any{"business": alice, "date": "2026-03-02", "vendor": "vendalice000001",
				"vat_lines": []any{map[string]any{"rate": 19, "net_cents": 100}}},
			status: 200, contains: []string{`"vendor_name":"Paper \u0026 Co"`}},
		apiCase{name: "another business's vendor", as: bob, method: http.MethodPost, url: expensesURL, before: withVendor,
			body: map[string]any{"business": bob, "date": "2026-03-02", "vendor": "vendalice000001",
				"vat_lines": []any{map[string]any{"rate": 19, "net_cents": 100}}},
			status: 400, contains: []string{`"vendor":{"code":"folio_foreign_vendor"`}},
		apiCase{name: "a vendor's IBAN with wrong check digits", as: alice, method: http.MethodPost, url: vendorsURL,
			body:   map[string]any{"business": alice, "name": "X", "iban": "DE89370400440532013001"},
			status: 400, contains: []string{`"iban":{"code":"folio_invalid_iban"`}},
		apiCase{name: "a vendor's VAT ID without its country", as: alice, method: http.MethodPost, url: vendorsURL,
			body:   map[string]any{"business": alice, "name": "X", "vat_id": "123456789"},
			status: 400, contains: []string{`"vat_id":{"code":"folio_invalid_vat_id"`}},
		apiCase{name: "a vendor stays in its business", as: alice, method: http.MethodPatch, url: vendorsURL + "/vendalice000001",
			before: withVendor, body: map[string]any{"business": bob}, status: 404},
		apiCase{name: "the member can't delete an expense", as: aliceMember.ID, method: http.MethodDelete, url: expensesURL + "/expalice0000001",
			before: func(t testing.TB, app *tests.TestApp) { withTeam(t, app); withExpense(t, app) }, status: 404},
		apiCase{name: "the admin deletes an expense", as: aliceAdmin.ID, method: http.MethodDelete, url: expensesURL + "/expalice0000001",
			before: func(t testing.TB, app *tests.TestApp) { withTeam(t, app); withExpense(t, app) }, status: 204},
		apiCase{name: "the source file can't be removed", as: alice, method: http.MethodPatch, url: expensesURL + "/expalice0000001",
			before: withSourceFile, body: map[string]any{"source_file": nil},
			status: 400, contains: []string{`"source_file":{"code":"folio_expense_source_fixed"`}},
		apiCase{name: "the other fields of an expense with a source file change", as: alice, method: http.MethodPatch, url: expensesURL + "/expalice0000001",
			before: withSourceFile, body: map[string]any{"note": "Booked"},
			status: 200, contains: []string{`"note":"Booked"`}},
		apiCase{name: "the categories are checked", as: alice, method: http.MethodPatch, url: "/api/collections/businesses/records/" + alice,
			body:   map[string]any{"expense_categories": []any{"Rent", ""}},
			status: 400, contains: []string{`"expense_categories":{"code":"folio_expense_categories_invalid"`}},
		apiCase{name: "the categories are trimmed, each once", as: alice, method: http.MethodPatch, url: "/api/collections/businesses/records/" + alice,
			body:   map[string]any{"expense_categories": []any{" Rent ", "rent", "Travel"}},
			status: 200, contains: []string{`"expense_categories":["Rent","Travel"]`}},
	)
	body, contentType := multipartBody(t, migrations.FieldSourceFile, "other.xml", []byte(`<?xml version="1.0"?><Invoice/>`))
	cases = append(cases, apiCase{name: "the source file can't be replaced", as: alice, method: http.MethodPatch,
		url: expensesURL + "/expalice0000001", before: withSourceFile, raw: body, contentType: contentType,
		status: 400, contains: []string{`"source_file":{"code":"folio_expense_source_fixed"`}})
	runAPICases(t, cases)
}
