package billing

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/migrations"
)

// rewriteLines is the concurrent edit of the race tests: one line of
// 500.00 EUR, no tax, so the total becomes 500.00.
func rewriteLines(t testing.TB, app core.App, collection, id string) {
	t.Helper()
	rec, err := app.FindRecordById(collection, id)
	if err != nil {
		t.Errorf("concurrent edit: %v", err)
		return
	}
	rec.Set("items", []map[string]any{{"description": "Bigger job", "quantity": 1, "unit_price_cents": 50000}})
	if err := app.Save(rec); err != nil {
		t.Errorf("concurrent edit: %v", err)
	}
}

// onLinkCreated runs f once a send has minted its link: after the route
// loaded the document, before it marks it sent.
func onLinkCreated(app *tests.TestApp, f func()) {
	app.OnRecordAfterCreateSuccess(migrations.DocumentLinksCollection).BindFunc(func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		f()
		return nil
	})
}

func TestSendRouteRaces(t *testing.T) {
	post := http.MethodPost
	runAPICases(t, []apiCase{
		{name: "an edit made while the mail goes out is kept", as: alice, method: post,
			url: sendURL("invoices", invDraft),
			before: func(t testing.TB, app *tests.TestApp) {
				withEmail(custAcme)(t, app)
				app.OnMailerSend().BindFunc(func(e *core.MailerEvent) error {
					rewriteLines(t, app, "invoices", invDraft)
					return e.Next()
				})
			},
			status: 200, contains: []string{`"status":"sent"`},
			after: expectRecord("invoices", invDraft, map[string]any{"status": "sent", "total_cents": 50000})},
		{name: "an edit made between the load and the save is kept and mailed", as: alice, method: post,
			url: sendURL("invoices", invDraft),
			before: func(t testing.TB, app *tests.TestApp) {
				withEmail(custAcme)(t, app)
				onLinkCreated(app, func() { rewriteLines(t, app, "invoices", invDraft) })
			},
			status: 200, contains: []string{`"status":"sent"`, `"total_cents":50000`},
			after: both(
				mailed("ap@acme.test", "Invoice INV-00001 from Alice & Co", "Total due: €500.00"),
				expectRecord("invoices", invDraft, map[string]any{"status": "sent", "total_cents": 50000}),
			)},
		{name: "a draft invoice deleted before the save: 404, no mail", as: alice, method: post,
			url: sendURL("invoices", invDraft),
			before: func(t testing.TB, app *tests.TestApp) {
				withEmail(custAcme)(t, app)
				onLinkCreated(app, func() {
					if err := app.Delete(get(t, app, "invoices", invDraft)); err != nil {
						t.Errorf("concurrent delete: %v", err)
					}
				})
			},
			status: 404, contains: []string{"The invoice was deleted before it could be sent."},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				noMail(t, app)
				if n := liveLinks(t, app, invDraft); n != 0 {
					t.Errorf("%d live links, want none", n)
				}
			}},
		{name: "a draft quote deleted before the save: 404, no mail", as: alice, method: post,
			url: sendURL("quotes", quoDraft),
			before: func(t testing.TB, app *tests.TestApp) {
				withEmail(custAcme)(t, app)
				onLinkCreated(app, func() {
					if err := app.Delete(get(t, app, "quotes", quoDraft)); err != nil {
						t.Errorf("concurrent delete: %v", err)
					}
				})
			},
			status: 404, contains: []string{"The quote was deleted before it could be sent."},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) { noMail(t, app) }},
	})
}
