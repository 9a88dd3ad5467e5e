package billing

import (
	"net/http"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/migrations"
)

// Number prefixes of one business never give two kinds of document the
// same number: the settings refuse a changed prefix that could, and a new
// document whose number another kind holds (an account that clashed before
// the rule) is refused.
func TestNumberPrefixesDontClash(t *testing.T) {
	patch, post := http.MethodPatch, http.MethodPost
	businessURL := "/api/collections/businesses/records/" + alice
	clash := func(field, kind, prefix string) []string {
		return []string{`"` + field + `":{"code":"folio_prefix_clash"`, `"params":{"kind":"` + kind + `","prefix":"` + prefix + `"}`}
	}
	prefixes := func(want map[string]any) func(testing.TB, *tests.TestApp, *http.Response) {
		return expectRecord(migrations.BusinessesCollection, alice, want)
	}
	// clashedBefore gives alice the prefixes of an account from before the
	// rule: credit notes numbered INV-, written past the hooks.
	clashedBefore := func(t testing.TB, app *tests.TestApp) {
		t.Helper()
		if _, err := app.DB().Update(migrations.BusinessesCollection, dbx.Params{migrations.FieldCreditNotePrefix: "INV-"},
			dbx.HashExp{"id": alice}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	runAPICases(t, []apiCase{
		{name: "credit notes numbered like the invoices", as: alice, method: patch, url: businessURL,
			body: map[string]any{migrations.FieldCreditNotePrefix: "INV-"}, status: 400,
			contains: append(clash("credit_note_prefix", "invoice", "INV-"),
				msg("This prefix could give the same numbers as the prefix of your invoices (INV-). Choose a prefix that differs from it by more than capitals or added digits.")),
			after: prefixes(map[string]any{"credit_note_prefix": "CN-"})},
		{name: "the invoice prefix changed to the credit notes', in small letters", as: alice, method: patch, url: businessURL,
			body: map[string]any{migrations.FieldInvoicePrefix: "cn-"}, status: 400,
			contains: clash("invoice_prefix", "credit_note", "CN-"), after: prefixes(map[string]any{"invoice_prefix": "INV-"})},
		{name: "a quote prefix that is the payments' followed by digits", as: alice, method: patch, url: businessURL,
			body: map[string]any{migrations.FieldQuotePrefix: "PAY-2"}, status: 400, contains: clash("quote_prefix", "payment", "PAY-")},
		{name: "an emptied payment prefix is PAY- again: fine", as: alice, method: patch, url: businessURL,
			body: map[string]any{migrations.FieldPaymentPrefix: ""}, status: 200},
		{name: "a credit note prefix continuing the invoices' with letters", as: alice, method: patch, url: businessURL,
			body: map[string]any{migrations.FieldCreditNotePrefix: "INV-CN-"}, status: 200,
			after: prefixes(map[string]any{"credit_note_prefix": "INV-CN-"})},
		{name: "two prefixes swapped in one save", as: alice, method: patch, url: businessURL,
			body:   map[string]any{migrations.FieldInvoicePrefix: "CN-", migrations.FieldCreditNotePrefix: "INV-"},
			status: 200, after: prefixes(map[string]any{"invoice_prefix": "CN-", "credit_note_prefix": "INV-"})},
		{name: "a clash from before the rule: other settings still save", as: alice, method: patch, url: businessURL,
			before: clashedBefore, body: map[string]any{migrations.FieldCompanyName: "Alice & Co"}, status: 200},
		{name: "a clash from before the rule: a credit note never takes an invoice's number", as: alice, method: post, url: creditNotesURL,
			before: clashedBefore, body: map[string]any{"business": alice, "invoice": invPaid, "items": creditLine}, status: 400,
			contains: []string{`"number":{"code":"folio_number_taken"`, msg("The number INV-00001 is already used by another kind of document. Change the number prefix in the settings.")},
			after:    expectRecord("invoices", invPaid, map[string]any{"credited_cents": 0})},
	})
}
