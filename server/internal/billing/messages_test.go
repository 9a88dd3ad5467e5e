package billing

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/money"
	"folio/server/internal/refusal"
	"folio/server/internal/refusal/refusaltest"
	"folio/server/migrations"
)

// sampleOf is a refusal decided by a pure function as a client receives it.
func sampleOf(e *ruleError) refusaltest.Sample {
	return refusaltest.Sample{Code: e.code, Params: e.params, Message: e.message}
}

// answerSample is the refusal about no field of an answer.
func answerSample(t *testing.T, a *router.ApiError) refusaltest.Sample {
	t.Helper()
	return refusaltest.Of(t, a.Data[refusal.Key])
}

// TestRefusalCodes: one sentence per code, built the same way wherever it
// is used; a message for every code in the web app; and the samples the
// web app's tests rebuild in English from the code and params.
func TestRefusalCodes(t *testing.T) {
	t.Parallel()
	refusaltest.CheckSources(t, "refusalMessages")
	refusaltest.CheckCatalogue(t, refusalMessages)

	quote := func(from, to string) *ruleError {
		_, e := decideQuoteStatus(quoteMove{from: from, to: to, lines: 1, totalCents: 100})
		return e
	}
	invoice := func(from, to string) *ruleError {
		_, e := decideInvoiceStatus(invoiceMove{from: from, to: to, lines: 1, totalCents: 100})
		return e
	}
	essentials := decideEInvoiceEssentials(map[string]string{migrations.FieldCompanyName: "Alice & Co"})
	decided := []*ruleError{
		quote("", statusSent),
		invoice("", statusPaid),
		quote(statusSent, statusDraft),
		quote(statusAccepted, statusSent),
		quote(statusRejected, statusAccepted),
		invoice(statusVoid, statusSent),
		invoice(statusPaid, statusSent),
		quote(statusDraft, "bogus"),
		decideEdit("invoice", statusPaid, statusPaid, []string{"notes"}),
		decideEdit("quote", statusAccepted, statusAccepted, []string{"items"}),
		decideEdit("quote", statusSent, statusSent, []string{"customer"}),
		decidePayment(paymentCheck{invoiceStatus: statusSent, currency: "EUR", availableCents: 12000, amountCents: 0}),
		decidePayment(paymentCheck{invoiceStatus: statusPartial, currency: "EUR", availableCents: 7000, amountCents: 7001}),
		decidePayment(paymentCheck{invoiceStatus: statusSent, currency: "JPY", availableCents: 500, amountCents: 501}),
		&essentials[0],
		einvoiceMissingRefusal(essentials[:1]),
		einvoiceMissingRefusal(essentials[:2]),
		decideExemption(exemptionCase{category: "AE", reason: "Reverse charge", zeroRated: true}),
		decideExemption(exemptionCase{category: "K", reason: "Intra-community supply", zeroRated: true}),
		decideExemption(exemptionCase{category: "AE", reason: "Reverse charge", zeroRated: true, buyerVATID: "FR12345678901"}),
		decideExemption(exemptionCase{category: "K", reason: "Intra-community supply", zeroRated: true, buyerVATID: "FR12345678901"}),
		markSentFailed("invoice"),
		markSentFailed("quote"),
		decideSendAllowed(false, "invoice", 0, 0).rule,
		decideSendAllowed(true, "invoice", SendsPerAccountHour, 0).rule,
		decideSendAllowed(true, "quote", 0, SendsPerDocumentHour).rule,
		decideSendAllowed(true, "invoice", 0, SendsPerDocumentHour).rule,
		decideCredit(creditCheck{invoiceStatus: statusPaid, currency: "EUR", availableCents: 9000, lines: 1, totalCents: 9001}),
		decideCreditRates([]money.TaxGroup{{Rate: 0, NetCents: 10000}}, []money.TaxGroup{{Rate: 20, NetCents: 8333, TaxCents: 1667}}, "EUR"),
		decideCreditRates([]money.TaxGroup{{Rate: 5.5, NetCents: 5000, TaxCents: 275}}, []money.TaxGroup{{Rate: 5.5, NetCents: 6000, TaxCents: 330}}, "EUR"),
		decidePrefixes(map[string]string{"credit_note_prefix": "INV-"}, []string{"credit_note_prefix"}),
		decidePrefixes(map[string]string{"invoice_prefix": "quo-", "quote_prefix": "QUO-"}, []string{"invoice_prefix"}),
		decidePrefixes(map[string]string{"invoice_prefix": "PAY-1"}, []string{"invoice_prefix"}),
		decidePrefixes(map[string]string{"invoice_prefix": "CN-"}, []string{"invoice_prefix"}),
		numberTaken("INV-00001"),
		decideImportedNumber("INV-00099", []string{"INV-"}),
		importedNumberExists("INV-2023-0099"),
		decideRefund(refundCheck{currency: "EUR", leftCents: 3000, amountCents: 3001}),
		decideRefund(refundCheck{currency: "EUR", leftCents: 3000, amountCents: 0}),
		decideApplyCredit(applyCheck{sameCustomer: true, sameCurrency: true, currency: "EUR", leftCents: 3000, amountCents: 3001}),
		reminderStepsRefusal(),
	}
	expense := func(lines string) *ruleError {
		_, e := decideExpense([]byte(lines), "EUR")
		return e
	}
	decided = append(decided,
		expense(`[]`),
		expense(`[{"rate":101,"net_cents":1}]`),
		expense(`[{"rate":19,"net_cents":1},{"rate":19,"net_cents":2}]`),
		expense(`[{"rate":19,"net_cents":-1}]`),
		expense(`[{"rate":19}]`),
		expense(`[{"rate":19,"gross_cents":1000,"vat_cents":158}]`),
		expense(`[{"rate":19,"net_cents":100,"gross_cents":100}]`),
	)
	var samples []refusaltest.Sample
	for i, e := range decided {
		if e == nil {
			t.Fatalf("decision %d refused nothing", i)
		}
		samples = append(samples, sampleOf(e))
	}
	samples = append(samples, answerSample(t, sendGone("invoice")), answerSample(t, sendGone("quote")))
	refusaltest.CheckSamples(t, "billing", refusalMessages, samples)
}

// bodyOf reads an answer's JSON.
func bodyOf(t testing.TB, res *http.Response) map[string]any {
	t.Helper()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	var body map[string]any
	if err := json.Unmarshal(b, &body); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return body
}

// canonical is v's JSON with every object's keys in order.
func canonical(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var plain any
	if err := json.Unmarshal(b, &plain); err != nil {
		t.Fatal(err)
	}
	b, _ = json.Marshal(plain)
	return string(b)
}

// expectRefusal checks the refusal under key (a field, or refusal.Key) of
// the answer's data.
func expectRefusal(key string, want refusaltest.Sample) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, _ *tests.TestApp, res *http.Response) {
		t.Helper()
		data, _ := bodyOf(t, res)["data"].(map[string]any)
		if got, exp := canonical(t, data[key]), canonical(t, want); got != exp {
			t.Errorf("data[%q] = %s, want %s", key, got, exp)
		}
	}
}

// TestRefusalParamsInAnswers: the code and params of a refusal come out in
// the JSON of real requests, for a field and for no field.
func TestRefusalParamsInAnswers(t *testing.T) {
	runAPICases(t, []apiCase{
		{name: "an overpayment names the balance due, in cents and currency too", as: alice, method: http.MethodPost,
			url: "/api/collections/payments/records", body: map[string]any{"business": alice, "invoice": invPartial, "amount_cents": 7001,
				"date": "2026-03-15", "method": "cash"},
			status: 400,
			contains: []string{`"amount_cents":{"code":"folio_overpayment","message":"The payment is more than the balance due (70.00 EUR).",` +
				`"params":{"amount":"70.00 EUR","amount_cents":7000,"currency":"EUR"}}`}},
		{name: "a locked edit names the status and the kind", as: alice, method: http.MethodPatch,
			url: "/api/collections/invoices/records/" + invPaid, body: map[string]any{"notes": "Late note"},
			status: 400, contains: []string{`"params":{"from":"paid","kind":"invoice"}`},
			after: expectRefusal("notes", refusaltest.Sample{Code: "folio_locked", Params: map[string]any{"from": "paid", "kind": "invoice"},
				Message: "A paid invoice can't be edited."})},
		{name: "a fixed refusal has no params", as: alice, method: http.MethodPatch,
			url: "/api/collections/invoices/records/" + invVoid, body: map[string]any{"status": "sent"},
			status: 400, after: expectRefusal("status", refusaltest.Sample{Code: "folio_void_final", Message: msgVoidFinal})},
		{name: "a missing quote is a refusal about no field", as: alice, method: http.MethodPost,
			url: "/api/folio/quotes/" + quoBob + "/convert", status: 404,
			contains: []string{`{"data":{"@refusal":{"code":"folio_quote_not_found","message":"Quote not found."}},"message":"Quote not found.","status":404}`}},
		{name: "the e-invoice essentials: each field, and the whole answer with the list", as: alice, method: http.MethodPatch,
			url: "/api/collections/businesses/records/" + alice,
			body: map[string]any{migrations.FieldEInvoicing: true, migrations.FieldCompanyName: "Alice & Co",
				migrations.FieldCompanyVATID: "DE123456788", migrations.FieldCompanyPostalCode: "10115"},
			status: 400,
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				data, _ := bodyOf(t, res)["data"].(map[string]any)
				got, _ := json.Marshal(map[string]any{"all": data[refusal.Key], "city": data[migrations.FieldCompanyCity]})
				want := `{"all":{"code":"folio_einvoice_missing","message":"Fill in the city and the country to send e-invoices.",` +
					`"params":{"fields":["company_city","company_country"]}},` +
					`"city":{"code":"folio_einvoice_missing","message":"Fill in the city to send e-invoices.",` +
					`"params":{"fields":["company_city"]}}}`
				if string(got) != want {
					t.Errorf("got %s\nwant %s", got, want)
				}
			}},
		{name: "a failed send names the document's kind", as: alice, method: http.MethodPost,
			url: "/api/folio/invoices/" + invEmpty + "/send", body: map[string]any{"to": "ap@acme.test"}, status: 400,
			after: expectRefusal("status", refusaltest.Sample{Code: "folio_send_needs_lines", Message: msgSendNeedsLines})},
		{name: "a line's refusal names the line and its key", as: alice, method: http.MethodPatch,
			url:    "/api/collections/invoices/records/" + invDraft,
			body:   map[string]any{"items": []map[string]any{{"description": "A", "quantity": 1, "unit_price_cents": 100}, {"quantity": 1, "unit_price_cents": 100}}},
			status: 400,
			after: expectRefusal("items", refusaltest.Sample{Code: "folio_line_required", Params: map[string]any{"field": "description", "line": 2},
				Message: "Line 2: add a description."})},
	})
}

// reminderStepsRefusal is the refusal of a schedule out of bounds.
func reminderStepsRefusal() *ruleError {
	_, e := decideReminderSteps([]byte("[400]"))
	return e
}
