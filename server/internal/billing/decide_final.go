package billing

import (
	"math"
	"sort"

	"folio/server/internal/money"
)

// A deposit invoice (Anzahlungsrechnung, facture d'acompte) asks for part
// of a piece of work before it is done; the final invoice lists the whole
// work and deducts what the deposits brought in, rate by rate, so that the
// VAT it charges is the work's VAT less the VAT the deposits already
// charged (§14(5) UStG, Art. 289 CGI). These are the pure rules; the
// hooks read the stored records and save what they decide.

// Invoice kinds (the invoices' "kind" field; "" is an ordinary invoice).
const (
	kindDeposit = "deposit"
	kindFinal   = "final"
)

// finalDeposit is one deposit invoice as the final invoice reads it: its
// stored breakdown, the breakdown of the credit notes against it (summed
// per rate), and what was paid on it.
type finalDeposit struct {
	ID        string           `json:"id"`
	Number    string           `json:"number"`
	IssueDate string           `json:"issue_date"`
	Breakdown []money.TaxGroup `json:"breakdown"`
	Credited  []money.TaxGroup `json:"credited"`
	PaidCents int64            `json:"paid_cents"`
}

// deductedDeposit is what the final invoice deducts for one deposit:
// per rate, the net and the VAT it brought in, and their sum (gross).
type deductedDeposit struct {
	ID         string           `json:"id"`
	Number     string           `json:"number"`
	IssueDate  string           `json:"issue_date"`
	Rows       []money.TaxGroup `json:"rows"`
	GrossCents int64            `json:"gross_cents"`
}

// finalRow is one VAT rate of the final invoice: the whole work's net and
// VAT, what the deposits deducted, and what the final still charges.
type finalRow struct {
	Rate             float64 `json:"rate"`
	NetCents         int64   `json:"net_cents"`
	TaxCents         int64   `json:"tax_cents"`
	DeductedNetCents int64   `json:"deducted_net_cents"`
	DeductedTaxCents int64   `json:"deducted_tax_cents"`
	DueNetCents      int64   `json:"due_net_cents"`
	DueTaxCents      int64   `json:"due_tax_cents"`
}

// finalDeduction is the deduction a final invoice stores and shows.
// DeductedCents (gross) comes off its total before payments; DueTaxCents
// is the VAT it charges.
type finalDeduction struct {
	Deposits      []deductedDeposit `json:"deposits"`
	Rows          []finalRow        `json:"rows"`
	DeductedCents int64             `json:"deducted_cents"`
	DueTaxCents   int64             `json:"due_tax_cents"`
}

// depositBrought is what one deposit brought in, per rate: its breakdown
// less its credit notes', and of that only the part received — a deposit
// paid in part is deducted in part, its rates in proportion to their gross
// (largest remainder to the cent, each rate's VAT in proportion too). A
// deposit credited back in full brings nothing.
func depositBrought(d finalDeposit) deductedDeposit {
	credited := map[int64]money.TaxGroup{}
	for _, c := range d.Credited {
		k := rateKey(c.Rate)
		g := credited[k]
		credited[k] = money.TaxGroup{Rate: c.Rate, NetCents: g.NetCents + c.NetCents, TaxCents: g.TaxCents + c.TaxCents}
	}
	left := make([]money.TaxGroup, 0, len(d.Breakdown))
	gross := make([]int64, 0, len(d.Breakdown))
	var whole int64
	for _, b := range d.Breakdown {
		c := credited[rateKey(b.Rate)]
		g := money.TaxGroup{Rate: b.Rate, NetCents: max(b.NetCents-c.NetCents, 0), TaxCents: max(b.TaxCents-c.TaxCents, 0)}
		left = append(left, g)
		gross = append(gross, g.NetCents+g.TaxCents)
		whole += g.NetCents + g.TaxCents
	}
	out := deductedDeposit{ID: d.ID, Number: d.Number, IssueDate: d.IssueDate, Rows: []money.TaxGroup{}}
	received := min(max(d.PaidCents, 0), whole)
	if received == 0 {
		return out
	}
	if received < whole {
		shares := money.Allocate(received, gross, whole)
		for i, g := range left {
			tax := int64(0)
			if gross[i] > 0 {
				tax = money.MulDivRound(shares[i], g.TaxCents, gross[i])
			}
			left[i] = money.TaxGroup{Rate: g.Rate, NetCents: shares[i] - tax, TaxCents: tax}
		}
	}
	for _, g := range left {
		if g.NetCents == 0 && g.TaxCents == 0 {
			continue
		}
		out.Rows = append(out.Rows, g)
		out.GrossCents += g.NetCents + g.TaxCents
	}
	return out
}

// decideFinal deducts the deposits from the work (the final invoice's own
// stored breakdown). Deposits that brought nothing are left out. Each
// rate's due VAT is the work's VAT at that rate less the deposits' VAT at
// that rate, exactly: nothing is recomputed from a net. Refused when the
// deposits brought in more than the work's total.
func decideFinal(work []money.TaxGroup, workTotalCents int64, deposits []finalDeposit) (finalDeduction, *ruleError) {
	out := finalDeduction{Deposits: []deductedDeposit{}, Rows: []finalRow{}}
	rows := map[int64]*finalRow{}
	row := func(rate float64) *finalRow {
		k := rateKey(rate)
		if rows[k] == nil {
			rows[k] = &finalRow{Rate: rate}
		}
		return rows[k]
	}
	for _, w := range work {
		r := row(w.Rate)
		r.NetCents += w.NetCents
		r.TaxCents += w.TaxCents
	}
	for _, d := range deposits {
		b := depositBrought(d)
		if b.GrossCents == 0 {
			continue
		}
		out.Deposits = append(out.Deposits, b)
		out.DeductedCents += b.GrossCents
		for _, g := range b.Rows {
			r := row(g.Rate)
			r.DeductedNetCents += g.NetCents
			r.DeductedTaxCents += g.TaxCents
		}
	}
	if out.DeductedCents > workTotalCents {
		return finalDeduction{}, newRuleError("items", "folio_deposits_exceed_work", msgDepositsExceedWork)
	}
	keys := make([]int64, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	for _, k := range keys {
		r := rows[k]
		r.DueNetCents = r.NetCents - r.DeductedNetCents
		r.DueTaxCents = r.TaxCents - r.DeductedTaxCents
		out.DueTaxCents += r.DueTaxCents
		out.Rows = append(out.Rows, *r)
	}
	return out, nil
}

// depositRequest is what "Request a deposit" asks: a percentage of the
// work (up to two decimals), or an amount (gross, in cents).
type depositRequest struct {
	Percent     float64
	AmountCents int64
}

// decideDepositNets splits a deposit over the work's VAT rates: one net
// per rate of the work's breakdown (the taxable base after the document
// discount). A percentage takes that share of each rate's net, rounded to
// the cent; an amount is shared over the rates in proportion to their
// gross (largest remainder), each rate's share then taken back to its net
// (gross × 100 / (100 + rate), rounded), so the deposit's total, with VAT
// computed on those nets as on any invoice, is the amount asked within a
// cent per rate. Refused: no work, a percentage outside (0, 100], an
// amount ≤ 0 or above the work's total.
func decideDepositNets(work []money.TaxGroup, workTotalCents int64, req depositRequest) ([]money.TaxGroup, *ruleError) {
	if len(work) == 0 || workTotalCents <= 0 {
		return nil, newRuleError("", "folio_deposit_no_work", msgDepositNoWork)
	}
	out := make([]money.TaxGroup, 0, len(work))
	switch {
	case req.AmountCents == 0 && req.Percent > 0 && req.Percent <= 100:
		bp := int64(math.Round(req.Percent * 100))
		if math.Abs(float64(bp)-req.Percent*100) > 1e-6 || bp == 0 {
			return nil, newRuleError("percent", "folio_deposit_invalid", msgDepositInvalid)
		}
		for _, w := range work {
			out = append(out, money.TaxGroup{Rate: w.Rate, NetCents: money.MulDivRound(w.NetCents, bp, 10000)})
		}
	case req.Percent == 0 && req.AmountCents > 0 && req.AmountCents <= workTotalCents:
		gross := make([]int64, len(work))
		var whole int64
		for i, w := range work {
			gross[i] = w.NetCents + w.TaxCents
			whole += gross[i]
		}
		shares := money.Allocate(req.AmountCents, gross, whole)
		for i, w := range work {
			out = append(out, money.TaxGroup{Rate: w.Rate, NetCents: money.MulDivRound(shares[i], 100*1000, 100*1000+rateKey(w.Rate))})
		}
	default:
		field := "percent"
		if req.AmountCents != 0 {
			field = "amount_cents"
		}
		return nil, newRuleError(field, "folio_deposit_invalid", msgDepositInvalid)
	}
	kept := out[:0]
	for _, g := range out {
		if g.NetCents != 0 {
			kept = append(kept, g)
		}
	}
	if len(kept) == 0 {
		return nil, newRuleError("percent", "folio_deposit_invalid", msgDepositInvalid)
	}
	return kept, nil
}
