package reports

import (
	"sort"

	"folio/server/internal/billing"
	"folio/server/internal/money"
)

// Invoice is an invoice as the reports read it.
type Invoice struct {
	ID           string `json:"id"`
	Number       string `json:"number"`
	CustomerName string `json:"customer_name"`
	Status       string `json:"status"`
	// Kind is "deposit", "final" or "" (an ordinary invoice).
	Kind      string `json:"kind"`
	IssueDate string `json:"issue_date"`
	DueDate   string `json:"due_date"`
	Currency  string `json:"currency"`
	// Breakdown is the stored tax_breakdown: per rate, the net (after the
	// document's discount) and the VAT. A final invoice's is the whole work.
	Breakdown []money.TaxGroup `json:"breakdown"`
	// FinalRows are a final invoice's stored deduction rows (its "deposits"
	// field): per rate, the net and VAT it still charges once the
	// deposits' are deducted.
	FinalRows    []FinalRow `json:"final_rows,omitempty"`
	BalanceCents int64      `json:"balance_cents"`
}

// FinalRow is what a final invoice charges at one rate after its deposits.
type FinalRow struct {
	Rate        float64 `json:"rate"`
	DueNetCents int64   `json:"due_net_cents"`
	DueTaxCents int64   `json:"due_tax_cents"`
}

// CreditNote is a credit note as the reports read it. Every credit note
// counts: it is issued when saved, and an invoice with credit notes cannot
// be voided.
type CreditNote struct {
	ID        string           `json:"id"`
	Number    string           `json:"number"`
	IssueDate string           `json:"issue_date"`
	Currency  string           `json:"currency"`
	Breakdown []money.TaxGroup `json:"breakdown"`
}

// VATLine is one VAT rate of an expense (its vat_lines).
type VATLine struct {
	Rate       float64 `json:"rate"`
	NetCents   int64   `json:"net_cents"`
	VATCents   int64   `json:"vat_cents"`
	GrossCents int64   `json:"gross_cents"`
}

// Expense is an expense as the reports read it.
type Expense struct {
	ID       string    `json:"id"`
	Date     string    `json:"date"`
	Currency string    `json:"currency"`
	Category string    `json:"category"`
	VATLines []VATLine `json:"vat_lines"`
}

// Books are the records a report reads; the route reads a period's (and,
// for the aging, the open invoices).
type Books struct {
	Invoices    []Invoice    `json:"invoices"`
	CreditNotes []CreditNote `json:"credit_notes"`
	Expenses    []Expense    `json:"expenses"`
}

// VATRow is one rate of one currency: the VAT collected (issued invoices
// less credit notes) and paid (expenses), each with its net, and the
// difference collected − paid.
type VATRow struct {
	Rate              float64 `json:"rate"`
	CollectedNetCents int64   `json:"collected_net_cents"`
	CollectedVATCents int64   `json:"collected_vat_cents"`
	PaidNetCents      int64   `json:"paid_net_cents"`
	PaidVATCents      int64   `json:"paid_vat_cents"`
	DifferenceCents   int64   `json:"difference_cents"`
}

// VATCurrency is one currency's rows (rates ascending) and their sums. A
// positive DifferenceCents is VAT to pay, a negative one VAT to get back.
type VATCurrency struct {
	Currency          string   `json:"currency"`
	Rows              []VATRow `json:"rows"`
	CollectedVATCents int64    `json:"collected_vat_cents"`
	PaidVATCents      int64    `json:"paid_vat_cents"`
	DifferenceCents   int64    `json:"difference_cents"`
}

// VATReport is the VAT of a period, per currency (by code).
type VATReport struct {
	Currencies []VATCurrency `json:"currencies"`
}

// charged is what an invoice charges, per rate: a final invoice only what
// its deposits did not already charge (they count on their own issue
// dates, so the work's VAT is counted once); any other its breakdown.
func charged(inv Invoice) []money.TaxGroup {
	if inv.Kind != "final" || inv.FinalRows == nil {
		return inv.Breakdown
	}
	out := make([]money.TaxGroup, 0, len(inv.FinalRows))
	for _, r := range inv.FinalRows {
		out = append(out, money.TaxGroup{Rate: r.Rate, NetCents: r.DueNetCents, TaxCents: r.DueTaxCents})
	}
	return out
}

// decideVAT sums the VAT of the period p: collected on issued invoices by
// issue date (drafts and void ones left out) less credit notes by their
// date, paid on expenses by their date, per currency and rate.
func decideVAT(b Books, p Period) VATReport {
	type key struct {
		cur  string
		rate int64
	}
	rows := map[key]*VATRow{}
	row := func(cur string, rate float64) *VATRow {
		k := key{cur, billing.RateKey(rate)}
		if rows[k] == nil {
			rows[k] = &VATRow{Rate: rate}
		}
		return rows[k]
	}
	for _, inv := range b.Invoices {
		if !billing.Issued(inv.Status) || !p.holds(inv.IssueDate) {
			continue
		}
		for _, g := range charged(inv) {
			r := row(inv.Currency, g.Rate)
			r.CollectedNetCents += g.NetCents
			r.CollectedVATCents += g.TaxCents
		}
	}
	for _, cn := range b.CreditNotes {
		if !p.holds(cn.IssueDate) {
			continue
		}
		for _, g := range cn.Breakdown {
			r := row(cn.Currency, g.Rate)
			r.CollectedNetCents -= g.NetCents
			r.CollectedVATCents -= g.TaxCents
		}
	}
	for _, ex := range b.Expenses {
		if !p.holds(ex.Date) {
			continue
		}
		for _, l := range ex.VATLines {
			r := row(ex.Currency, l.Rate)
			r.PaidNetCents += l.NetCents
			r.PaidVATCents += l.VATCents
		}
	}

	keys := make([]key, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].cur != keys[j].cur {
			return keys[i].cur < keys[j].cur
		}
		return keys[i].rate < keys[j].rate
	})
	out := VATReport{Currencies: []VATCurrency{}}
	for _, k := range keys {
		r := rows[k]
		r.DifferenceCents = r.CollectedVATCents - r.PaidVATCents
		if n := len(out.Currencies); n == 0 || out.Currencies[n-1].Currency != k.cur {
			out.Currencies = append(out.Currencies, VATCurrency{Currency: k.cur, Rows: []VATRow{}})
		}
		c := &out.Currencies[len(out.Currencies)-1]
		c.Rows = append(c.Rows, *r)
		c.CollectedVATCents += r.CollectedVATCents
		c.PaidVATCents += r.PaidVATCents
		c.DifferenceCents += r.DifferenceCents
	}
	return out
}
