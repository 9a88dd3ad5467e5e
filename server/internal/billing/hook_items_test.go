package billing

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/tests"
)

const itemsURL = "/api/collections/items/records"

// An item as a client sends it, in business.
func itemBody(business, sku string, prices any) map[string]any {
	return map[string]any{"business": business, "name": " Design hour ", "unit": "h", "unit_code": "HUR",
		"tax_rate": 19, "sku": sku, "prices": prices}
}

// withItem gives alice's business an item with the SKU DH-1.
func withItem(t testing.TB, app *tests.TestApp) {
	t.Helper()
	if _, err := create(app, "items", "itemalice000001", itemBody(alice, "DH-1", []any{})); err != nil {
		t.Fatal(err)
	}
}

// Items through the API: writers create them (normalized by decideItem),
// the accountant and bob may not; a SKU is unique in its business only; a
// bad price is refused with its code; an item stays in its business.
func TestItemsAPI(t *testing.T) {
	twoPrices := []any{map[string]any{"currency": "eur", "cents": 9000}, map[string]any{"currency": "USD", "cents": 9900}}
	cases := byRole(apiCase{name: "create an item", method: http.MethodPost, url: itemsURL,
		body:     itemBody(alice, "", twoPrices),
		contains: []string{`"name":"Design hour"`, `{"currency":"EUR","cents":9000}`, `"vat_category":""`}},
		roleStatus{200, 200, 200, 400, 400}, nil)
	cases = append(cases,
		apiCase{name: "a SKU taken in the business", as: aliceMember.ID, method: http.MethodPost, url: itemsURL,
			before: func(t testing.TB, app *tests.TestApp) { withTeam(t, app); withItem(t, app) },
			body:   itemBody(alice, " DH-1 ", []any{}), status: 400, contains: []string{`"folio_item_sku_taken"`}},
		apiCase{name: "the same SKU in another business", as: bob, method: http.MethodPost, url: itemsURL, before: withItem,
			body: itemBody(bob, "DH-1", []any{}), status: 200, contains: []string{`"sku":"DH-1"`}},
		apiCase{name: "an item keeps its own SKU on update", as: alice, method: http.MethodPatch, url: itemsURL + "/itemalice000001",
			before: withItem, body: map[string]any{"sku": "DH-1", "archived": true}, status: 200, contains: []string{`"archived":true`}},
		apiCase{name: "a currency twice", as: alice, method: http.MethodPost, url: itemsURL,
			body:   itemBody(alice, "", []any{map[string]any{"currency": "EUR", "cents": 1}, map[string]any{"currency": "eur", "cents": 2}}),
			status: 400, contains: []string{`"folio_item_price_twice"`}},
		apiCase{name: "fractions of a cent", as: alice, method: http.MethodPost, url: itemsURL,
			body:   itemBody(alice, "", []any{map[string]any{"currency": "EUR", "cents": 1.5}}),
			status: 400, contains: []string{`"folio_item_price_invalid"`}},
		apiCase{name: "an item stays in its business", as: alice, method: http.MethodPatch, url: itemsURL + "/itemalice000001",
			before: withItem, body: map[string]any{"business": bob}, status: 404},
		apiCase{name: "bob does not see alice's item", as: bob, method: http.MethodGet, url: itemsURL + "/itemalice000001",
			before: withItem, status: 404},
	)
	runAPICases(t, cases)
}
