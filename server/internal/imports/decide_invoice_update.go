package imports

import (
	"slices"
	"strings"
)

// Row problems of an open invoice imported again over the imported one.
const (
	problemInvoiceClosed   = "row_invoice_closed"
	problemCustomerLocked  = "row_invoice_customer_locked"
	problemTotalLocked     = "row_invoice_total_locked"
	problemPaidLess        = "row_invoice_paid_less"
	problemInvoiceOverpaid = "row_invoice_overpaid"
)

// storedInvoice is the invoice a row's number already is, as an import of
// it again sees it.
type storedInvoice struct {
	status, customer, currency, dueDate string // dueDate: YYYY-MM-DD or ""
	imported                            bool
	totalCents, paidCents               int64
	payments, reminders                 int
}

// invoiceUpdate is what a row changes on the stored invoice; a zero field
// changes nothing.
type invoiceUpdate struct {
	dueDate      string
	customer     string // its id
	totalCents   int64
	paymentCents int64 // a payment of the difference the file says was paid since
}

func (u invoiceUpdate) none() bool { return u == invoiceUpdate{} }

// decideInvoiceUpdate is what a row (decideInvoiceRow's values, its
// customer found) updates on the invoice already there with its number:
// only an imported one, while it is open (sent, viewed, partly paid). The
// due date may change; the customer while nothing is paid yet, and only to
// one in the invoice's currency; the total while there is no payment and
// no reminder; a larger amount paid is a payment of the difference, a
// smaller one or more than the total is refused. The issue date stays. A
// row that refuses one change changes nothing.
func decideInvoiceUpdate(n int, was storedInvoice, v map[string]any, customer indexedCustomer) (invoiceUpdate, []Problem) {
	var u invoiceUpdate
	if !was.imported {
		return u, []Problem{{Row: n, Field: "number", Code: problemInvoiceDup}}
	}
	if !slices.Contains([]string{"sent", "viewed", "partial"}, was.status) {
		return u, []Problem{{Row: n, Field: "number", Code: problemInvoiceClosed, Params: map[string]any{"status": was.status}}}
	}
	var problems []Problem
	if cur, _ := v["currency"].(string); cur != "" && !strings.EqualFold(cur, was.currency) {
		problems = append(problems, Problem{Row: n, Field: "currency", Code: problemCurrency,
			Params: map[string]any{"currency": cur, "customer_currency": was.currency}})
	}
	if customer.id != was.customer {
		switch {
		case was.payments > 0:
			problems = append(problems, Problem{Row: n, Field: "customer", Code: problemCustomerLocked})
		case !strings.EqualFold(customer.currency, was.currency):
			problems = append(problems, Problem{Row: n, Field: "customer", Code: problemCurrency,
				Params: map[string]any{"currency": was.currency, "customer_currency": customer.currency}})
		default:
			u.customer = customer.id
		}
	}
	total, _ := v["total_cents"].(int64)
	if total != was.totalCents {
		if was.payments > 0 || was.reminders > 0 {
			problems = append(problems, Problem{Row: n, Field: "total", Code: problemTotalLocked})
		} else {
			u.totalCents = total
		}
	}
	paid, _ := v["paid_cents"].(int64)
	switch {
	case paid > total:
		problems = append(problems, Problem{Row: n, Field: "amount_paid", Code: problemInvoiceOverpaid})
	case paid < was.paidCents:
		problems = append(problems, Problem{Row: n, Field: "amount_paid", Code: problemPaidLess})
	case paid > was.paidCents:
		u.paymentCents = paid - was.paidCents
	}
	if due, _ := v["due_date"].(string); due != "" && due != was.dueDate {
		u.dueDate = due
	}
	if len(problems) > 0 {
		return invoiceUpdate{}, problems
	}
	return u, nil
}
