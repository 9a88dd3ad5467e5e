package migrations_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/billing"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

type ledgerRow struct {
	Business  string `db:"business"`
	Currency  string `db:"currency"`
	Day       string `db:"day"`
	Invoiced  int64  `db:"invoiced_cents"`
	Collected int64  `db:"collected_cents"`
}

func ledgerRows(t *testing.T, app core.App) []ledgerRow {
	t.Helper()
	var rows []ledgerRow
	err := app.DB().NewQuery("SELECT * FROM " + migrations.LedgerDaysTable + " ORDER BY business, currency, day").All(&rows)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// sqliteIndex is an index's SQL as SQLite has it, "" when missing.
func sqliteIndex(t *testing.T, app core.App, name string) string {
	t.Helper()
	var sql []string
	err := app.DB().NewQuery("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = {:n}").
		Bind(map[string]any{"n": name}).Column(&sql)
	if err != nil {
		t.Fatal(err)
	}
	if len(sql) == 0 {
		return ""
	}
	return sql[0]
}

// Migration 1795300005: the list indexes, and the ledger days table filled
// from the invoices and payments that exist when it runs (the same rows
// the billing hooks keep afterwards).
func TestListIndexesAndLedgerDays(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()
	billing.BindWithClock(app, func() time.Time { return time.Date(2026, 3, 15, 10, 0, 0, 0, time.UTC) })

	save := func(collection string, fields map[string]any) string {
		t.Helper()
		rec := core.NewRecord(mustFind(t, app, collection))
		for k, v := range fields {
			rec.Set(k, v)
		}
		if err := app.Save(rec); err != nil {
			t.Fatalf("save %s %v: %v", collection, fields, err)
		}
		return rec.Id
	}
	status := func(id, s string) {
		t.Helper()
		rec, err := app.FindRecordById(migrations.InvoicesCollection, id)
		if err != nil {
			t.Fatal(err)
		}
		rec.Set("status", s)
		rec.Set("void_reason", "test")
		if err := app.Save(rec); err != nil {
			t.Fatal(err)
		}
	}

	users, _ := app.FindCollectionByNameOrId(migrations.UsersCollection)
	user := core.NewRecord(users)
	user.SetEmail("ledger@folio.test")
	user.SetPassword("ledger-pass-123")
	if err := app.Save(user); err != nil {
		t.Fatal(err)
	}
	if err := testapp.EnsureBusiness(app, user.Id); err != nil {
		t.Fatal(err)
	}
	eur := save("customers", map[string]any{"business": user.Id, "name": "Acme", "currency": "EUR"})
	usd := save("customers", map[string]any{"business": user.Id, "name": "Blue", "currency": "USD"})
	invoice := func(customer, issue string, cents int) string {
		return save("invoices", map[string]any{"business": user.Id, "customer": customer, "issue_date": issue,
			"items": []map[string]any{{"description": "Work", "quantity": 1, "unit_price_cents": cents}}})
	}
	a := invoice(eur, "2026-02-01", 10000)
	status(a, "sent")
	b := invoice(eur, "2026-02-01", 2500)
	status(b, "sent")
	c := invoice(eur, "2026-02-03", 7000)
	status(c, "sent")
	status(c, "void")
	invoice(eur, "2026-02-04", 9900) // draft
	d := invoice(usd, "2026-02-01", 4000)
	status(d, "sent")
	save("payments", map[string]any{"business": user.Id, "invoice": a, "amount_cents": 10000, "date": "2026-02-10"})
	save("payments", map[string]any{"business": user.Id, "invoice": d, "amount_cents": 1000, "date": "2026-02-01"})

	kept := ledgerRows(t, app)
	want := []ledgerRow{
		{user.Id, "EUR", "2026-02-01", 12500, 0},
		{user.Id, "EUR", "2026-02-10", 0, 10000},
		{user.Id, "USD", "2026-02-01", 4000, 1000},
	}
	if !reflect.DeepEqual(kept, want) {
		t.Fatalf("rows kept by the hooks = %+v\nwant %+v", kept, want)
	}

	// Down to and including this migration, whatever came after it.
	runner := core.NewMigrationsRunner(app, core.AppMigrations)
	steps := 0
	for _, item := range core.AppMigrations.Items() {
		if item.File >= "1795300005" {
			steps++
		}
	}
	if _, err := runner.Down(steps); err != nil {
		t.Fatal(err)
	}
	if app.HasTable(migrations.LedgerDaysTable) {
		t.Error("down left the ledger days table")
	}
	// Before the businesses migration records had an owner (a user): the
	// indexes it restores are the owner's.
	invoices, _ := app.FindCollectionByNameOrId(migrations.InvoicesCollection)
	all := strings.Join(invoices.Indexes, "\n")
	if strings.Contains(all, "idx_invoices_owner_issue_seq") || !strings.Contains(all, "(`owner`, `status`, `issue_date`)") ||
		!strings.Contains(all, "(`owner`, `customer`)") {
		t.Errorf("down did not restore the invoice indexes:\n%s", all)
	}
	if sqliteIndex(t, app, "idx_payments_owner_date_seq") != "" || sqliteIndex(t, app, "idx_payments_business_date_seq") != "" {
		t.Error("down left the payments' date index in the database")
	}

	if _, err := runner.Up(); err != nil {
		t.Fatal(err)
	}
	if got := ledgerRows(t, app); !reflect.DeepEqual(got, want) {
		t.Errorf("rows filled by the migration = %+v\nwant %+v", got, want)
	}
	for name, columns := range map[string]string{
		"idx_invoices_business_issue_seq":    "(`business`, `issue_date`, `seq`, `status`, `due_date`)",
		"idx_invoices_business_status_issue": "(`business`, `status`, `issue_date`, `seq`)",
		"idx_invoices_business_customer":     "(`business`, `customer`, `issue_date`, `seq`)",
		"idx_quotes_business_issue_seq":      "(`business`, `issue_date`, `seq`, `status`, `expiry_date`)",
		"idx_quotes_business_status_issue":   "(`business`, `status`, `issue_date`, `seq`)",
		"idx_quotes_business_customer":       "(`business`, `customer`, `issue_date`, `seq`)",
		"idx_payments_business_date_seq":     "(`business`, `date`, `seq`, `method`)",
		"idx_payments_business_customer":     "(`business`, `customer`, `date`, `seq`)",
	} {
		noSpace := func(s string) string { return strings.Join(strings.Fields(s), "") }
		if sql := sqliteIndex(t, app, name); !strings.HasSuffix(noSpace(sql), noSpace(columns)) {
			t.Errorf("index %s = %q, want columns %s", name, sql, columns)
		}
	}
}
