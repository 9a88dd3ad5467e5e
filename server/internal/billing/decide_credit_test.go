package billing

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"folio/server/internal/money"
)

func TestDecideCredit(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		c    creditCheck
		code string // "" when allowed
	}{
		{"sent, in part", creditCheck{statusSent, "EUR", 12000, 1, 5000}, ""},
		{"viewed, in full", creditCheck{statusViewed, "EUR", 12000, 1, 12000}, ""},
		{"partial", creditCheck{statusPartial, "EUR", 12000, 2, 100}, ""},
		{"paid, in part", creditCheck{statusPaid, "EUR", 12000, 1, 3000}, ""},
		{"what is left after another credit", creditCheck{statusPaid, "EUR", 2000, 1, 2000}, ""},
		{"one cent over the cap", creditCheck{statusPaid, "EUR", 2000, 1, 2001}, "folio_credit_over_cap"},
		{"more than the total", creditCheck{statusSent, "EUR", 12000, 1, 12001}, "folio_credit_over_cap"},
		{"credited in full already", creditCheck{statusPaid, "EUR", 0, 1, 1}, "folio_nothing_to_credit"},
		{"draft", creditCheck{statusDraft, "EUR", 12000, 1, 100}, "folio_credit_needs_issued"},
		{"void", creditCheck{statusVoid, "EUR", 12000, 1, 100}, "folio_credit_needs_issued"},
		{"no lines", creditCheck{statusSent, "EUR", 12000, 0, 0}, "folio_credit_needs_lines"},
		{"zero total", creditCheck{statusSent, "EUR", 12000, 1, 0}, "folio_credit_needs_lines"},
	}
	for _, c := range cases {
		got := decideCredit(c.c)
		switch {
		case c.code == "" && got != nil:
			t.Errorf("%s: refused %s", c.name, got.code)
		case c.code != "" && (got == nil || got.code != c.code):
			t.Errorf("%s: got %v, want %s", c.name, got, c.code)
		}
	}
	if e := decideCredit(creditCheck{statusPaid, "EUR", 2000, 1, 2001}); e.message != "The credit note is more than what is left to credit on the invoice (20.00 EUR)." ||
		e.params["amount_cents"] != int64(2000) {
		t.Errorf("cap sentence: %q %v", e.message, e.params)
	}
}

func TestDecideRefund(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		c    refundCheck
		code string
	}{
		{"all the credit", refundCheck{"EUR", 3000, 3000}, ""},
		{"part of it", refundCheck{"EUR", 3000, 1}, ""},
		{"one cent more than the credit", refundCheck{"EUR", 3000, 3001}, "folio_refund_over_credit"},
		{"nothing left", refundCheck{"EUR", 0, 1}, "folio_no_credit_left"},
		{"credit used by the balance", refundCheck{"EUR", -5, 1}, "folio_no_credit_left"},
		{"zero", refundCheck{"EUR", 3000, 0}, "folio_amount_min"},
		{"negative", refundCheck{"EUR", 3000, -100}, "folio_amount_min"},
	}
	for _, c := range cases {
		got := decideRefund(c.c)
		switch {
		case c.code == "" && got != nil:
			t.Errorf("%s: refused %s", c.name, got.code)
		case c.code != "" && (got == nil || got.code != c.code):
			t.Errorf("%s: got %v, want %s", c.name, got, c.code)
		}
	}
}

func TestDecideCreditLocks(t *testing.T) {
	t.Parallel()
	locks := []struct {
		name    string
		got     *ruleError
		wantErr string
	}{
		{"credit note unchanged", decideCreditNoteEdit(nil), ""},
		{"credit note lines", decideCreditNoteEdit([]string{"items"}), "folio_credit_note_locked"},
		{"credit note notes", decideCreditNoteEdit([]string{"notes"}), "folio_credit_note_locked"},
		{"credit note date", decideCreditNoteEdit([]string{"issue_date"}), "folio_credit_note_locked"},
		{"credit note moved", decideCreditNoteEdit([]string{"invoice"}), "folio_credit_note_moved"},
		{"refund reference", decideRefundEdit(nil), ""},
		{"refund amount", decideRefundEdit([]string{"amount_cents"}), "folio_refund_fixed"},
		{"refund method", decideRefundEdit([]string{"method"}), "folio_refund_fixed"},
		{"refund moved", decideRefundEdit([]string{"credit_note"}), "folio_refund_fixed"},
		{"uncredited invoice edited", decideCreditedInvoice(0, statusSent, statusSent, []string{"items"}), ""},
		{"credited invoice unchanged", decideCreditedInvoice(100, statusPaid, statusPaid, nil), ""},
		{"credited invoice edited", decideCreditedInvoice(100, statusSent, statusSent, []string{"notes"}), "folio_invoice_credited_locked"},
		{"credited invoice voided", decideCreditedInvoice(100, statusSent, statusVoid, []string{"void_reason"}), "folio_void_has_credits"},
	}
	for _, c := range locks {
		switch {
		case c.wantErr == "" && c.got != nil:
			t.Errorf("%s: refused %s", c.name, c.got.code)
		case c.wantErr != "" && (c.got == nil || c.got.code != c.wantErr):
			t.Errorf("%s: got %v, want %s", c.name, c.got, c.wantErr)
		}
	}
}

// settlementInput is what an invoice's payments, credit notes and refunds
// are, as the settlement vectors give them (credits.json's settlement and
// settlement-rows.json).
type settlementInput struct {
	Name     string `json:"name"`
	Total    int64  `json:"total_cents"`
	Paid     int64  `json:"paid_cents"`
	Credited int64  `json:"credited_cents"`
	Refunded int64  `json:"refunded_cents"`
	Void     bool   `json:"void"`
}

// creditVector is one case of tests/vectors/credits.json, which the web
// app's twin (src/billing/credits.ts) passes too.
type creditVector struct {
	settlementInput
	Want struct {
		Balance         int64 `json:"balance_cents"`
		Credit          int64 `json:"credit_cents"`
		SettledByCredit bool  `json:"settled_by_credit"`
		Creditable      int64 `json:"creditable_cents"`
	} `json:"want"`
}

func TestSettlementVectors(t *testing.T) {
	t.Parallel()
	var file struct {
		Settlement []creditVector `json:"settlement"`
	}
	readCreditVectors(t, &file)
	if len(file.Settlement) < 8 {
		t.Fatalf("only %d vectors", len(file.Settlement))
	}
	for _, v := range file.Settlement {
		got := decideSettlement(v.Total, v.Paid, v.Credited, v.Refunded, v.Void)
		if got.balanceCents != v.Want.Balance || got.creditCents != v.Want.Credit || got.settledByCredit != v.Want.SettledByCredit {
			t.Errorf("%s: got %+v, want %+v", v.Name, got, v.Want)
		}
		if creditable := v.Total - v.Credited; !v.Void && creditable != v.Want.Creditable {
			t.Errorf("%s: creditable %d, want %d", v.Name, creditable, v.Want.Creditable)
		}
	}
}

func TestDecideApplyCredit(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		c    applyCheck
		code string
	}{
		{"all the credit", applyCheck{true, true, "EUR", 3000, 3000}, ""},
		{"part of it", applyCheck{true, true, "EUR", 3000, 1}, ""},
		{"one cent more than the credit", applyCheck{true, true, "EUR", 3000, 3001}, "folio_apply_over_credit"},
		{"nothing left", applyCheck{true, true, "EUR", 0, 1}, "folio_no_credit_to_apply"},
		{"credit used by the balance", applyCheck{true, true, "EUR", -5, 1}, "folio_no_credit_to_apply"},
		{"another customer's credit", applyCheck{false, true, "EUR", 3000, 100}, "folio_credit_other_customer"},
		{"another currency", applyCheck{true, false, "EUR", 3000, 100}, "folio_credit_other_customer"},
	}
	for _, c := range cases {
		got := decideApplyCredit(c.c)
		switch {
		case c.code == "" && got != nil:
			t.Errorf("%s: refused %s", c.name, got.code)
		case c.code != "" && (got == nil || got.code != c.code):
			t.Errorf("%s: got %v, want %s", c.name, got, c.code)
		}
	}
	if e := decideApplyCredit(applyCheck{true, true, "EUR", 2000, 2001}); e.params["amount_cents"] != int64(2000) {
		t.Errorf("cap params: %v", e.params)
	}
}

// The credit-left rule's cases, shared with the web app (src/billing/credits.ts).
func TestCreditLeftVectors(t *testing.T) {
	t.Parallel()
	var file struct {
		CreditLeft []struct {
			Name          string `json:"name"`
			InvoiceCredit int64  `json:"invoice_credit_cents"`
			NoteTotal     int64  `json:"note_total_cents"`
			NoteUsed      int64  `json:"note_used_cents"`
			Want          int64  `json:"want_cents"`
		} `json:"credit_left"`
	}
	readCreditVectors(t, &file)
	if len(file.CreditLeft) < 5 {
		t.Fatalf("only %d credit_left vectors", len(file.CreditLeft))
	}
	for _, v := range file.CreditLeft {
		if got := creditNoteLeft(v.InvoiceCredit, v.NoteTotal, v.NoteUsed); got != v.Want {
			t.Errorf("%s: got %d, want %d", v.Name, got, v.Want)
		}
	}
}

// rateVector is one case of the rates of tests/vectors/credits.json, which
// the web app's twin (creditRatesLeft, creditRateProblem) passes too.
type rateVector struct {
	Name     string             `json:"name"`
	Currency string             `json:"currency"`
	Invoice  []money.TaxGroup   `json:"invoice"`
	Earlier  [][]money.TaxGroup `json:"earlier"`
	Note     []money.TaxGroup   `json:"note"`
	Want     struct {
		Left    []money.TaxGroup `json:"left"`
		Problem *rateProblem     `json:"problem"`
	} `json:"want"`
}

// rateProblem is a per-rate refusal as the vectors write it.
type rateProblem struct {
	Code     string  `json:"code"`
	Rate     float64 `json:"rate"`
	NetCents int64   `json:"net_cents"`
	TaxCents int64   `json:"tax_cents"`
}

func TestCreditRateVectors(t *testing.T) {
	t.Parallel()
	var file struct {
		Rates []rateVector `json:"rates"`
	}
	readCreditVectors(t, &file)
	if len(file.Rates) < 10 {
		t.Fatalf("only %d vectors", len(file.Rates))
	}
	for _, v := range file.Rates {
		left := creditRatesLeft(v.Invoice, v.Earlier)
		if !slices.Equal(left, v.Want.Left) {
			t.Errorf("%s: left %+v, want %+v", v.Name, left, v.Want.Left)
		}
		var got *rateProblem
		if e := decideCreditRates(left, v.Note, v.Currency); e != nil {
			got = &rateProblem{Code: e.code, Rate: e.params["rate"].(float64)}
			if e.code == "folio_credit_over_rate" {
				got.NetCents, got.TaxCents = e.params["net_cents"].(int64), e.params["tax_cents"].(int64)
			}
			if e.field != "items" {
				t.Errorf("%s: refusal about %q, want items", v.Name, e.field)
			}
		}
		if (got == nil) != (v.Want.Problem == nil) || (got != nil && *got != *v.Want.Problem) {
			t.Errorf("%s: problem %+v, want %+v", v.Name, got, v.Want.Problem)
		}
	}
	e := decideCreditRates([]money.TaxGroup{{Rate: 0, NetCents: 10000}}, []money.TaxGroup{{Rate: 20, NetCents: 8333, TaxCents: 1667}}, "EUR")
	if e == nil || e.message != "The invoice charged nothing at 20 % VAT, so the credit note can't credit anything at that rate." {
		t.Errorf("not charged sentence: %v", e)
	}
	e = decideCreditRates([]money.TaxGroup{{Rate: 5.5, NetCents: 5000, TaxCents: 275}}, []money.TaxGroup{{Rate: 5.5, NetCents: 5001, TaxCents: 275}}, "EUR")
	if e == nil || e.message != "At 5.5 % VAT, the credit note is more than what is left to credit on the invoice (50.00 EUR net, 2.75 EUR VAT)." {
		t.Errorf("over rate sentence: %v", e)
	}
}

// readCreditVectors reads tests/vectors/credits.json into file.
func readCreditVectors(t *testing.T, file any) {
	t.Helper()
	readVectors(t, "credits.json", file)
}

// readVectors reads tests/vectors/<name>, shared with the web app's tests.
func readVectors(t testing.TB, name string, file any) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "tests", "vectors", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, file); err != nil {
		t.Fatal(err)
	}
}

// The paid rule's cases, shared with the web app (paidCents in
// src/billing/credits.ts): a payment's part given back outside a credit
// note no longer pays the invoice, and refunding an over-payment's excess
// does not reopen it.
func TestPaidVectors(t *testing.T) {
	t.Parallel()
	var file struct {
		Paid []struct {
			Name     string `json:"name"`
			Payments []struct {
				Amount   int64 `json:"amount_cents"`
				Returned int64 `json:"returned_cents"`
			} `json:"payments"`
			Total    int64  `json:"total_cents"`
			Credited int64  `json:"credited_cents"`
			Refunded int64  `json:"refunded_cents"`
			Status   string `json:"status"`
			Viewed   bool   `json:"viewed_before"`
			Want     struct {
				Paid    int64  `json:"paid_cents"`
				Balance int64  `json:"balance_cents"`
				Credit  int64  `json:"credit_cents"`
				Status  string `json:"status"`
			} `json:"want"`
		} `json:"paid"`
	}
	readCreditVectors(t, &file)
	if len(file.Paid) < 8 {
		t.Fatalf("only %d paid vectors", len(file.Paid))
	}
	for _, v := range file.Paid {
		parts := make([]paymentPart, len(v.Payments))
		for i, p := range v.Payments {
			parts[i] = paymentPart{amountCents: p.Amount, returnedCents: p.Returned}
		}
		paid := decidePaidCents(parts)
		s := decideSettlement(v.Total, paid, v.Credited, v.Refunded, v.Status == statusVoid)
		status := deriveInvoiceStatus(v.Status, paid+v.Credited, v.Total, v.Viewed)
		if paid != v.Want.Paid || s.balanceCents != v.Want.Balance || s.creditCents != v.Want.Credit || status != v.Want.Status {
			t.Errorf("%s: paid %d balance %d credit %d %s, want %+v", v.Name, paid, s.balanceCents, s.creditCents, status, v.Want)
		}
	}
}
