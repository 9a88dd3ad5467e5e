package billing

import (
	"fmt"
	"maps"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// days maps "owner/currency/day" to {invoiced, collected} cents.
type days map[string][2]int64

// ledgerTable reads the whole ledger days table.
func ledgerTable(t testing.TB, app core.App) days {
	t.Helper()
	var rows []struct {
		Owner     string `db:"business"`
		Currency  string `db:"currency"`
		Day       string `db:"day"`
		Invoiced  int64  `db:"invoiced_cents"`
		Collected int64  `db:"collected_cents"`
	}
	if err := app.DB().NewQuery("SELECT * FROM " + migrations.LedgerDaysTable).All(&rows); err != nil {
		t.Fatal(err)
	}
	out := days{}
	for _, r := range rows {
		out[r.Owner+"/"+r.Currency+"/"+r.Day] = [2]int64{r.Invoiced, r.Collected}
	}
	return out
}

// ledgerFromSources is what the table must hold, summed here from the
// invoices and payments themselves.
func ledgerFromSources(t testing.TB, app core.App) days {
	t.Helper()
	out := days{}
	add := func(query string, col int) {
		var rows []struct {
			Key   string `db:"k"`
			Cents int64  `db:"cents"`
		}
		if err := app.DB().NewQuery(query).All(&rows); err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			v := out[r.Key]
			v[col] += r.Cents
			out[r.Key] = v
		}
	}
	add(`SELECT business || '/' || currency || '/' || substr(issue_date, 1, 10) AS k, total_cents AS cents
		FROM invoices WHERE status NOT IN ('draft', 'void')`, 0)
	add(`SELECT business || '/' || currency || '/' || substr(date, 1, 10) AS k, amount_cents AS cents FROM payments WHERE method != 'credit'`, 1)
	add(`SELECT business || '/' || currency || '/' || substr(issue_date, 1, 10) AS k, -total_cents AS cents FROM credit_notes`, 0)
	add(`SELECT business || '/' || currency || '/' || substr(date, 1, 10) AS k, -amount_cents AS cents FROM refunds`, 1)
	maps.DeleteFunc(out, func(_ string, v [2]int64) bool { return v == [2]int64{} })
	return out
}

// checkLedger fails the test when the table differs from its sources.
func checkLedger(t testing.TB, app core.App) {
	t.Helper()
	if got, want := ledgerTable(t, app), ledgerFromSources(t, app); !maps.Equal(got, want) {
		t.Errorf("ledger days = %v\nfrom the records: %v", got, want)
	}
}

// fixtureDays is the ledger of the billing fixture: alice's sent, partial
// and paid invoices of 120.00 issued on 2026-03-01 (drafts and the void one
// add nothing) and her two payments; bob's invoice and payment.
var fixtureDays = days{
	alice + "/EUR/2026-03-01": {36000, 0},
	alice + "/EUR/2026-03-10": {0, 5000},
	alice + "/EUR/2026-03-12": {0, 12000},
	bob + "/EUR/2026-03-01":   {12000, 0},
	bob + "/EUR/2026-03-11":   {0, 2000},
	// bob's paid invoice, its payment, its credit note and the refund:
	// net invoiced and collected less refunds.
	bob + "/EUR/2026-03-02": {12000, 0},
	bob + "/EUR/2026-03-05": {0, 12000},
	bob + "/EUR/2026-03-06": {-3000, 0},
	bob + "/EUR/2026-03-07": {0, -1000},
}

// with is the fixture's ledger with some days changed (a zero value
// removes the day).
func with(changes days) days {
	out := maps.Clone(fixtureDays)
	for k, v := range changes {
		if v == [2]int64{} {
			delete(out, k)
		} else {
			out[k] = v
		}
	}
	return out
}

func TestLedgerDaysFollowWrites(t *testing.T) {
	t.Parallel()

	set := func(app core.App, collection, id string, fields map[string]any) error {
		rec, err := app.FindRecordById(collection, id)
		if err != nil {
			return err
		}
		for k, v := range fields {
			rec.Set(k, v)
		}
		return app.Save(rec)
	}
	del := func(app core.App, collection, id string) error {
		rec, err := app.FindRecordById(collection, id)
		if err != nil {
			return err
		}
		return app.Delete(rec)
	}
	twoLines := []map[string]any{
		{"description": "A", "quantity": 1, "unit_price_cents": 10000, "tax_rate": 20},
		{"description": "B", "quantity": 2, "unit_price_cents": 2500},
	} // 120.00 + 50.00

	cases := []struct {
		name    string
		write   func(app core.App) error
		wantErr bool
		want    days
	}{
		{"the fixture, written through the hooks", func(core.App) error { return nil }, false, fixtureDays},
		{"sending a draft adds its total on its issue day", func(app core.App) error {
			return set(app, "invoices", invDraft, map[string]any{"status": "sent"})
		}, false, with(days{alice + "/EUR/2026-03-01": {48000, 0}})},
		{"editing a sent invoice moves its new total to its new day", func(app core.App) error {
			return set(app, "invoices", invSent, map[string]any{"items": twoLines, "issue_date": "2026-02-20"})
		}, false, with(days{alice + "/EUR/2026-03-01": {24000, 0}, alice + "/EUR/2026-02-20": {17000, 0}})},
		{"voiding an invoice takes its total out", func(app core.App) error {
			return set(app, "invoices", invSent, map[string]any{"status": "void", "void_reason": "Mistake"})
		}, false, with(days{alice + "/EUR/2026-03-01": {24000, 0}})},
		{"a new payment adds to its day", func(app core.App) error {
			_, err := create(app, "payments", "palicenew000001", map[string]any{
				"business": alice, "invoice": invSent, "amount_cents": 3000, "date": "2026-03-14", "method": "cash"})
			return err
		}, false, with(days{alice + "/EUR/2026-03-14": {0, 3000}})},
		{"moving a payment and changing its amount moves the sum", func(app core.App) error {
			return set(app, "payments", payPartial, map[string]any{"date": "2026-03-13", "amount_cents": 4000})
		}, false, with(days{alice + "/EUR/2026-03-10": {}, alice + "/EUR/2026-03-13": {0, 4000}})},
		{"a payment on an invoice's issue day shares its row", func(app core.App) error {
			return set(app, "payments", payPartial, map[string]any{"date": "2026-03-01"})
		}, false, with(days{alice + "/EUR/2026-03-10": {}, alice + "/EUR/2026-03-01": {36000, 5000}})},
		{"deleting a payment takes it out; its invoice still counts", func(app core.App) error {
			return del(app, "payments", payPaid)
		}, false, with(days{alice + "/EUR/2026-03-12": {}})},
		{"deleting a draft changes nothing", func(app core.App) error {
			return del(app, "invoices", invDraft)
		}, false, fixtureDays},
		{"another currency has its own rows", func(app core.App) error {
			if _, err := create(app, "invoices", "ialiceusd000001", map[string]any{
				"business": alice, "customer": custBlue, "issue_date": "2026-03-02", "items": oneLine}); err != nil {
				return err
			}
			return set(app, "invoices", "ialiceusd000001", map[string]any{"status": "sent"})
		}, false, with(days{alice + "/USD/2026-03-02": {12000, 0}})},
		{"a refused payment leaves the days as they were", func(app core.App) error {
			_, err := create(app, "payments", "palicenew000002", map[string]any{
				"business": alice, "invoice": invSent, "amount_cents": 999999, "date": "2026-03-14", "method": "cash"})
			return err
		}, true, fixtureDays},
		{"a refused edit leaves the days as they were", func(app core.App) error {
			return set(app, "invoices", invPaid, map[string]any{"items": twoLines})
		}, true, fixtureDays},
		{"several writes in one transaction", func(app core.App) error {
			return app.RunInTransaction(func(tx core.App) error {
				if err := set(tx, "invoices", invDraft, map[string]any{"status": "sent"}); err != nil {
					return err
				}
				_, err := create(tx, "payments", "palicenew000003", map[string]any{
					"business": alice, "invoice": invDraft, "amount_cents": 12000, "date": "2026-03-01", "method": "card"})
				return err
			})
		}, false, with(days{alice + "/EUR/2026-03-01": {48000, 12000}})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			app := factory(t)
			defer app.Cleanup()
			err := c.write(app)
			if (err != nil) != c.wantErr {
				t.Fatalf("write error = %v, want error %v", err, c.wantErr)
			}
			if got := ledgerTable(t, app); !maps.Equal(got, c.want) {
				t.Errorf("ledger days = %v\nwant %v", got, c.want)
			}
			checkLedger(t, app)
		})
	}
}

// RebuildLedgerDays (the bulk seeder's) gives what the hooks keep.
func TestRebuildLedgerDays(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()

	// Spoil alice's rows, keep bob's, then rebuild alice's.
	if _, err := app.DB().NewQuery("UPDATE " + migrations.LedgerDaysTable + " SET invoiced_cents = 1").Execute(); err != nil {
		t.Fatal(err)
	}
	if _, err := app.DB().NewQuery("INSERT INTO " + migrations.LedgerDaysTable +
		" VALUES ('" + alice + "', 'EUR', '1999-01-01', 5, 5)").Execute(); err != nil {
		t.Fatal(err)
	}
	if err := RebuildLedgerDays(app.DB(), alice); err != nil {
		t.Fatal(err)
	}
	want := with(days{bob + "/EUR/2026-03-01": {1, 0}, bob + "/EUR/2026-03-11": {1, 2000},
		bob + "/EUR/2026-03-02": {1, 0}, bob + "/EUR/2026-03-05": {1, 12000}, bob + "/EUR/2026-03-06": {1, 0}, bob + "/EUR/2026-03-07": {1, -1000}})
	if got := ledgerTable(t, app); !maps.Equal(got, want) {
		t.Errorf("after rebuild: %v\nwant %v", got, want)
	}
}

func TestChangedDays(t *testing.T) {
	k1, k2 := dayKey{"o", "EUR", "2026-03-01"}, dayKey{"o", "EUR", "2026-03-02"}
	none := ledgerShare{}
	cases := []struct {
		before, after ledgerShare
		want          []dayKey
	}{
		{none, none, nil},
		{ledgerShare{k1, 100, true}, ledgerShare{k1, 100, true}, nil},
		{none, ledgerShare{k1, 100, true}, []dayKey{k1}},
		{ledgerShare{k1, 100, true}, none, []dayKey{k1}},
		{ledgerShare{k1, 100, true}, ledgerShare{k1, 200, true}, []dayKey{k1}},
		{ledgerShare{k1, 100, true}, ledgerShare{k2, 100, true}, []dayKey{k1, k2}},
	}
	for _, c := range cases {
		if got := changedDays(c.before, c.after); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("changedDays(%v, %v) = %v, want %v", c.before, c.after, got, c.want)
		}
	}
	// Drafts, void invoices and undated rows add nothing; payments always do.
	for _, c := range []struct {
		collection, date, status string
		counts                   bool
	}{
		{"invoices", "2026-03-01 00:00:00.000Z", "draft", false},
		{"invoices", "2026-03-01 00:00:00.000Z", "void", false},
		{"invoices", "2026-03-01 00:00:00.000Z", "sent", true},
		{"invoices", "2026-03-01 00:00:00.000Z", "paid", true},
		{"invoices", "", "sent", false},
		{"payments", "2026-03-01 00:00:00.000Z", "", true},
	} {
		s := shareOf(c.collection, "o", "EUR", c.date, c.status, 100)
		if s.counts != c.counts || (s.counts && s.key != k1) {
			t.Errorf("shareOf(%s, %q, %q) = %+v", c.collection, c.date, c.status, s)
		}
	}
}
