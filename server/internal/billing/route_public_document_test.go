package billing

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/migrations"
)

// publicURLFor is the public document route of a token.
func publicURLFor(token string, tail ...string) string {
	return "/api/folio/public/documents/" + url.PathEscape(token) + strings.Join(tail, "")
}

// notValidBody is the one answer for every link that leads nowhere.
const notValidBody = `{"data":{"@refusal":{"code":"folio_link_invalid","message":"This link is no longer valid."}},"message":"This link is no longer valid.","status":404}`

// countEvents counts a document's events of one type ("" for any).
func countEvents(t testing.TB, app core.App, doc, typ string) int {
	t.Helper()
	q := app.DB().Select("COUNT(*)").From(migrations.DocumentEventsCollection).Where(dbx.HashExp{"document": doc})
	if typ != "" {
		q.AndWhere(dbx.HashExp{"type": typ})
	}
	var n int
	if err := q.Row(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// eventsOfType lists the events of one type across documents.
func eventsOfType(t testing.TB, app core.App, typ string) []*core.Record {
	t.Helper()
	recs, err := app.FindAllRecords(migrations.DocumentEventsCollection, dbx.HashExp{"type": typ})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// expectEvents checks how many events of a type each document has.
func expectEvents(typ string, want map[string]int) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		t.Helper()
		for doc, n := range want {
			if got := countEvents(t, app, doc, typ); got != n {
				t.Errorf("%s has %d %q events, want %d", doc, got, typ, n)
			}
		}
	}
}

// setBusiness changes settings of a fixture user's business.
func setBusiness(id string, fields map[string]any) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		u := get(t, app, migrations.BusinessesCollection, id)
		for k, v := range fields {
			u.Set(k, v)
		}
		if err := app.Save(u); err != nil {
			t.Fatal(err)
		}
	}
}

// sameBody checks the exact body of the answer.
func sameBody(want string) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, _ *tests.TestApp, res *http.Response) {
		t.Helper()
		b, _ := io.ReadAll(res.Body)
		if got := strings.TrimSpace(string(b)); got != want {
			t.Errorf("body = %s\nwant %s", got, want)
		}
	}
}

// sameKeys checks that an object of the answer holds exactly the keys the
// shared vectors print for it (printableContract).
func sameKeys(t testing.TB, where string, m map[string]any) {
	t.Helper()
	if got, want := keysOf(m), printableContract(t)[where]; !slices.Equal(got, want) {
		t.Errorf("keys of %q = %v\nwant %v", where, got, want)
	}
}

// exactShape decodes a printable document, checks that every object holds
// exactly the contract's keys, and runs check on it.
func exactShape(check func(t testing.TB, doc map[string]any)) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, _ *tests.TestApp, res *http.Response) {
		t.Helper()
		doc := decode(t, res)
		sameKeys(t, "", doc)
		for _, obj := range []string{"seller", "buyer", "payment", "answer"} {
			if m, ok := doc[obj].(map[string]any); ok {
				sameKeys(t, obj, m)
			} else if doc[obj] != nil || obj == "seller" || obj == "buyer" {
				t.Errorf("%s = %#v, want an object", obj, doc[obj])
			}
		}
		for _, list := range []string{"items", "tax_breakdown"} {
			rows, ok := doc[list].([]any)
			if !ok {
				t.Fatalf("%s = %#v, want a list", list, doc[list])
			}
			for _, row := range rows {
				sameKeys(t, list, row.(map[string]any))
			}
		}
		if check != nil {
			check(t, doc)
		}
	}
}

// field reads a dotted path of a decoded document.
func field(doc map[string]any, path string) any {
	var v any = doc
	for _, k := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

func fieldsAre(want map[string]any) func(t testing.TB, doc map[string]any) {
	return func(t testing.TB, doc map[string]any) {
		t.Helper()
		for path, w := range want {
			got := field(doc, path)
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(w)
			if string(gb) != string(wb) {
				t.Errorf("%s = %s, want %s", path, gb, wb)
			}
		}
	}
}

// Nothing that identifies records or people other than what is printed.
var privateBits = []string{alice, bob, invSent, custAcme, "alice@folio.test", `"business"`, `"id"`, `"customer"`, `"collectionId"`}

func TestPublicDocumentRoute(t *testing.T) {
	get := http.MethodGet
	runAPICases(t, []apiCase{
		{name: "a sent invoice by its link: the printable document, exactly the contract", method: get,
			url: publicURLFor(tokInvSent), status: 200,
			before: func(t testing.TB, app *tests.TestApp) {
				setBusiness(alice, map[string]any{migrations.FieldCompanyName: "Alice & Co", migrations.FieldCompanyAddress: "1 Main St",
					migrations.FieldCompanyTaxID: "FR123"})(t, app)
				c := get2(t, app, migrations.CustomersCollection, custAcme)
				c.Set("contact_name", "Jane Roe")
				c.Set("email", "ap@acme.test")
				c.Set("city", "Lyon")
				if err := app.Save(c); err != nil {
					t.Fatal(err)
				}
			},
			absent: privateBits,
			after: both(
				exactShape(fieldsAre(map[string]any{
					"kind": "invoice", "number": "INV-00003", "status": "viewed", "display_status": "viewed", "currency": "EUR",
					"issue_date": "2026-03-01", "due_date": "2026-03-31", "expiry_date": "",
					"seller": map[string]any{"company_name": "Alice & Co", "company_address": "1 Main St", "company_tax_id": "FR123",
						"postal_code": "", "city": "", "country": "", "vat_id": "", "logo_url": ""},
					"buyer": map[string]any{"name": "Acme Ltd", "contact_name": "Jane Roe", "address": "", "city": "Lyon",
						"postal_code": "", "country": "", "tax_id": ""},
					"items": []any{map[string]any{"description": "Consulting", "quantity": 1, "unit": "", "unit_price_cents": 10000,
						"discount_percent": 0, "tax_rate": 20, "net_cents": 10000}},
					"subtotal_cents": 10000, "discount_cents": 0, "tax_cents": 2000, "total_cents": 12000,
					"tax_breakdown": []any{map[string]any{"rate": 20, "net_cents": 10000, "tax_cents": 2000}},
					"paid_cents":    0, "balance_cents": 12000, "payment": nil, "answer": nil, "vat_note": "",
					"language": "en",
				})),
				expectHeaders(map[string]string{"Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex", "Cache-Control": "no-store"}),
			)},
		{name: "the customer's first visit marks it viewed through the status hooks, and only it", method: get,
			url: publicURLFor(tokInvSent), status: 200, contains: []string{`"status":"viewed"`},
			after: both(
				expectRecord("invoices", invSent, map[string]any{"status": "viewed", "viewed_at": "set"}),
				expectEvents("viewed", map[string]int{invSent: 1, invPartial: 0, quoSent: 0, invBob: 0}),
				func(t testing.TB, app *tests.TestApp, _ *http.Response) {
					// No other document moved.
					expect(t, get2(t, app, "quotes", quoSent), map[string]any{"status": "sent", "viewed_at": "empty"})
					expect(t, get2(t, app, "quotes", quoExpired), map[string]any{"status": "sent", "viewed_at": "empty"})
					expect(t, get2(t, app, "invoices", invBob), map[string]any{"status": "partial", "viewed_at": "empty"})
					if n := len(eventsOfType(t, app, "viewed")); n != 1 {
						t.Errorf("%d viewed events in all, want 1", n)
					}
				},
			)},
		{name: "every later visit records an event; the status stays viewed", method: get,
			url: publicURLFor(tokInvSent), status: 200,
			before: func(t testing.TB, app *tests.TestApp) {
				if resolvePublic(app, tokInvSent) == nil {
					t.Fatal("fixture link missing")
				}
				inv := get2(t, app, "invoices", invSent)
				inv.Set("status", "viewed")
				if err := app.Save(inv); err != nil {
					t.Fatal(err)
				}
			},
			after: expectEvents("viewed", map[string]int{invSent: 1})},
		{name: "the owner's own visit records nothing", as: alice, method: get,
			url: publicURLFor(tokInvSent), status: 200, contains: []string{`"status":"sent"`},
			after: both(
				expectRecord("invoices", invSent, map[string]any{"status": "sent", "viewed_at": "empty"}),
				func(t testing.TB, app *tests.TestApp, _ *http.Response) {
					if n := len(eventsOfType(t, app, "viewed")); n != 0 {
						t.Errorf("%d viewed events, want none", n)
					}
				},
			)},
		{name: "another signed-in account is a visitor like any other", as: bob, method: get,
			url: publicURLFor(tokInvSent), status: 200, contains: []string{`"status":"viewed"`},
			after: expectEvents("viewed", map[string]int{invSent: 1})},
		{name: "view tracking off: nothing recorded, nothing moved", method: get,
			url: publicURLFor(tokInvSent), status: 200, contains: []string{`"status":"sent"`},
			before: setBusiness(alice, map[string]any{migrations.FieldViewTracking: false}),
			after: both(
				expectRecord("invoices", invSent, map[string]any{"status": "sent", "viewed_at": "empty"}),
				expectEvents("viewed", map[string]int{invSent: 0}),
			)},
		{name: "a head request records nothing", method: http.MethodHead,
			url: publicURLFor(tokInvSent), status: 200,
			after: expectRecord("invoices", invSent, map[string]any{"status": "sent"})},
		{name: "a sent quote: expiry, no payment, the total as balance", method: get,
			url: publicURLFor(tokQuoSent), status: 200, absent: privateBits,
			after: exactShape(fieldsAre(map[string]any{
				"kind": "quote", "number": "QUO-00002", "status": "viewed", "display_status": "viewed", "due_date": "",
				"expiry_date": "2026-03-31", "paid_cents": 0, "balance_cents": 12000, "payment": nil, "answer": nil,
			}))},
		{name: "an expired quote shows expired", method: get,
			url: publicURLFor(tokQuoExpired), status: 200,
			after: exactShape(fieldsAre(map[string]any{"status": "viewed", "display_status": "expired", "expiry_date": "2026-02-09"}))},
		{name: "an open invoice past its due date shows overdue", method: get,
			url: publicURLFor(tokInvSent), status: 200,
			before: func(t testing.TB, app *tests.TestApp) {
				inv := get2(t, app, "invoices", invSent)
				inv.Set("issue_date", "2026-02-01")
				inv.Set("due_date", "2026-03-01")
				if err := app.Save(inv); err != nil {
					t.Fatal(err)
				}
			},
			after: exactShape(fieldsAre(map[string]any{"display_status": "overdue", "due_date": "2026-03-01"}))},
		{name: "a partly paid invoice: paid and balance; its status stays", method: get,
			url: publicURLFor(tokInvPartial), status: 200,
			after: both(
				exactShape(fieldsAre(map[string]any{"status": "partial", "paid_cents": 5000, "balance_cents": 7000})),
				expectEvents("viewed", map[string]int{invPartial: 1}),
			)},
		{name: "payment instructions when the business has an IBAN", method: get,
			url: publicURLFor(tokInvSent), status: 200,
			before: setBusiness(alice, map[string]any{migrations.FieldIBAN: "be72 0000 0000 1616", migrations.FieldBIC: "gebabebb",
				migrations.FieldBankHolder: "Alice Martin", migrations.FieldCompanyName: "Alice & Co"}),
			after: exactShape(fieldsAre(map[string]any{"payment": map[string]any{
				"holder": "Alice Martin", "iban": "BE72000000001616", "bic": "GEBABEBB", "reference": "INV-00003"}}))},
		{name: "the holder defaults to the business name", method: get,
			url: publicURLFor(tokInvSent), status: 200,
			before: setBusiness(alice, map[string]any{migrations.FieldIBAN: "DE89370400440532013000", migrations.FieldCompanyName: "Alice & Co"}),
			after: exactShape(fieldsAre(map[string]any{"payment": map[string]any{
				"holder": "Alice & Co", "iban": "DE89370400440532013000", "bic": "", "reference": "INV-00003"}}))},
		{name: "an accepted quote carries its answer", method: get,
			url: publicURLFor(tokQuoAccepted), status: 200,
			after: exactShape(fieldsAre(map[string]any{"status": "accepted",
				"answer": map[string]any{"accepted": true, "at": "2026-03-15T10:00:00Z", "name": "", "note": ""}}))},
		{name: "the logo URL uses the token", method: get,
			url: publicURLFor(tokInvSent), status: 200, before: withLogo,
			after: exactShape(fieldsAre(map[string]any{"seller.logo_url": "/api/folio/public/documents/" + tokInvSent + "/logo"}))},
		{name: "bob's link shows bob's invoice", method: get,
			url: publicURLFor(tokBobInv), status: 200, contains: []string{`"number":"INV-00001"`, `"name":"Bob's Client"`},
			after: expectEvents("viewed", map[string]int{invBob: 1, invSent: 0})},
	})
}

// get2 is get, for closures where the table's get shadows it.
func get2(t testing.TB, app core.App, collection, id string) *core.Record {
	return get(t, app, collection, id)
}

// expectHeaders checks exact header values.
func expectHeaders(want map[string]string) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, _ *tests.TestApp, res *http.Response) {
		t.Helper()
		for k, v := range want {
			if got := res.Header.Get(k); got != v {
				t.Errorf("header %s = %q, want %q", k, got, v)
			}
		}
	}
}

// Every way a link can lead nowhere gets the same answer, byte for byte,
// and records nothing.
func TestPublicLinkNotValid(t *testing.T) {
	get := http.MethodGet
	nothing := func(t testing.TB, app *tests.TestApp, res *http.Response) {
		sameBody(notValidBody)(t, app, res)
		if n := len(eventsOfType(t, app, "viewed")); n != 0 {
			t.Errorf("%d viewed events, want none", n)
		}
		expect(t, get2(t, app, "invoices", invSent), map[string]any{"status": "sent"})
	}
	runAPICases(t, []apiCase{
		{name: "an unknown token", method: get, url: publicURLFor(tokUnknown), status: 404, after: nothing},
		{name: "a malformed token", method: get, url: publicURLFor("../../../etc/passwd"), status: 404, after: nothing},
		{name: "a very long token", method: get, url: publicURLFor(strings.Repeat("x", 2000)), status: 404, after: nothing},
		{name: "a revoked token", method: get, url: publicURLFor(tokRevoked), status: 404, after: nothing},
		{name: "a void invoice's token (revoked by voiding)", method: get, url: publicURLFor(tokVoid), status: 404, after: nothing},
		{name: "a draft's token", method: get, url: publicURLFor(tokDraft), status: 404, after: nothing},
		{name: "a link row of another account pointing at this invoice", method: get, url: publicURLFor(tokForged), status: 404, after: nothing},
		{name: "an unknown token with another account's sign-in", as: bob, method: get, url: publicURLFor(tokUnknown), status: 404, after: nothing},
		{name: "a revoked token with the owner's sign-in", as: alice, method: get, url: publicURLFor(tokRevoked), status: 404, after: nothing},
		{name: "a deleted document's token", method: get, url: publicURLFor(tokQuoSent), status: 404,
			before: func(t testing.TB, app *tests.TestApp) {
				if err := app.Delete(get2(t, app, "quotes", quoSent)); err != nil {
					t.Fatal(err)
				}
			},
			after: nothing},
		{name: "a document revised back to draft", method: get, url: publicURLFor(tokQuoSent), status: 404,
			before: func(t testing.TB, app *tests.TestApp) {
				q := get2(t, app, "quotes", quoSent)
				q.Set("status", "rejected")
				if err := app.Save(q); err != nil {
					t.Fatal(err)
				}
				q.Set("status", "draft")
				if err := app.Save(q); err != nil {
					t.Fatal(err)
				}
			},
			after: nothing},
		{name: "the logo of an unknown token", method: get, url: publicURLFor(tokUnknown, "/logo"), status: 404, after: sameBody(notValidBody)},
		{name: "accepting with an unknown token", method: http.MethodPost, url: publicURLFor(tokUnknown, "/accept"),
			body: map[string]any{"name": "Jane Roe"}, status: 404, after: sameBody(notValidBody)},
		{name: "rejecting with a revoked token", method: http.MethodPost, url: publicURLFor(tokRevoked, "/reject"),
			body: map[string]any{"reason": "No"}, status: 404, after: sameBody(notValidBody)},
		{name: "downloading with a void invoice's token", method: http.MethodPost, url: publicURLFor(tokVoid, "/downloaded"),
			status: 404, after: sameBody(notValidBody)},
	})
}
