package reports

import (
	"maps"
	"slices"
	"sort"
)

// CategoryRow is the net of a period's expenses in one category ("" for
// expenses without one).
type CategoryRow struct {
	Category string `json:"category"`
	NetCents int64  `json:"net_cents"`
}

// ProfitCurrency is the profit and loss of one currency: the net invoiced
// (issued invoices; a final invoice without what its deposits charged),
// less the net of credit notes, is the income; the expenses' net by
// category (largest first) are the costs; profit is income − costs.
type ProfitCurrency struct {
	Currency      string        `json:"currency"`
	InvoicedCents int64         `json:"invoiced_cents"`
	CreditedCents int64         `json:"credited_cents"`
	IncomeCents   int64         `json:"income_cents"`
	Expenses      []CategoryRow `json:"expenses"`
	ExpensesCents int64         `json:"expenses_cents"`
	ProfitCents   int64         `json:"profit_cents"`
}

// ProfitReport is the profit and loss of a period, per currency (by code).
type ProfitReport struct {
	Currencies []ProfitCurrency `json:"currencies"`
}

// decideProfit sums the period's income and expenses, net of VAT, by the
// same dates and statuses as decideVAT.
func decideProfit(b Books, p Period) ProfitReport {
	byCur := map[string]*ProfitCurrency{}
	categories := map[string]map[string]int64{}
	cur := func(code string) *ProfitCurrency {
		if byCur[code] == nil {
			byCur[code] = &ProfitCurrency{Currency: code, Expenses: []CategoryRow{}}
			categories[code] = map[string]int64{}
		}
		return byCur[code]
	}
	vat := decideVAT(Books{Invoices: b.Invoices, DepositPayments: b.DepositPayments}, p)
	for _, c := range vat.Currencies {
		for _, r := range c.Rows {
			cur(c.Currency).InvoicedCents += r.CollectedNetCents
		}
	}
	for _, cn := range b.CreditNotes {
		if !p.holds(cn.IssueDate) {
			continue
		}
		for _, g := range cn.Breakdown {
			cur(cn.Currency).CreditedCents += g.NetCents
		}
	}
	for _, ex := range b.Expenses {
		if !p.holds(ex.Date) {
			continue
		}
		c := cur(ex.Currency)
		for _, l := range ex.VATLines {
			categories[ex.Currency][ex.Category] += l.NetCents
			c.ExpensesCents += l.NetCents
		}
	}

	out := ProfitReport{Currencies: []ProfitCurrency{}}
	for _, code := range slices.Sorted(maps.Keys(byCur)) {
		c := byCur[code]
		for name, net := range categories[code] {
			c.Expenses = append(c.Expenses, CategoryRow{Category: name, NetCents: net})
		}
		sort.Slice(c.Expenses, func(i, j int) bool {
			a, b := c.Expenses[i], c.Expenses[j]
			if a.NetCents != b.NetCents {
				return a.NetCents > b.NetCents
			}
			return a.Category < b.Category
		})
		c.IncomeCents = c.InvoicedCents - c.CreditedCents
		c.ProfitCents = c.IncomeCents - c.ExpensesCents
		out.Currencies = append(out.Currencies, *c)
	}
	return out
}
