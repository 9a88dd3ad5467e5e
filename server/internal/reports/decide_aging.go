package reports

import (
	"maps"
	"slices"
	"sort"
	"time"

	"folio/server/internal/billing"
)

// The aging buckets, in order: by days past the due date.
var agingBuckets = []string{"not_due", "d1_30", "d31_60", "d61_90", "d90_plus"}

// AgingInvoice is one open invoice in a bucket.
type AgingInvoice struct {
	ID           string `json:"id"`
	Number       string `json:"number"`
	CustomerName string `json:"customer_name"`
	IssueDate    string `json:"issue_date"`
	DueDate      string `json:"due_date"`
	BalanceCents int64  `json:"balance_cents"`
	// DaysLate is today − due date, 0 when not yet due.
	DaysLate int64 `json:"days_late"`
}

// AgingBucket is what is owed in one bucket and the invoices behind it
// (soonest due first).
type AgingBucket struct {
	Bucket   string         `json:"bucket"`
	Cents    int64          `json:"cents"`
	Invoices []AgingInvoice `json:"invoices"`
}

// AgingCurrency is one currency's receivables: always the five buckets.
type AgingCurrency struct {
	Currency   string        `json:"currency"`
	TotalCents int64         `json:"total_cents"`
	Buckets    []AgingBucket `json:"buckets"`
}

// AgingReport is what customers owe today, per currency (by code).
type AgingReport struct {
	Today      string          `json:"today"`
	Currencies []AgingCurrency `json:"currencies"`
}

// decideAging buckets what each invoice still owes (billing.BalanceDue:
// drafts, void and paid invoices owe nothing) by how many days past its
// due date it is today (YYYY-MM-DD, the business's date): not due, 1–30,
// 31–60, 61–90, over 90.
func decideAging(invoices []Invoice, today string) AgingReport {
	out := AgingReport{Today: today, Currencies: []AgingCurrency{}}
	t, err := time.Parse(time.DateOnly, today)
	if err != nil {
		return out
	}
	byCur := map[string]*AgingCurrency{}
	for _, inv := range invoices {
		owed := billing.BalanceDue(inv.Status, inv.BalanceCents)
		if owed <= 0 {
			continue
		}
		var late int64
		if due, err := time.Parse(time.DateOnly, day(inv.DueDate)); err == nil && due.Before(t) {
			late = int64(t.Sub(due).Hours() / 24)
		}
		c := byCur[inv.Currency]
		if c == nil {
			c = &AgingCurrency{Currency: inv.Currency, Buckets: make([]AgingBucket, len(agingBuckets))}
			for i, name := range agingBuckets {
				c.Buckets[i] = AgingBucket{Bucket: name, Invoices: []AgingInvoice{}}
			}
			byCur[inv.Currency] = c
		}
		b := &c.Buckets[bucketOf(late)]
		b.Cents += owed
		c.TotalCents += owed
		b.Invoices = append(b.Invoices, AgingInvoice{
			ID: inv.ID, Number: inv.Number, CustomerName: inv.CustomerName,
			IssueDate: day(inv.IssueDate), DueDate: day(inv.DueDate), BalanceCents: owed, DaysLate: late,
		})
	}
	for _, code := range slices.Sorted(maps.Keys(byCur)) {
		c := byCur[code]
		for i := range c.Buckets {
			list := c.Buckets[i].Invoices
			sort.SliceStable(list, func(a, b int) bool {
				if list[a].DueDate != list[b].DueDate {
					return list[a].DueDate < list[b].DueDate
				}
				return list[a].Number < list[b].Number
			})
		}
		out.Currencies = append(out.Currencies, *c)
	}
	return out
}

// bucketOf is the index in agingBuckets of an invoice late days.
func bucketOf(late int64) int {
	switch {
	case late <= 0:
		return 0
	case late <= 30:
		return 1
	case late <= 60:
		return 2
	case late <= 90:
		return 3
	}
	return 4
}
