package card

import (
	"net/http"
	"strings"
	"testing"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// The credit note's refund form, method card, on an invoice paid by card
// through Stripe: the refund is saved through the refund rules and made
// through Stripe (stripe-mock checks the request), once per refund; the
// card payment records it. Another method asks Stripe nothing.
func TestCreditNoteRefundByCardGoesThroughStripe(t *testing.T) {
	w := newWorld(t)
	cn := w.creditedAfterCard(t, "pi_credit")
	tok := tokenOf(t, w.app, testapp.Alice)
	before := w.stripe.count("/v1/refunds")

	code, out, raw := w.do(t, http.MethodPost, "/api/collections/refunds/records", tok,
		`{"business":"`+alice+`","credit_note":"`+cn.Id+`","amount_cents":2500,"method":"bank_transfer"}`)
	if code != http.StatusOK || w.stripe.count("/v1/refunds") != before {
		t.Fatalf("bank transfer refund: %d %s, %d Stripe refunds", code, raw, w.stripe.count("/v1/refunds")-before)
	}

	code, out, raw = w.do(t, http.MethodPost, "/api/collections/refunds/records", tok,
		`{"business":"`+alice+`","credit_note":"`+cn.Id+`","amount_cents":3000,"method":"card"}`)
	if code != http.StatusOK {
		t.Fatalf("card refund: %d %s", code, raw)
	}
	req := w.stripe.last(t, "/v1/refunds")
	if req.form.Get("payment_intent") != "pi_credit" || req.form.Get("amount") != "3000" || req.idempotencyKey != "folio-refund-"+out["id"].(string) {
		t.Errorf("Stripe asked %v with key %q", req.form, req.idempotencyKey)
	}
	p := w.cardPayments(t, alice)[0]
	if p.GetInt(migrations.FieldProviderRefundedCents) != 3000 {
		t.Errorf("payment refunded %d", p.GetInt(migrations.FieldProviderRefundedCents))
	}
	// The credit note's refund settles the credit: the card payment still
	// pays the invoice in full (the refund is not counted twice).
	inv := w.record(t, migrations.InvoicesCollection, w.invoice)
	if p.GetInt(migrations.FieldReturnedCents) != 0 || inv.GetString("status") != "paid" || inv.GetInt("paid_cents") != 12000 ||
		inv.GetInt(migrations.FieldCreditCents) != 500 {
		t.Errorf("payment returned %d; invoice %s paid %d credit %d", p.GetInt(migrations.FieldReturnedCents),
			inv.GetString("status"), inv.GetInt("paid_cents"), inv.GetInt(migrations.FieldCreditCents))
	}

	// More than the credit left is refused by the refund rules, before Stripe is asked.
	n := w.stripe.count("/v1/refunds")
	code, _, raw = w.do(t, http.MethodPost, "/api/collections/refunds/records", tok,
		`{"business":"`+alice+`","credit_note":"`+cn.Id+`","amount_cents":9000,"method":"card"}`)
	if code != http.StatusBadRequest || !strings.Contains(raw, "folio_refund") || w.stripe.count("/v1/refunds") != n {
		t.Errorf("over the credit: %d %s", code, raw)
	}

	// Stripe refuses: the refund is not saved, and the answer says why.
	w.stripe.mu.Lock()
	w.stripe.refuse = "Charge ch_1 has already been refunded."
	w.stripe.mu.Unlock()
	refunds, _ := w.app.CountRecords(migrations.RefundsCollection)
	code, _, raw = w.do(t, http.MethodPost, "/api/collections/refunds/records", tok,
		`{"business":"`+alice+`","credit_note":"`+cn.Id+`","amount_cents":500,"method":"card"}`)
	if code != http.StatusBadGateway || !strings.Contains(raw, "already been refunded") {
		t.Errorf("Stripe refused: %d %s", code, raw)
	}
	if after, _ := w.app.CountRecords(migrations.RefundsCollection); after != refunds {
		t.Errorf("%d refunds saved although Stripe refused", after-refunds)
	}
}
