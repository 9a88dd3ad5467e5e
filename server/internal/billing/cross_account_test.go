package billing

import (
	"net/http"
	"testing"
)

// Every collection × every operation, by alice on bob's records: refused
// or empty, never bob's data.
func TestCrossAccountMatrix(t *testing.T) {
	bobs := []struct {
		collection, id string
		create         map[string]any // a valid body, owned by bob
		update         map[string]any
	}{
		{"customers", custBob, map[string]any{"owner": bob, "name": "X", "currency": "EUR"}, map[string]any{"name": "Mine now"}},
		{"quotes", quoBob, map[string]any{"owner": bob, "customer": custBob}, map[string]any{"notes": "hi"}},
		{"invoices", invBob, map[string]any{"owner": bob, "customer": custBob}, map[string]any{"notes": "hi"}},
		{"payments", payBob, map[string]any{"owner": bob, "invoice": invBob, "amount_cents": 1}, map[string]any{"reference": "x"}},
	}

	var cases []apiCase
	for _, b := range bobs {
		base := "/api/collections/" + b.collection + "/records"
		cases = append(cases,
			apiCase{name: b.collection + " list", as: alice, method: http.MethodGet, url: base + "?perPage=500",
				status: 200, contains: []string{`"items":[`}, absent: []string{bob}},
			apiCase{name: b.collection + " list filtered on bob", as: alice, method: http.MethodGet, url: base + "?filter=(owner='" + bob + "')",
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
			body: map[string]any{"owner": alice, "customer": custBob}, status: 400, contains: []string{msg(msgForeignCustomer)}},
		apiCase{name: "invoice → bob's customer", as: alice, method: http.MethodPost, url: invoicesURL,
			body: map[string]any{"owner": alice, "customer": custBob}, status: 400, contains: []string{msg(msgForeignCustomer)}},
		apiCase{name: "payment → bob's invoice", as: alice, method: http.MethodPost, url: paymentsURL,
			body: map[string]any{"owner": alice, "invoice": invBob, "amount_cents": 1}, status: 400, contains: []string{msg(msgForeignInvoice)}},
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
	runAPICases(t, cases)
}
