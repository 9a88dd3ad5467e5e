package imports

import (
	"math"
	"strings"
	"time"
)

// InvoiceFields are the fields of an open invoice a column can fill. The
// customer is matched by name or email among the business's customers;
// total and amount_paid are amounts in the invoice's currency.
var InvoiceFields = []string{"number", "customer", "issue_date", "due_date", "currency", "total", "amount_paid"}

// invoiceAliases are the headers of the invoice exports of Invoice Ninja,
// Zoho Invoice, InvoiceShelf, sevDesk and lexoffice (testdata/invoices),
// and the plain words, normalized (normHeader).
var invoiceAliases = map[string][]string{
	"number": {
		"invoicenumber", "rechnungsnummer", "rechnungsnr", "belegnummer", "numerodefacture", "numerodefactura",
		"number", "nummer", "numero", "رقمالفاتورة",
	},
	"customer": {
		"clientname", "customername", "kundenname", "kunde", "kontakt", "name", "client", "customer", "cliente", "العميل",
	},
	"issue_date": {
		"invoicedate", "rechnungsdatum", "belegdatum", "datum", "date", "datedefacture", "fechadefactura", "fecha", "التاريخ",
	},
	"due_date": {"duedate", "faelligkeitsdatum", "falligkeitsdatum", "falligam", "zahlungsziel", "dateecheance", "echeance", "fechadevencimiento", "vencimiento"},
	"currency": {"currencycode", "currency", "wahrung", "devise", "moneda", "العملة"},
	"total": {
		"invoiceamount", "amount", "total", "bruttobetrag", "betragbrutto", "gesamtbetrag", "betrag", "brutto", "montantttc", "montant",
		"importetotal", "importe", "المجموع",
	},
	"amount_paid": {"paidtodate", "amountpaid", "paymentmade", "paid", "bezahlt", "bezahlterbetrag", "montantpaye", "pagado", "importepagado"},
}

// Row problems of an open invoice.
const (
	problemDate        = "row_invalid_date"
	problemAlreadyPaid = "row_already_paid"
	problemNoCustomer  = "row_unknown_customer"
	problemCurrency    = "row_currency_mismatch"
	problemInvoiceDup  = "row_invoice_exists"
)

// dateLayouts are the dates the exports write: ISO (Invoice Ninja,
// InvoiceShelf, Zoho), German (sevDesk, lexoffice) and day/month/year.
var dateLayouts = []string{"2006-01-02", "02.01.2006", "2.1.2006", "02/01/2006", "2/1/2006", "2006/01/02", "2006-01-02 15:04:05"}

// parseDay reads a date as YYYY-MM-DD.
func parseDay(s string) (string, bool) {
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t.Format("2006-01-02"), true
		}
	}
	return "", false
}

// decideInvoiceRow turns a row into an open invoice's values: number,
// customer (the text to match), issue_date and due_date (YYYY-MM-DD),
// currency (upper case, when given), total_cents and paid_cents. A row
// without number, customer, issue date or total, a date or amount that
// can't be read, and a row whose amount paid is more than its total are
// its problems. (One paid in full is no opening balance to import, but it
// updates one imported before: writeInvoice refuses it.)
func decideInvoiceRow(m Mapping, n int, cells []string, _ string) (map[string]any, []Problem) {
	cell := cellOf(m, cells)
	v := map[string]any{}
	var problems []Problem
	for _, f := range []string{"number", "customer"} {
		if s := cell(f); s != "" {
			v[f] = s
		} else {
			problems = append(problems, Problem{Row: n, Field: f, Code: problemRequired})
		}
	}
	if c := cell("currency"); c != "" {
		v["currency"] = strings.ToUpper(c)
	}
	for _, f := range []string{"issue_date", "due_date"} {
		s := cell(f)
		if s == "" {
			if f == "issue_date" {
				problems = append(problems, Problem{Row: n, Field: f, Code: problemRequired})
			}
			continue
		}
		if day, ok := parseDay(s); ok {
			v[f] = day
		} else {
			problems = append(problems, Problem{Row: n, Field: f, Code: problemDate})
		}
	}
	cents := func(f string, required bool) (int64, bool) {
		s := cell(f)
		if s == "" {
			if required {
				problems = append(problems, Problem{Row: n, Field: f, Code: problemRequired})
			}
			return 0, !required
		}
		a, ok := parseAmount(s)
		if !ok || a < 0 || (required && a == 0) {
			problems = append(problems, Problem{Row: n, Field: f, Code: problemNotNumber})
			return 0, false
		}
		return int64(math.Round(a * 100)), true
	}
	total, okTotal := cents("total", true)
	paid, okPaid := cents("amount_paid", false)
	if okTotal {
		v["total_cents"] = total
	}
	if okPaid && paid > 0 {
		v["paid_cents"] = paid
	}
	if okTotal && okPaid && paid > total {
		problems = append(problems, Problem{Row: n, Field: "amount_paid", Code: problemInvoiceOverpaid})
	}
	return v, problems
}
