package billing

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
)

func TestMain(m *testing.M) { testapp.Main(m) }

// The fixture's two accounts (testapp's users, with testapp.Password).
var (
	alice = testapp.Alice.ID
	bob   = testapp.Bob.ID
)

// Fixture ids (15 × [a-z0-9], like client-generated ids).
const (
	custAcme  = "custalice000001" // alice, EUR, no own terms
	custBlue  = "custalice000002" // alice, USD, 14-day terms
	custSpare = "custalice000003" // alice, EUR, no documents
	custBob   = "custbob00000001" // bob, EUR

	quoDraft    = "qalicedraft0001"
	quoSent     = "qalicesent00001"
	quoExpired  = "qaliceexpired01"
	quoAccepted = "qaliceaccept001"
	quoRejected = "qalicereject001"
	quoBob      = "qbobdraft000001"

	invDraft   = "ialicedraft0001" // 100.00 + 20% = 120.00 EUR
	invEmpty   = "ialiceempty0001" // draft without lines
	invSent    = "ialicesent00001" // 120.00, nothing paid
	invPartial = "ialicepartial01" // 120.00, 50.00 paid
	invPaid    = "ialicepaid00001" // 120.00, paid, had been viewed
	invVoid    = "ialicevoid00001"
	invBob     = "ibobsent0000001" // bob, 120.00, 20.00 paid

	invBobPaid = "ibobpaid0000001" // bob, 120.00 issued 2026-03-02, paid, 30.00 credited, 10.00 refunded

	payPartial = "palicepartial01"
	payPaid    = "palicepaid00001"
	payBob     = "pbob00000000001"
	payBobPaid = "pbobpaid0000001"

	cnBob     = "cnbob0000000001" // bob's credit note of 30.00 on invBobPaid
	refundBob = "rfbob0000000001" // bob's refund of 10.00 of cnBob
)

// creditLine credits a quarter of oneLine: 25.00 + 20% = 30.00.
var creditLine = []map[string]any{{"description": "Consulting", "quantity": 0.25, "unit_price_cents": 10000, "tax_rate": 20}}

// Public link tokens of the fixture. Real tokens are 43 random characters;
// only their SHA-256 is stored, so any string works as a test token.
const (
	tokInvSent     = "tok-alice-invoice-sent"      // invSent
	tokInvPartial  = "tok-alice-invoice-partial"   // invPartial
	tokQuoSent     = "tok-alice-quote-sent"        // quoSent
	tokQuoExpired  = "tok-alice-quote-expired"     // quoExpired
	tokQuoAccepted = "tok-alice-quote-accepted"    // quoAccepted
	tokBobInv      = "tok-bob-invoice"             // invBob
	tokRevoked     = "tok-alice-invoice-revoked"   // invSent, revoked
	tokVoid        = "tok-alice-invoice-voided"    // invVoid, minted before it was voided
	tokDraft       = "tok-alice-invoice-draft"     // invDraft (a draft is never public)
	tokForged      = "tok-bob-on-alice-invoice"    // a link row of bob's pointing at alice's invSent
	tokUnknown     = "tok-nobody-ever-minted-this" // no link at all
)

// addLink saves a public link with a known token, as createLink would.
func addLink(app core.App, owner, kind, doc, token string) (*core.Record, error) {
	return create(app, "document_links", "", map[string]any{
		"business": owner, "kind": kind, "document": doc, "token_hash": hashLinkToken(token),
	})
}

// oneLine is 1 × 100.00 at 20%: total 120.00.
var oneLine = []map[string]any{{"description": "Consulting", "quantity": 1, "unit_price_cents": 10000, "tax_rate": 20}}

// factory returns a clone of the shared billing fixture with the hooks
// bound on the fixed clock (testapp.FixedNow).
func factory(t testing.TB) *tests.TestApp {
	app := testapp.Fixture(t, "billing", buildFixture)
	BindWithClock(app, testapp.Clock)
	return app
}

// buildFixture creates two accounts and, for alice, a document in each
// interesting state, all through the hooks (as the API would).
func buildFixture(app *tests.TestApp) error {
	BindWithClock(app, testapp.Clock)
	var err error
	must := func(r *core.Record, e error) *core.Record {
		if err == nil && e != nil {
			err = e
		}
		return r
	}
	save := func(collection, id string, fields map[string]any) *core.Record {
		return must(create(app, collection, id, fields))
	}
	update := func(collection, id string, fields map[string]any) {
		if err != nil {
			return
		}
		rec, e := app.FindRecordById(collection, id)
		if e != nil {
			err = e
			return
		}
		for k, v := range fields {
			rec.Set(k, v)
		}
		if e := app.Save(rec); e != nil {
			err = e
		}
	}

	if err := testapp.AddUsers(app, testapp.Alice, testapp.Bob); err != nil {
		return err
	}

	save("customers", custAcme, map[string]any{"business": alice, "name": "Acme Ltd", "currency": "EUR"})
	save("customers", custBlue, map[string]any{"business": alice, "name": "Blue Sky Inc", "currency": "USD", "payment_terms_days": 14})
	save("customers", custSpare, map[string]any{"business": alice, "name": "Spare Parts", "currency": "EUR"})
	save("customers", custBob, map[string]any{"business": bob, "name": "Bob's Client", "currency": "EUR"})

	doc := func(owner, customer string, extra map[string]any) map[string]any {
		m := map[string]any{"business": owner, "customer": customer, "issue_date": "2026-03-01", "items": oneLine}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	save("quotes", quoDraft, doc(alice, custAcme, nil))
	save("quotes", quoSent, doc(alice, custAcme, nil))
	update("quotes", quoSent, map[string]any{"status": "sent"})
	save("quotes", quoExpired, doc(alice, custAcme, map[string]any{"issue_date": "2026-01-10", "expiry_date": "2026-02-09"}))
	update("quotes", quoExpired, map[string]any{"status": "sent"})
	save("quotes", quoAccepted, doc(alice, custAcme, nil))
	update("quotes", quoAccepted, map[string]any{"status": "sent"})
	update("quotes", quoAccepted, map[string]any{"status": "accepted"})
	save("quotes", quoRejected, doc(alice, custAcme, nil))
	update("quotes", quoRejected, map[string]any{"status": "sent"})
	update("quotes", quoRejected, map[string]any{"status": "rejected", "reject_reason": "Too expensive"})
	save("quotes", quoBob, doc(bob, custBob, nil))

	save("invoices", invDraft, doc(alice, custAcme, nil))
	save("invoices", invEmpty, doc(alice, custAcme, map[string]any{"items": nil}))
	save("invoices", invSent, doc(alice, custAcme, nil))
	update("invoices", invSent, map[string]any{"status": "sent"})
	save("invoices", invPartial, doc(alice, custAcme, nil))
	update("invoices", invPartial, map[string]any{"status": "sent"})
	save("payments", payPartial, map[string]any{"business": alice, "invoice": invPartial, "amount_cents": 5000, "date": "2026-03-10", "method": "card"})
	save("invoices", invPaid, doc(alice, custAcme, nil))
	update("invoices", invPaid, map[string]any{"status": "sent"})
	update("invoices", invPaid, map[string]any{"status": "viewed"})
	save("payments", payPaid, map[string]any{"business": alice, "invoice": invPaid, "amount_cents": 12000, "date": "2026-03-12", "method": "bank_transfer"})
	save("invoices", invVoid, doc(alice, custAcme, nil))
	update("invoices", invVoid, map[string]any{"status": "sent"})
	must(addLink(app, alice, "invoice", invVoid, tokVoid))
	update("invoices", invVoid, map[string]any{"status": "void", "void_reason": "Issued twice"})

	save("invoices", invBob, doc(bob, custBob, nil))
	update("invoices", invBob, map[string]any{"status": "sent"})
	save("payments", payBob, map[string]any{"business": bob, "invoice": invBob, "amount_cents": 2000, "date": "2026-03-11", "method": "cash"})
	save("invoices", invBobPaid, doc(bob, custBob, map[string]any{"issue_date": "2026-03-02"}))
	update("invoices", invBobPaid, map[string]any{"status": "sent"})
	save("payments", payBobPaid, map[string]any{"business": bob, "invoice": invBobPaid, "amount_cents": 12000, "date": "2026-03-05", "method": "cash"})
	save("credit_notes", cnBob, map[string]any{"business": bob, "invoice": invBobPaid, "issue_date": "2026-03-06", "items": creditLine})
	save("refunds", refundBob, map[string]any{"business": bob, "credit_note": cnBob, "amount_cents": 1000, "date": "2026-03-07", "method": "bank_transfer"})

	must(addLink(app, alice, "invoice", invSent, tokInvSent))
	must(addLink(app, alice, "invoice", invPartial, tokInvPartial))
	must(addLink(app, alice, "quote", quoSent, tokQuoSent))
	must(addLink(app, alice, "quote", quoExpired, tokQuoExpired))
	must(addLink(app, alice, "quote", quoAccepted, tokQuoAccepted))
	must(addLink(app, bob, "invoice", invBob, tokBobInv))
	must(addLink(app, alice, "invoice", invDraft, tokDraft))
	must(addLink(app, bob, "invoice", invSent, tokForged))
	if revoked := must(addLink(app, alice, "invoice", invSent, tokRevoked)); revoked != nil {
		revoked.Set("revoked_at", testapp.FixedNow.Add(-time.Hour))
		must(revoked, app.Save(revoked))
	}
	return err
}

// create saves a new record through the hooks.
func create(app core.App, collection, id string, fields map[string]any) (*core.Record, error) {
	col, err := app.FindCollectionByNameOrId(collection)
	if err != nil {
		return nil, err
	}
	rec := core.NewRecord(col)
	rec.Id = id
	for k, v := range fields {
		rec.Set(k, v)
	}
	return rec, app.Save(rec)
}

// get reads a record back, failing the test when it is missing.
func get(t testing.TB, app core.App, collection, id string) *core.Record {
	t.Helper()
	rec, err := app.FindRecordById(collection, id)
	if err != nil {
		t.Fatalf("%s/%s: %v", collection, id, err)
	}
	return rec
}

// jsonBody encodes v as a request body.
func jsonBody(v any) *strings.Reader {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return strings.NewReader(string(b))
}

// apiCase is one row of an API table: a request by a user against a fresh
// clone of the fixture, the status and texts expected, and optional checks
// of the data afterwards.
type apiCase struct {
	name   string
	as     string // user id; "" for a guest
	method string
	url    string
	body   any
	// raw is a body sent as it is, with contentType (multipart forms).
	raw         io.Reader
	contentType string
	headers     map[string]string // more request headers
	before      func(t testing.TB, app *tests.TestApp)
	status      int
	contains    []string
	absent      []string
	after       func(t testing.TB, app *tests.TestApp, res *http.Response)
}

// runAPICases runs the table; tests that use it run in parallel with each
// other (every case has its own clone of the fixture).
func runAPICases(t *testing.T, cases []apiCase) {
	t.Helper()
	t.Parallel()
	for _, c := range cases {
		headers := map[string]string{}
		for k, v := range c.headers {
			headers[k] = v
		}
		if c.contentType != "" {
			headers["Content-Type"] = c.contentType
		}
		s := tests.ApiScenario{
			Name:               c.name,
			Method:             c.method,
			URL:                c.url,
			Headers:            headers,
			ExpectedStatus:     c.status,
			ExpectedContent:    c.contains,
			NotExpectedContent: c.absent,
			TestAppFactory:     factory,
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				// before first: it may add the user the case signs in as.
				if c.before != nil {
					c.before(t, app)
				}
				if c.as != "" {
					headers["Authorization"] = testapp.Token(t, app, c.as)
				}
			},
		}
		if c.body != nil {
			s.Body = jsonBody(c.body)
		}
		if c.raw != nil {
			s.Body = c.raw
		}
		s.AfterTestFunc = func(t testing.TB, app *tests.TestApp, res *http.Response) {
			if c.after != nil {
				c.after(t, app, res)
			}
			// Whatever the request wrote, the dashboard's per-day sums follow.
			checkLedger(t, app)
		}
		if len(s.ExpectedContent) == 0 && len(s.NotExpectedContent) == 0 && c.status != http.StatusNoContent {
			s.ExpectedContent = []string{`"`} // any JSON body
		}
		s.Test(t)
	}
}

// decode reads a JSON response into a map.
func decode(t testing.TB, res *http.Response) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.NewDecoder(res.Body).Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

// expect compares record fields with wanted values (numbers as float64,
// dates by their YYYY-MM-DD prefix, "set"/"empty" for timestamps).
func expect(t testing.TB, rec *core.Record, want map[string]any) {
	t.Helper()
	for k, w := range want {
		switch w {
		case "set":
			if rec.GetDateTime(k).IsZero() {
				t.Errorf("%s.%s is empty, want a timestamp", rec.Id, k)
			}
			continue
		case "empty":
			if rec.GetString(k) != "" {
				t.Errorf("%s.%s = %q, want empty", rec.Id, k, rec.GetString(k))
			}
			continue
		}
		switch w := w.(type) {
		case int:
			if got := rec.GetFloat(k); got != float64(w) {
				t.Errorf("%s.%s = %v, want %d", rec.Id, k, got, w)
			}
		case string:
			got := rec.GetString(k)
			if strings.HasSuffix(k, "_date") || k == "date" {
				if len(got) >= 10 {
					got = got[:10]
				}
			}
			if got != w {
				t.Errorf("%s.%s = %q, want %q", rec.Id, k, got, w)
			}
		case bool:
			if got := rec.GetBool(k); got != w {
				t.Errorf("%s.%s = %v, want %v", rec.Id, k, got, w)
			}
		default:
			t.Fatalf("expect: unsupported %T", w)
		}
	}
}
