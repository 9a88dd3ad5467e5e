package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// LedgerDaysTable holds, per owner, currency and day, what the dashboard's
// period sums need: Σ total of the invoices issued that day except drafts
// and void ones, and Σ payments dated that day. The billing hooks keep it in
// step with every invoice and payment save or delete, in the same
// transaction (internal/billing/hook_ledger_days.go); the bulk seeder
// rebuilds it. It is a plain table, not a collection: no API reads or
// writes it. Rows whose two sums are zero are not kept.
const LedgerDaysTable = "folio_ledger_days"

// listIndex is an index this migration adds or redefines.
type listIndex struct {
	collection, name, columns string
	// was is the definition before this migration; "" for a new index.
	was string
}

// listIndexes make the web app's list pages read 30 rows instead of
// sorting every match. The lists sort by date then number ("-issue_date,
// -seq", "-date,-seq") and filter by status tab, customer or date range:
//
//   - (owner, date, seq, …) walks the owner's rows in list order and tests
//     the tab's status (and due or expiry date) in the index, so "All",
//     "Outstanding" (status IN …) and "Overdue" stop after a page of rows
//     instead of sorting thousands of them (78 ms → under 1 ms for 10 000
//     open invoices out of 100 000);
//   - (owner, status, date, seq) and (owner, customer, date, seq) extend
//     the existing (owner, status, date) and (owner, customer) indexes so a
//     single-status tab or a customer's documents come out already sorted,
//     and stay the plan SQLite picks with or without ANALYZE statistics.
//
// One case stays up to the filter's wording: "overdue" written as
// (status = sent || viewed || partial) && due_date < today lets SQLite,
// with full statistics, prefer (owner, status, due_date) and sort every
// open invoice (~60 ms); written as status != draft && != paid && != void
// && due_date < today (the same invoices) it walks the first index above.
var listIndexes = []listIndex{
	{InvoicesCollection, "idx_invoices_owner_issue_seq", "`owner`, `issue_date`, `seq`, `status`, `due_date`", ""},
	{InvoicesCollection, "idx_invoices_owner_status_issue", "`owner`, `status`, `issue_date`, `seq`", "`owner`, `status`, `issue_date`"},
	{InvoicesCollection, "idx_invoices_owner_customer", "`owner`, `customer`, `issue_date`, `seq`", "`owner`, `customer`"},
	{QuotesCollection, "idx_quotes_owner_issue_seq", "`owner`, `issue_date`, `seq`, `status`, `expiry_date`", ""},
	{QuotesCollection, "idx_quotes_owner_status_issue", "`owner`, `status`, `issue_date`, `seq`", "`owner`, `status`, `issue_date`"},
	{QuotesCollection, "idx_quotes_owner_customer", "`owner`, `customer`, `issue_date`, `seq`", "`owner`, `customer`"},
	{PaymentsCollection, "idx_payments_owner_date_seq", "`owner`, `date`, `seq`, `method`", ""},
	{PaymentsCollection, "idx_payments_owner_customer", "`owner`, `customer`, `date`, `seq`", "`owner`, `customer`"},
}

// ledgerDaysSchema is the table as this migration creates it. WITHOUT
// ROWID: rows are stored in primary-key order, so the dashboard's range of
// days for one owner and currency is one contiguous read.
const ledgerDaysSchema = `CREATE TABLE {{` + LedgerDaysTable + `}} (
	[[owner]] TEXT NOT NULL,
	[[currency]] TEXT NOT NULL,
	[[day]] TEXT NOT NULL,
	[[invoiced_cents]] INTEGER NOT NULL DEFAULT 0,
	[[collected_cents]] INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY ([[owner]], [[currency]], [[day]])
) WITHOUT ROWID`

// ledgerDaysBackfill fills the table from the existing invoices and
// payments (dates are stored "YYYY-MM-DD 00:00:00.000Z"; the day is the
// first 10 characters).
const ledgerDaysBackfill = `INSERT INTO {{` + LedgerDaysTable + `}} ([[owner]], [[currency]], [[day]], [[invoiced_cents]], [[collected_cents]])
	SELECT [[owner]], [[currency]], [[day]], SUM([[inv]]), SUM([[col]]) FROM (
		SELECT [[owner]], [[currency]], substr([[issue_date]], 1, 10) AS [[day]], [[total_cents]] AS [[inv]], 0 AS [[col]]
			FROM {{invoices}} WHERE [[status]] NOT IN ('draft', 'void') AND [[issue_date]] != ''
		UNION ALL
		SELECT [[owner]], [[currency]], substr([[date]], 1, 10), 0, [[amount_cents]]
			FROM {{payments}} WHERE [[date]] != ''
	)
	GROUP BY [[owner]], [[currency]], [[day]]
	HAVING SUM([[inv]]) != 0 OR SUM([[col]]) != 0`

func init() {
	m.Register(func(app core.App) error {
		if err := setListIndexes(app, true); err != nil {
			return err
		}
		if _, err := app.DB().NewQuery(ledgerDaysSchema).Execute(); err != nil {
			return err
		}
		_, err := app.DB().NewQuery(ledgerDaysBackfill).Execute()
		return err
	}, func(app core.App) error {
		if _, err := app.DB().NewQuery("DROP TABLE IF EXISTS {{" + LedgerDaysTable + "}}").Execute(); err != nil {
			return err
		}
		return setListIndexes(app, false)
	})
}

// setListIndexes adds (up) or removes (down) the list indexes, putting back
// the definitions they replaced. One save per collection: PocketBase
// recreates all of a collection's indexes when any of them changes.
func setListIndexes(app core.App, up bool) error {
	for _, name := range []string{InvoicesCollection, QuotesCollection, PaymentsCollection} {
		c, err := app.FindCollectionByNameOrId(name)
		if err != nil {
			return err
		}
		for _, idx := range listIndexes {
			if idx.collection != name {
				continue
			}
			switch {
			case up:
				c.AddIndex(idx.name, false, idx.columns, "")
			case idx.was != "":
				c.AddIndex(idx.name, false, idx.was, "")
			default:
				c.RemoveIndex(idx.name)
			}
		}
		if err := app.Save(c); err != nil {
			return err
		}
	}
	return nil
}
