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
	// WorkDeposits are, for the invoice of a piece of work (not for a
	// deposit invoice), the deposit invoices asked for that work, whether
	// it deducts them or not.
	WorkDeposits []WorkDeposit `json:"work_deposits,omitempty"`
	BalanceCents int64         `json:"balance_cents"`
}

// WorkDeposit is one deposit invoice of a piece of work: its status, its
// stored breakdown and its credit notes' breakdowns (all of them).
type WorkDeposit struct {
	ID        string           `json:"id"`
	Status    string           `json:"status"`
	Breakdown []money.TaxGroup `json:"breakdown"`
	Credited  []money.TaxGroup `json:"credited"`
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

// charged is what an invoice charges, per rate: the invoice of a piece of
// work its breakdown less the VAT its deposit invoices charged as issued
// (not void, less their credit notes), paid or not. The deposits' VAT is
// due on their issue dates and counts there, so over the deposits and the
// final invoice the work's VAT counts exactly once. The final invoice's
// stored deduction is not used: it deducts only what a deposit brought
// in, so a deposit paid in part (or not at all) would count twice.
func charged(inv Invoice) []money.TaxGroup {
	if inv.Kind == "deposit" || len(inv.WorkDeposits) == 0 {
		return inv.Breakdown
	}
	out := make([]money.TaxGroup, 0, len(inv.Breakdown))
	at := map[int64]int{}
	add := func(g money.TaxGroup, sign int64) {
		k := billing.RateKey(g.Rate)
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, money.TaxGroup{Rate: g.Rate})
		}
		out[i].NetCents += sign * g.NetCents
		out[i].TaxCents += sign * g.TaxCents
	}
	for _, g := range inv.Breakdown {
		add(g, 1)
	}
	for _, d := range inv.WorkDeposits {
		if !billing.Issued(d.Status) {
			continue
		}
		for _, g := range d.Breakdown {
			add(g, -1)
		}
		for _, g := range d.Credited {
			add(g, 1)
		}
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
