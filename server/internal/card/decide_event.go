package card

import "strings"

// paidSession is what a paid Checkout Session says, and what Folio knows
// of the invoice it names.
type paidSession struct {
	// routeBusiness is the business whose webhook received the event (and
	// whose secret signed it).
	routeBusiness string
	// metaBusiness and metaInvoice are the session's metadata.
	metaBusiness, metaInvoice string
	// invoiceFound is false when no invoice has that id; invoiceBusiness
	// is the found invoice's business.
	invoiceFound    bool
	invoiceBusiness string
	invoiceStatus   string
	invoiceCurrency string
	// balanceCents is what the invoice still owes now.
	balanceCents int64
	// currency and amountCents are what the customer paid.
	currency    string
	amountCents int64
	// paymentID is Stripe's id of the payment (its payment intent).
	paymentID string
}

// Outcomes of a paid session.
const (
	// recordPayment records the amount as a card payment.
	recordPayment = "record"
	// recordForRefund records it and flags it for refund: it no longer
	// fits the balance (already paid, or a transfer recorded meanwhile).
	recordForRefund = "record_for_refund"
	// ignoreForeign: the session is not about an invoice of this business.
	ignoreForeign = "foreign"
	// ignoreCurrency: paid in another currency than the invoice's.
	ignoreCurrency = "currency"
	// ignoreVoid: the invoice was voided; there is nothing to pay on it.
	ignoreVoid = "void"
	// ignoreUnusable: the session has no payment id or no amount.
	ignoreUnusable = "unusable"
)

// decidePaidSession is what a paid Checkout Session does to Folio. Only an
// invoice of the business whose secret signed the event is paid, in its
// own currency (Folio asked for that currency; another one can't be set
// against the invoice's figures). A payment that exceeds the balance is
// money Stripe already took: it is recorded as what it is and flagged for
// refund, never dropped.
func decidePaidSession(p paidSession) string {
	switch {
	case p.paymentID == "" || p.amountCents < 1:
		return ignoreUnusable
	case p.foreign():
		return ignoreForeign
	case !strings.EqualFold(p.currency, p.invoiceCurrency):
		return ignoreCurrency
	case p.invoiceStatus == "void":
		return ignoreVoid
	case p.amountCents > p.balanceCents:
		return recordForRefund
	}
	return recordPayment
}

// foreign is true when the session does not name an invoice of the
// business whose secret signed the event.
func (p paidSession) foreign() bool {
	return p.metaInvoice == "" || p.metaBusiness != p.routeBusiness || !p.invoiceFound || p.invoiceBusiness != p.routeBusiness
}

// resultFailed: a card payment failed at Stripe; the invoice's activity
// says so.
const resultFailed = "failed"

// decideFailedSession is what a failed Checkout Session does: the
// activity of the invoice it names says the payment failed, when that
// invoice is the business's (another business's invoice is never told).
func decideFailedSession(p paidSession) string {
	if p.foreign() {
		return ignoreForeign
	}
	return resultFailed
}

// noteIgnored is true for the outcomes of a paid session that Stripe took
// for an invoice of this business but Folio did not record: the invoice's
// activity says so, for the owner to refund it in Stripe. A session about
// no invoice of the business (foreign, unusable) has no activity to go
// in: the server's log and Stripe's dashboard (the webhook's answer) tell.
func noteIgnored(result string) bool {
	return result == ignoreCurrency || result == ignoreVoid
}

// checkoutOffer is what decides whether the customer's page offers card
// payment.
type checkoutOffer struct {
	connected     bool
	invoiceStatus string
	balanceCents  int64
}

// decideCheckout refuses a Checkout Session for an invoice of a business
// without Stripe, one that is not open (a draft never has a public page;
// void and paid ones have nothing to pay) or owes nothing. It answers the
// amount to ask for: exactly the balance due.
func decideCheckout(o checkoutOffer) (int64, string) {
	switch {
	case !o.connected:
		return 0, "folio_card_not_offered"
	case o.invoiceStatus == "void" || o.invoiceStatus == "draft" || o.invoiceStatus == "paid" || o.balanceCents < 1:
		return 0, "folio_card_nothing_due"
	}
	return o.balanceCents, ""
}
