package card

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// A paid Checkout Session signed with the business's secret records one
// payment of method card through the payment rules: the invoice is paid,
// the activity says it came from Stripe.
func TestWebhookRecordsAPaidSession(t *testing.T) {
	w := newWorld(t)
	code, out := w.deliver(t, alice, aliceWhsec, event("evt_1", "checkout.session.completed",
		paidSessionObject("pi_good", w.invoice, alice, 12000, "eur")), time.Now())
	if code != http.StatusOK || out["result"] != recordPayment {
		t.Fatalf("%d %v", code, out)
	}
	ps := w.cardPayments(t, alice)
	if len(ps) != 1 {
		t.Fatalf("%d card payments", len(ps))
	}
	p := ps[0]
	if p.GetString("method") != "card" || p.GetInt("amount_cents") != 12000 || p.GetString(migrations.FieldProviderPaymentID) != "pi_good" ||
		p.GetString(migrations.FieldPaymentProvider) != "stripe" || p.GetBool(migrations.FieldNeedsRefund) || p.GetString("number") == "" {
		t.Errorf("payment %v", p.PublicExport())
	}
	inv := w.record(t, migrations.InvoicesCollection, w.invoice)
	if inv.GetString("status") != "paid" || inv.GetInt("balance_cents") != 0 {
		t.Errorf("invoice %s balance %d", inv.GetString("status"), inv.GetInt("balance_cents"))
	}
	var detail string
	if err := w.app.DB().NewQuery("SELECT detail FROM document_events WHERE document = {:d} AND type = 'payment'").
		Bind(dbx.Params{"d": w.invoice}).Row(&detail); err != nil {
		t.Fatal(err)
	}
	if detail != `{"amount_cents":12000,"currency":"EUR","method":"card","provider":"stripe"}` {
		t.Errorf("activity detail %s", detail)
	}
}

// Nothing but a fresh event signed with this business's own secret is
// taken: forged, signed by another business, stale, or unsigned events
// answer 400 and record nothing.
func TestWebhookRefusesWhatStripeDidNotSign(t *testing.T) {
	w := newWorld(t)
	payload := event("evt_2", "checkout.session.completed", paidSessionObject("pi_forged", w.invoice, alice, 12000, "eur"))
	for _, c := range []struct {
		name   string
		secret string
		ts     time.Time
	}{
		{"forged", "whsec_someone_else_entirely", time.Now()},
		{"signed with another business's secret", bobWhsec, time.Now()},
		{"stale timestamp", aliceWhsec, time.Now().Add(-10 * time.Minute)},
	} {
		t.Run(c.name, func(t *testing.T) {
			if code, out := w.deliver(t, alice, c.secret, payload, c.ts); code != http.StatusBadRequest || out["result"] != "bad_signature" {
				t.Errorf("%d %v", code, out)
			}
		})
	}
	if code, _, _ := w.do(t, http.MethodPost, pathFor(PathWebhook, "business", alice), "", string(payload)); code != http.StatusBadRequest {
		t.Errorf("unsigned: %d", code)
	}
	if n := len(w.cardPayments(t, alice)); n != 0 {
		t.Errorf("%d payments recorded", n)
	}
	// The same event, signed as Stripe signs it, is taken.
	if code, out := w.deliver(t, alice, aliceWhsec, payload, time.Now()); code != http.StatusOK || out["result"] != recordPayment {
		t.Errorf("genuine: %d %v", code, out)
	}
}

// Replayed and reordered events of one payment record it once: the
// completed session twice, then its async success.
func TestWebhookReplayedEventsRecordOnce(t *testing.T) {
	w := newWorld(t)
	obj := paidSessionObject("pi_replay", w.invoice, alice, 5000, "eur")
	for i, typ := range []string{"checkout.session.async_payment_succeeded", "checkout.session.completed", "checkout.session.completed"} {
		want := resultDuplicate
		if i == 0 {
			want = recordPayment
		}
		if code, out := w.deliver(t, alice, aliceWhsec, event("evt_r", typ, obj), time.Now()); code != http.StatusOK || out["result"] != want {
			t.Errorf("delivery %d (%s): %d %v", i, typ, code, out)
		}
	}
	w.wantOneCardPayment(t, 5000)
}

// Eight deliveries of one event at once record one payment.
func TestWebhookConcurrentDuplicatesRecordOnce(t *testing.T) {
	w := newWorld(t)
	payload := event("evt_c", "checkout.session.completed", paidSessionObject("pi_race", w.invoice, alice, 12000, "eur"))
	ok := testapp.Race(8, func() bool {
		code, out := w.deliver(t, alice, aliceWhsec, payload, time.Now())
		return code == http.StatusOK && (out["result"] == recordPayment || out["result"] == resultDuplicate)
	})
	if ok != 8 {
		t.Errorf("%d of 8 deliveries answered 200", ok)
	}
	w.wantOneCardPayment(t, 12000)
}

// What can't be set against this business's invoice is acknowledged and
// not recorded: another currency, an invoice of another business (by its
// id, or by the business named in the metadata), a session still unpaid.
func TestWebhookIgnoresWhatIsNotThisInvoice(t *testing.T) {
	w := newWorld(t)
	for _, c := range []struct {
		name string
		obj  map[string]any
		want string
	}{
		{"wrong currency", paidSessionObject("pi_usd", w.invoice, alice, 12000, "usd"), ignoreCurrency},
		{"invoice of another business", paidSessionObject("pi_bob", w.bobInvoice, alice, 12000, "eur"), ignoreForeign},
		{"metadata of another business", paidSessionObject("pi_meta", w.invoice, bob, 12000, "eur"), ignoreForeign},
		{"not paid yet", func() map[string]any {
			o := paidSessionObject("pi_later", w.invoice, alice, 12000, "eur")
			o["payment_status"] = "unpaid"
			return o
		}(), "pending"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if code, out := w.deliver(t, alice, aliceWhsec, event("evt_i", "checkout.session.completed", c.obj), time.Now()); code != http.StatusOK || out["result"] != c.want {
				t.Errorf("%d %v, want %s", code, out, c.want)
			}
		})
	}
	if n := len(w.cardPayments(t, alice)) + len(w.cardPayments(t, bob)); n != 0 {
		t.Errorf("%d payments recorded", n)
	}
	if got := w.record(t, migrations.InvoicesCollection, w.bobInvoice).GetInt("paid_cents"); got != 0 {
		t.Errorf("Bob's invoice paid %d", got)
	}
	// The payment in another currency, which Stripe took for Alice's
	// invoice, is in its activity, once however often it is delivered;
	// nothing is written on Bob's invoice.
	if code, out := w.deliver(t, alice, aliceWhsec, event("evt_i", "checkout.session.completed",
		paidSessionObject("pi_usd", w.invoice, alice, 12000, "usd")), time.Now()); code != http.StatusOK || out["result"] != ignoreCurrency {
		t.Errorf("replay: %d %v", code, out)
	}
	if got := w.activity(t, w.invoice, migrations.EventCardIgnored); len(got) != 1 ||
		got[0] != `{"amount_cents":12000,"currency":"USD","payment":"pi_usd","provider":"stripe","reason":"currency"}` {
		t.Errorf("Alice's activity %v", got)
	}
	if got := w.activity(t, w.bobInvoice, ""); len(got) != 0 {
		t.Errorf("Bob's activity %v", got)
	}
}

// A card payment Stripe took for an invoice voided meanwhile is not
// recorded; the invoice's activity says so, for the owner to refund it.
func TestWebhookPaymentOnAVoidInvoiceIsInTheActivity(t *testing.T) {
	w := newWorld(t)
	inv := w.record(t, migrations.InvoicesCollection, w.invoice)
	inv.Set("status", "void")
	inv.Set("void_reason", "Sent twice")
	if err := w.app.Save(inv); err != nil {
		t.Fatal(err)
	}
	if code, out := w.deliver(t, alice, aliceWhsec, event("evt_v", "checkout.session.completed",
		paidSessionObject("pi_void", w.invoice, alice, 12000, "eur")), time.Now()); code != http.StatusOK || out["result"] != ignoreVoid {
		t.Fatalf("%d %v", code, out)
	}
	if n := len(w.cardPayments(t, alice)); n != 0 {
		t.Errorf("%d payments", n)
	}
	if got := w.activity(t, w.invoice, migrations.EventCardIgnored); len(got) != 1 ||
		got[0] != `{"amount_cents":12000,"currency":"EUR","payment":"pi_void","provider":"stripe","reason":"void"}` {
		t.Errorf("activity %v", got)
	}
}

// A failed card payment (a bank debit Stripe could not take) is in the
// invoice's activity with who paid, once per session; a failure naming
// another business's invoice writes nothing.
func TestWebhookAsyncFailureIsInTheActivity(t *testing.T) {
	w := newWorld(t)
	failed := paidSessionObject("pi_fail", w.invoice, alice, 12000, "eur")
	failed["payment_status"] = "unpaid"
	failed["customer_details"] = map[string]any{"name": "Harbour Books", "email": "ap@harbour.example"}
	for i, want := range []string{resultFailed, resultDuplicate} {
		if code, out := w.deliver(t, alice, aliceWhsec, event("evt_f", "checkout.session.async_payment_failed", failed),
			time.Now()); code != http.StatusOK || out["result"] != want {
			t.Errorf("delivery %d: %d %v, want %s", i, code, out, want)
		}
	}
	if got := w.activity(t, w.invoice, migrations.EventCardFailed); len(got) != 1 ||
		got[0] != `{"amount_cents":12000,"currency":"EUR","name":"Harbour Books","provider":"stripe","session":"cs_test_pi_fail"}` {
		t.Errorf("activity %v", got)
	}
	if inv := w.record(t, migrations.InvoicesCollection, w.invoice); inv.GetString("status") != "sent" || inv.GetInt("paid_cents") != 0 {
		t.Errorf("invoice %s paid %d", inv.GetString("status"), inv.GetInt("paid_cents"))
	}

	// No name from Stripe: the invoice's customer is named.
	anon := paidSessionObject("pi_anon", w.invoice, alice, 12000, "eur")
	anon["payment_status"] = "unpaid"
	if code, out := w.deliver(t, alice, aliceWhsec, event("evt_a", "checkout.session.async_payment_failed", anon),
		time.Now()); code != http.StatusOK || out["result"] != resultFailed {
		t.Errorf("anonymous: %d %v", code, out)
	}
	if got := w.activity(t, w.invoice, migrations.EventCardFailed); len(got) != 2 || !strings.Contains(got[1], `"name":"Acme"`) {
		t.Errorf("activity %v", got)
	}

	foreign := paidSessionObject("pi_bobfail", w.bobInvoice, alice, 12000, "eur")
	foreign["payment_status"] = "unpaid"
	if code, out := w.deliver(t, alice, aliceWhsec, event("evt_b", "checkout.session.async_payment_failed", foreign),
		time.Now()); code != http.StatusOK || out["result"] != ignoreForeign {
		t.Errorf("foreign: %d %v", code, out)
	}
	if got := w.activity(t, w.bobInvoice, ""); len(got) != 0 {
		t.Errorf("Bob's activity %v", got)
	}
}

// activity is the details of the document's events of typ (any type when
// ""), oldest first.
func (w *world) activity(t *testing.T, document, typ string) []string {
	t.Helper()
	q := w.app.DB().Select("detail").From(migrations.DocumentEventsCollection).Where(dbx.HashExp{"document": document})
	if typ != "" {
		q = q.AndWhere(dbx.HashExp{"type": typ})
	} else {
		q = q.AndWhere(dbx.NewExp("type LIKE 'card_%'"))
	}
	var out []string
	if err := q.OrderBy("rowid").Column(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// A card payment that no longer fits (the owner recorded a transfer
// meanwhile, or the invoice is paid) is recorded as what it is and
// flagged for refund; a charge.refunded from Stripe's dashboard then
// records the refund once and clears the flag.
func TestWebhookOverpaymentIsFlaggedThenRefunded(t *testing.T) {
	w := newWorld(t)
	if _, err := save(w.app, migrations.PaymentsCollection, map[string]any{"business": alice, "invoice": w.invoice,
		"amount_cents": 12000, "method": "bank_transfer"}); err != nil {
		t.Fatal(err)
	}
	if code, out := w.deliver(t, alice, aliceWhsec, event("evt_o", "checkout.session.completed",
		paidSessionObject("pi_late", w.invoice, alice, 12000, "eur")), time.Now()); code != http.StatusOK || out["result"] != recordForRefund {
		t.Fatalf("%d %v", code, out)
	}
	ps := w.cardPayments(t, alice)
	if len(ps) != 1 || !ps[0].GetBool(migrations.FieldNeedsRefund) || ps[0].GetInt("amount_cents") != 12000 {
		t.Fatalf("payments %v", ps)
	}
	inv := w.record(t, migrations.InvoicesCollection, w.invoice)
	if inv.GetInt("paid_cents") != 24000 || inv.GetInt(migrations.FieldCreditCents) != 12000 {
		t.Errorf("paid %d credit %d", inv.GetInt("paid_cents"), inv.GetInt(migrations.FieldCreditCents))
	}

	charge := map[string]any{"id": "ch_1", "object": "charge", "amount": 12000, "amount_refunded": 12000, "currency": "eur",
		"payment_intent": "pi_late", "refunded": true}
	for i, want := range []string{"refund", resultDuplicate} {
		if code, out := w.deliver(t, alice, aliceWhsec, event("evt_rf", "charge.refunded", charge), time.Now()); code != http.StatusOK || out["result"] != want {
			t.Errorf("refund delivery %d: %d %v", i, code, out)
		}
	}
	p := w.record(t, migrations.PaymentsCollection, ps[0].Id)
	if p.GetInt(migrations.FieldProviderRefundedCents) != 12000 || p.GetBool(migrations.FieldNeedsRefund) {
		t.Errorf("refunded %d, flag %v", p.GetInt(migrations.FieldProviderRefundedCents), p.GetBool(migrations.FieldNeedsRefund))
	}
	// Refunding the over-payment takes the credit away and leaves the
	// invoice paid by the transfer: it does not reopen it.
	inv = w.record(t, migrations.InvoicesCollection, w.invoice)
	if inv.GetString("status") != "paid" || inv.GetInt("paid_cents") != 12000 || inv.GetInt("balance_cents") != 0 ||
		inv.GetInt(migrations.FieldCreditCents) != 0 {
		t.Errorf("after the refund: %s paid %d balance %d credit %d", inv.GetString("status"), inv.GetInt("paid_cents"),
			inv.GetInt("balance_cents"), inv.GetInt(migrations.FieldCreditCents))
	}
	var n int
	_ = w.app.DB().NewQuery("SELECT COUNT(*) FROM document_events WHERE type = 'card_refunded'").Row(&n)
	if n != 1 {
		t.Errorf("%d refund events, want 1", n)
	}
	// A refund of a payment Folio has not recorded yet is delivered again later.
	charge["payment_intent"] = "pi_unknown"
	if code, _ := w.deliver(t, alice, aliceWhsec, event("evt_u", "charge.refunded", charge), time.Now()); code != http.StatusConflict {
		t.Errorf("unknown payment: %d", code)
	}
}

// A refund from Stripe's dashboard moves the invoice: a partial refund of
// its card payment leaves it partly paid with that much due again, a full
// refund leaves nothing paid (sent again, the whole total due), and the
// dashboard's collected sum of the payment's day follows.
func TestWebhookRefundReopensTheInvoice(t *testing.T) {
	w := newWorld(t)
	if code, out := w.deliver(t, alice, aliceWhsec, event("evt_p", "checkout.session.completed",
		paidSessionObject("pi_back", w.invoice, alice, 12000, "eur")), time.Now()); code != http.StatusOK || out["result"] != recordPayment {
		t.Fatalf("%d %v", code, out)
	}
	cases := []struct {
		refunded, paid, balance int64
		status                  string
	}{
		{5000, 7000, 5000, "partial"},
		{12000, 0, 12000, "sent"},
	}
	for _, c := range cases {
		charge := map[string]any{"id": "ch_back", "object": "charge", "amount": 12000, "amount_refunded": c.refunded,
			"currency": "eur", "payment_intent": "pi_back", "refunded": c.refunded == 12000}
		if code, out := w.deliver(t, alice, aliceWhsec, event(fmt.Sprintf("evt_r%d", c.refunded), "charge.refunded", charge),
			time.Now()); code != http.StatusOK || out["result"] != "refund" {
			t.Fatalf("refund %d: %d %v", c.refunded, code, out)
		}
		inv := w.record(t, migrations.InvoicesCollection, w.invoice)
		if inv.GetString("status") != c.status || int64(inv.GetInt("paid_cents")) != c.paid || int64(inv.GetInt("balance_cents")) != c.balance {
			t.Errorf("refunded %d: %s paid %d balance %d, want %s %d %d", c.refunded, inv.GetString("status"),
				inv.GetInt("paid_cents"), inv.GetInt("balance_cents"), c.status, c.paid, c.balance)
		}
		p := w.cardPayments(t, alice)[0]
		if int64(p.GetInt(migrations.FieldReturnedCents)) != c.refunded || p.GetInt("amount_cents") != 12000 {
			t.Errorf("payment returned %d amount %d", p.GetInt(migrations.FieldReturnedCents), p.GetInt("amount_cents"))
		}
		var collected int64
		if err := w.app.DB().NewQuery("SELECT COALESCE(SUM(collected_cents), 0) FROM " + migrations.LedgerDaysTable +
			" WHERE business = {:b}").Bind(dbx.Params{"b": alice}).Row(&collected); err != nil {
			t.Fatal(err)
		}
		if collected != c.paid {
			t.Errorf("refunded %d: collected %d, want %d", c.refunded, collected, c.paid)
		}
	}
}

// A credit note's credit given back by a refund typed in Folio (a bank
// transfer), and the card payment refunded in Stripe's dashboard as well:
// taking the payment back too would leave the refund above the credit, so
// the delivery was refused at every retry. It is answered, the money is
// counted once (as that refund's), and a replay changes nothing.
func TestWebhookRefundOfACreditAlreadyRefunded(t *testing.T) {
	w := newWorld(t)
	cn := w.creditedAfterCard(t, "pi_twice")
	// All of its credit given back by transfer.
	if _, err := save(w.app, migrations.RefundsCollection, map[string]any{"business": alice, "credit_note": cn.Id,
		"amount_cents": 6000, "method": "bank_transfer"}); err != nil {
		t.Fatal(err)
	}
	charge := map[string]any{"id": "ch_2", "object": "charge", "amount": 12000, "amount_refunded": 6000, "currency": "eur",
		"payment_intent": "pi_twice", "refunded": false}
	for i, want := range []string{refundAlreadyRecorded, resultDuplicate} {
		if code, out := w.deliver(t, alice, aliceWhsec, event("evt_rf2", "charge.refunded", charge), time.Now()); code != http.StatusOK || out["result"] != want {
			t.Errorf("delivery %d: %d %v, want %s", i, code, out, want)
		}
	}
	p := w.cardPayments(t, alice)[0]
	if p.GetInt(migrations.FieldProviderRefundedCents) != 6000 || p.GetInt(migrations.FieldReturnedCents) != 0 {
		t.Errorf("payment refunded %d returned %d", p.GetInt(migrations.FieldProviderRefundedCents), p.GetInt(migrations.FieldReturnedCents))
	}
	inv := w.record(t, migrations.InvoicesCollection, w.invoice)
	if inv.GetString("status") != "paid" || inv.GetInt("paid_cents") != 12000 || inv.GetInt(migrations.FieldRefundedCents) != 6000 ||
		inv.GetInt(migrations.FieldCreditCents) != 0 {
		t.Errorf("invoice %s paid %d refunded %d credit %d", inv.GetString("status"), inv.GetInt("paid_cents"),
			inv.GetInt(migrations.FieldRefundedCents), inv.GetInt(migrations.FieldCreditCents))
	}
	if got := w.activity(t, w.invoice, migrations.EventCardRefunded); len(got) != 1 {
		t.Errorf("refund events %v, want one", got)
	}
}
