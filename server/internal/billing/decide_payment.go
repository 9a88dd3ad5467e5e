package billing

import (
	"fmt"
	"math"

	"folio/server/internal/money"
)

// maxAmountCents is the largest amount of one payment: the largest whole
// number a float64 (and the web app's JavaScript) holds exactly. Any
// invoice total is far below it.
const maxAmountCents = 1<<53 - 1

// decideAmountCents turns a stored amount into cents, refusing one too
// large before any conversion (a float beyond int64 has no int64 value).
// Amounts below 1 are left to decidePayment.
func decideAmountCents(f float64) (int64, *ruleError) {
	switch {
	case math.IsNaN(f) || f < -maxAmountCents:
		return 0, nil
	case f > maxAmountCents:
		return 0, newRuleError("amount_cents", "folio_amount_max", msgAmountTooLarge)
	}
	return int64(f), nil
}

// paymentCheck is what a payment is judged on.
type paymentCheck struct {
	invoiceStatus string
	currency      string
	// availableCents is what the payment may cover: the invoice total less
	// every other payment on it (so editing a payment may use its own old
	// amount again).
	availableCents int64
	amountCents    int64
	// edit is true for a save of a stored payment, whose amount was
	// storedCents.
	edit        bool
	storedCents int64
	// overBalance is true for a card payment the provider has already
	// taken: it is recorded as what it is even when it no longer fits the
	// balance (flagged for refund by its recorder), never refused.
	overBalance bool
}

// decidePayment refuses a payment that is not positive, lands on a void
// invoice, or exceeds what is still owed. Overpayment is refused rather
// than stored as credit (a credit note gives money back). Drafts may be
// paid; the payment issues them (research §3.2, see statusOnPayment).
//
// An edit that does not raise the amount (a new reference, date, method or
// note, or a smaller amount) is never refused by the balance: what is owed
// may have dropped since the payment was recorded (a credit note on a paid
// invoice leaves the payments above the balance), and the payment was
// within the balance when it was made. An edit that raises it is judged on
// the balance plus its old amount (availableCents leaves it out).
func decidePayment(c paymentCheck) *ruleError {
	switch {
	case c.amountCents < 1:
		return amountRefusal("amount_cents", "folio_amount_min", fmtAmountMin, 1, c.currency)
	case c.invoiceStatus == statusVoid:
		return newRuleError("invoice", "folio_payment_on_void", msgPaymentOnVoid)
	case c.edit && c.amountCents <= c.storedCents:
		return nil
	case c.overBalance && !c.edit:
		return nil
	case c.availableCents <= 0 && c.invoiceStatus == statusPaid:
		return newRuleError("invoice", "folio_already_paid", msgAlreadyPaid)
	case c.availableCents <= 0:
		return newRuleError("invoice", "folio_nothing_due", msgNothingDue)
	case c.amountCents > c.availableCents:
		return amountRefusal("amount_cents", "folio_overpayment", fmtOverpayment, c.availableCents, c.currency)
	}
	return nil
}

// statusOnPayment is the status an invoice is saved with when a payment
// is recorded on it (or edited). A payment on a draft issues the draft: it
// is saved as sent, so it passes the machine's draft → sent edge with its
// checks (lines, a total, the VAT exemption), gets its sent_at stamp, and
// the payments then make it partial or paid (deriveInvoiceStatus). It never
// goes back to draft: deleting that payment later leaves it sent, an issued
// invoice with a balance. Every other status is kept; the payments decide.
func statusOnPayment(invoiceStatus string) string {
	if invoiceStatus == statusDraft {
		return statusSent
	}
	return invoiceStatus
}

// moneyParams are the params of an amount in a sentence: as written there
// ("12.34 EUR"), and in cents with its currency for a client that writes
// amounts its own way.
func moneyParams(cents int64, currency string) params {
	return params{"amount": money.Format(cents, currency), "amount_cents": cents, "currency": currency}
}

// amountRefusal is the refusal of field whose sentence (format) names an
// amount, with that amount as its params.
func amountRefusal(field, code, format string, cents int64, currency string) *ruleError {
	return &ruleError{field: field, code: code, message: fmt.Sprintf(format, money.Format(cents, currency)),
		params: moneyParams(cents, currency)}
}
