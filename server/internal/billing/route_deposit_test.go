package billing

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func depositURL(collection, id string) string {
	return "/api/folio/" + collection + "/" + id + "/deposit"
}

// twoRates is a piece of work at two VAT rates: 200.00 at 7 % and 500.00 at
// 19 % (the vectors' two-rate work: VAT 14.00 and 95.00, total 809.00).
var twoRates = []map[string]any{
	{"description": "Books", "quantity": 1, "unit_price_cents": 20000, "tax_rate": 7},
	{"description": "Fitting", "quantity": 1, "unit_price_cents": 50000, "tax_rate": 19},
}

func TestDepositRoute(t *testing.T) {
	cases := byRole(apiCase{name: "a 30 % deposit of an accepted quote", method: http.MethodPost,
		url: depositURL("quotes", quoAccepted), body: map[string]any{"percent": 30},
		contains: []string{`"kind":"deposit"`, `"work_quote":"` + quoAccepted + `"`, `"status":"draft"`,
			`"deposit_percent":30`, `"total_cents":3600`, `"tax_cents":600`, `"number":"INV-00007"`,
			`Deposit on quote `},
	}, writers, func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if n, _ := app.CountRecords("invoices"); n != 8 {
			t.Errorf("%d invoices after a refused deposit, want 8", n)
		}
	})
	cases = append(cases,
		apiCase{name: "an amount of a draft invoice", as: alice, method: http.MethodPost,
			url: depositURL("invoices", invDraft), body: map[string]any{"amount_cents": 5000},
			status: 200, contains: []string{`"kind":"deposit"`, `"work_invoice":"` + invDraft + `"`, `"total_cents":5000`, `"deposit_percent":0`}},
		apiCase{name: "a draft quote", as: alice, method: http.MethodPost, url: depositURL("quotes", quoDraft),
			body: map[string]any{"percent": 30}, status: 400, contains: []string{`"code":"folio_deposit_source"`}},
		apiCase{name: "a sent invoice", as: alice, method: http.MethodPost, url: depositURL("invoices", invSent),
			body: map[string]any{"percent": 30}, status: 400, contains: []string{`"code":"folio_deposit_source"`}},
		apiCase{name: "a percentage above 100", as: alice, method: http.MethodPost, url: depositURL("quotes", quoAccepted),
			body: map[string]any{"percent": 101}, status: 400, contains: []string{`"code":"folio_deposit_invalid"`}},
		apiCase{name: "an amount above the total", as: alice, method: http.MethodPost, url: depositURL("quotes", quoAccepted),
			body: map[string]any{"amount_cents": 12001}, status: 400, contains: []string{`"code":"folio_deposit_invalid"`}},
		apiCase{name: "bob's quote is not found", as: alice, method: http.MethodPost, url: depositURL("quotes", quoBob),
			body: map[string]any{"percent": 30}, status: 404},
		apiCase{name: "another collection", as: alice, method: http.MethodPost, url: depositURL("payments", payPaid),
			body: map[string]any{"percent": 30}, status: 404},
		apiCase{name: "a client can't make an invoice a deposit or set its deduction", as: alice, method: http.MethodPatch,
			url: invoicesURL + "/" + invDraft, body: map[string]any{"kind": "final", "deducted_cents": 5000, "work_quote": quoAccepted},
			status: 200, contains: []string{`"kind":""`, `"deducted_cents":0`, `"work_quote":""`, `"balance_cents":12000`}},
	)
	runAPICases(t, cases)
}

// setAndSave sets fields and saves the record through the hooks, failing the test on a refusal.
func setAndSave(t testing.TB, app core.App, rec *core.Record, fields map[string]any) {
	t.Helper()
	for k, v := range fields {
		rec.Set(k, v)
	}
	if err := app.Save(rec); err != nil {
		t.Fatalf("save %s: %v", rec.Id, err)
	}
}

// The whole path: a quote at two rates, a 30 % deposit and a 100.00
// deposit, both sent; the first paid in full, the second in part, then
// the quote converted: the final invoice deducts per rate what each
// brought in, owes its total less that, and keeps that deduction once
// sent even when a deposit is credited afterwards.
func TestFinalInvoiceDeductsDepositsPerRate(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()

	q := get(t, app, "quotes", quoAccepted)
	// Back to a draft behind the hooks' back, to give it two rates.
	if _, err := app.DB().NewQuery("UPDATE quotes SET status = 'draft' WHERE id = {:id}").Bind(map[string]any{"id": q.Id}).Execute(); err != nil {
		t.Fatal(err)
	}
	q = get(t, app, "quotes", quoAccepted)
	setAndSave(t, app, q, map[string]any{"items": twoRates})
	setAndSave(t, app, q, map[string]any{"status": "sent"})
	if q.GetInt("total_cents") != 80900 {
		t.Fatalf("quote total %d", q.GetInt("total_cents"))
	}

	a, err := makeDeposit(app, q, depositRequest{Percent: 30}, testapp.FixedNow, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := makeDeposit(app, q, depositRequest{AmountCents: 10000}, testapp.FixedNow, nil)
	if err != nil {
		t.Fatal(err)
	}
	expect(t, a, map[string]any{"total_cents": 24270, "tax_cents": 3270, "kind": "deposit"})
	expect(t, b, map[string]any{"total_cents": 10000, "tax_cents": 1347})
	setAndSave(t, app, a, map[string]any{"status": "sent"})
	setAndSave(t, app, b, map[string]any{"status": "sent"})
	for _, p := range []struct {
		inv   string
		cents int
	}{{a.Id, 24270}, {b.Id, 5000}} {
		if _, err := create(app, "payments", "", map[string]any{"business": alice, "invoice": p.inv, "amount_cents": p.cents, "date": "2026-03-14", "method": "bank_transfer"}); err != nil {
			t.Fatal(err)
		}
	}

	_, fin, err := ConvertQuote(app, q.Id, testapp.FixedNow)
	if err != nil {
		t.Fatal(err)
	}
	// b brought 50.00 of its 100.00: 13.23 at 7 % (12.36 + 0.87; the tied cent to the lower rate), 36.77 at 19 % (30.90 + 5.87).
	expect(t, fin, map[string]any{"kind": "final", "total_cents": 80900, "tax_cents": 10900,
		"deducted_cents": 24270 + 5000, "balance_cents": 80900 - 29270})
	var d finalDeduction
	if err := json.Unmarshal(RawJSON(fin, migrations.FieldDeposits), &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Deposits) != 2 || d.Deposits[0].Number != a.GetString("number") || d.Deposits[1].GrossCents != 5000 {
		t.Fatalf("deposits %+v", d.Deposits)
	}
	for _, r := range d.Rows {
		if r.DueTaxCents != r.TaxCents-r.DeductedTaxCents {
			t.Errorf("rate %v: due VAT %d", r.Rate, r.DueTaxCents)
		}
	}
	if d.Rows[0].DeductedTaxCents != 420+87 || d.Rows[1].DeductedTaxCents != 2850+587 {
		t.Errorf("deducted VAT %+v", d.Rows)
	}

	// What is printed (the sheet, the PDF, the customer's page) carries the deduction.
	doc, err := buildPrintable(printableSource{kind: invoiceKind, doc: fin, business: get(t, app, "businesses", alice), customer: get(t, app, "customers", custAcme), today: testapp.FixedNow})
	if err != nil {
		t.Fatal(err)
	}
	if doc.Deduction == nil || doc.Deduction.DeductedCents != 29270 || len(doc.Deduction.Rows) != 2 || doc.Deposit {
		t.Errorf("printable deduction %+v", doc.Deduction)
	}
	if dep, _ := buildPrintable(printableSource{kind: invoiceKind, doc: a, business: get(t, app, "businesses", alice), customer: get(t, app, "customers", custAcme), today: testapp.FixedNow}); !dep.Deposit || dep.Deduction != nil {
		t.Errorf("a deposit prints as %v, %+v", dep.Deposit, dep.Deduction)
	}

	// Sent, then b paid in full and a credited: the issued final keeps its deduction.
	setAndSave(t, app, fin, map[string]any{"status": "sent"})
	if _, err := create(app, "payments", "", map[string]any{"business": alice, "invoice": b.Id, "amount_cents": 5000, "date": "2026-03-15", "method": "bank_transfer"}); err != nil {
		t.Fatal(err)
	}
	if _, err := create(app, "payments", "", map[string]any{"business": alice, "invoice": fin.Id, "amount_cents": 1000, "date": "2026-03-15", "method": "bank_transfer"}); err != nil {
		t.Fatal(err)
	}
	expect(t, get(t, app, "invoices", fin.Id), map[string]any{"deducted_cents": 29270, "balance_cents": 80900 - 29270 - 1000, "status": "partial"})
	// The rest is accepted as the balance, not more.
	if _, err := create(app, "payments", "", map[string]any{"business": alice, "invoice": fin.Id, "amount_cents": 80900 - 29270 - 1000 + 1, "date": "2026-03-15", "method": "bank_transfer"}); err == nil {
		t.Error("a payment above the final's balance was accepted")
	}
	if _, err := create(app, "payments", "", map[string]any{"business": alice, "invoice": fin.Id, "amount_cents": 80900 - 29270 - 1000, "date": "2026-03-15", "method": "bank_transfer"}); err != nil {
		t.Fatal(err)
	}
	expect(t, get(t, app, "invoices", fin.Id), map[string]any{"status": "paid", "balance_cents": 0})
}

// A deposit asked from a draft invoice makes that draft the final once the
// deposit is paid, and a deposit credited back in full deducts nothing.
func TestDraftInvoiceBecomesFinal(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()

	work := get(t, app, "invoices", invDraft)
	dep, err := makeDeposit(app, work, depositRequest{Percent: 50}, testapp.FixedNow, nil)
	if err != nil {
		t.Fatal(err)
	}
	setAndSave(t, app, dep, map[string]any{"status": "sent"})
	work = get(t, app, "invoices", invDraft)
	setAndSave(t, app, work, map[string]any{"notes": "unpaid deposit"})
	expect(t, work, map[string]any{"kind": "", "deducted_cents": 0, "balance_cents": 12000})

	if _, err := create(app, "payments", "", map[string]any{"business": alice, "invoice": dep.Id, "amount_cents": 6000, "date": "2026-03-14", "method": "cash"}); err != nil {
		t.Fatal(err)
	}
	setAndSave(t, app, work, map[string]any{"notes": "paid deposit"})
	expect(t, work, map[string]any{"kind": "final", "deducted_cents": 6000, "balance_cents": 6000})

	if _, err := create(app, "credit_notes", "", map[string]any{"business": alice, "invoice": dep.Id, "issue_date": "2026-03-15",
		"items": []map[string]any{{"description": "Deposit back", "quantity": 1, "unit_price_cents": 5000, "tax_rate": 20}}}); err != nil {
		t.Fatal(err)
	}
	setAndSave(t, app, work, map[string]any{"notes": "credited deposit"})
	expect(t, work, map[string]any{"kind": "", "deducted_cents": 0, "balance_cents": 12000})
}
