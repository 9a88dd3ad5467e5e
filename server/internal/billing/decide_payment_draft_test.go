package billing

import (
	"testing"

	"folio/server/migrations"
)

// The rule: a payment on a never-sent draft issues it, as "Mark as sent"
// would, and the payments then decide between partial and paid.
func TestStatusOnPayment(t *testing.T) {
	for _, c := range []struct{ from, want string }{
		{statusDraft, statusSent},
		{statusSent, statusSent},
		{statusViewed, statusViewed},
		{statusPartial, statusPartial},
		{statusPaid, statusPaid},
		{statusVoid, statusVoid}, // refused by decidePayment before it matters
	} {
		if got := statusOnPayment(c.from); got != c.want {
			t.Errorf("statusOnPayment(%q) = %q, want %q", c.from, got, c.want)
		}
	}
}

// A payment recorded on a draft, through the hooks: the draft is issued
// (sent_at stamped, number kept) and stays issued when the payment goes.
func TestPaymentOnDraftIssuesIt(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		amount int
		// remove deletes the payment again afterwards.
		remove bool
		want   map[string]any
	}{
		{"a part payment makes it partial", 2000, false,
			map[string]any{"status": "partial", "number": "INV-00001", "sent_at": "set", "paid_cents": 2000, "balance_cents": 10000, "paid_at": "empty"}},
		{"the whole total makes it paid", 12000, false,
			map[string]any{"status": "paid", "number": "INV-00001", "sent_at": "set", "balance_cents": 0, "paid_at": "set"}},
		{"deleting that payment leaves it sent, not a draft", 2000, true,
			map[string]any{"status": "sent", "number": "INV-00001", "sent_at": "set", "paid_cents": 0, "balance_cents": 12000}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			app := factory(t)
			defer app.Cleanup()
			p, err := create(app, migrations.PaymentsCollection, "paydraft0000001", map[string]any{
				"business": alice, "invoice": invDraft, "amount_cents": c.amount, "date": "2026-03-14"})
			if err != nil {
				t.Fatal(err)
			}
			if c.remove {
				if err := app.Delete(p); err != nil {
					t.Fatal(err)
				}
			}
			expect(t, get(t, app, migrations.InvoicesCollection, invDraft), c.want)
			checkLedger(t, app)
		})
	}

	t.Run("an empty draft cannot be paid and stays a draft", func(t *testing.T) {
		t.Parallel()
		app := factory(t)
		defer app.Cleanup()
		_, err := create(app, migrations.PaymentsCollection, "paydraft0000002", map[string]any{
			"business": alice, "invoice": invEmpty, "amount_cents": 100, "date": "2026-03-14"})
		if err == nil {
			t.Fatal("a payment on an empty draft was saved")
		}
		expect(t, get(t, app, migrations.InvoicesCollection, invEmpty), map[string]any{"status": "draft", "sent_at": "empty"})
	})
}
