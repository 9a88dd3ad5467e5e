package billing

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/migrations"
)

const (
	creditNotesURL = "/api/collections/credit_notes/records"
	refundsURL     = "/api/collections/refunds/records"
	cnAlice        = "cnalice00000001"
)

// withCredit gives alice's invoice a credit note of creditLine (30.00)
// through the hooks, with the id cnAlice.
func withCredit(invoice string) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		t.Helper()
		if _, err := create(app, "credit_notes", cnAlice, map[string]any{"business": alice, "invoice": invoice, "items": creditLine}); err != nil {
			t.Fatal(err)
		}
	}
}

// withRefund refunds amount of cnAlice.
func withRefund(id string, amount int) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		t.Helper()
		if _, err := create(app, "refunds", id, map[string]any{"business": alice, "credit_note": cnAlice, "amount_cents": amount, "method": "bank_transfer"}); err != nil {
			t.Fatal(err)
		}
	}
}

func chain(fs ...func(testing.TB, *tests.TestApp)) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		for _, f := range fs {
			f(t, app)
		}
	}
}

func TestCreditNoteRules(t *testing.T) {
	post, patch, del := http.MethodPost, http.MethodPatch, http.MethodDelete
	credit := func(invoice string, items any, extra map[string]any) map[string]any {
		m := map[string]any{"business": alice, "invoice": invoice, "items": items}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	runAPICases(t, []apiCase{
		{name: "a paid invoice credited in part leaves a credit", as: alice, method: post, url: creditNotesURL,
			body:   credit(invPaid, creditLine, map[string]any{"reason": " Hours billed twice "}),
			status: 200, contains: []string{`"number":"CN-00001"`, `"total_cents":3000`, `"tax_cents":500`, `"customer":"` + custAcme + `"`,
				`"currency":"EUR"`, `"reason":"Hours billed twice"`, `"issue_date":"2026-03-15 00:00:00.000Z"`},
			after: expectRecord("invoices", invPaid, map[string]any{"status": "paid", "paid_cents": 12000, "balance_cents": 0,
				"credited_cents": 3000, "credit_cents": 2500 + 500, "refunded_cents": 0})},
		{name: "an unpaid invoice credited in part: the balance drops", as: alice, method: post, url: creditNotesURL,
			body:   credit(invSent, creditLine, nil),
			status: 200,
			after:  expectRecord("invoices", invSent, map[string]any{"status": "partial", "paid_cents": 0, "balance_cents": 9000, "credit_cents": 0})},
		{name: "an unpaid invoice credited in full is settled by credit", as: alice, method: post, url: creditNotesURL,
			body:   credit(invSent, oneLine, nil),
			status: 200,
			after: expectRecord("invoices", invSent, map[string]any{"status": "paid", "paid_cents": 0, "balance_cents": 0,
				"credited_cents": 12000, "credit_cents": 0, "paid_at": "set"})},
		{name: "a partly paid invoice credited beyond its balance leaves the excess as credit", as: alice, method: post, url: creditNotesURL,
			body:   credit(invPartial, []map[string]any{{"description": "Consulting", "quantity": 0.75, "unit_price_cents": 10000, "tax_rate": 20}}, nil),
			status: 200,
			after: expectRecord("invoices", invPartial, map[string]any{"status": "paid", "paid_cents": 5000, "balance_cents": 0,
				"credited_cents": 9000, "credit_cents": 2000})},
		{name: "the cap: more than the invoice total", as: alice, method: post, url: creditNotesURL,
			body:   credit(invPaid, []map[string]any{{"description": "Consulting", "quantity": 1.01, "unit_price_cents": 10000, "tax_rate": 20}}, nil),
			status: 400, contains: []string{msg("The credit note is more than what is left to credit on the invoice (120.00 EUR)."), `"code":"folio_credit_over_cap"`}},
		{name: "the cap counts what is already credited", as: alice, method: post, url: creditNotesURL,
			before: withCredit(invPaid),
			body:   credit(invPaid, oneLine, nil),
			status: 400, contains: []string{msg("The credit note is more than what is left to credit on the invoice (90.00 EUR).")}},
		{name: "nothing left to credit", as: alice, method: post, url: creditNotesURL,
			before: func(t testing.TB, app *tests.TestApp) {
				if _, err := create(app, "credit_notes", "", map[string]any{"business": alice, "invoice": invSent, "items": oneLine}); err != nil {
					t.Fatal(err)
				}
			},
			body:   credit(invSent, creditLine, nil),
			status: 400, contains: []string{msg(msgNothingToCredit)}},
		{name: "a draft can't be credited", as: alice, method: post, url: creditNotesURL,
			body: credit(invDraft, creditLine, nil), status: 400, contains: []string{msg(msgCreditNeedsIssued)}},
		{name: "a void invoice can't be credited", as: alice, method: post, url: creditNotesURL,
			body: credit(invVoid, creditLine, nil), status: 400, contains: []string{msg(msgCreditNeedsIssued)}},
		{name: "no lines", as: alice, method: post, url: creditNotesURL,
			body: credit(invPaid, []any{}, nil), status: 400, contains: []string{msg(msgCreditNeedsLines)}},
		{name: "dated before its invoice", as: alice, method: post, url: creditNotesURL,
			body: credit(invPaid, creditLine, map[string]any{"issue_date": "2026-02-28"}), status: 400, contains: []string{msg(msgCreditBeforeInvoice)}},
		{name: "server fields sent by the client are ignored", as: alice, method: post, url: creditNotesURL,
			body: credit(invPaid, creditLine, map[string]any{"number": "HACK-1", "seq": 99, "total_cents": 1, "customer": custSpare,
				"currency": "USD", "refunded_cents": 500, "discount_percent": 50}),
			status: 200, contains: []string{`"number":"CN-00001"`, `"total_cents":3000`, `"customer":"` + custAcme + `"`, `"refunded_cents":0`, `"discount_percent":0`},
			absent: []string{"HACK"}},
		{name: "numbering uses the business's prefix", as: alice, method: post, url: creditNotesURL,
			before: func(t testing.TB, app *tests.TestApp) {
				withCredit(invPaid)(t, app)
				u := get(t, app, migrations.BusinessesCollection, alice)
				u.Set(migrations.FieldCreditNotePrefix, "GS-")
				if err := app.Save(u); err != nil {
					t.Fatal(err)
				}
			},
			body: credit(invSent, creditLine, nil), status: 200, contains: []string{`"number":"GS-00002"`, `"seq":2`}},
		{name: "an issued credit note is locked", as: alice, method: patch, url: creditNotesURL + "/" + cnAlice,
			before: withCredit(invPaid), body: map[string]any{"notes": "changed"},
			status: 400, contains: []string{msg(msgCreditNoteLocked)}},
		{name: "its lines too", as: alice, method: patch, url: creditNotesURL + "/" + cnAlice,
			before: withCredit(invPaid), body: map[string]any{"items": oneLine},
			status: 400, contains: []string{msg(msgCreditNoteLocked)}},
		{name: "it never moves to another invoice", as: alice, method: patch, url: creditNotesURL + "/" + cnAlice,
			before: withCredit(invPaid), body: map[string]any{"invoice": invSent},
			status: 400, contains: []string{msg(msgCreditNoteMoved)}},
		{name: "it is never deleted", as: alice, method: del, url: creditNotesURL + "/" + cnAlice,
			before: withCredit(invPaid), status: 400, contains: []string{msg(msgCreditNoteKept)}},
		{name: "a credited invoice is locked (credit makes it partial)", as: alice, method: patch, url: invoicesURL + "/" + invSent,
			before: withCredit(invSent), body: map[string]any{"notes": "changed"},
			status: 400, contains: []string{msg("A partial invoice can't be edited.")}},
		{name: "a credited invoice can't be voided", as: alice, method: patch, url: invoicesURL + "/" + invSent,
			before: withCredit(invSent), body: map[string]any{"status": "void", "void_reason": "Wrong customer"},
			status: 400, contains: []string{msg(msgVoidHasCredits)}},
		{name: "a payment can't exceed the balance left after the credit", as: alice, method: post, url: paymentsURL,
			before: withCredit(invSent), body: map[string]any{"business": alice, "invoice": invSent, "amount_cents": 9001},
			status: 400, contains: []string{msg("The payment is more than the balance due (90.00 EUR).")}},
		{name: "a payment may pay the rest", as: alice, method: post, url: paymentsURL,
			before: withCredit(invSent), body: map[string]any{"business": alice, "invoice": invSent, "amount_cents": 9000},
			status: 200, after: expectRecord("invoices", invSent, map[string]any{"status": "paid", "balance_cents": 0, "credit_cents": 0})},
	})
}

func TestRefundRules(t *testing.T) {
	post, patch, del := http.MethodPost, http.MethodPatch, http.MethodDelete
	refund := func(amount int) map[string]any {
		return map[string]any{"business": alice, "credit_note": cnAlice, "amount_cents": amount, "date": "2026-03-16", "method": "bank_transfer"}
	}
	runAPICases(t, []apiCase{
		{name: "part of the credit refunded", as: alice, method: post, url: refundsURL,
			before: withCredit(invPaid), body: refund(2000),
			status: 200, contains: []string{`"invoice":"` + invPaid + `"`, `"customer":"` + custAcme + `"`, `"currency":"EUR"`},
			after: both(
				expectRecord("invoices", invPaid, map[string]any{"refunded_cents": 2000, "credit_cents": 1000, "status": "paid"}),
				expectRecord("credit_notes", cnAlice, map[string]any{"refunded_cents": 2000}),
			)},
		{name: "the whole credit refunded", as: alice, method: post, url: refundsURL,
			before: withCredit(invPaid), body: refund(3000),
			status: 200, after: expectRecord("invoices", invPaid, map[string]any{"refunded_cents": 3000, "credit_cents": 0})},
		{name: "never more than the credit", as: alice, method: post, url: refundsURL,
			before: withCredit(invPaid), body: refund(3001),
			status: 400, contains: []string{msg("The refund is more than the credit left (30.00 EUR)."), `"code":"folio_refund_over_credit"`}},
		{name: "never more than the credit left after another refund", as: alice, method: post, url: refundsURL,
			before: chain(withCredit(invPaid), withRefund("rfalice00000001", 2500)), body: refund(501),
			status: 400, contains: []string{msg("The refund is more than the credit left (5.00 EUR).")}},
		{name: "a credit that only lowered the balance has nothing to refund", as: alice, method: post, url: refundsURL,
			before: withCredit(invSent), body: refund(100),
			status: 400, contains: []string{msg(msgNoCreditLeft)}},
		{name: "only the excess over the balance is refundable", as: alice, method: post, url: refundsURL,
			before: withCredit(invPartial), body: refund(1),
			status: 400, contains: []string{msg(msgNoCreditLeft)}},
		{name: "a zero refund", as: alice, method: post, url: refundsURL,
			before: withCredit(invPaid), body: refund(0),
			status: 400},
		{name: "server fields sent by the client are ignored", as: alice, method: post, url: refundsURL,
			before: withCredit(invPaid), body: map[string]any{"business": alice, "credit_note": cnAlice, "amount_cents": 100, "invoice": invSent, "customer": custSpare, "currency": "USD"},
			status: 200, contains: []string{`"invoice":"` + invPaid + `"`, `"customer":"` + custAcme + `"`, `"currency":"EUR"`, `"method":"bank_transfer"`}},
		{name: "a refund's amount is fixed", as: alice, method: patch, url: refundsURL + "/rfalice00000001",
			before: chain(withCredit(invPaid), withRefund("rfalice00000001", 1000)), body: map[string]any{"amount_cents": 500},
			status: 400, contains: []string{msg(msgRefundFixed)}},
		{name: "its reference may be corrected", as: alice, method: patch, url: refundsURL + "/rfalice00000001",
			before: chain(withCredit(invPaid), withRefund("rfalice00000001", 1000)), body: map[string]any{"reference": "TX-42"},
			status: 200, contains: []string{`"reference":"TX-42"`}},
		{name: "a deleted refund gives the credit back", as: alice, method: del, url: refundsURL + "/rfalice00000001",
			before: chain(withCredit(invPaid), withRefund("rfalice00000001", 1000)),
			status: 204,
			after: both(
				expectRecord("invoices", invPaid, map[string]any{"refunded_cents": 0, "credit_cents": 3000}),
				expectRecord("credit_notes", cnAlice, map[string]any{"refunded_cents": 0}),
			)},
		{name: "a payment can't be deleted from under a refund", as: alice, method: del, url: paymentsURL + "/" + payPaid,
			before: chain(withCredit(invPaid), withRefund("rfalice00000001", 3000)),
			status: 400, contains: []string{msg(msgRefundsExceedCredit)},
			after: expectRecord("invoices", invPaid, map[string]any{"paid_cents": 12000, "refunded_cents": 3000})},
		{name: "a refund on bob's credit note", as: alice, method: post, url: refundsURL,
			body:   map[string]any{"business": alice, "credit_note": cnBob, "amount_cents": 100},
			status: 400, contains: []string{msg(msgForeignCreditNote)}},
	})
}

// issuedInvoice saves a sent invoice of alice's with these lines and
// document discount, through the hooks.
func issuedInvoice(id string, discount float64, lines []map[string]any) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		t.Helper()
		inv, err := create(app, "invoices", id, map[string]any{"business": alice, "customer": custAcme, "issue_date": "2026-03-01",
			"items": lines, "discount_percent": discount})
		if err != nil {
			t.Fatal(err)
		}
		inv.Set("status", "sent")
		if err := app.Save(inv); err != nil {
			t.Fatal(err)
		}
	}
}

// line is one line of quantity 1 at a price and a rate.
func line(description string, cents int, rate float64) map[string]any {
	return map[string]any{"description": description, "quantity": 1, "unit_price_cents": cents, "tax_rate": rate}
}

// A credit note gives back at each VAT rate no more than its invoice
// charged at that rate, less the earlier credit notes (decideCreditRates).
func TestCreditNoteRateCap(t *testing.T) {
	post := http.MethodPost
	const invNoVAT, invMixed = "ialicenovat0001", "ialicemixed0001"
	noVAT := issuedInvoice(invNoVAT, 0, []map[string]any{line("Books", 10000, 0)})
	// 100.00 at 20 % and 100.00 at 0 %, less 10 %: 90.00 + 18.00 VAT and 90.00.
	mixed := issuedInvoice(invMixed, 10, []map[string]any{line("Design", 10000, 20), line("Books", 10000, 0)})
	zeroCredited := chain(mixed, func(t testing.TB, app *tests.TestApp) {
		if _, err := create(app, "credit_notes", "", map[string]any{"business": alice, "invoice": invMixed,
			"items": []map[string]any{line("Books", 10000, 0)}}); err != nil {
			t.Fatal(err)
		}
	})
	credit := func(invoice string, lines ...map[string]any) map[string]any {
		return map[string]any{"business": alice, "invoice": invoice, "items": lines}
	}
	runAPICases(t, []apiCase{
		{name: "VAT the invoice never charged: 83.33 + 16.67 at 20 % on 100.00 at 0 %", as: alice, method: post, url: creditNotesURL,
			before: noVAT, body: credit(invNoVAT, line("Books", 8333, 20)),
			status: 400, contains: []string{msg("The invoice charged nothing at 20 % VAT, so the credit note can't credit anything at that rate."),
				`"items":{"code":"folio_credit_rate_not_charged"`, `"params":{"rate":20}`},
			after: expectRecord("invoices", invNoVAT, map[string]any{"credited_cents": 0, "balance_cents": 10000})},
		{name: "the same invoice credited in full at its own rate", as: alice, method: post, url: creditNotesURL,
			before: noVAT, body: credit(invNoVAT, line("Books", 10000, 0)),
			status: 200, contains: []string{`"total_cents":10000`, `"tax_cents":0`}},
		{name: "a discounted invoice's rate credited in full", as: alice, method: post, url: creditNotesURL,
			before: mixed, body: credit(invMixed, line("Design", 10000, 20)),
			status: 200, contains: []string{`"total_cents":10800`, `"tax_cents":1800`}},
		{name: "a rate already credited in full, though the total has room", as: alice, method: post, url: creditNotesURL,
			before: zeroCredited, body: credit(invMixed, line("Books", 5000, 0)),
			status: 400, contains: []string{msg("At 0 % VAT, the credit note is more than what is left to credit on the invoice (0.00 EUR net, 0.00 EUR VAT)."),
				`"code":"folio_credit_over_rate"`, `"net_cents":0`, `"tax_cents":0`},
			after: expectRecord("invoices", invMixed, map[string]any{"credited_cents": 9000})},
		{name: "the other rate still can be credited", as: alice, method: post, url: creditNotesURL,
			before: zeroCredited, body: credit(invMixed, line("Design", 10000, 20)),
			status: 200, after: expectRecord("invoices", invMixed, map[string]any{"credited_cents": 9000 + 10800, "balance_cents": 0})},
	})
}

// paidThenCredited is the red-team scenario: an invoice of 100.00 at 0 %
// (invZero), paid in full by payZero, then credited 50.00.
const (
	invZero = "ialicezero00001"
	payZero = "palicezero00001"
)

func paidThenCredited(t testing.TB, app *tests.TestApp) {
	t.Helper()
	line := func(cents int) []map[string]any {
		return []map[string]any{{"description": "Design", "quantity": 1, "unit_price_cents": cents, "tax_rate": 0}}
	}
	steps := []struct {
		collection, id string
		fields         map[string]any
	}{
		{"invoices", invZero, map[string]any{"business": alice, "customer": custAcme, "issue_date": "2026-03-01", "items": line(10000)}},
		{"invoices", invZero, map[string]any{"status": "sent"}},
		{"payments", payZero, map[string]any{"business": alice, "invoice": invZero, "amount_cents": 10000, "date": "2026-03-05", "method": "cash", "reference": "R-1"}},
		{"credit_notes", "", map[string]any{"business": alice, "invoice": invZero, "issue_date": "2026-03-06", "items": line(5000)}},
	}
	for _, st := range steps {
		if rec, err := app.FindRecordById(st.collection, st.id); err == nil {
			for k, v := range st.fields {
				rec.Set(k, v)
			}
			if err := app.Save(rec); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if _, err := create(app, st.collection, st.id, st.fields); err != nil {
			t.Fatal(err)
		}
	}
}

// A payment on an invoice a credit note later lowered can still be
// corrected: the balance rule only judges an edit that raises the amount,
// against the balance plus its old amount.
func TestPaymentOnCreditedInvoiceEdits(t *testing.T) {
	patch := http.MethodPatch
	url := paymentsURL + "/" + payZero
	runAPICases(t, []apiCase{
		{name: "its reference changes", as: alice, method: patch, url: url, before: paidThenCredited,
			body:   map[string]any{"reference": "R-2"},
			status: 200, contains: []string{`"reference":"R-2"`, `"amount_cents":10000`},
			after: expectRecord("invoices", invZero, map[string]any{"status": "paid", "paid_cents": 10000, "credited_cents": 5000,
				"balance_cents": 0, "credit_cents": 5000})},
		{name: "its date changes", as: alice, method: patch, url: url, before: paidThenCredited,
			body:   map[string]any{"date": "2026-03-04"},
			status: 200, contains: []string{`"date":"2026-03-04 00:00:00.000Z"`}},
		{name: "the whole payment sent back unchanged", as: alice, method: patch, url: url, before: paidThenCredited,
			body:   map[string]any{"amount_cents": 10000, "method": "cash", "reference": "R-1", "date": "2026-03-05"},
			status: 200},
		{name: "its amount lowered", as: alice, method: patch, url: url, before: paidThenCredited,
			body:   map[string]any{"amount_cents": 6000},
			status: 200, after: expectRecord("invoices", invZero, map[string]any{"paid_cents": 6000, "balance_cents": 0, "credit_cents": 1000})},
		{name: "its amount raised beyond the balance plus its old amount", as: alice, method: patch, url: url, before: paidThenCredited,
			body:   map[string]any{"amount_cents": 10001},
			status: 400, contains: []string{msg("The payment is more than the balance due (50.00 EUR)."), `"code":"folio_overpayment"`},
			after: expectRecord("payments", payZero, map[string]any{"amount_cents": 10000})},
	})
}

// Two credit notes (or refunds) saved at the same moment never take the
// invoice past its cap: each save's read of what is already credited and
// its insert are one transaction, and SQLite has one writer.
func TestCreditRaces(t *testing.T) {
	t.Parallel()

	// race saves n records at once, each in its own transaction, and
	// returns how many were saved.
	race := func(app core.App, n int, collection string, fields map[string]any) int {
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok := 0
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := app.RunInTransaction(func(tx core.App) error {
					_, err := create(tx, collection, "", fields)
					return err
				})
				if err == nil {
					mu.Lock()
					ok++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		return ok
	}

	t.Run("credit notes", func(t *testing.T) {
		app := factory(t)
		defer app.Cleanup()
		// 8 credit notes of 48.00 (40.00 + 20 %) on a 120.00 invoice: 2 fit.
		part := []map[string]any{{"description": "Consulting", "quantity": 0.4, "unit_price_cents": 10000, "tax_rate": 20}}
		if ok := race(app, 8, "credit_notes", map[string]any{"business": alice, "invoice": invSent, "items": part}); ok != 2 {
			t.Errorf("%d credit notes saved, want 2", ok)
		}
		expect(t, get(t, app, "invoices", invSent), map[string]any{"credited_cents": 9600, "balance_cents": 2400})
		checkLedger(t, app)
	})

	t.Run("refunds", func(t *testing.T) {
		app := factory(t)
		defer app.Cleanup()
		withCredit(invPaid)(t, app)
		// 6 refunds of 20.00 of a 30.00 credit: 1 fits.
		if ok := race(app, 6, "refunds", map[string]any{"business": alice, "credit_note": cnAlice, "amount_cents": 2000}); ok != 1 {
			t.Errorf("%d refunds saved, want 1", ok)
		}
		expect(t, get(t, app, "invoices", invPaid), map[string]any{"refunded_cents": 2000, "credit_cents": 1000})
		checkLedger(t, app)
	})

	t.Run("applied credit", func(t *testing.T) {
		app := factory(t)
		defer app.Cleanup()
		withCredit(invPaid)(t, app)
		// 6 applications of 20.00 of a 30.00 credit to a 120.00 invoice: 1 fits.
		if ok := race(app, 6, "payments", map[string]any{"business": alice, "invoice": invSent, "credit_note": cnAlice,
			"amount_cents": 2000, "method": "credit"}); ok != 1 {
			t.Errorf("%d applications saved, want 1", ok)
		}
		expect(t, get(t, app, "invoices", invPaid), map[string]any{"refunded_cents": 2000, "credit_cents": 1000})
		expect(t, get(t, app, "invoices", invSent), map[string]any{"paid_cents": 2000, "balance_cents": 10000})
		checkLedger(t, app)
	})
}

// The customer's copy of an invoice settled by a credit note says what the
// credit took off, so the page and the PDF can say so (not "paid").
func TestPublicCopySaysWhatACreditTookOff(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()
	if _, err := create(app, "credit_notes", "", map[string]any{"business": alice, "invoice": invSent, "items": oneLine}); err != nil {
		t.Fatal(err)
	}
	rec := do(testServer(t, app), http.MethodGet, publicURLFor(tokInvSent), nil, nil)
	body := rec.Body.String()
	for _, want := range []string{`"status":"paid"`, `"paid_cents":0`, `"credited_cents":12000`, `"balance_cents":0`} {
		if !strings.Contains(body, want) {
			t.Errorf("public copy lacks %s: %d %s", want, rec.Code, body)
		}
	}
}
