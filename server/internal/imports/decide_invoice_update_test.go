package imports

import (
	"reflect"
	"testing"
)

func TestDecideInvoiceUpdate(t *testing.T) {
	t.Parallel()
	// An imported invoice of 100.00 EUR to Acme, due 2026-04-01, 20.00 paid.
	stored := func(change func(*storedInvoice)) storedInvoice {
		s := storedInvoice{status: "partial", customer: "acme", currency: "EUR", dueDate: "2026-04-01", imported: true,
			totalCents: 10000, paidCents: 2000, payments: 1}
		if change != nil {
			change(&s)
		}
		return s
	}
	unpaid := func(s *storedInvoice) { s.status, s.paidCents, s.payments = "sent", 0, 0 }
	acme := indexedCustomer{"acme", "EUR"}
	row := func(total, paid int64, due string) map[string]any {
		v := map[string]any{"number": "RE-1", "customer": "Acme", "issue_date": "2026-03-01", "total_cents": total}
		if paid > 0 {
			v["paid_cents"] = paid
		}
		if due != "" {
			v["due_date"] = due
		}
		return v
	}
	cases := []struct {
		name     string
		was      storedInvoice
		v        map[string]any
		customer indexedCustomer
		want     invoiceUpdate
		problems []string // field:code
	}{
		{"the same row: nothing", stored(nil), row(10000, 2000, "2026-04-01"), acme, invoiceUpdate{}, nil},
		{"a later due date and more paid", stored(nil), row(10000, 5000, "2026-05-01"), acme,
			invoiceUpdate{dueDate: "2026-05-01", paymentCents: 3000}, nil},
		{"paid in full since", stored(nil), row(10000, 10000, ""), acme, invoiceUpdate{paymentCents: 8000}, nil},
		{"nothing paid: another customer and total", stored(unpaid), row(12000, 0, ""), indexedCustomer{"bolt", "EUR"},
			invoiceUpdate{customer: "bolt", totalCents: 12000}, nil},
		{"paid: the customer stays", stored(nil), row(10000, 2000, "2026-05-01"), indexedCustomer{"bolt", "EUR"},
			invoiceUpdate{}, []string{"customer:row_invoice_customer_locked"}},
		{"a customer in another currency", stored(unpaid), row(10000, 0, ""), indexedCustomer{"bolt", "USD"},
			invoiceUpdate{}, []string{"customer:row_currency_mismatch"}},
		{"paid: the total stays", stored(nil), row(12000, 2000, ""), acme, invoiceUpdate{}, []string{"total:row_invoice_total_locked"}},
		{"reminded: the total stays", stored(func(s *storedInvoice) { unpaid(s); s.reminders = 1 }), row(12000, 0, ""), acme,
			invoiceUpdate{}, []string{"total:row_invoice_total_locked"}},
		{"less paid than Folio knows", stored(nil), row(10000, 1000, "2026-05-01"), acme, invoiceUpdate{},
			[]string{"amount_paid:row_invoice_paid_less"}},
		{"more paid than the total", stored(unpaid), row(10000, 11000, ""), acme, invoiceUpdate{},
			[]string{"amount_paid:row_invoice_overpaid"}},
		{"another currency", stored(nil), func() map[string]any { v := row(10000, 2000, ""); v["currency"] = "USD"; return v }(), acme,
			invoiceUpdate{}, []string{"currency:row_currency_mismatch"}},
		{"paid in Folio", stored(func(s *storedInvoice) { s.status = "paid" }), row(10000, 2000, ""), acme, invoiceUpdate{},
			[]string{"number:row_invoice_closed"}},
		{"made in Folio", stored(func(s *storedInvoice) { s.imported = false }), row(10000, 2000, ""), acme, invoiceUpdate{},
			[]string{"number:row_invoice_exists"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			u, problems := decideInvoiceUpdate(2, c.was, c.v, c.customer)
			if u != c.want {
				t.Errorf("update %+v, want %+v", u, c.want)
			}
			if got := fieldCodes(problems); !reflect.DeepEqual(got, c.problems) {
				t.Errorf("problems %v, want %v", got, c.problems)
			}
		})
	}
}
