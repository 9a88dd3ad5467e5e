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
	// Due is, for a final invoice, its stored due rows: per rate the net
	// and the VAT it charges once the deposits' payments are deducted
	// (net_cents = due_net_cents, tax_cents = due_tax_cents).
	Due          []money.TaxGroup `json:"due,omitempty"`
	BalanceCents int64            `json:"balance_cents"`
}

// DepositPayment is one payment on a deposit invoice: the day it came
// in and what came in (amount less what was returned), with the deposit's
// status, currency and stored breakdown.
type DepositPayment struct {
	Invoice     string           `json:"invoice"`
	Date        string           `json:"date"`
	AmountCents int64            `json:"amount_cents"`
	Status      string           `json:"status"`
	Currency    string           `json:"currency"`
	Breakdown   []money.TaxGroup `json:"breakdown"`
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
	// DepositPayments are the payments of the period on deposit invoices,
	// whenever those were issued.
	DepositPayments []DepositPayment `json:"deposit_payments,omitempty"`
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

// charged is what an invoice charges on its issue date, per rate: a
// deposit invoice nothing (its VAT counts as its payments come in, see
// inPayment), a final invoice its stored due rows — the VAT the document
// states, the work's less what the deposits brought in — and any other
// invoice its breakdown.
func charged(inv Invoice) []money.TaxGroup {
	switch {
	case inv.Kind == "deposit":
		return nil
	case inv.Kind == "final" && inv.Due != nil:
		return inv.Due
	}
	return inv.Breakdown
}

// inPayment is the VAT inside one payment on a deposit invoice, per rate:
// each rate's net and VAT of the deposit's breakdown times paid / gross,
// rounded half away from zero, the last rate's net taking the rest, so the
// parts add up to the payment exactly.
func inPayment(pay DepositPayment) []money.TaxGroup {
	var gross int64
	for _, g := range pay.Breakdown {
		gross += g.NetCents + g.TaxCents
	}
	if gross <= 0 || pay.AmountCents <= 0 {
		return nil
	}
	out := make([]money.TaxGroup, 0, len(pay.Breakdown))
	left := pay.AmountCents
	for i, g := range pay.Breakdown {
		tax := money.MulDivRound(g.TaxCents, pay.AmountCents, gross)
		net := money.MulDivRound(g.NetCents, pay.AmountCents, gross)
		if i == len(pay.Breakdown)-1 {
			net = left - tax
		}
		left -= net + tax
		out = append(out, money.TaxGroup{Rate: g.Rate, NetCents: net, TaxCents: tax})
	}
	return out
}

// decideVAT sums the VAT of the period p, per currency and rate:
// collected on issued invoices (drafts and void ones left out) by issue
// date less credit notes by their date, paid on expenses by their date.
// A deposit invoice's VAT is chargeable when its money comes in, on the
// amount received (Art. 65 of Directive 2006/112/EC, §13(1) no. 1a
// sentence 4 UStG, Art. 269 CGI): it counts per payment, on the payment's
// date (an unpaid deposit counts nothing), and a credit note against it on
// the note's date as any other. The final invoice counts the VAT it states
// (the work's less what the deposits brought in) on its issue date, so
// over the deposits and the final the work's VAT counts exactly once.
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
	collect := func(cur string, groups []money.TaxGroup, sign int64) {
		for _, g := range groups {
			r := row(cur, g.Rate)
			r.CollectedNetCents += sign * g.NetCents
			r.CollectedVATCents += sign * g.TaxCents
		}
	}
	for _, inv := range b.Invoices {
		if billing.Issued(inv.Status) && p.holds(inv.IssueDate) {
			collect(inv.Currency, charged(inv), 1)
		}
	}
	for _, pay := range b.DepositPayments {
		if billing.Issued(pay.Status) && p.holds(pay.Date) {
			collect(pay.Currency, inPayment(pay), 1)
		}
	}
	for _, cn := range b.CreditNotes {
		if p.holds(cn.IssueDate) {
			collect(cn.Currency, cn.Breakdown, -1)
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
