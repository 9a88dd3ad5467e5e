package seed

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/billing"
	"folio/server/internal/team"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// ledger is what must come out the same whichever way a plan is written.
type ledgerRow struct {
	Number  string `db:"number"`
	Status  string `db:"status"`
	Issue   string `db:"issue"`
	End     string `db:"end"`
	Cur     string `db:"currency"`
	Total   int64  `db:"total_cents"`
	Tax     int64  `db:"tax_cents"`
	Paid    int64  `db:"paid_cents"`
	Balance int64  `db:"balance_cents"`
	Link    string `db:"link"`
	// E-invoice data: the lines (with unit codes), the VAT category and
	// reason of 0 % lines, and the breakdown with its categories.
	Items     string `db:"items"`
	Category  string `db:"vat_exemption_category"`
	Reason    string `db:"vat_exemption_reason"`
	Breakdown string `db:"tax_breakdown"`
}

func ledger(t testing.TB, app core.App, business string) map[string][]ledgerRow {
	t.Helper()
	queries := map[string]string{
		"invoices": `SELECT i.number, i.status, substr(i.issue_date,1,10) AS issue, substr(i.due_date,1,10) AS end, i.currency,
			i.total_cents, i.tax_cents, i.paid_cents, i.balance_cents, COALESCE(q.number, '') AS link,
			i.items, i.vat_exemption_category, i.vat_exemption_reason, i.tax_breakdown
			FROM invoices i LEFT JOIN quotes q ON q.id = i.quote WHERE i.business = {:business} ORDER BY i.seq`,
		"quotes": `SELECT q.number, q.status, substr(q.issue_date,1,10) AS issue, substr(q.expiry_date,1,10) AS end, q.currency,
			q.total_cents, q.tax_cents, 0 AS paid_cents, 0 AS balance_cents, COALESCE(i.number, '') AS link,
			q.items, q.vat_exemption_category, q.vat_exemption_reason, q.tax_breakdown
			FROM quotes q LEFT JOIN invoices i ON i.id = q.invoice WHERE q.business = {:business} ORDER BY q.seq`,
		"payments": `SELECT p.number, p.method AS status, substr(p.date,1,10) AS issue, '' AS end, p.currency,
			p.amount_cents AS total_cents, 0 AS tax_cents, 0 AS paid_cents, 0 AS balance_cents, i.number AS link,
			'' AS items, '' AS vat_exemption_category, '' AS vat_exemption_reason, '' AS tax_breakdown
			FROM payments p JOIN invoices i ON i.id = p.invoice WHERE p.business = {:business} ORDER BY p.seq`,
		// The dashboard's per-day sums: kept by the hooks, rebuilt by the bulk writer.
		"days": `SELECT '' AS number, '' AS status, day AS issue, '' AS end, currency,
			invoiced_cents AS total_cents, 0 AS tax_cents, collected_cents AS paid_cents, 0 AS balance_cents, '' AS link,
			'' AS items, '' AS vat_exemption_category, '' AS vat_exemption_reason, '' AS tax_breakdown
			FROM ` + migrations.LedgerDaysTable + ` WHERE business = {:business} ORDER BY currency, day`,
	}
	out := map[string][]ledgerRow{}
	for name, q := range queries {
		var rows []ledgerRow
		if err := app.DB().NewQuery(q).Bind(dbx.Params{"business": business}).All(&rows); err != nil {
			t.Fatal(err)
		}
		out[name] = rows
	}
	return out
}

// The bulk writer must produce what the hooks produce: same numbers,
// totals, statuses, balances and links, for the same plan.
func TestBulkMatchesHooks(t *testing.T) {
	t.Parallel()

	plan := func() Plan {
		return Generate(Options{Customers: 8, Invoices: 60, Quotes: 25, Months: 6, Today: testapp.FixedNow, Seed: 7})
	}

	viaHooks := testapp.New(t)
	defer viaHooks.Cleanup()
	billing.BindWithClock(viaHooks, testapp.Clock)
	a := testapp.CreateUser(t, viaHooks, testapp.Alice)
	if err := SetBusiness(viaHooks, a, "Alice & Co"); err != nil {
		t.Fatal(err)
	}
	if err := WriteThroughHooks(viaHooks, a.Id, plan(), testapp.FixedNow); err != nil {
		t.Fatal(err)
	}

	viaBulk := testapp.New(t)
	defer viaBulk.Cleanup()
	billing.Bind(viaBulk) // only the business defaults matter here
	b := testapp.CreateUser(t, viaBulk, testapp.Bob)
	st, err := WriteBulk(viaBulk, testapp.Business(t, viaBulk, testapp.Bob), plan(), testapp.FixedNow)
	if err != nil {
		t.Fatal(err)
	}

	want, got := ledger(t, viaHooks, a.Id), ledger(t, viaBulk, b.Id)
	if len(want["invoices"]) != st.Invoices || len(want["payments"]) != st.Payments || len(want["quotes"]) != st.Quotes {
		t.Fatalf("stats %+v vs %d/%d/%d", st, len(want["invoices"]), len(want["payments"]), len(want["quotes"]))
	}
	if len(want["days"]) == 0 {
		t.Error("no ledger days")
	}
	for _, name := range []string{"quotes", "invoices", "payments", "days"} {
		if !reflect.DeepEqual(got[name], want[name]) {
			for i := range want[name] {
				if i < len(got[name]) && got[name][i] != want[name][i] {
					t.Errorf("%s row %d:\nbulk  %+v\nhooks %+v", name, i, got[name][i], want[name][i])
					break
				}
			}
			t.Errorf("%s differ (%d vs %d rows)", name, len(got[name]), len(want[name]))
		}
	}

	// Bulk data is ordinary data: the hooks accept edits on it, and
	// numbering continues after it.
	inv, err := viaBulk.FindFirstRecordByFilter("invoices", "business = {:o} && status = 'sent'", dbx.Params{"o": b.Id})
	if err != nil {
		t.Fatal(err)
	}
	inv.Set("notes", "edited")
	if err := viaBulk.Save(inv); err != nil {
		t.Errorf("edit bulk invoice: %v", err)
	}
}

func TestGenerateIsDeterministicAndVaried(t *testing.T) {
	p1, p2 := Generate(DemoOptions(testapp.FixedNow)), Generate(DemoOptions(testapp.FixedNow))
	if !reflect.DeepEqual(p1, p2) {
		t.Fatal("the same options gave different plans")
	}
	currencies := map[string]int{}
	for _, c := range p1.Customers {
		currencies[c.Currency]++
	}
	if len(p1.Customers) != 25 || currencies["EUR"] == 0 || currencies["USD"] == 0 {
		t.Errorf("customers %d, currencies %v", len(p1.Customers), currencies)
	}
	for _, inv := range p1.Invoices {
		if inv.Issue.After(testapp.FixedNow) || inv.End.Before(inv.Issue) {
			t.Fatalf("bad dates %v %v", inv.Issue, inv.End)
		}
		var paid int64
		for _, p := range inv.Payments {
			paid += p.AmountCents
			if p.Date.After(testapp.FixedNow) || p.Date.Before(inv.Issue) {
				t.Fatalf("payment dated %v for an invoice of %v", p.Date, inv.Issue)
			}
		}
		if paid > inv.Totals.TotalCents {
			t.Fatalf("overpaid plan: %d > %d", paid, inv.Totals.TotalCents)
		}
	}
	if testapp.FixedNow.Sub(p1.Invoices[0].Issue) < 300*24*time.Hour {
		t.Errorf("the first invoice is from %v: want about a year of data", p1.Invoices[0].Issue)
	}
}

func TestSeedCommand(t *testing.T) {
	t.Parallel()

	app := testapp.New(t)
	defer app.Cleanup()
	billing.Bind(app)
	team.Bind(app) // a new account's business

	run := func(args ...string) string {
		cmd := NewCommand(app)
		var out bytes.Buffer
		cmd.SetOut(&out)
		cmd.SetArgs(args)
		if err := cmd.Execute(); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	out := run("--invoices", "200", "--password", "bench-pass-123")
	if !strings.Contains(out, "Created bench@folio.test\n") || !strings.Contains(out, "Seeded bench@folio.test: 25 customers, 66 quotes, ") {
		t.Errorf("output: %s", out)
	}
	out = run("--invoices", "50", "--email", "bench@folio.test")
	if strings.Contains(out, "Created") {
		t.Errorf("second run created the account again: %s", out)
	}
	bench, err := app.FindAuthRecordByEmail(migrations.UsersCollection, BenchEmail)
	if err != nil || !bench.ValidatePassword("bench-pass-123") || !bench.Verified() || bench.GetString(migrations.FieldCompany) != "Bench Co." {
		t.Fatalf("bench account: %v", err)
	}
	// The account's own business has the sample business's settings and
	// the account as its owner.
	business := testapp.Business(t, app, testapp.User{ID: bench.Id, Email: BenchEmail})
	if business.GetString(migrations.FieldCompanyName) != "Bench Co." || business.GetString(migrations.FieldIBAN) != BusinessIBAN {
		t.Errorf("bench business: %v", business.PublicExport())
	}
	if role, err := team.RoleOf(app, bench.Id, business.Id); err != nil || role != migrations.RoleOwner {
		t.Errorf("bench's role in its business: %q %v", role, err)
	}
	var maxSeq, count int
	_ = app.DB().NewQuery("SELECT MAX(seq), COUNT(*) FROM invoices WHERE business = {:o}").Bind(dbx.Params{"o": bench.Id}).Row(&maxSeq, &count)
	if maxSeq != count || count < 250 {
		t.Errorf("invoices: max seq %d of %d: numbering must continue across runs", maxSeq, count)
	}
}
