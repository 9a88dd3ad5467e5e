package billing

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"folio/server/internal/money"
)

// Credit notes and refunds (issue 12). The figures of one invoice:
//
//	total     the invoice total
//	paid      Σ its payments, each less what was given back of it outside
//	          a credit note (decidePaidCents)
//	credited  Σ its credit notes' totals
//	refunded  Σ the refunds on those credit notes
//
// What the customer still owes is total − paid − credited (never below
// 0); what the invoice owes the customer back is paid + credited − total
// (never below 0), less what was refunded. decideSettlement is pinned by
// the vectors shared with the web app (tests/vectors/credits.json).

// paymentPart is one payment as the invoice counts it: its amount and
// what was given back of it outside a credit note (a card refund from
// Payments or Stripe's dashboard: migrations.FieldReturnedCents).
type paymentPart struct {
	amountCents   int64
	returnedCents int64
}

// decidePaidCents is what an invoice's payments paid: Σ(amount − returned),
// each payment counting 0 at least. A refunded card payment no longer pays
// the invoice, so its status goes back to partial, viewed or sent (and
// overdue with the dates). Refunding the excess of a payment that came in
// over the balance only takes away the over-payment: what is left still
// covers the total. The web app's twin is paidCents in src/billing/credits.ts;
// both pass the paid cases of tests/vectors/credits.json.
func decidePaidCents(parts []paymentPart) int64 {
	var paid int64
	for _, p := range parts {
		paid += max(0, p.amountCents-max(0, p.returnedCents))
	}
	return paid
}

// creditableFrom are the invoice statuses a credit note may correct: the
// issued ones. A draft is edited instead, a void one owes nothing.
var creditableFrom = []string{statusSent, statusViewed, statusPartial, statusPaid}

// settlement is what an invoice's payments, credit notes and refunds
// leave on it.
type settlement struct {
	// balanceCents is what the customer still owes.
	balanceCents int64
	// creditCents is what the invoice owes the customer back: paid and
	// credited beyond the total, less the refunds.
	creditCents int64
	// settledByCredit is true when credit notes brought the balance to 0
	// without the payments covering the total.
	settledByCredit bool
}

// decideSettlement works out an invoice's balance and credit. A void
// invoice owes nothing and holds no credit (it can have neither payments
// nor credit notes).
func decideSettlement(total, paid, credited, refunded int64, void bool) settlement {
	if void {
		return settlement{}
	}
	s := settlement{balanceCents: total - paid - credited}
	if s.balanceCents < 0 {
		s.creditCents = -s.balanceCents
		s.balanceCents = 0
	}
	s.creditCents -= refunded
	s.settledByCredit = s.balanceCents == 0 && credited > 0 && paid < total
	return s
}

// creditCheck is what a new credit note is judged on.
type creditCheck struct {
	invoiceStatus string
	currency      string
	// availableCents is what may still be credited: the invoice total less
	// its other credit notes.
	availableCents int64
	lines          int
	totalCents     int64
}

// decideCredit refuses a credit note on an invoice that is not issued,
// one without lines or a positive total, and one that credits more than
// is left to credit.
func decideCredit(c creditCheck) *ruleError {
	switch {
	case !slices.Contains(creditableFrom, c.invoiceStatus):
		return newRuleError("invoice", "folio_credit_needs_issued", msgCreditNeedsIssued)
	case c.availableCents <= 0:
		return newRuleError("invoice", "folio_nothing_to_credit", msgNothingToCredit)
	case c.lines == 0 || c.totalCents <= 0:
		return newRuleError("items", "folio_credit_needs_lines", msgCreditNeedsLines)
	case c.totalCents > c.availableCents:
		return amountRefusal("items", "folio_credit_over_cap", fmtCreditOverCap, c.availableCents, c.currency)
	}
	return nil
}

// Per VAT rate (issue 24): a credit note gives back the VAT an invoice
// charged, so at each rate it may credit no more net and no more VAT than
// the invoice's stored tax breakdown charged at that rate, less what the
// earlier credit notes on it took back at that rate (credit notes are never
// void or deleted, so all of them count). A rate the invoice never charged
// can't be credited at all. The breakdowns already carry the document
// discount (a credit note takes its invoice's discount percent, and
// ComputeTotals shares a document discount over the rates before tax), so
// they compare as they are. Rounding is per note: crediting one rate in
// many small pieces can round the VAT up to a cent past what is left, and
// the last piece is then refused (like the total cap). Rates compare in
// thousandths of a percent, as ComputeTotals groups them. The twins are
// creditRatesLeft and creditRateProblem in src/billing/credits.ts; both
// pass the rates cases of tests/vectors/credits.json.

// rateKey is a rate in thousandths of a percent.
func rateKey(rate float64) int64 { return int64(math.Round(rate * 1000)) }

// creditRatesLeft is what is left to credit at each rate the invoice
// charged: its net and VAT less the earlier credit notes' at that rate, in
// the invoice's order.
func creditRatesLeft(invoice []money.TaxGroup, earlier [][]money.TaxGroup) []money.TaxGroup {
	left := make([]money.TaxGroup, len(invoice))
	at := map[int64]int{}
	for i, g := range invoice {
		left[i] = g
		at[rateKey(g.Rate)] = i
	}
	for _, note := range earlier {
		for _, g := range note {
			if i, ok := at[rateKey(g.Rate)]; ok {
				left[i].NetCents -= g.NetCents
				left[i].TaxCents -= g.TaxCents
			}
		}
	}
	return left
}

// decideCreditRates refuses a credit note that credits, at one rate, more
// net or more VAT than is left at that rate, or anything at a rate the
// invoice never charged. A rate with nothing on the note is no credit.
func decideCreditRates(left, note []money.TaxGroup, currency string) *ruleError {
	for _, g := range note {
		if g.NetCents == 0 && g.TaxCents == 0 {
			continue
		}
		i := slices.IndexFunc(left, func(l money.TaxGroup) bool { return rateKey(l.Rate) == rateKey(g.Rate) })
		if i < 0 {
			return &ruleError{field: "items", code: "folio_credit_rate_not_charged",
				message: fmt.Sprintf(fmtCreditRateNotCharged, rateText(g.Rate)), params: params{"rate": g.Rate}}
		}
		if l := left[i]; g.NetCents > l.NetCents || g.TaxCents > l.TaxCents {
			net, tax := max(0, l.NetCents), max(0, l.TaxCents)
			return &ruleError{field: "items", code: "folio_credit_over_rate",
				message: fmt.Sprintf(fmtCreditOverRate, rateText(g.Rate), money.Format(net, currency), money.Format(tax, currency)),
				params: params{"rate": g.Rate, "net": money.Format(net, currency), "net_cents": net,
					"tax": money.Format(tax, currency), "tax_cents": tax, "currency": currency}}
		}
	}
	return nil
}

// rateText writes a rate as people read it: 20, 5.5.
func rateText(rate float64) string { return strconv.FormatFloat(rate, 'f', -1, 64) }

// refundCheck is what a refund is judged on.
type refundCheck struct {
	currency string
	// leftCents is the credit that may still be refunded: the invoice's
	// credit, and no more than the credit note's total less its other
	// refunds.
	leftCents   int64
	amountCents int64
}

// decideRefund refuses a refund that is not positive or larger than the
// credit left.
func decideRefund(c refundCheck) *ruleError {
	switch {
	case c.amountCents < 1:
		return amountRefusal("amount_cents", "folio_amount_min", fmtAmountMin, 1, c.currency)
	case c.leftCents <= 0:
		return newRuleError("credit_note", "folio_no_credit_left", msgNoCreditLeft)
	case c.amountCents > c.leftCents:
		return amountRefusal("amount_cents", "folio_refund_over_credit", fmtRefundOverLeft, c.leftCents, c.currency)
	}
	return nil
}

// creditNoteContent are the fields a person writes on a credit note; once
// it is saved (issued), none of them changes.
var creditNoteContent = []string{"invoice", "items", "issue_date", "reason", "notes"}

// refundFixed are the fields of a refund that never change; its reference
// and notes may still be corrected.
var refundFixed = []string{"credit_note", "amount_cents", "date", "method"}

// decideCreditNoteEdit refuses any change to an issued credit note's
// content (changed lists the fields whose value differs from the stored one).
func decideCreditNoteEdit(changed []string) *ruleError {
	for _, f := range changed {
		if f == "invoice" {
			return newRuleError("invoice", "folio_credit_note_moved", msgCreditNoteMoved)
		}
		if slices.Contains(creditNoteContent, f) {
			return newRuleError(f, "folio_credit_note_locked", msgCreditNoteLocked)
		}
	}
	return nil
}

// decideRefundEdit refuses a change to a refund's amount, date, method or
// credit note.
func decideRefundEdit(changed []string) *ruleError {
	for _, f := range changed {
		if slices.Contains(refundFixed, f) {
			return newRuleError(f, "folio_refund_fixed", msgRefundFixed)
		}
	}
	return nil
}

// decideCreditedInvoice refuses the edits a credited invoice no longer
// allows: its content (the credit notes copy it) and voiding it.
func decideCreditedInvoice(creditedCents int64, from, to string, changed []string) *ruleError {
	if creditedCents <= 0 || from == "" {
		return nil
	}
	if to == statusVoid && from != statusVoid {
		return newRuleError("status", "folio_void_has_credits", msgVoidHasCredits)
	}
	if len(changed) > 0 {
		return newRuleError(changed[0], "folio_invoice_credited_locked", msgInvoiceCreditedLocked)
	}
	return nil
}

// creditNoteLeft is what a credit note can still give back, by refund or
// applied to another invoice of its customer: its invoice's credit, and no
// more than its total less what it already gave. Never below 0. Its twin is
// creditNoteLeft in src/billing/credits.ts; both pass the credit_left cases
// of tests/vectors/credits.json.
func creditNoteLeft(invoiceCreditCents, noteTotalCents, noteUsedCents int64) int64 {
	return max(0, min(invoiceCreditCents, noteTotalCents-noteUsedCents))
}

// applyCheck is what kept credit applied to an invoice (a payment with the
// method "credit") is judged on.
type applyCheck struct {
	// sameCustomer and sameCurrency compare the credit note with the
	// invoice it pays.
	sameCustomer, sameCurrency bool
	currency                   string
	// leftCents is the credit note's credit left: its invoice's credit, and
	// no more than its total less its refunds and other applications.
	leftCents   int64
	amountCents int64
}

// decideApplyCredit refuses credit of another customer or currency and an
// amount above the credit left. (That it is no more than the invoice's
// balance is decidePayment's rule.)
func decideApplyCredit(c applyCheck) *ruleError {
	switch {
	case !c.sameCustomer || !c.sameCurrency:
		return newRuleError("credit_note", "folio_credit_other_customer", msgCreditOtherCustomer)
	case c.leftCents <= 0:
		return newRuleError("credit_note", "folio_no_credit_to_apply", msgNoCreditToApply)
	case c.amountCents > c.leftCents:
		return amountRefusal("amount_cents", "folio_apply_over_credit", fmtApplyOverLeft, c.leftCents, c.currency)
	}
	return nil
}

// creditPaymentFixed are the fields of an applied credit that never change.
var creditPaymentFixed = []string{"credit_note", "amount_cents", "method"}
