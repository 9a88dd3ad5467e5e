package imports

import (
	"reflect"
	"testing"
)

// The header rows of five tools' invoice exports (testdata/invoices) map
// onto an open invoice's fields; each want is field → header.
func TestDecideInvoiceColumns(t *testing.T) {
	t.Parallel()
	cases := map[string]map[string]string{
		"invoiceninja.csv": {
			"number": "Invoice Number", "customer": "Client Name", "issue_date": "Invoice Date", "due_date": "Due Date",
			"total": "Amount", "amount_paid": "Paid to Date", "currency": "Currency",
		},
		"zoho.csv": {
			"number": "Invoice Number", "customer": "Customer Name", "issue_date": "Invoice Date", "due_date": "Due Date",
			"currency": "Currency Code", "total": "Total", "amount_paid": "Payment Made",
		},
		"invoiceshelf.csv": {
			"number": "invoice_number", "customer": "customer_name", "issue_date": "invoice_date", "due_date": "due_date",
			"currency": "currency", "total": "total",
		},
		"sevdesk.csv": {
			"number": "Rechnungsnummer", "customer": "Kunde", "issue_date": "Rechnungsdatum", "due_date": "Fälligkeitsdatum",
			"total": "Betrag brutto", "amount_paid": "Bezahlt", "currency": "Währung",
		},
		"lexoffice.csv": {
			"number": "Belegnummer", "customer": "Kontakt", "issue_date": "Belegdatum", "due_date": "Fällig am",
			"total": "Bruttobetrag", "currency": "Währung",
		},
	}
	checkGuesses(t, "invoices", InvoiceFields, invoiceAliases, cases)
}

func TestDecideInvoiceRow(t *testing.T) {
	t.Parallel()
	m := Mapping{"number": 0, "customer": 1, "issue_date": 2, "due_date": 3, "currency": 4, "total": 5, "amount_paid": 6}
	cases := []struct {
		name     string
		cells    []string
		want     map[string]any
		problems []string // field:code
	}{
		{"open, partly paid", []string{"INV-2023-0099", "Acme Ltd", "2023-11-05", "05.12.2023", "eur", "1.190,00", "190"},
			map[string]any{"number": "INV-2023-0099", "customer": "Acme Ltd", "issue_date": "2023-11-05", "due_date": "2023-12-05",
				"currency": "EUR", "total_cents": int64(119000), "paid_cents": int64(19000)}, nil},
		{"nothing paid, no due date", []string{"RE-7", "a@b.de", "31/01/2024", "", "", "50", ""},
			map[string]any{"number": "RE-7", "customer": "a@b.de", "issue_date": "2024-01-31", "total_cents": int64(5000)}, nil},
		{"paid in full (refused when new, not when it updates)", []string{"RE-8", "Acme", "2024-01-31", "", "", "50", "50.00"},
			map[string]any{"number": "RE-8", "customer": "Acme", "issue_date": "2024-01-31", "total_cents": int64(5000), "paid_cents": int64(5000)},
			nil},
		{"paid more than the total", []string{"RE-8", "Acme", "2024-01-31", "", "", "50", "50.01"},
			map[string]any{"number": "RE-8", "customer": "Acme", "issue_date": "2024-01-31", "total_cents": int64(5000), "paid_cents": int64(5001)},
			[]string{"amount_paid:row_invoice_overpaid"}},
		{"missing and unreadable", []string{"", "", "yesterday", "soon", "", "abc", "-5"},
			map[string]any{},
			[]string{"number:row_required", "customer:row_required", "issue_date:row_invalid_date", "due_date:row_invalid_date",
				"total:row_not_number", "amount_paid:row_not_number"}},
		{"zero total", []string{"RE-9", "Acme", "2024-01-31", "", "", "0", ""},
			map[string]any{"number": "RE-9", "customer": "Acme", "issue_date": "2024-01-31"}, []string{"total:row_not_number"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, problems := decideInvoiceRow(m, 2, c.cells, "EUR")
			if !reflect.DeepEqual(v, c.want) {
				t.Errorf("values %v\nwant %v", v, c.want)
			}
			if got := fieldCodes(problems); !reflect.DeepEqual(got, c.problems) {
				t.Errorf("problems %v, want %v", got, c.problems)
			}
		})
	}
}

// fieldCodes lists problems as "field:code".
func fieldCodes(problems []Problem) []string {
	var out []string
	for _, p := range problems {
		out = append(out, p.Field+":"+p.Code)
	}
	return out
}
