package billing

import (
	"net/http"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
)

func convertURL(id string) string { return "/api/folio/quotes/" + id + "/convert" }

func TestConvertQuoteRoute(t *testing.T) {
	runAPICases(t, []apiCase{
		{name: "accepted quote becomes a draft invoice, linked both ways", as: alice, method: http.MethodPost, url: convertURL(quoAccepted),
			status: 200,
			contains: []string{`"quote":{`, `"invoice":{`, `"status":"converted"`, `"status":"draft"`, `"quote":"` + quoAccepted + `"`,
				`"number":"INV-00007"`, `"issue_date":"2026-03-15 00:00:00.000Z"`, `"due_date":"2026-04-14 00:00:00.000Z"`,
				`"converted_at":"2026-03-15 10:00:00.000Z"`, `"total_cents":12000`},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				body := decode(t, res)
				invID := body["invoice"].(map[string]any)["id"].(string)
				expect(t, get(t, app, "quotes", quoAccepted), map[string]any{"status": "converted", "invoice": invID})
				expect(t, get(t, app, "invoices", invID), map[string]any{"quote": quoAccepted, "customer": custAcme, "currency": "EUR", "total_cents": 12000, "balance_cents": 12000})
			}},
		{name: "a sent quote converts too and counts as accepted", as: alice, method: http.MethodPost, url: convertURL(quoSent),
			status: 200, after: expectRecord("quotes", quoSent, map[string]any{"status": "converted", "accepted_at": "set", "converted_at": "set"})},
		{name: "an expired quote converts (explicit decision)", as: alice, method: http.MethodPost, url: convertURL(quoExpired), status: 200},
		{name: "at most once", as: alice, method: http.MethodPost, url: convertURL(quoAccepted),
			before: func(t testing.TB, app *tests.TestApp) {
				if _, _, err := ConvertQuote(app, quoAccepted, testapp.FixedNow); err != nil {
					t.Fatal(err)
				}
			},
			status: 400, contains: []string{msg(msgAlreadyConverted)},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if n, _ := app.CountRecords("invoices"); n != 9 {
					t.Errorf("%d invoices, want 8 + 1", n)
				}
			}},
		{name: "rejected quote", as: alice, method: http.MethodPost, url: convertURL(quoRejected),
			status: 400, contains: []string{msg(msgRejectedNoConvert)}},
		{name: "a draft the customer has not seen", as: alice, method: http.MethodPost, url: convertURL(quoDraft),
			status: 400, contains: []string{msg(msgConvertNeedsSend), `"code":"folio_convert_needs_send"`}},
		{name: "empty quote", as: alice, method: http.MethodPost, url: convertURL(quoDraft),
			before: func(t testing.TB, app *tests.TestApp) {
				// A sent quote always has lines (the send hook sees to it): only a
				// write behind the hooks' back makes one without.
				if _, err := app.DB().NewQuery("UPDATE quotes SET status = 'sent', items = '[]' WHERE id = {:id}").
					Bind(dbx.Params{"id": quoDraft}).Execute(); err != nil {
					t.Fatal(err)
				}
			},
			status: 400, contains: []string{msg(msgConvertNeedsLines)}},
		{name: "missing quote", as: alice, method: http.MethodPost, url: convertURL("nosuchquote0001"), status: 404, contains: []string{msg(msgQuoteNotFound)}},
		{name: "guest", method: http.MethodPost, url: convertURL(quoAccepted), status: 401},
		{name: "a converted quote can't be deleted", as: alice, method: http.MethodDelete, url: quotesURL + "/" + quoAccepted,
			before: func(t testing.TB, app *tests.TestApp) {
				if _, _, err := ConvertQuote(app, quoAccepted, testapp.FixedNow); err != nil {
					t.Fatal(err)
				}
			},
			status: 400, contains: []string{msg(msgQuoteConvertedKept)}},
		{name: "the invoice link can't be set by a client", as: alice, method: http.MethodPatch, url: quotesURL + "/" + quoAccepted,
			body: map[string]any{"invoice": invDraft, "status": "converted"}, status: 400, contains: []string{msg(msgUseConvert)}},
	})
}

// Deleting the draft made from a quote reopens the quote: accepted again,
// link and conversion time cleared, ready to convert anew.
func TestDeletingConvertedDraftReopensQuote(t *testing.T) {
	t.Parallel()

	app := factory(t)
	defer app.Cleanup()

	_, inv, err := ConvertQuote(app, quoAccepted, testapp.FixedNow)
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Delete(inv); err != nil {
		t.Fatal(err)
	}
	expect(t, get(t, app, "quotes", quoAccepted), map[string]any{"status": "accepted", "invoice": "", "converted_at": "empty"})
	if _, _, err := ConvertQuote(app, quoAccepted, testapp.FixedNow); err != nil {
		t.Errorf("convert again after the draft was deleted: %v", err)
	}
}
