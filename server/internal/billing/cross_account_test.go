package billing

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/tests"
)

// Every collection × every operation, by alice on bob's records: refused
// or empty, never bob's data.
func TestCrossAccountMatrix(t *testing.T) {
	bobs := []struct {
		collection, id string
		create         map[string]any // a valid body, owned by bob
		update         map[string]any
	}{
		{"customers", custBob, map[string]any{"business": bob, "name": "X", "currency": "EUR"}, map[string]any{"name": "Mine now"}},
		{"quotes", quoBob, map[string]any{"business": bob, "customer": custBob}, map[string]any{"notes": "hi"}},
		{"invoices", invBob, map[string]any{"business": bob, "customer": custBob}, map[string]any{"notes": "hi"}},
		{"payments", payBob, map[string]any{"business": bob, "invoice": invBob, "amount_cents": 1}, map[string]any{"reference": "x"}},
		{"credit_notes", cnBob, map[string]any{"business": bob, "invoice": invBob, "items": creditLine}, map[string]any{"notes": "hi"}},
		{"refunds", refundBob, map[string]any{"business": bob, "credit_note": cnBob, "amount_cents": 1}, map[string]any{"reference": "x"}},
	}

	var cases []apiCase
	for _, b := range bobs {
		base := "/api/collections/" + b.collection + "/records"
		cases = append(cases,
			apiCase{name: b.collection + " list", as: alice, method: http.MethodGet, url: base + "?perPage=500",
				status: 200, contains: []string{`"items":[`}, absent: []string{bob}},
			apiCase{name: b.collection + " list filtered on bob", as: alice, method: http.MethodGet, url: base + "?filter=(business='" + bob + "')",
				status: 200, contains: []string{`"totalItems":0`}},
			apiCase{name: b.collection + " view", as: alice, method: http.MethodGet, url: base + "/" + b.id, status: 404},
			apiCase{name: b.collection + " create for bob", as: alice, method: http.MethodPost, url: base, body: b.create,
				status: 400, contains: []string{msg("Failed to create record.")}},
			apiCase{name: b.collection + " update", as: alice, method: http.MethodPatch, url: base + "/" + b.id, body: b.update, status: 404},
			apiCase{name: b.collection + " delete", as: alice, method: http.MethodDelete, url: base + "/" + b.id, status: 404},
			apiCase{name: b.collection + " guest list", method: http.MethodGet, url: base, status: 200, contains: []string{`"totalItems":0`}},
			apiCase{name: b.collection + " guest create", method: http.MethodPost, url: base, body: b.create, status: 400},
		)
	}
	// References across accounts, with alice as the owner.
	cases = append(cases,
		apiCase{name: "quote → bob's customer", as: alice, method: http.MethodPost, url: quotesURL,
			body: map[string]any{"business": alice, "customer": custBob}, status: 400, contains: []string{msg(msgForeignCustomer)}},
		apiCase{name: "invoice → bob's customer", as: alice, method: http.MethodPost, url: invoicesURL,
			body: map[string]any{"business": alice, "customer": custBob}, status: 400, contains: []string{msg(msgForeignCustomer)}},
		apiCase{name: "payment → bob's invoice", as: alice, method: http.MethodPost, url: paymentsURL,
			body: map[string]any{"business": alice, "invoice": invBob, "amount_cents": 1}, status: 400, contains: []string{msg(msgForeignInvoice)}},
		apiCase{name: "credit note → bob's invoice", as: alice, method: http.MethodPost, url: creditNotesURL,
			body: map[string]any{"business": alice, "invoice": invBobPaid, "items": creditLine}, status: 400, contains: []string{msg(msgForeignInvoice)}},
		apiCase{name: "refund → bob's credit note", as: alice, method: http.MethodPost, url: refundsURL,
			body: map[string]any{"business": alice, "credit_note": cnBob, "amount_cents": 1}, status: 400, contains: []string{msg(msgForeignCreditNote)}},
		apiCase{name: "applied credit → bob's credit note", as: alice, method: http.MethodPost, url: paymentsURL,
			body:   map[string]any{"business": alice, "invoice": invSent, "credit_note": cnBob, "amount_cents": 1, "method": "credit"},
			status: 400, contains: []string{msg(msgForeignCreditNote)}},
		apiCase{name: "expand does not reach bob's credit notes", as: alice, method: http.MethodGet, url: refundsURL + "?expand=credit_note,invoice",
			status: 200, absent: []string{bob, cnBob}},
		apiCase{name: "expand does not reach bob's records", as: alice, method: http.MethodGet, url: invoicesURL + "/" + invDraft + "?expand=customer",
			status: 200, contains: []string{`"expand":{"customer":{`}, absent: []string{bob}},
		// 2FA state is the server's alone: no rule opens it to anyone.
		apiCase{name: "user_totp list", as: alice, method: http.MethodGet, url: "/api/collections/user_totp/records", status: 403},
		apiCase{name: "user_totp guest list", method: http.MethodGet, url: "/api/collections/user_totp/records", status: 403},
		apiCase{name: "user_totp create", as: alice, method: http.MethodPost, url: "/api/collections/user_totp/records",
			body: map[string]any{"user": alice, "enabled": false}, status: 403},
		apiCase{name: "convert bob's quote", as: alice, method: http.MethodPost, url: "/api/folio/quotes/" + quoBob + "/convert",
			status: 404, contains: []string{msg(msgQuoteNotFound)}},
	)
	// The send counters are the server's alone: no one lists, writes or
	// clears them through the API (not even their own).
	sends := "/api/collections/mail_sends/records"
	cases = append(cases,
		apiCase{name: "mail_sends list", as: alice, method: http.MethodGet, url: sends, status: 403},
		apiCase{name: "mail_sends guest list", method: http.MethodGet, url: sends, status: 403},
		apiCase{name: "mail_sends create", as: alice, method: http.MethodPost, url: sends,
			body: map[string]any{"business": alice, "kind": "invoice", "document": invSent, "sent_at": "2026-03-15 10:00:00Z"}, status: 403},
	)
	// The reminders log: bob's row is invisible to alice; nobody but the
	// server writes it.
	reminders := "/api/collections/invoice_reminders/records"
	bobReminder := func(t testing.TB, app *tests.TestApp) {
		if _, err := create(app, "invoice_reminders", "remindbob000001", map[string]any{
			"business": bob, "invoice": invBob, "step": 0, "day": "2026-03-15", "to": "x@bob.test"}); err != nil {
			t.Fatal(err)
		}
	}
	cases = append(cases,
		apiCase{name: "invoice_reminders list", as: alice, method: http.MethodGet, url: reminders, before: bobReminder,
			status: 200, contains: []string{`"totalItems":0`}, absent: []string{bob}},
		apiCase{name: "invoice_reminders view", as: alice, method: http.MethodGet, url: reminders + "/remindbob000001",
			before: bobReminder, status: 404},
		apiCase{name: "invoice_reminders owner lists own", as: bob, method: http.MethodGet, url: reminders, before: bobReminder,
			status: 200, contains: []string{`"totalItems":1`}},
		apiCase{name: "invoice_reminders create", as: alice, method: http.MethodPost, url: reminders,
			body: map[string]any{"business": alice, "invoice": invSent, "step": 0, "day": "2026-03-15"}, status: 403},
		apiCase{name: "invoice_reminders delete own", as: bob, method: http.MethodDelete, url: reminders + "/remindbob000001",
			before: bobReminder, status: 403},
	)
	runAPICases(t, cases)
}
