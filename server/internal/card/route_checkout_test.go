package card

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// "Pay by card" asks Stripe (stripe-mock, which checks the request against
// Stripe's API) for a Checkout Session of exactly the balance due, in the
// invoice's currency, naming the invoice and business, with an idempotency
// key and the way back to the same page; the customer is sent to its URL.
func TestCheckoutAsksForTheBalanceDue(t *testing.T) {
	w := newWorld(t)
	if _, err := save(w.app, migrations.PaymentsCollection, map[string]any{"business": alice, "invoice": w.invoice,
		"amount_cents": 2000, "method": "bank_transfer"}); err != nil {
		t.Fatal(err)
	}
	path := pathFor(PathCheckout, "token", tokInvoice)
	code, out, raw := w.do(t, http.MethodGet, path, "", "")
	if code != http.StatusOK || out["available"] != true || out["amount_cents"] != float64(10000) || out["currency"] != "EUR" {
		t.Fatalf("offer: %d %s", code, raw)
	}
	code, out, raw = w.do(t, http.MethodPost, path, "", "", "Origin", "https://folio.example")
	if code != http.StatusOK || !strings.HasPrefix(out["url"].(string), "https://") {
		t.Fatalf("checkout: %d %s", code, raw)
	}
	req := w.stripe.last(t, "/v1/checkout/sessions")
	for k, want := range map[string]string{
		"mode": "payment", "line_items[0][quantity]": "1",
		"line_items[0][price_data][unit_amount]": "10000", "line_items[0][price_data][currency]": "eur",
		"metadata[" + metaInvoice + "]": w.invoice, "metadata[" + metaBusiness + "]": alice,
		"payment_intent_data[metadata][" + metaInvoice + "]": w.invoice,
		"success_url": "https://folio.example/d/" + tokInvoice + "?card=success",
		"cancel_url":  "https://folio.example/d/" + tokInvoice + "?card=cancel",
	} {
		if got := req.form.Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if req.auth != "Bearer "+aliceSecretKey || !strings.Contains(req.idempotencyKey, w.invoice) {
		t.Errorf("auth %q, idempotency key %q", req.auth, req.idempotencyKey)
	}
	// A second click asks again with the same key: Stripe answers the same session.
	w.do(t, http.MethodPost, path, "", "")
	if again := w.stripe.last(t, "/v1/checkout/sessions"); again.idempotencyKey != req.idempotencyKey {
		t.Errorf("keys %q then %q", req.idempotencyKey, again.idempotencyKey)
	}
}

// No session is asked for when there is nothing to pay by card: a
// business without Stripe, a paid invoice, a link that leads nowhere.
func TestCheckoutRefusesWithoutSomethingToPay(t *testing.T) {
	w := newWorld(t)
	before := w.stripe.count("/v1/checkout/sessions")

	// Bob disconnects.
	if code, _, _ := w.do(t, http.MethodDelete, pathFor(PathSettings, "id", bob), tokenOf(t, w.app, testapp.Bob), ""); code != http.StatusOK {
		t.Fatal("disconnect")
	}
	_, out, _ := w.do(t, http.MethodGet, pathFor(PathCheckout, "token", tokBob), "", "")
	if out["available"] != false {
		t.Errorf("offered without Stripe: %v", out)
	}
	if code, _, raw := w.do(t, http.MethodPost, pathFor(PathCheckout, "token", tokBob), "", ""); code != http.StatusBadRequest || !strings.Contains(raw, "folio_card_not_offered") {
		t.Errorf("without Stripe: %d %s", code, raw)
	}

	if _, err := save(w.app, migrations.PaymentsCollection, map[string]any{"business": alice, "invoice": w.invoice,
		"amount_cents": 12000, "method": "bank_transfer"}); err != nil {
		t.Fatal(err)
	}
	if code, _, raw := w.do(t, http.MethodPost, pathFor(PathCheckout, "token", tokInvoice), "", ""); code != http.StatusBadRequest || !strings.Contains(raw, "folio_card_nothing_due") {
		t.Errorf("paid: %d %s", code, raw)
	}
	if code, _, _ := w.do(t, http.MethodPost, pathFor(PathCheckout, "token", "tok-nobody-minted-this"), "", ""); code != http.StatusNotFound {
		t.Errorf("unknown token: %d", code)
	}
	if n := w.stripe.count("/v1/checkout/sessions"); n != before {
		t.Errorf("%d sessions asked for", n-before)
	}
}

// A card payment is refunded through Stripe by a member who may write
// (stripe-mock checks the request); the accountant can't.
func TestRefundThroughStripe(t *testing.T) {
	w := newWorld(t)
	w.deliver(t, alice, aliceWhsec, event("evt_p", "checkout.session.completed",
		paidSessionObject("pi_refund", w.invoice, alice, 12000, "eur")), time.Now())
	ps := w.cardPayments(t, alice)
	if len(ps) != 1 {
		t.Fatalf("%d payments", len(ps))
	}
	path := pathFor(PathRefund, "id", ps[0].Id)
	if code, _, _ := w.do(t, http.MethodPost, path, tokenOf(t, w.app, testapp.AliceAccountant), `{"amount_cents":3000}`); code != http.StatusForbidden {
		t.Errorf("accountant: %d", code)
	}
	code, out, raw := w.do(t, http.MethodPost, path, tokenOf(t, w.app, testapp.AliceMember), `{"amount_cents":3000}`)
	if code != http.StatusOK || out["refunded_cents"] != float64(3000) {
		t.Fatalf("refund: %d %s", code, raw)
	}
	req := w.stripe.last(t, "/v1/refunds")
	if req.form.Get("payment_intent") != "pi_refund" || req.form.Get("amount") != "3000" || req.idempotencyKey == "" {
		t.Errorf("refund request %v key %q", req.form, req.idempotencyKey)
	}
	if code, _, raw := w.do(t, http.MethodPost, path, tokenOf(t, w.app, testapp.Alice), `{"amount_cents":9001}`); code != http.StatusBadRequest || !strings.Contains(raw, "folio_card_refund_too_much") {
		t.Errorf("too much: %d %s", code, raw)
	}
}

// invoiceIn is a new sent invoice of Alice's in currency, of one line of
// price (in the currency's minor units, no VAT), with the public link token.
func (w *world) invoiceIn(t *testing.T, currency string, price int64, token string) string {
	t.Helper()
	c, err := save(w.app, migrations.CustomersCollection, map[string]any{"business": alice, "name": "Acme " + currency, "currency": currency})
	if err != nil {
		t.Fatal(err)
	}
	inv, err := save(w.app, migrations.InvoicesCollection, map[string]any{"business": alice, "customer": c.Id,
		"issue_date": "2026-03-10", "due_date": "2026-04-10",
		"items": []map[string]any{{"description": "Work", "quantity": 1, "unit_price_cents": price, "tax_rate": 0}}})
	if err != nil {
		t.Fatal(err)
	}
	inv.Set("status", "sent")
	if err := w.app.Save(inv); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(token))
	if _, err := save(w.app, migrations.DocumentLinksCollection, map[string]any{"business": alice, "kind": "invoice",
		"document": inv.Id, "token_hash": hex.EncodeToString(sum[:])}); err != nil {
		t.Fatal(err)
	}
	if got := inv.GetString("currency"); got != currency {
		t.Fatalf("invoice in %s", got)
	}
	return inv.Id
}

// A króna invoice (whole krónur in Folio) is asked of Stripe as a
// 2-decimal amount, and Stripe's total is recorded back in krónur; a yen
// invoice is asked as it is.
func TestCheckoutAsksInStripesUnits(t *testing.T) {
	w := newWorld(t)
	for _, c := range []struct {
		currency     string
		price        int64
		stripeAmount string
	}{
		{"ISK", 15000, "1500000"},
		{"JPY", 15000, "15000"},
	} {
		token := "tok-" + c.currency
		id := w.invoiceIn(t, c.currency, c.price, token)
		path := pathFor(PathCheckout, "token", token)
		if code, out, raw := w.do(t, http.MethodGet, path, "", ""); code != http.StatusOK || out["available"] != true ||
			out["amount_cents"] != float64(c.price) {
			t.Fatalf("%s offer: %d %s", c.currency, code, raw)
		}
		if code, _, raw := w.do(t, http.MethodPost, path, "", "", "Origin", "https://folio.example"); code != http.StatusOK {
			t.Fatalf("%s checkout: %d %s", c.currency, code, raw)
		}
		req := w.stripe.last(t, "/v1/checkout/sessions")
		if got := req.form.Get("line_items[0][price_data][unit_amount]"); got != c.stripeAmount {
			t.Errorf("%s: Stripe asked for %s, want %s", c.currency, got, c.stripeAmount)
		}
		total, _ := strconv.ParseInt(c.stripeAmount, 10, 64)
		if code, out := w.deliver(t, alice, aliceWhsec, event("evt_"+c.currency, "checkout.session.completed",
			paidSessionObject("pi_"+c.currency, id, alice, total, strings.ToLower(c.currency))), time.Now()); code != http.StatusOK || out["result"] != recordPayment {
			t.Fatalf("%s webhook: %d %v", c.currency, code, out)
		}
		inv := w.record(t, migrations.InvoicesCollection, id)
		if inv.GetString("status") != "paid" || int64(inv.GetInt("paid_cents")) != c.price {
			t.Errorf("%s: %s paid %d, want paid %d", c.currency, inv.GetString("status"), inv.GetInt("paid_cents"), c.price)
		}
	}
}

// A balance Stripe can't take exactly (forints with fillér) or a currency
// it takes no card payment in is not offered, and a checkout is refused
// with a code that says why, before Stripe is asked.
func TestCheckoutRefusesWhatStripeCantTake(t *testing.T) {
	w := newWorld(t)
	before := w.stripe.count("/v1/checkout/sessions")
	for _, c := range []struct {
		currency string
		price    int64
		code     string
	}{
		{"HUF", 123456, codeAmountNotWhole},
		{"IQD", 15000, codeCurrencyUnsupported},
	} {
		token := "tok-" + c.currency
		w.invoiceIn(t, c.currency, c.price, token)
		path := pathFor(PathCheckout, "token", token)
		if code, out, raw := w.do(t, http.MethodGet, path, "", ""); code != http.StatusOK || out["available"] != false {
			t.Errorf("%s offer: %d %s", c.currency, code, raw)
		}
		if code, _, raw := w.do(t, http.MethodPost, path, "", ""); code != http.StatusBadRequest || !strings.Contains(raw, c.code) {
			t.Errorf("%s checkout: %d %s, want %s", c.currency, code, raw, c.code)
		}
	}
	if n := w.stripe.count("/v1/checkout/sessions") - before; n != 0 {
		t.Errorf("Stripe asked %d times", n)
	}
}
