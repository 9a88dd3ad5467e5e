package billing

import (
	"testing"

	"folio/server/migrations"
)

// The fixture itself is built through the record hooks, as Go code (the
// demo seeder, the convert route) saves records: its state checks the
// derived fields end to end.
func TestFixtureState(t *testing.T) {
	t.Parallel()

	app := factory(t)
	defer app.Cleanup()

	u := get(t, app, migrations.BusinessesCollection, alice)
	expect(t, u, map[string]any{
		"default_currency": "EUR", "invoice_prefix": "INV-", "quote_prefix": "QUO-", "payment_prefix": "PAY-", "credit_note_prefix": "CN-",
		"default_terms_days": 30, "notify_overdue": true, "notify_quote_expiring": false,
	})

	cases := []struct {
		collection, id string
		want           map[string]any
	}{
		{"quotes", quoDraft, map[string]any{"number": "QUO-00001", "seq": 1, "status": "draft", "currency": "EUR",
			"subtotal_cents": 10000, "tax_cents": 2000, "total_cents": 12000, "issue_date": "2026-03-01", "expiry_date": "2026-03-31", "sent_at": "empty"}},
		{"quotes", quoSent, map[string]any{"number": "QUO-00002", "status": "sent", "sent_at": "set"}},
		{"quotes", quoAccepted, map[string]any{"status": "accepted", "accepted_at": "set", "sent_at": "set"}},
		{"quotes", quoRejected, map[string]any{"status": "rejected", "rejected_at": "set", "reject_reason": "Too expensive"}},
		{"quotes", quoBob, map[string]any{"number": "QUO-00001", "seq": 1}},
		{"invoices", invDraft, map[string]any{"number": "INV-00001", "status": "draft", "total_cents": 12000, "paid_cents": 0,
			"balance_cents": 12000, "due_date": "2026-03-31"}},
		{"invoices", invEmpty, map[string]any{"number": "INV-00002", "total_cents": 0, "balance_cents": 0}},
		{"invoices", invSent, map[string]any{"status": "sent", "sent_at": "set", "balance_cents": 12000}},
		{"invoices", invPartial, map[string]any{"status": "partial", "paid_cents": 5000, "balance_cents": 7000, "paid_at": "empty"}},
		{"invoices", invPaid, map[string]any{"status": "paid", "paid_cents": 12000, "balance_cents": 0, "viewed_at": "set", "paid_at": "set"}},
		{"invoices", invVoid, map[string]any{"status": "void", "balance_cents": 0, "voided_at": "set", "void_reason": "Issued twice"}},
		{"invoices", invBob, map[string]any{"number": "INV-00001", "status": "partial", "paid_cents": 2000}},
		{"payments", payPartial, map[string]any{"number": "PAY-00001", "seq": 1, "customer": custAcme, "currency": "EUR", "date": "2026-03-10"}},
		{"payments", payPaid, map[string]any{"number": "PAY-00002", "amount_cents": 12000}},
		{"payments", payBob, map[string]any{"number": "PAY-00001"}},
		{"invoices", invBobPaid, map[string]any{"number": "INV-00002", "status": "paid", "paid_cents": 12000, "balance_cents": 0,
			"credited_cents": 3000, "refunded_cents": 1000, "credit_cents": 2000}},
		{"credit_notes", cnBob, map[string]any{"number": "CN-00001", "seq": 1, "customer": custBob, "currency": "EUR",
			"subtotal_cents": 2500, "tax_cents": 500, "total_cents": 3000, "refunded_cents": 1000, "issue_date": "2026-03-06"}},
		{"refunds", refundBob, map[string]any{"invoice": invBobPaid, "customer": custBob, "currency": "EUR", "date": "2026-03-07"}},
	}
	for _, c := range cases {
		expect(t, get(t, app, c.collection, c.id), c.want)
	}
	if got := get(t, app, "invoices", invPaid).GetDateTime("paid_at").String()[:10]; got != "2026-03-12" {
		t.Errorf("paid_at = %s, want the closing payment's date", got)
	}
}
