package dashboard

import (
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/team"
	"folio/server/migrations"
)

// Response is the answer of GET /api/folio/dashboard. Amounts are integer
// minor units of Currency; nothing mixes currencies.
type Response struct {
	// Currency is the currency every amount below is in: the requested one,
	// else the one of most of the business's latest invoices.
	Currency string `json:"currency"`
	// Currencies are the codes the business's customers use, for the switch.
	Currencies []string `json:"currencies"`
	// Today is the server's UTC date that "overdue" and "expired" use.
	Today string `json:"today"`
	// Period is the requested or default period (inclusive days).
	Period Period `json:"period"`
	// InvoicedCents is Σ total of invoices issued in the period, except
	// drafts and void ones.
	InvoicedCents int64 `json:"invoiced_cents"`
	// CollectedCents is Σ payments dated in the period.
	CollectedCents int64 `json:"collected_cents"`
	// OutstandingCents is Σ balance of sent, viewed and partial invoices today.
	OutstandingCents int64 `json:"outstanding_cents"`
	// Overdue is the part of Outstanding past its due date.
	Overdue Overdue `json:"overdue"`
	// OpenQuotes are sent or viewed quotes that have not expired.
	OpenQuotes OpenQuotes `json:"open_quotes"`
	// QuoteWinRate is (accepted + converted) ÷ (those + rejected + expired)
	// over quotes issued in the period; null when none was decided.
	QuoteWinRate *float64 `json:"quote_win_rate"`
	// Previous are the KPIs of the period of the same length just before.
	Previous Previous `json:"previous"`
	// Monthly are the 12 months ending with the period's last month.
	Monthly []Month `json:"monthly"`
	// Aging splits Outstanding by days past due.
	Aging Aging `json:"aging"`
	// Lists are the action lists, 5 rows each.
	Lists Lists `json:"lists"`
}

// Period is a range of days, both ends included.
type Period struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Overdue sums the open invoices past their due date.
type Overdue struct {
	Cents int64 `json:"cents"`
	Count int64 `json:"count"`
	// OldestDays is how many days the most overdue invoice is late (0 if none).
	OldestDays int64 `json:"oldest_days"`
}

// OpenQuotes counts and sums the quotes awaiting an answer.
type OpenQuotes struct {
	Count int64 `json:"count"`
	Cents int64 `json:"cents"`
}

// Previous holds the previous period's KPIs for the change shown on cards.
type Previous struct {
	From           string `json:"from"`
	To             string `json:"to"`
	InvoicedCents  int64  `json:"invoiced_cents"`
	CollectedCents int64  `json:"collected_cents"`
}

// Month is one bar of the invoiced vs collected chart.
type Month struct {
	Month          string `json:"month"` // YYYY-MM
	InvoicedCents  int64  `json:"invoiced_cents"`
	CollectedCents int64  `json:"collected_cents"`
}

// Aging buckets the outstanding balance by days past due.
type Aging struct {
	NotDue  int64 `json:"not_due"`
	D1To30  int64 `json:"d1_30"`
	D31To60 int64 `json:"d31_60"`
	D61To90 int64 `json:"d61_90"`
	D90Plus int64 `json:"d90_plus"`
}

// Lists are the dashboard's action lists.
type Lists struct {
	// Overdue are the most overdue open invoices first.
	Overdue []InvoiceRow `json:"overdue"`
	// DueSoon are open invoices due within the next 14 days, soonest first.
	DueSoon []InvoiceRow `json:"due_soon"`
	// RecentPayments are the latest payments.
	RecentPayments []PaymentRow `json:"recent_payments"`
	// AwaitingQuotes are open quotes, those expiring soonest first.
	AwaitingQuotes []QuoteRow `json:"awaiting_quotes"`
}

// DocRow is what an invoice and a quote in a list both have.
type DocRow struct {
	ID           string `db:"id" json:"id"`
	Number       string `db:"number" json:"number"`
	Customer     string `db:"customer" json:"customer"`
	CustomerName string `db:"customer_name" json:"customer_name"`
	IssueDate    string `db:"issue_date" json:"issue_date"`
	Status       string `db:"status" json:"status"`
	TotalCents   int64  `db:"total_cents" json:"total_cents"`
}

// InvoiceRow is an invoice in a list.
type InvoiceRow struct {
	DocRow
	DueDate      string `db:"due_date" json:"due_date"`
	BalanceCents int64  `db:"balance_cents" json:"balance_cents"`
	// DaysOverdue is today − due date: positive when late, negative when
	// still to come.
	DaysOverdue int64 `db:"days_overdue" json:"days_overdue"`
}

// PaymentRow is a payment in a list.
type PaymentRow struct {
	ID            string `db:"id" json:"id"`
	Number        string `db:"number" json:"number"`
	Date          string `db:"date" json:"date"`
	AmountCents   int64  `db:"amount_cents" json:"amount_cents"`
	Method        string `db:"method" json:"method"`
	Invoice       string `db:"invoice" json:"invoice"`
	InvoiceNumber string `db:"invoice_number" json:"invoice_number"`
	Customer      string `db:"customer" json:"customer"`
	CustomerName  string `db:"customer_name" json:"customer_name"`
}

// QuoteRow is a quote in a list.
type QuoteRow struct {
	DocRow
	ExpiryDate string `db:"expiry_date" json:"expiry_date"`
	// DaysToExpiry is expiry − today; null without an expiry date.
	DaysToExpiry *int64 `db:"days_to_expiry" json:"days_to_expiry"`
}

// recentInvoices is how many of the latest invoices pick the default currency.
const recentInvoices = 500

// listSize is the number of rows per action list (SQL text).
const listSize = "5"

// openStatuses are the invoice statuses with money still owed.
const openStatuses = `('sent', 'viewed', 'partial')`

// dashboard answers GET /api/folio/dashboard?business=<id> for any member
// of the business (every role reads it; 404 for anyone else). Every
// figure is one SQL aggregate or a LIMIT 5 list over the business's rows, so
// the cost does not grow with what the browser would have had to load.
func (s *service) dashboard(e *core.RequestEvent) error {
	p, bad := decideParams(e.Request.URL.Query(), dateOnly(s.now()))
	if bad != "" {
		return e.BadRequestError(bad, nil)
	}
	businessID := team.BusinessParam(e)
	if err := team.Require(e, businessID, team.Read); err != nil {
		return err
	}
	db := e.App.ConcurrentDB()

	res := Response{
		Today:  day(p.today),
		Period: Period{From: day(p.from), To: day(p.to)},
		Lists: Lists{
			Overdue: []InvoiceRow{}, DueSoon: []InvoiceRow{},
			RecentPayments: []PaymentRow{}, AwaitingQuotes: []QuoteRow{},
		},
		Currencies: []string{},
	}
	res.Previous.From, res.Previous.To = day(p.prevFrom), day(p.prevTo)

	// Documents copy their customer's currency, which is frozen once they
	// exist, so the customers' currencies are every currency in use.
	err := db.NewQuery(`SELECT DISTINCT currency FROM customers WHERE business = {:business} AND currency != '' ORDER BY currency`).
		Bind(dbx.Params{"business": businessID}).Column(&res.Currencies)
	if err != nil {
		return e.InternalServerError("", err)
	}

	res.Currency = p.currency
	if res.Currency == "" {
		if res.Currency, err = mostUsedCurrency(e.App, businessID); err != nil {
			return e.InternalServerError("", err)
		}
	}

	bind := dbx.Params{
		"business": businessID, "cur": res.Currency,
		"today": day(p.today), "from": day(p.from), "toNext": next(p.to),
		"prevFrom": day(p.prevFrom),
		"d30":      day(p.today.AddDate(0, 0, -30)), "d60": day(p.today.AddDate(0, 0, -60)), "d90": day(p.today.AddDate(0, 0, -90)),
		"soonEnd": next(p.today.AddDate(0, 0, dueSoonDays)),
		// The span the period sums scan: period, previous period and months.
		"lo": day(minTime(p.prevFrom, p.months[0])), "hi": day(maxTime(p.to.AddDate(0, 0, 1), p.months[11].AddDate(0, 1, 0))),
	}
	// Reads only, on the concurrent pool: the independent queries run side
	// by side, each filling its own part of res.
	pool := e.App.ConcurrentDB()
	q := func(sql string) *dbx.Query { return pool.NewQuery(sql).Bind(bind) }

	err = parallel(
		func() error { return periodSums(q, p, &res) },
		func() error { return openInvoices(q, &res) },
		func() error { return quoteFigures(q, &res) },
		func() error {
			return q(invoiceList(`due_date < {:today}`)).All(&res.Lists.Overdue)
		},
		func() error {
			return q(invoiceList(`due_date >= {:today} AND due_date < {:soonEnd}`)).All(&res.Lists.DueSoon)
		},
		func() error {
			return q(`SELECT p.id, p.number, substr(p.date, 1, 10) AS date, p.amount_cents, p.method,
					p.invoice, i.number AS invoice_number, p.customer, c.name AS customer_name
				FROM payments p JOIN invoices i ON i.id = p.invoice JOIN customers c ON c.id = p.customer
				WHERE p.business = {:business} AND p.currency = {:cur}
				ORDER BY p.date DESC, p.seq DESC LIMIT ` + listSize).All(&res.Lists.RecentPayments)
		},
		func() error {
			return q(`SELECT q.id, q.number, q.customer, c.name AS customer_name,
					substr(q.issue_date, 1, 10) AS issue_date, substr(q.expiry_date, 1, 10) AS expiry_date, q.status, q.total_cents,
					CASE WHEN q.expiry_date = '' THEN NULL
						ELSE CAST(julianday(substr(q.expiry_date, 1, 10)) - julianday({:today}) AS INTEGER) END AS days_to_expiry
				FROM quotes q JOIN customers c ON c.id = q.customer
				WHERE q.business = {:business} AND q.status IN ('sent', 'viewed') AND q.currency = {:cur}
					AND (q.expiry_date = '' OR q.expiry_date >= {:today})
				ORDER BY q.expiry_date = '', q.expiry_date, q.seq LIMIT ` + listSize).All(&res.Lists.AwaitingQuotes)
		},
	)
	if err != nil {
		return e.InternalServerError("", err)
	}

	// Private, per-user figures: never kept by a shared cache.
	e.Response.Header().Set("Cache-Control", "private, no-cache")
	return e.JSON(http.StatusOK, res)
}

// parallel runs the tasks at once and returns their errors joined.
func parallel(tasks ...func() error) error {
	errs := make([]error, len(tasks))
	var wg sync.WaitGroup
	for i, task := range tasks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = task()
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// invoiceList selects the first open invoices by due date among those
// matching cond (on due_date). Each status is read on its own, in the order
// of the (business, status, due_date, …) index, so only a few rows per status
// are fetched instead of sorting every open invoice; the five are then
// merged. (A tie on the fifth due date within one status may hide an
// invoice of the same day with a lower number: harmless for a preview.)
func invoiceList(cond string) string {
	var parts []string
	for _, st := range []string{"sent", "viewed", "partial"} {
		parts = append(parts, `SELECT * FROM (SELECT id FROM invoices
			WHERE business = {:business} AND status = '`+st+`' AND currency = {:cur} AND `+cond+`
			ORDER BY due_date LIMIT `+listSize+`)`)
	}
	return `SELECT i.id, i.number, i.customer, c.name AS customer_name,
			substr(i.issue_date, 1, 10) AS issue_date, substr(i.due_date, 1, 10) AS due_date, i.status,
			i.total_cents, i.balance_cents,
			CAST(julianday({:today}) - julianday(substr(i.due_date, 1, 10)) AS INTEGER) AS days_overdue
		FROM (` + strings.Join(parts, " UNION ALL ") + `) o
		JOIN invoices i ON i.id = o.id JOIN customers c ON c.id = i.customer
		ORDER BY i.due_date, i.seq LIMIT ` + listSize
}

// openInvoices sums what is owed today: outstanding, overdue and aging.
func openInvoices(q func(string) *dbx.Query, res *Response) error {
	var open struct {
		Outstanding  int64 `db:"outstanding"`
		OverdueCents int64 `db:"overdue_cents"`
		OverdueCount int64 `db:"overdue_count"`
		Oldest       int64 `db:"oldest"`
		NotDue       int64 `db:"not_due"`
		D1           int64 `db:"d1"`
		D31          int64 `db:"d31"`
		D61          int64 `db:"d61"`
		D91          int64 `db:"d91"`
	}
	err := q(`SELECT
			COALESCE(SUM(balance_cents), 0) AS outstanding,
			COALESCE(SUM(CASE WHEN due_date < {:today} THEN balance_cents END), 0) AS overdue_cents,
			COUNT(CASE WHEN due_date < {:today} THEN 1 END) AS overdue_count,
			COALESCE(CAST(julianday({:today}) - julianday(substr(MIN(CASE WHEN due_date < {:today} THEN due_date END), 1, 10)) AS INTEGER), 0) AS oldest,
			COALESCE(SUM(CASE WHEN due_date >= {:today} THEN balance_cents END), 0) AS not_due,
			COALESCE(SUM(CASE WHEN due_date < {:today} AND due_date >= {:d30} THEN balance_cents END), 0) AS d1,
			COALESCE(SUM(CASE WHEN due_date < {:d30} AND due_date >= {:d60} THEN balance_cents END), 0) AS d31,
			COALESCE(SUM(CASE WHEN due_date < {:d60} AND due_date >= {:d90} THEN balance_cents END), 0) AS d61,
			COALESCE(SUM(CASE WHEN due_date < {:d90} THEN balance_cents END), 0) AS d91
		FROM invoices
		WHERE business = {:business} AND status IN ` + openStatuses + ` AND currency = {:cur}`).One(&open)
	if err != nil {
		return err
	}
	res.OutstandingCents = open.Outstanding
	res.Overdue = Overdue{Cents: open.OverdueCents, Count: open.OverdueCount, OldestDays: open.Oldest}
	res.Aging = Aging{NotDue: open.NotDue, D1To30: open.D1, D31To60: open.D31, D61To90: open.D61, D90Plus: open.D91}
	return nil
}

// quoteFigures counts the open quotes and the win rate of the period.
func quoteFigures(q func(string) *dbx.Query, res *Response) error {
	err := q(`SELECT COUNT(*) AS count, COALESCE(SUM(total_cents), 0) AS cents
		FROM quotes
		WHERE business = {:business} AND status IN ('sent', 'viewed') AND currency = {:cur}
			AND (expiry_date = '' OR expiry_date >= {:today})`).One(&res.OpenQuotes)
	if err != nil {
		return err
	}
	var wins struct {
		Won  int64 `db:"won"`
		Lost int64 `db:"lost"`
	}
	err = q(`SELECT
			COUNT(CASE WHEN status IN ('accepted', 'converted') THEN 1 END) AS won,
			COUNT(CASE WHEN status = 'rejected'
				OR (status IN ('sent', 'viewed') AND expiry_date != '' AND expiry_date < {:today}) THEN 1 END) AS lost
		FROM quotes
		WHERE business = {:business} AND issue_date >= {:from} AND issue_date < {:toNext} AND currency = {:cur}`).One(&wins)
	if err != nil {
		return err
	}
	if wins.Won+wins.Lost > 0 {
		rate := float64(wins.Won) / float64(wins.Won+wins.Lost)
		res.QuoteWinRate = &rate
	}
	return nil
}

// periodSums fills invoiced and collected for the period, the previous
// period and the 12 months with one read of the business's per-day sums over
// the span of all three ranges (migrations.LedgerDaysTable, kept by the
// billing hooks), bucketed here. A year is at most 366 rows per currency,
// whatever the number of invoices and payments behind them.
func periodSums(q func(string) *dbx.Query, p params, res *Response) error {
	type row struct {
		Day       string `db:"day"`
		Invoiced  int64  `db:"invoiced_cents"`
		Collected int64  `db:"collected_cents"`
	}
	var days []row
	err := q(`SELECT day, invoiced_cents, collected_cents FROM ` + migrations.LedgerDaysTable + `
		WHERE business = {:business} AND currency = {:cur} AND day >= {:lo} AND day < {:hi}`).All(&days)
	if err != nil {
		return err
	}

	res.Monthly = make([]Month, len(p.months))
	index := map[string]int{}
	for i, m := range p.months {
		res.Monthly[i].Month = m.Format("2006-01")
		index[res.Monthly[i].Month] = i
	}
	from, toNext, prevFrom := day(p.from), next(p.to), day(p.prevFrom)
	for _, r := range days {
		d := r.Day
		switch {
		case d >= from && d < toNext:
			res.InvoicedCents += r.Invoiced
			res.CollectedCents += r.Collected
		case d >= prevFrom && d < from:
			res.Previous.InvoicedCents += r.Invoiced
			res.Previous.CollectedCents += r.Collected
		}
		if len(d) >= 7 {
			if i, ok := index[d[:7]]; ok {
				res.Monthly[i].InvoicedCents += r.Invoiced
				res.Monthly[i].CollectedCents += r.Collected
			}
		}
	}
	return nil
}

// mostUsedCurrency is the default currency: the one of most of the
// business's latest invoices (up to recentInvoices, read in index order, so
// the cost does not grow with the ledger), else the one most of its
// customers use, else its default currency.
func mostUsedCurrency(app core.App, businessID string) (string, error) {
	var cur []string
	err := app.DB().NewQuery(`SELECT currency FROM (
			SELECT currency FROM invoices WHERE business = {:business} ORDER BY issue_date DESC LIMIT {:n})
		WHERE currency != '' GROUP BY currency ORDER BY COUNT(*) DESC, currency LIMIT 1`).
		Bind(dbx.Params{"business": businessID, "n": recentInvoices}).Column(&cur)
	if err != nil || len(cur) > 0 {
		return first(cur), err
	}
	err = app.DB().NewQuery(`SELECT currency FROM customers WHERE business = {:business} AND currency != ''
		GROUP BY currency ORDER BY COUNT(*) DESC, currency LIMIT 1`).
		Bind(dbx.Params{"business": businessID}).Column(&cur)
	if err != nil || len(cur) > 0 {
		return first(cur), err
	}
	b, err := app.FindRecordById(migrations.BusinessesCollection, businessID)
	if err != nil {
		return "", err
	}
	if c := b.GetString(migrations.FieldDefaultCurrency); c != "" {
		return c, nil
	}
	return migrations.DefaultCurrency, nil
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

func dateOnly(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
