package billing

import (
	"encoding/json"
	"sort"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/money"
	"folio/server/migrations"
)

// settleFinal decides, on each save of an invoice, whether it is the final
// invoice of a piece of work and what it deducts: the deposits asked from
// its quote (the one it was converted from) or from itself. While it is a
// draft the deduction follows the deposits (what they brought in so far);
// once issued it is what it was when it left the draft, so the document
// sent never changes. It answers the amount deducted (gross), which comes
// off the total before payments and credit notes.
func settleFinal(app core.App, r *core.Record, p *preparedDoc) (int64, error) {
	if r.GetString(migrations.FieldInvoiceKind) == kindDeposit {
		return 0, nil
	}
	if p.from != "" && p.from != statusDraft {
		return int64(p.stored.GetInt(migrations.FieldDeductedCents)), nil
	}
	deposits, err := finalDepositsOf(app, r)
	if err != nil {
		return 0, err
	}
	d, rerr := decideFinal(p.totals.TaxBreakdown, p.totals.TotalCents, deposits)
	if rerr != nil {
		return 0, rerr.api()
	}
	if len(d.Deposits) == 0 {
		// No deposit brought anything (yet): an ordinary invoice.
		r.Set(migrations.FieldInvoiceKind, "")
		r.Set(migrations.FieldDeposits, nil)
		r.Set(migrations.FieldDeductedCents, 0)
		return 0, nil
	}
	r.Set(migrations.FieldInvoiceKind, kindFinal)
	r.Set(migrations.FieldDeposits, d)
	r.Set(migrations.FieldDeductedCents, d.DeductedCents)
	return d.DeductedCents, nil
}

// finalDepositsOf reads the issued deposit invoices of r's work, oldest
// first, each with its credit notes' breakdowns and what was paid on it.
func finalDepositsOf(app core.App, r *core.Record) ([]finalDeposit, error) {
	var work []dbx.Expression
	if r.Id != "" {
		work = append(work, dbx.HashExp{migrations.FieldWorkInvoice: r.Id})
	}
	if q := r.GetString("quote"); q != "" {
		work = append(work, dbx.HashExp{migrations.FieldWorkQuote: q})
	}
	if len(work) == 0 {
		return nil, nil
	}
	recs, err := app.FindAllRecords(migrations.InvoicesCollection,
		dbx.HashExp{migrations.FieldInvoiceKind: kindDeposit, "business": r.GetString("business")},
		dbx.Or(work...),
		dbx.Not(dbx.In("status", statusDraft, statusVoid)),
	)
	if err != nil {
		return nil, err
	}
	out := make([]finalDeposit, 0, len(recs))
	for _, d := range recs {
		f, err := readInvoiceFigures(app, d.Id)
		if err != nil {
			return nil, err
		}
		var breakdown []money.TaxGroup
		_ = json.Unmarshal(RawJSON(d, "tax_breakdown"), &breakdown)
		notes, err := app.FindAllRecords(migrations.CreditNotesCollection, dbx.HashExp{"invoice": d.Id})
		if err != nil {
			return nil, err
		}
		credited := []money.TaxGroup{}
		for _, n := range notes {
			var rows []money.TaxGroup
			_ = json.Unmarshal(RawJSON(n, "tax_breakdown"), &rows)
			credited = append(credited, rows...)
		}
		out = append(out, finalDeposit{
			ID: d.Id, Number: d.GetString("number"), IssueDate: dateOf(d, "issue_date").Format(time.DateOnly),
			Breakdown: breakdown, Credited: credited, PaidCents: f.Paid,
		})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].IssueDate != out[j].IssueDate {
			return out[i].IssueDate < out[j].IssueDate
		}
		return out[i].Number < out[j].Number
	})
	return out, nil
}

// owedCents is what an invoice asks its customer for before payments and
// credit notes: its total, less what a final invoice's deposits brought in.
func owedCents(inv *core.Record) int64 {
	return int64(inv.GetInt("total_cents")) - int64(inv.GetInt(migrations.FieldDeductedCents))
}
