package billing

import (
	dbsql "database/sql"
	"errors"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// The dashboard's period sums (invoiced, collected) read per-day totals
// from migrations.LedgerDaysTable instead of scanning every invoice and
// payment of the period: 100 000 invoices made that ~90 ms per request.
// These hooks keep the table exact.
//
// They run on the execute step of every save and delete of an invoice or
// payment (API, admin UI, Go code alike), inside the write's transaction.
// Rather than adding and subtracting amounts, they recompute the affected
// days from the source rows: the day the record was on before the write
// and the day it is on after, when what it adds to them changed. A day is a
// few hundred index entries at most, so this costs well under a
// millisecond, and a day that was ever wrong is repaired by the next write
// that touches it.

// dayKey identifies one row of the ledger days table.
type dayKey struct {
	business, currency, day string
}

// ledgerShare is what one invoice or payment adds to its day.
type ledgerShare struct {
	key   dayKey
	cents int64
	// counts is false for what adds nothing: drafts, void invoices,
	// deleted records.
	counts bool
}

// storedShare reads a record's share as it is in the database (before the
// write), or the zero share when it is not stored.
func storedShare(app core.App, collection, id string) (ledgerShare, error) {
	var row struct {
		Business string `db:"business"`
		Currency string `db:"currency"`
		Date     string `db:"date"`
		Status   string `db:"status"`
		Cents    int64  `db:"cents"`
	}
	query := ledgerSourceQueries[collection]
	err := app.DB().NewQuery(query).Bind(dbx.Params{"id": id}).One(&row)
	if err != nil {
		if errors.Is(err, dbsql.ErrNoRows) {
			return ledgerShare{}, nil
		}
		return ledgerShare{}, err
	}
	return shareOf(collection, row.Business, row.Currency, row.Date, row.Status, row.Cents), nil
}

// ledgerSourceQueries read one record's share as stored, per collection.
var ledgerSourceQueries = map[string]string{
	migrations.InvoicesCollection: `SELECT [[business]], [[currency]], [[issue_date]] AS [[date]], [[status]], [[total_cents]] AS [[cents]]
		FROM {{invoices}} WHERE [[id]] = {:id} LIMIT 1`,
	migrations.PaymentsCollection: `SELECT [[business]], [[currency]], [[date]] AS [[date]], '' AS [[status]],
		[[amount_cents]] - COALESCE([[returned_cents]], 0) AS [[cents]]
		FROM {{payments}} WHERE [[id]] = {:id} LIMIT 1`,
	migrations.CreditNotesCollection: `SELECT [[business]], [[currency]], [[issue_date]] AS [[date]], '' AS [[status]], [[total_cents]] AS [[cents]]
		FROM {{credit_notes}} WHERE [[id]] = {:id} LIMIT 1`,
	migrations.RefundsCollection: `SELECT [[business]], [[currency]], [[date]] AS [[date]], '' AS [[status]], [[amount_cents]] AS [[cents]]
		FROM {{refunds}} WHERE [[id]] = {:id} LIMIT 1`,
}

// recordShare is the share of the record as just written.
func recordShare(r *core.Record) ledgerShare {
	name := r.Collection().Name
	switch name {
	case migrations.InvoicesCollection, migrations.CreditNotesCollection:
		return shareOf(name, r.GetString("business"), r.GetString("currency"),
			r.GetString("issue_date"), r.GetString("status"), int64(r.GetInt("total_cents")))
	}
	cents := int64(r.GetInt("amount_cents"))
	if name == migrations.PaymentsCollection {
		// What was given back of a payment outside a credit note no longer
		// counts as collected (on the payment's day, like the payment).
		cents -= int64(r.GetInt(migrations.FieldReturnedCents))
	}
	return shareOf(name, r.GetString("business"), r.GetString("currency"), r.GetString("date"), "", cents)
}

// shareOf decides what a record adds to its day: an invoice's total unless
// it is a draft or void, a payment's amount; a credit note's total is
// taken off the day's invoiced sum and a refund off its collected sum.
func shareOf(collection, business, currency, date, status string, cents int64) ledgerShare {
	if len(date) < 10 || business == "" {
		return ledgerShare{}
	}
	if collection == migrations.InvoicesCollection && (status == statusDraft || status == statusVoid || status == "") {
		return ledgerShare{}
	}
	if collection == migrations.CreditNotesCollection || collection == migrations.RefundsCollection {
		cents = -cents
	}
	return ledgerShare{key: dayKey{business, currency, date[:10]}, cents: cents, counts: true}
}

// keepLedgerDays wraps the write of an invoice or payment (create, update
// or delete): it reads the record's stored share, lets the write happen,
// then recomputes the days whose sums may have changed, all in one
// transaction.
func keepLedgerDays(e *core.RecordEvent) error {
	return inTx(e, func() error {
		collection := e.Record.Collection().Name
		before := ledgerShare{}
		if !e.Record.IsNew() {
			var err error
			if before, err = storedShare(e.App, collection, e.Record.Id); err != nil {
				return err
			}
		}
		if err := e.Next(); err != nil {
			return err
		}
		after := ledgerShare{}
		if e.Type != core.ModelEventTypeDelete {
			after = recordShare(e.Record)
		}
		for _, k := range changedDays(before, after) {
			if err := recomputeLedgerDay(e.App, k); err != nil {
				return err
			}
		}
		return nil
	})
}

// changedDays are the days to recompute after a write moved a record's
// share from before to after: none when it is the same, else the day it
// left and the day it joined.
func changedDays(before, after ledgerShare) []dayKey {
	if before == after {
		return nil
	}
	var days []dayKey
	if before.counts {
		days = append(days, before.key)
	}
	if after.counts && (!before.counts || after.key != before.key) {
		days = append(days, after.key)
	}
	return days
}

// recomputeLedgerDay sets one day's row from the records of that day (the
// reads are index ranges): invoiced is the invoices less the credit notes
// (net invoiced), collected the payments less the refunds (kept credit
// applied to an invoice is no money collected). The row is
// deleted when both sums are zero.
func recomputeLedgerDay(app core.App, k dayKey) error {
	d, err := time.Parse(time.DateOnly, k.day)
	if err != nil {
		return nil // not a date: nothing the dashboard could read
	}
	params := dbx.Params{"business": k.business, "cur": k.currency, "day": k.day, "next": d.AddDate(0, 0, 1).Format(time.DateOnly)}
	var sums struct {
		Invoiced  int64 `db:"invoiced"`
		Collected int64 `db:"collected"`
	}
	err = app.DB().NewQuery(`SELECT
			(SELECT COALESCE(SUM([[total_cents]]), 0) FROM {{invoices}}
				WHERE [[business]] = {:business} AND [[issue_date]] >= {:day} AND [[issue_date]] < {:next}
					AND [[currency]] = {:cur} AND [[status]] NOT IN ('draft', 'void'))
			- (SELECT COALESCE(SUM([[total_cents]]), 0) FROM {{credit_notes}}
				WHERE [[business]] = {:business} AND [[issue_date]] >= {:day} AND [[issue_date]] < {:next}
					AND [[currency]] = {:cur}) AS invoiced,
			(SELECT COALESCE(SUM([[amount_cents]] - COALESCE([[returned_cents]], 0)), 0) FROM {{payments}}
				WHERE [[business]] = {:business} AND [[date]] >= {:day} AND [[date]] < {:next}
					AND [[currency]] = {:cur} AND [[method]] != 'credit')
			- (SELECT COALESCE(SUM([[amount_cents]]), 0) FROM {{refunds}}
				WHERE [[business]] = {:business} AND [[date]] >= {:day} AND [[date]] < {:next}
					AND [[currency]] = {:cur}) AS collected`).Bind(params).One(&sums)
	if err != nil {
		return err
	}
	if sums.Invoiced == 0 && sums.Collected == 0 {
		_, err = app.DB().Delete(migrations.LedgerDaysTable,
			dbx.HashExp{"business": k.business, "currency": k.currency, "day": k.day}).Execute()
		return err
	}
	params["inv"], params["col"] = sums.Invoiced, sums.Collected
	_, err = app.DB().NewQuery(`INSERT INTO {{` + migrations.LedgerDaysTable + `}}
			([[business]], [[currency]], [[day]], [[invoiced_cents]], [[collected_cents]])
		VALUES ({:business}, {:cur}, {:day}, {:inv}, {:col})
		ON CONFLICT ([[business]], [[currency]], [[day]])
		DO UPDATE SET [[invoiced_cents]] = excluded.[[invoiced_cents]], [[collected_cents]] = excluded.[[collected_cents]]`).
		Bind(params).Execute()
	return err
}

// RebuildLedgerDays recomputes every ledger day of business from the invoices
// and payments, for writers that bypass the record hooks (the bulk
// seeder). db is the main database or a transaction.
func RebuildLedgerDays(db dbx.Builder, business string) error {
	if _, err := db.Delete(migrations.LedgerDaysTable, dbx.HashExp{"business": business}).Execute(); err != nil {
		return err
	}
	_, err := db.NewQuery(`INSERT INTO {{` + migrations.LedgerDaysTable + `}}
			([[business]], [[currency]], [[day]], [[invoiced_cents]], [[collected_cents]])
		SELECT {:business}, [[currency]], [[day]], SUM([[inv]]), SUM([[col]]) FROM (
			SELECT [[currency]], substr([[issue_date]], 1, 10) AS [[day]], [[total_cents]] AS [[inv]], 0 AS [[col]]
				FROM {{invoices}} WHERE [[business]] = {:business} AND [[status]] NOT IN ('draft', 'void') AND [[issue_date]] != ''
			UNION ALL
			SELECT [[currency]], substr([[date]], 1, 10), 0, [[amount_cents]]
				FROM {{payments}} WHERE [[business]] = {:business} AND [[date]] != '' AND [[method]] != 'credit'
			UNION ALL
			SELECT [[currency]], substr([[issue_date]], 1, 10), -[[total_cents]], 0
				FROM {{credit_notes}} WHERE [[business]] = {:business} AND [[issue_date]] != ''
			UNION ALL
			SELECT [[currency]], substr([[date]], 1, 10), 0, -[[amount_cents]]
				FROM {{refunds}} WHERE [[business]] = {:business} AND [[date]] != ''
		)
		GROUP BY [[currency]], [[day]]
		HAVING SUM([[inv]]) != 0 OR SUM([[col]]) != 0`).Bind(dbx.Params{"business": business}).Execute()
	return err
}
