package billing

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/migrations"
)

const (
	quotesURL    = "/api/collections/quotes/records"
	invoicesURL  = "/api/collections/invoices/records"
	paymentsURL  = "/api/collections/payments/records"
	customersURL = "/api/collections/customers/records"
)

func msg(m string) string { return `"message":"` + m + `"` }

// expectRecord checks a record after the request.
func expectRecord(collection, id string, want map[string]any) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		expect(t, get(t, app, collection, id), want)
	}
}

// Rule 1: totals are recomputed from the items on every save; client
// values for server fields are ignored.
func TestRuleTotals(t *testing.T) {
	runAPICases(t, []apiCase{
		{name: "create: totals from items, client totals and number ignored", as: alice, method: http.MethodPost, url: quotesURL,
			body: map[string]any{"business": alice, "customer": custAcme, "items": []map[string]any{
				{"description": "Design", "quantity": 1.5, "unit_price_cents": 8000, "tax_rate": 20},
				{"description": "Books", "quantity": 3, "unit_price_cents": 999, "discount_percent": 10, "tax_rate": 5.5},
			}, "discount_percent": 10, "total_cents": 1, "subtotal_cents": 1, "number": "HACK-1", "seq": 99, "currency": "XXX",
				"sent_at": "2020-01-01 00:00:00.000Z", "status": "draft"},
			status: 200,
			contains: []string{`"subtotal_cents":14697`, `"discount_cents":1470`, `"tax_cents":2293`, `"total_cents":15520`,
				`"number":"QUO-00006"`, `"seq":6`, `"currency":"EUR"`, `"sent_at":""`, `"net_cents":12000`, `"net_cents":2697`,
				`"tax_breakdown":[{"rate":5.5,"net_cents":2427,"tax_cents":133,"category":"S"},{"rate":20,"net_cents":10800,"tax_cents":2160,"category":"S"}]`},
			absent: []string{"HACK"}},
		{name: "update: totals recomputed, client totals ignored", as: alice, method: http.MethodPatch, url: invoicesURL + "/" + invSent,
			body:   map[string]any{"items": []map[string]any{{"description": "More", "quantity": 2, "unit_price_cents": 10000, "tax_rate": 20}}, "total_cents": 5, "balance_cents": 5, "paid_cents": 999},
			status: 200, contains: []string{`"total_cents":24000`, `"balance_cents":24000`, `"paid_cents":0`}},
		{name: "lines get ids; fractional cents refused", as: alice, method: http.MethodPatch, url: invoicesURL + "/" + invDraft,
			body:   map[string]any{"items": []map[string]any{{"description": "X", "quantity": 1, "unit_price_cents": 12.5}}},
			status: 400, contains: []string{msg("Line 1: the unit price must be a whole number of cents."), `"items":{"code":"folio_line_price_not_whole"`}},
		{name: "negative total refused", as: alice, method: http.MethodPatch, url: invoicesURL + "/" + invDraft,
			body:   map[string]any{"items": []map[string]any{{"description": "Refund", "quantity": 1, "unit_price_cents": -100}}},
			status: 400, contains: []string{msg("The total can't be negative. Lower the deductions or the discount.")}},
		{name: "discount above 100% refused", as: alice, method: http.MethodPatch, url: invoicesURL + "/" + invDraft,
			body: map[string]any{"discount_percent": 120}, status: 400,
			contains: []string{msg("The discount must be a percentage from 0 to 100 with at most 2 decimals.")}},
		{name: "missing description refused", as: alice, method: http.MethodPatch, url: quotesURL + "/" + quoDraft,
			body:   map[string]any{"items": []map[string]any{{"quantity": 1, "unit_price_cents": 100}}},
			status: 400, contains: []string{msg("Line 1: add a description.")}},
	})
}

// Rule 2: numbers come from the owner's prefix and sequence and never change.
func TestRuleNumbering(t *testing.T) {
	runAPICases(t, []apiCase{
		{name: "next number per business", as: alice, method: http.MethodPost, url: invoicesURL,
			body: map[string]any{"business": alice, "customer": custAcme}, status: 200,
			contains: []string{`"number":"INV-00007"`, `"seq":7`, `"status":"draft"`}},
		{name: "another business counts on its own", as: bob, method: http.MethodPost, url: invoicesURL,
			body: map[string]any{"business": bob, "customer": custBob}, status: 200, contains: []string{`"number":"INV-00003"`}},
		{name: "prefix from the business's settings", as: alice, method: http.MethodPost, url: paymentsURL,
			before: func(t testing.TB, app *tests.TestApp) {
				u := get(t, app, migrations.BusinessesCollection, alice)
				u.Set(migrations.FieldPaymentPrefix, "RC/")
				if err := app.Save(u); err != nil {
					t.Fatal(err)
				}
			},
			body: map[string]any{"business": alice, "invoice": invSent, "amount_cents": 100}, status: 200,
			contains: []string{`"number":"RC/00003"`}},
		{name: "number and seq in a PATCH are ignored", as: alice, method: http.MethodPatch, url: invoicesURL + "/" + invDraft,
			body: map[string]any{"number": "INV-99999", "seq": 99999, "notes": "n"}, status: 200,
			contains: []string{`"number":"INV-00001"`, `"seq":1`, `"notes":"n"`}},
		{name: "a deleted draft leaves a gap, numbers are not reused", as: alice, method: http.MethodPost, url: invoicesURL,
			before: func(t testing.TB, app *tests.TestApp) {
				if err := app.Delete(get(t, app, "invoices", invEmpty)); err != nil {
					t.Fatal(err)
				}
			},
			body: map[string]any{"business": alice, "customer": custAcme}, status: 200, contains: []string{`"number":"INV-00007"`}},
	})

	// Go code cannot change a number either.
	app := factory(t)
	defer app.Cleanup()
	inv := get(t, app, "invoices", invDraft)
	inv.Set("number", "X-1")
	if err := app.Save(inv); err == nil || err.Error() != msgNumberFixed {
		t.Errorf("number change from Go: %v", err)
	}
}

// Rule 3: owner, customer, invoice and payment agree.
func TestRuleOwnership(t *testing.T) {
	runAPICases(t, []apiCase{
		{name: "quote for another account's customer", as: alice, method: http.MethodPost, url: quotesURL,
			body: map[string]any{"business": alice, "customer": custBob}, status: 400,
			contains: []string{msg(msgForeignCustomer), `"customer":{"code":"folio_foreign_customer"`}},
		{name: "invoice for a customer that does not exist", as: alice, method: http.MethodPost, url: invoicesURL,
			body: map[string]any{"business": alice, "customer": "nosuchcustomer1"}, status: 400, contains: []string{msg(msgForeignCustomer)}},
		{name: "payment on another account's invoice", as: alice, method: http.MethodPost, url: paymentsURL,
			body: map[string]any{"business": alice, "invoice": invBob, "amount_cents": 100}, status: 400, contains: []string{msg(msgForeignInvoice)}},
		{name: "moving a draft to another account's customer", as: alice, method: http.MethodPatch, url: invoicesURL + "/" + invDraft,
			body: map[string]any{"customer": custBob}, status: 400, contains: []string{msg(msgForeignCustomer)}},
		{name: "payment copies customer and currency from the invoice", as: alice, method: http.MethodPost, url: paymentsURL,
			body:   map[string]any{"business": alice, "invoice": invSent, "amount_cents": 100, "customer": custBlue, "currency": "USD"},
			status: 200, contains: []string{`"customer":"` + custAcme + `"`, `"currency":"EUR"`, `"method":"bank_transfer"`, `"date":"2026-03-15 00:00:00.000Z"`}},
		{name: "record for someone else refused by the create rule", as: alice, method: http.MethodPost, url: customersURL,
			body: map[string]any{"business": bob, "name": "Sneaky", "currency": "EUR"}, status: 400, contains: []string{msg("Failed to create record.")}},
		{name: "owner change refused by the update rule", as: alice, method: http.MethodPatch, url: customersURL + "/" + custAcme,
			body: map[string]any{"business": bob}, status: 404},
		{name: "client-generated id accepted", as: alice, method: http.MethodPost, url: customersURL,
			body: map[string]any{"id": "clientmade00001", "business": alice, "name": "Offline Co"}, status: 200,
			contains: []string{`"id":"clientmade00001"`, `"currency":"EUR"`}},
	})
}

// Rule 4: statuses move only along the machines; partial and paid come
// from payments.
func TestRuleStatus(t *testing.T) {
	patch := func(name, url, status string, extra map[string]any, code int, contains ...string) apiCase {
		body := map[string]any{"status": status}
		for k, v := range extra {
			body[k] = v
		}
		return apiCase{name: name, as: alice, method: http.MethodPatch, url: url, body: body, status: code, contains: contains}
	}
	q := func(id string) string { return quotesURL + "/" + id }
	i := func(id string) string { return invoicesURL + "/" + id }

	cases := []apiCase{
		patch("quote draft → sent", q(quoDraft), "sent", nil, 200, `"status":"sent"`, `"sent_at":"2026-03-15 10:00:00.000Z"`),
		patch("quote sent → viewed", q(quoSent), "viewed", nil, 200, `"viewed_at":"2026-03-15 10:00:00.000Z"`),
		patch("quote sent → accepted", q(quoSent), "accepted", nil, 200, `"accepted_at":"2026-03-15 10:00:00.000Z"`),
		patch("quote sent → rejected", q(quoSent), "rejected", map[string]any{"reject_reason": "Budget"}, 200, `"rejected_at":"2026-03-15`, `"reject_reason":"Budget"`),
		patch("expired quote can't be accepted", q(quoExpired), "accepted", nil, 400, msg(msgQuoteExpired)),
		patch("expired quote accepted once its expiry is extended", q(quoExpired), "accepted", map[string]any{"expiry_date": "2026-04-30"}, 200, `"status":"accepted"`),
		patch("quote rejected → draft (revise) clears the answer", q(quoRejected), "draft", nil, 200, `"status":"draft"`, `"rejected_at":""`, `"sent_at":""`, `"reject_reason":""`),
		patch("quote draft → accepted skips sending", q(quoDraft), "accepted", nil, 400, msg("A draft quote can't be marked accepted.")),
		patch("quote accepted → sent", q(quoAccepted), "sent", nil, 400, msg("An accepted quote can't be marked sent.")),
		patch("quote can't be converted by PATCH", q(quoAccepted), "converted", nil, 400, msg(msgUseConvert)),
		patch("unknown status", q(quoDraft), "expired", nil, 400, msg(`Unknown status \"expired\".`)),
		patch("empty quote can't be sent", q(quoDraft), "sent", map[string]any{"items": []any{}}, 400, msg(msgSendNeedsLines)),

		patch("invoice draft → sent", i(invDraft), "sent", nil, 200, `"status":"sent"`, `"sent_at":"2026-03-15 10:00:00.000Z"`),
		patch("invoice sent → viewed", i(invSent), "viewed", nil, 200, `"viewed_at":"2026-03-15 10:00:00.000Z"`),
		patch("empty invoice can't be sent", i(invEmpty), "sent", nil, 400, msg(msgSendNeedsLines)),
		patch("invoice can't be marked paid", i(invSent), "paid", nil, 400, msg(msgStatusFromPayments), `"status":{"code":"folio_status_from_payments"`),
		patch("invoice can't be marked partial", i(invSent), "partial", nil, 400, msg(msgStatusFromPayments)),
		patch("partial can't go back to sent by hand", i(invPartial), "sent", nil, 400, msg("A partial invoice can't be marked sent.")),
		patch("no unsend", i(invSent), "draft", nil, 400, msg("A sent invoice can't be marked draft.")),
		{name: "a new invoice starts as a draft", as: alice, method: http.MethodPost, url: invoicesURL,
			body: map[string]any{"business": alice, "customer": custAcme, "items": oneLine, "status": "sent"}, status: 400, contains: []string{msg(msgNewInvoiceDraft)}},
		{name: "a new quote starts as a draft", as: alice, method: http.MethodPost, url: quotesURL,
			body: map[string]any{"business": alice, "customer": custAcme, "items": oneLine, "status": "accepted"}, status: 400, contains: []string{msg(msgNewQuoteDraft)}},
		{name: "status timestamps sent by a client are ignored", as: alice, method: http.MethodPatch, url: i(invSent),
			body: map[string]any{"viewed_at": "2020-01-01 00:00:00.000Z", "voided_at": "2020-01-01 00:00:00.000Z"}, status: 200,
			contains: []string{`"viewed_at":""`, `"voided_at":""`}},
	}
	runAPICases(t, cases)
}

// Rule 6 (void): only sent or viewed invoices with nothing paid, with a reason.
func TestRuleVoid(t *testing.T) {
	i := func(id string) string { return invoicesURL + "/" + id }
	runAPICases(t, []apiCase{
		{name: "void needs a reason", as: alice, method: http.MethodPatch, url: i(invSent), body: map[string]any{"status": "void"},
			status: 400, contains: []string{msg(msgVoidNeedsReason), `"void_reason":{"code":"folio_void_needs_reason"`}},
		{name: "void with a reason zeroes the balance", as: alice, method: http.MethodPatch, url: i(invSent),
			body: map[string]any{"status": "void", "void_reason": "Wrong customer"}, status: 200,
			contains: []string{`"status":"void"`, `"balance_cents":0`, `"voided_at":"2026-03-15 10:00:00.000Z"`, `"total_cents":12000`}},
		{name: "void with payments", as: alice, method: http.MethodPatch, url: i(invPartial),
			body: map[string]any{"status": "void", "void_reason": "x"}, status: 400, contains: []string{msg(msgVoidHasPayments)}},
		{name: "void of a paid invoice", as: alice, method: http.MethodPatch, url: i(invPaid),
			body: map[string]any{"status": "void", "void_reason": "x"}, status: 400, contains: []string{msg(msgVoidHasPayments)}},
		{name: "a draft is deleted, not voided", as: alice, method: http.MethodPatch, url: i(invDraft),
			body: map[string]any{"status": "void", "void_reason": "x"}, status: 400, contains: []string{msg(msgDraftCantVoid)}},
		{name: "void is final", as: alice, method: http.MethodPatch, url: i(invVoid), body: map[string]any{"status": "sent"},
			status: 400, contains: []string{msg(msgVoidFinal)}},
	})
}

// Rule 6 (locks): content only in draft, sent or viewed; customer only in draft.
func TestRuleLocks(t *testing.T) {
	i := func(id string) string { return invoicesURL + "/" + id }
	runAPICases(t, []apiCase{
		{name: "partial invoice lines locked", as: alice, method: http.MethodPatch, url: i(invPartial),
			body:   map[string]any{"items": []map[string]any{{"description": "Cheaper", "quantity": 1, "unit_price_cents": 100}}},
			status: 400, contains: []string{msg("A partial invoice can't be edited."), `"items":{"code":"folio_locked"`}},
		{name: "paid invoice notes locked", as: alice, method: http.MethodPatch, url: i(invPaid), body: map[string]any{"notes": "changed"},
			status: 400, contains: []string{msg("A paid invoice can't be edited.")}},
		{name: "void invoice due date locked", as: alice, method: http.MethodPatch, url: i(invVoid), body: map[string]any{"due_date": "2026-05-01"},
			status: 400, contains: []string{msg("A void invoice can't be edited.")}},
		{name: "paid invoice: resending the same content is fine", as: alice, method: http.MethodPatch, url: i(invPaid),
			body: map[string]any{"items": oneLine, "notes": "", "issue_date": "2026-03-01 00:00:00.000Z"}, status: 200,
			contains: []string{`"status":"paid"`}},
		{name: "sent invoice content editable", as: alice, method: http.MethodPatch, url: i(invSent),
			body: map[string]any{"notes": "Thanks", "due_date": "2026-04-15"}, status: 200, contains: []string{`"notes":"Thanks"`, `"due_date":"2026-04-15 00:00:00.000Z"`}},
		{name: "customer fixed after draft", as: alice, method: http.MethodPatch, url: i(invSent), body: map[string]any{"customer": custBlue},
			status: 400, contains: []string{msg("The customer can only change while the invoice is a draft.")}},
		{name: "draft customer change takes the new currency", as: alice, method: http.MethodPatch, url: i(invDraft), body: map[string]any{"customer": custBlue},
			status: 200, contains: []string{`"currency":"USD"`}},
		{name: "accepted quote locked", as: alice, method: http.MethodPatch, url: quotesURL + "/" + quoAccepted, body: map[string]any{"terms": "Net 10"},
			status: 400, contains: []string{msg("An accepted quote can't be edited.")}},
		{name: "due date before issue date", as: alice, method: http.MethodPatch, url: i(invDraft), body: map[string]any{"due_date": "2026-02-01"},
			status: 400, contains: []string{msg(msgDueBeforeIssue)}},
		{name: "expiry date before issue date", as: alice, method: http.MethodPatch, url: quotesURL + "/" + quoDraft, body: map[string]any{"expiry_date": "2026-02-01"},
			status: 400, contains: []string{msg(msgExpiryBeforeIssue)}},
		{name: "due date from the customer's terms", as: alice, method: http.MethodPost, url: invoicesURL,
			body: map[string]any{"business": alice, "customer": custBlue, "issue_date": "2026-03-10"}, status: 200,
			contains: []string{`"due_date":"2026-03-24 00:00:00.000Z"`, `"currency":"USD"`}},
		{name: "issue date defaults to today, due date to the business's terms", as: alice, method: http.MethodPost, url: invoicesURL,
			body: map[string]any{"business": alice, "customer": custAcme}, status: 200,
			contains: []string{`"issue_date":"2026-03-15 00:00:00.000Z"`, `"due_date":"2026-04-14 00:00:00.000Z"`}},
	})
}

// Rule 5: payments stay within the balance and move the invoice.
func TestRulePayments(t *testing.T) {
	pay := func(invoice string, amount int, extra map[string]any) map[string]any {
		m := map[string]any{"business": alice, "invoice": invoice, "amount_cents": amount, "date": "2026-03-14"}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	p := func(id string) string { return paymentsURL + "/" + id }

	huge := func(amount float64) map[string]any {
		return map[string]any{"business": alice, "invoice": invSent, "amount_cents": amount, "date": "2026-03-14"}
	}
	tooLarge := []string{msg(msgAmountTooLarge), `"amount_cents":{"code":"folio_amount_max"`}
	runAPICases(t, []apiCase{
		{name: "a 1e20 payment is too large, not too small", as: alice, method: http.MethodPost, url: paymentsURL,
			body: huge(1e20), status: 400, contains: tooLarge},
		{name: "a 9.3e18 payment (just past int64) is too large", as: alice, method: http.MethodPost, url: paymentsURL,
			body: huge(9.3e18), status: 400, contains: tooLarge},
		{name: "a payment edited to 1e20 is too large", as: alice, method: http.MethodPatch, url: p(payPartial),
			body: map[string]any{"amount_cents": 1e20}, status: 400, contains: tooLarge,
			after: expectRecord("payments", payPartial, map[string]any{"amount_cents": 5000})},
		{name: "overpayment refused with the balance due", as: alice, method: http.MethodPost, url: paymentsURL, body: pay(invPartial, 7001, nil),
			status: 400, contains: []string{msg("The payment is more than the balance due (70.00 EUR)."), `"amount_cents":{"code":"folio_overpayment"`}},
		{name: "balance paid: invoice paid on the payment's date", as: alice, method: http.MethodPost, url: paymentsURL, body: pay(invPartial, 7000, nil),
			status: 200, after: expectRecord("invoices", invPartial, map[string]any{"status": "paid", "paid_cents": 12000, "balance_cents": 0, "paid_at": "set"})},
		{name: "first payment on a sent invoice makes it partial", as: alice, method: http.MethodPost, url: paymentsURL, body: pay(invSent, 1, nil),
			status: 200, after: expectRecord("invoices", invSent, map[string]any{"status": "partial", "paid_cents": 1, "balance_cents": 11999})},
		{name: "payment on a draft issues it", as: alice, method: http.MethodPost, url: paymentsURL, body: pay(invDraft, 2000, nil),
			status: 200, after: expectRecord("invoices", invDraft, map[string]any{"status": "partial", "sent_at": "set"})},
		{name: "zero amount", as: alice, method: http.MethodPost, url: paymentsURL, body: pay(invSent, 0, nil),
			status: 400, contains: []string{msg("The amount must be at least 0.01 EUR.")}},
		{name: "on a void invoice", as: alice, method: http.MethodPost, url: paymentsURL, body: pay(invVoid, 100, nil),
			status: 400, contains: []string{msg(msgPaymentOnVoid)}},
		{name: "on a paid invoice", as: alice, method: http.MethodPost, url: paymentsURL, body: pay(invPaid, 100, nil),
			status: 400, contains: []string{msg(msgAlreadyPaid)}},
		{name: "on an empty draft", as: alice, method: http.MethodPost, url: paymentsURL, body: pay(invEmpty, 100, nil),
			status: 400, contains: []string{msg(msgNothingDue)}},
		{name: "edit may use its own old amount: up to balance + old", as: alice, method: http.MethodPatch, url: p(payPartial),
			body: map[string]any{"amount_cents": 12000}, status: 200,
			after: expectRecord("invoices", invPartial, map[string]any{"status": "paid", "balance_cents": 0})},
		{name: "edit above balance + old", as: alice, method: http.MethodPatch, url: p(payPartial), body: map[string]any{"amount_cents": 12001},
			status: 400, contains: []string{msg("The payment is more than the balance due (120.00 EUR).")}},
		{name: "lowering a payment of a paid invoice makes it partial", as: alice, method: http.MethodPatch, url: p(payPaid),
			body: map[string]any{"amount_cents": 100}, status: 200,
			after: expectRecord("invoices", invPaid, map[string]any{"status": "partial", "paid_cents": 100, "paid_at": "empty"})},
		{name: "deleting the only payment restores sent", as: alice, method: http.MethodDelete, url: p(payPartial), status: 204,
			after: expectRecord("invoices", invPartial, map[string]any{"status": "sent", "paid_cents": 0, "balance_cents": 12000})},
		{name: "deleting the payment of a viewed invoice restores viewed", as: alice, method: http.MethodDelete, url: p(payPaid), status: 204,
			after: expectRecord("invoices", invPaid, map[string]any{"status": "viewed", "paid_cents": 0, "balance_cents": 12000, "paid_at": "empty"})},
		{name: "a payment can't move to another invoice", as: alice, method: http.MethodPatch, url: p(payPartial), body: map[string]any{"invoice": invSent},
			status: 400, contains: []string{msg(msgPaymentMoved)}},
		{name: "number of a payment is fixed", as: alice, method: http.MethodPatch, url: p(payPartial), body: map[string]any{"number": "X", "reference": "R-1"},
			status: 200, contains: []string{`"number":"PAY-00001"`, `"reference":"R-1"`}},
	})
}

// Rules 8 and 9: money records are not deleted from under each other, and a
// customer's currency is fixed once it has documents.
func TestRuleDeletionAndCurrency(t *testing.T) {
	runAPICases(t, []apiCase{
		{name: "customer with documents", as: alice, method: http.MethodDelete, url: customersURL + "/" + custAcme,
			status: 400, contains: []string{msg(msgCustomerHasDocs)}},
		{name: "customer without documents", as: alice, method: http.MethodDelete, url: customersURL + "/" + custSpare, status: 204},
		{name: "invoice with payments", as: alice, method: http.MethodDelete, url: invoicesURL + "/" + invPartial,
			status: 400, contains: []string{msg(msgInvoiceHasPayments)}},
		{name: "sent invoice", as: alice, method: http.MethodDelete, url: invoicesURL + "/" + invSent,
			status: 400, contains: []string{msg(msgInvoiceOnlyDraftDel)}},
		{name: "void invoice", as: alice, method: http.MethodDelete, url: invoicesURL + "/" + invVoid,
			status: 400, contains: []string{msg(msgInvoiceOnlyDraftDel)}},
		{name: "draft invoice", as: alice, method: http.MethodDelete, url: invoicesURL + "/" + invDraft, status: 204},
		{name: "quote", as: alice, method: http.MethodDelete, url: quotesURL + "/" + quoSent, status: 204},
		{name: "payment", as: alice, method: http.MethodDelete, url: paymentsURL + "/" + payPartial, status: 204},
		{name: "currency of a customer with documents", as: alice, method: http.MethodPatch, url: customersURL + "/" + custAcme,
			body: map[string]any{"currency": "USD"}, status: 400, contains: []string{msg(msgCurrencyFrozen)}},
		{name: "currency of a customer without documents", as: alice, method: http.MethodPatch, url: customersURL + "/" + custSpare,
			body: map[string]any{"currency": "gbp", "country": "gb"}, status: 200, contains: []string{`"currency":"GBP"`, `"country":"GB"`}},
		{name: "archiving a customer with documents", as: alice, method: http.MethodPatch, url: customersURL + "/" + custAcme,
			body: map[string]any{"archived": true}, status: 200, contains: []string{`"archived":true`}},
	})
}

// A payment and its invoice change together or not at all.
func TestPaymentIsAtomic(t *testing.T) {
	runAPICases(t, []apiCase{{
		name: "invoice update fails → no payment", as: alice, method: http.MethodPost, url: paymentsURL,
		body: map[string]any{"business": alice, "invoice": invSent, "amount_cents": 100},
		before: func(t testing.TB, app *tests.TestApp) {
			app.OnRecordUpdate("invoices").BindFunc(func(e *core.RecordEvent) error {
				return refuse("invoice", "test", "boom.")
			})
		},
		status: 400, contains: []string{msg("Boom.")},
		after: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if n, _ := app.CountRecords("payments"); n != 4 {
				t.Errorf("%d payments: the failed one was kept", n)
			}
		},
	}})
}
