package card

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/stripe/stripe-go/v84/webhook"

	"folio/server/internal/billing"
	"folio/server/internal/team"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestMain(m *testing.M) { testapp.Main(m) }

const (
	alice = "aliceuser000001"
	bob   = "bobuser00000001"
	// testKey encrypts the secrets in the tests, as the keyring's key does.
	testKey = "0123456789abcdef0123456789abcdef"
	// The secrets of Alice's connection.
	aliceSecretKey = "sk_test_alice0000000000000001"
	aliceWhsec     = "whsec_alice_signing_secret_01"
	bobWhsec       = "whsec_bob_signing_secret_0001"
	// tokInvoice is the public link of Alice's open invoice; tokBob of Bob's.
	tokInvoice = "tok-alice-open-invoice"
	tokBob     = "tok-bob-open-invoice"
)

// world is a test app with Alice's team, an open invoice of 120.00 EUR
// with its public link, Bob's open invoice, and the routes served.
type world struct {
	app        *tests.TestApp
	mux        http.Handler
	invoice    string // Alice's open invoice
	bobInvoice string
	stripe     *recorder
}

// oneLine is 1 × 100.00 at 20%: total 120.00.
var oneLine = []map[string]any{{"description": "Consulting", "quantity": 1, "unit_price_cents": 10000, "tax_rate": 20}}

func buildFixture(app *tests.TestApp) error {
	team.BindWithClock(app, testapp.Clock)
	billing.BindWithClock(app, testapp.Clock)
	if err := testapp.AliceTeamAnd(app, testapp.Bob, testapp.Carol); err != nil {
		return err
	}
	for _, b := range []struct{ owner, token string }{{alice, tokInvoice}, {bob, tokBob}} {
		c, err := save(app, migrations.CustomersCollection, map[string]any{"business": b.owner, "name": "Acme", "currency": "EUR"})
		if err != nil {
			return err
		}
		inv, err := save(app, migrations.InvoicesCollection, map[string]any{"business": b.owner, "customer": c.Id,
			"issue_date": "2026-03-10", "due_date": "2026-04-10", "items": oneLine})
		if err != nil {
			return err
		}
		inv.Set("status", "sent")
		if err := app.Save(inv); err != nil {
			return err
		}
		sum := sha256.Sum256([]byte(b.token))
		if _, err := save(app, migrations.DocumentLinksCollection, map[string]any{"business": b.owner, "kind": "invoice",
			"document": inv.Id, "token_hash": hex.EncodeToString(sum[:])}); err != nil {
			return err
		}
	}
	return nil
}

func save(app core.App, collection string, fields map[string]any) (*core.Record, error) {
	col, err := app.FindCollectionByNameOrId(collection)
	if err != nil {
		return nil, err
	}
	r := core.NewRecord(col)
	for k, v := range fields {
		r.Set(k, v)
	}
	return r, app.Save(r)
}

// newWorld clones the fixture, binds the hooks and routes with the Stripe
// calls going to stripe-mock through a recorder, and connects Alice's and
// Bob's businesses (their secrets stored as the connect route stores them).
func newWorld(t *testing.T) *world {
	t.Helper()
	app := testapp.Fixture(t, "card", buildFixture)
	t.Cleanup(app.Cleanup)
	team.BindWithClock(app, testapp.Clock)
	billing.BindWithClock(app, testapp.Clock)
	rec := newRecorder(t, testapp.StripeMock(t))
	Bind(app, Options{Key: func() (string, error) { return testKey, nil }, APIBase: rec.url})
	w := &world{app: app, mux: testapp.Mux(t, app), stripe: rec}
	s := &service{key: func() (string, error) { return testKey, nil }}
	for _, c := range []struct{ business, key, whsec string }{{alice, aliceSecretKey, aliceWhsec}, {bob, "sk_test_bob000000000000001", bobWhsec}} {
		b := testapp.Business(t, app, testapp.User{ID: c.business})
		k, _ := s.encrypt(c.key)
		h, _ := s.encrypt(c.whsec)
		b.Set(migrations.FieldStripeSecretKey, k)
		b.Set(migrations.FieldStripeWebhookSecret, h)
		b.Set(migrations.FieldStripeAccount, "acct_"+c.business)
		b.Set(migrations.FieldStripeTestMode, true)
		if err := app.Save(b); err != nil {
			t.Fatal(err)
		}
	}
	for _, inv := range []struct {
		owner string
		dst   *string
	}{{alice, &w.invoice}, {bob, &w.bobInvoice}} {
		r, err := app.FindFirstRecordByData(migrations.InvoicesCollection, "business", inv.owner)
		if err != nil {
			t.Fatal(err)
		}
		*inv.dst = r.Id
	}
	return w
}

// do sends a request to the app; token is a user's sign-in or "".
func (w *world) do(t *testing.T, method, path, token, body string, header ...string) (int, map[string]any, string) {
	t.Helper()
	var in io.Reader
	if body != "" {
		in = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, in)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res := httptest.NewRecorder()
	w.mux.ServeHTTP(res, req)
	raw := res.Body.String()
	var out map[string]any
	_ = json.Unmarshal([]byte(raw), &out)
	return res.Code, out, raw
}

// wantOneCardPayment checks that Alice's invoice has one card payment
// and is paid paidCents.
func (w *world) wantOneCardPayment(t *testing.T, paidCents int) {
	t.Helper()
	if n := len(w.cardPayments(t, alice)); n != 1 {
		t.Errorf("%d payments, want 1", n)
	}
	if got := w.record(t, migrations.InvoicesCollection, w.invoice).GetInt("paid_cents"); got != paidCents {
		t.Errorf("paid %d, want %d", got, paidCents)
	}
}

// record reads a record again.
func (w *world) record(t *testing.T, collection, id string) *core.Record {
	t.Helper()
	r, err := w.app.FindRecordById(collection, id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// cardPayments are the business's payments recorded from Stripe.
func (w *world) cardPayments(t *testing.T, business string) []*core.Record {
	t.Helper()
	rs, err := w.app.FindAllRecords(migrations.PaymentsCollection)
	if err != nil {
		t.Fatal(err)
	}
	var out []*core.Record
	for _, r := range rs {
		if r.GetString("business") == business && r.GetString(migrations.FieldPaymentProvider) != "" {
			out = append(out, r)
		}
	}
	return out
}

// event is a Stripe event of typ about object, as Stripe sends it.
func event(id, typ string, object map[string]any) []byte {
	b, _ := json.Marshal(map[string]any{
		"id": id, "object": "event", "api_version": "2020-08-27", "created": time.Now().Unix(),
		"livemode": false, "type": typ, "data": map[string]any{"object": object},
	})
	return b
}

// paidSession is a paid Checkout Session of amount in currency naming
// invoice and business, paid by payment intent pi.
func paidSessionObject(pi, invoice, business string, amount int64, currency string) map[string]any {
	return map[string]any{
		"id": "cs_test_" + pi, "object": "checkout.session", "mode": "payment", "payment_status": "paid",
		"status": "complete", "amount_total": amount, "currency": currency, "payment_intent": pi,
		"metadata": map[string]any{metaInvoice: invoice, metaBusiness: business},
	}
}

// deliver posts payload to business's webhook, signed with secret at ts.
func (w *world) deliver(t *testing.T, business, secret string, payload []byte, ts time.Time) (int, map[string]any) {
	t.Helper()
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: ts})
	code, out, _ := w.do(t, http.MethodPost, strings.Replace(PathWebhook, "{business}", business, 1), "", string(payload),
		"Stripe-Signature", signed.Header)
	return code, out
}

// recorder is a proxy in front of stripe-mock that keeps the requests
// Folio sends: stripe-mock checks each against Stripe's API description
// but answers canned objects, so what Folio asked for is read here.
type recorder struct {
	url  string
	mu   sync.Mutex
	reqs []recorded
	// refuse, when set, is Stripe's error answer (400) to every call.
	refuse string
}

type recorded struct {
	method, path, idempotencyKey, auth string
	form                               url.Values
}

func newRecorder(t *testing.T, target string) *recorder {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	r := &recorder{}
	proxy := httputil.NewSingleHostReverseProxy(u)
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		form, _ := url.ParseQuery(string(body))
		r.mu.Lock()
		r.reqs = append(r.reqs, recorded{method: req.Method, path: req.URL.Path, idempotencyKey: req.Header.Get("Idempotency-Key"),
			auth: req.Header.Get("Authorization"), form: form})
		refuse := r.refuse
		r.mu.Unlock()
		if refuse != "" {
			rw.Header().Set("Content-Type", "application/json")
			rw.WriteHeader(http.StatusBadRequest)
			_, _ = rw.Write([]byte(`{"error":{"type":"invalid_request_error","message":"` + refuse + `"}}`))
			return
		}
		req.Body = io.NopCloser(strings.NewReader(string(body)))
		req.ContentLength = int64(len(body))
		proxy.ServeHTTP(rw, req)
	}))
	t.Cleanup(srv.Close)
	r.url = srv.URL
	return r
}

// last is the last request to path; it fails the test when there is none.
func (r *recorder) last(t *testing.T, path string) recorded {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := len(r.reqs) - 1; i >= 0; i-- {
		if r.reqs[i].path == path {
			return r.reqs[i]
		}
	}
	t.Fatalf("no request to %s in %v", path, r.reqs)
	return recorded{}
}

func (r *recorder) count(path string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, q := range r.reqs {
		if q.path == path {
			n++
		}
	}
	return n
}

func tokenOf(t *testing.T, app core.App, u testapp.User) string { return testapp.Token(t, app, u.ID) }

func pathFor(pattern, key, value string) string {
	return strings.Replace(pattern, "{"+key+"}", value, 1)
}

var _ = fmt.Sprintf

// creditedAfterCard pays Alice's invoice (120.00) by card through Stripe
// (payment intent pi), then credits 1 × 50.00 at 20 % of it: a credit note
// of 60.00 that leaves 60.00 of credit on the paid invoice.
func (w *world) creditedAfterCard(t *testing.T, pi string) *core.Record {
	t.Helper()
	if code, out := w.deliver(t, alice, aliceWhsec, event("evt_"+pi, "checkout.session.completed",
		paidSessionObject(pi, w.invoice, alice, 12000, "eur")), time.Now()); code != http.StatusOK || out["result"] != recordPayment {
		t.Fatalf("payment: %d %v", code, out)
	}
	cn, err := save(w.app, migrations.CreditNotesCollection, map[string]any{"business": alice, "invoice": w.invoice,
		"items": []map[string]any{{"description": "Returned", "quantity": 1, "unit_price_cents": 5000, "tax_rate": 20}}})
	if err != nil {
		t.Fatal(err)
	}
	return cn
}
