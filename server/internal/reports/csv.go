package reports

import (
	"io"
	"strconv"
	"strings"

	"folio/server/internal/export"
	"folio/server/internal/money"
)

// amount writes cents as a plain decimal of the currency's minor unit
// ("-12.34"), which every spreadsheet reads as a number.
func amount(cents int64, currency string) string {
	return strings.TrimSuffix(money.Format(cents, currency), " "+currency)
}

// rate writes a VAT rate without trailing zeros ("19", "8.1").
func rate(r float64) string { return strconv.FormatFloat(r, 'f', -1, 64) }

// writeVATCSV writes one row per currency and rate, then each currency's total.
func writeVATCSV(out io.Writer, r VATReport, w words) error {
	cw := export.NewCSV(out)
	_ = cw.Write([]string{w.Currency, w.Rate, w.CollectedNet, w.CollectedVAT, w.PaidNet, w.PaidVAT, w.Difference})
	for _, c := range r.Currencies {
		for _, row := range c.Rows {
			_ = cw.Write([]string{c.Currency, rate(row.Rate),
				amount(row.CollectedNetCents, c.Currency), amount(row.CollectedVATCents, c.Currency),
				amount(row.PaidNetCents, c.Currency), amount(row.PaidVATCents, c.Currency),
				amount(row.DifferenceCents, c.Currency)})
		}
		_ = cw.Write([]string{c.Currency, w.Total, "", amount(c.CollectedVATCents, c.Currency),
			"", amount(c.PaidVATCents, c.Currency), amount(c.DifferenceCents, c.Currency)})
	}
	cw.Flush()
	return cw.Error()
}

// writeProfitCSV writes per currency: invoiced, credited, income, each
// expense category, the expenses, the profit.
func writeProfitCSV(out io.Writer, r ProfitReport, w words) error {
	cw := export.NewCSV(out)
	_ = cw.Write([]string{w.Currency, w.Item, w.Category, w.Amount})
	for _, c := range r.Currencies {
		line := func(item, category string, cents int64) {
			_ = cw.Write([]string{c.Currency, item, category, amount(cents, c.Currency)})
		}
		line(w.Invoiced, "", c.InvoicedCents)
		line(w.Credited, "", -c.CreditedCents)
		line(w.Income, "", c.IncomeCents)
		for _, e := range c.Expenses {
			name := e.Category
			if name == "" {
				name = w.Uncategorised
			}
			line(w.Expense, export.Guard(name), -e.NetCents)
		}
		line(w.Expenses, "", -c.ExpensesCents)
		line(w.Profit, "", c.ProfitCents)
	}
	cw.Flush()
	return cw.Error()
}

// writeAgingCSV writes one row per open invoice, bucket by bucket.
func writeAgingCSV(out io.Writer, r AgingReport, w words) error {
	cw := export.NewCSV(out)
	_ = cw.Write([]string{w.Currency, w.Bucket, w.Invoice, w.Customer, w.IssueDate, w.DueDate, w.DaysLate, w.Balance})
	for _, c := range r.Currencies {
		for i, b := range c.Buckets {
			for _, inv := range b.Invoices {
				_ = cw.Write([]string{c.Currency, w.Buckets[i], export.Guard(inv.Number), export.Guard(inv.CustomerName),
					inv.IssueDate, inv.DueDate, strconv.FormatInt(inv.DaysLate, 10), amount(inv.BalanceCents, c.Currency)})
			}
		}
		_ = cw.Write([]string{c.Currency, w.Total, "", "", "", "", "", amount(c.TotalCents, c.Currency)})
	}
	cw.Flush()
	return cw.Error()
}
