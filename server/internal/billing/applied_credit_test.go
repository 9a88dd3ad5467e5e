package billing

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/tests"
)

const (
	applyAlice = "papplyalice0001"
	invSpare   = "ialicespare0001"
)

// withApplied applies amount of cnAlice's credit to invoice.
func withApplied(invoice string, amount int) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		t.Helper()
		if _, err := create(app, "payments", applyAlice, map[string]any{"business": alice, "invoice": invoice,
			"credit_note": cnAlice, "amount_cents": amount, "method": "credit", "date": "2026-03-15"}); err != nil {
			t.Fatal(err)
		}
	}
}

// withSpareInvoice gives alice's other customer a sent invoice of 120.00.
func withSpareInvoice(t testing.TB, app *tests.TestApp) {
	t.Helper()
	if _, err := create(app, "invoices", invSpare, map[string]any{"business": alice, "customer": custSpare,
		"issue_date": "2026-03-01", "items": oneLine}); err != nil {
		t.Fatal(err)
	}
	inv := get(t, app, "invoices", invSpare)
	inv.Set("status", "sent")
	if err := app.Save(inv); err != nil {
		t.Fatal(err)
	}
}

// withFullCredit credits alice's paid invoice in full (120.00 of credit).
func withFullCredit(t testing.TB, app *tests.TestApp) {
	t.Helper()
	if _, err := create(app, "credit_notes", cnAlice, map[string]any{"business": alice, "invoice": invPaid, "items": oneLine}); err != nil {
		t.Fatal(err)
	}
}

func TestAppliedCreditRules(t *testing.T) {
	post, patch, del := http.MethodPost, http.MethodPatch, http.MethodDelete
	apply := func(invoice string, amount int) map[string]any {
		return map[string]any{"business": alice, "invoice": invoice, "credit_note": cnAlice, "amount_cents": amount, "method": "credit", "date": "2026-03-15"}
	}
	runAPICases(t, []apiCase{
		{name: "kept credit applied to an open invoice of the customer", as: alice, method: post, url: paymentsURL,
			before: withCredit(invPaid), body: apply(invSent, 2000),
			status: 200, contains: []string{`"method":"credit"`, `"credit_note":"` + cnAlice + `"`},
			after: both(
				expectRecord("invoices", invSent, map[string]any{"paid_cents": 2000, "balance_cents": 10000, "status": "partial"}),
				expectRecord("invoices", invPaid, map[string]any{"refunded_cents": 2000, "credit_cents": 1000, "status": "paid"}),
				expectRecord("credit_notes", cnAlice, map[string]any{"refunded_cents": 2000}),
			)},
		{name: "all of it", as: alice, method: post, url: paymentsURL,
			before: withCredit(invPaid), body: apply(invSent, 3000),
			status: 200, after: expectRecord("invoices", invPaid, map[string]any{"credit_cents": 0})},
		{name: "never more than the credit", as: alice, method: post, url: paymentsURL,
			before: withCredit(invPaid), body: apply(invSent, 3001),
			status: 400, contains: []string{msg("The amount is more than the credit left (30.00 EUR)."), `"code":"folio_apply_over_credit"`},
			after: expectRecord("invoices", invSent, map[string]any{"paid_cents": 0})},
		{name: "never more than the credit left after a refund", as: alice, method: post, url: paymentsURL,
			before: chain(withCredit(invPaid), withRefund("rfalice00000001", 2500)), body: apply(invSent, 501),
			status: 400, contains: []string{`"code":"folio_apply_over_credit"`}},
		{name: "a refund after it gets only what is left", as: alice, method: post, url: refundsURL,
			before: chain(withCredit(invPaid), withApplied(invSent, 2500)),
			body:   map[string]any{"business": alice, "credit_note": cnAlice, "amount_cents": 501, "method": "bank_transfer"},
			status: 400, contains: []string{msg("The refund is more than the credit left (5.00 EUR).")}},
		{name: "never more than the invoice's balance", as: alice, method: post, url: paymentsURL,
			before: withFullCredit, body: apply(invPartial, 7001),
			status: 400, contains: []string{`"code":"folio_overpayment"`}},
		{name: "the rest of a partly paid invoice", as: alice, method: post, url: paymentsURL,
			before: withFullCredit, body: apply(invPartial, 7000),
			status: 200, after: both(
				expectRecord("invoices", invPartial, map[string]any{"balance_cents": 0, "status": "paid"}),
				expectRecord("invoices", invPaid, map[string]any{"credit_cents": 5000}),
			)},
		{name: "a credit that only lowered a balance has nothing to apply", as: alice, method: post, url: paymentsURL,
			before: withCredit(invPartial), body: apply(invSent, 100),
			status: 400, contains: []string{msg(msgNoCreditToApply)}},
		{name: "another customer's invoice", as: alice, method: post, url: paymentsURL,
			before: chain(withCredit(invPaid), withSpareInvoice), body: apply(invSpare, 100),
			status: 400, contains: []string{msg(msgCreditOtherCustomer)}},
		{name: "the credit method needs its credit note", as: alice, method: post, url: paymentsURL,
			body:   map[string]any{"business": alice, "invoice": invSent, "amount_cents": 100, "method": "credit"},
			status: 400, contains: []string{msg(msgCreditNeedsNote)}},
		{name: "a credit note makes it a credit payment", as: alice, method: post, url: paymentsURL,
			before: withCredit(invPaid), body: map[string]any{"business": alice, "invoice": invSent, "credit_note": cnAlice, "amount_cents": 100, "method": "cash"},
			status: 200, contains: []string{`"method":"credit"`},
			after: expectRecord("invoices", invPaid, map[string]any{"credit_cents": 2900})},
		{name: "bob's credit note", as: alice, method: post, url: paymentsURL,
			body:   map[string]any{"business": alice, "invoice": invSent, "credit_note": cnBob, "amount_cents": 100, "method": "credit"},
			status: 400, contains: []string{msg(msgForeignCreditNote)}},
		{name: "an applied credit's amount is fixed", as: alice, method: patch, url: paymentsURL + "/" + applyAlice,
			before: chain(withCredit(invPaid), withApplied(invSent, 1000)), body: map[string]any{"amount_cents": 500},
			status: 400, contains: []string{msg(msgCreditPaymentFixed)}},
		{name: "a payment can't become a credit", as: alice, method: patch, url: paymentsURL + "/" + payPartial,
			before: withCredit(invPaid), body: map[string]any{"credit_note": cnAlice},
			status: 400, contains: []string{msg(msgCreditPaymentFixed)}},
		{name: "its reference may be corrected", as: alice, method: patch, url: paymentsURL + "/" + applyAlice,
			before: chain(withCredit(invPaid), withApplied(invSent, 1000)), body: map[string]any{"reference": "CN-0001"},
			status: 200, contains: []string{`"reference":"CN-0001"`}},
		{name: "a deleted applied credit gives the credit back", as: alice, method: del, url: paymentsURL + "/" + applyAlice,
			before: chain(withCredit(invPaid), withApplied(invSent, 1000)),
			status: 204,
			after: both(
				expectRecord("invoices", invSent, map[string]any{"paid_cents": 0, "balance_cents": 12000, "status": "sent"}),
				expectRecord("invoices", invPaid, map[string]any{"refunded_cents": 0, "credit_cents": 3000}),
				expectRecord("credit_notes", cnAlice, map[string]any{"refunded_cents": 0}),
			)},
	})
}
