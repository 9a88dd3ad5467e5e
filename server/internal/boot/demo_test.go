package boot

import (
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/billing"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestMain(m *testing.M) { testapp.Main(m) }

// newApp is a test app with the billing hooks, which the demo data needs.
func newApp(t testing.TB) *tests.TestApp {
	app := testapp.New(t)
	billing.Bind(app)
	return app
}

func TestEnsureDemo(t *testing.T) {
	t.Parallel()

	t.Run("fresh data dir gets a verified demo account", func(t *testing.T) {
		app := newApp(t)
		defer app.Cleanup()

		start := time.Now()
		res, err := ensureDemo(app, Config{Demo: true})
		if err != nil {
			t.Fatal(err)
		}
		// The budget is under 2 s on an idle machine (about 1 s measured);
		// tests share the CPU with other packages, so only a gross
		// regression fails here.
		took := time.Since(start)
		t.Logf("demo account and data: %s", took)
		if took > 10*time.Second {
			t.Errorf("demo account and data took %s, want < 2s", took)
		}
		if res.State != demoCreated || len(res.Password) != demoPasswordLength {
			t.Fatalf("result = %+v", res)
		}
		rec, err := app.FindAuthRecordByEmail(migrations.UsersCollection, DemoEmail)
		if err != nil {
			t.Fatal(err)
		}
		if !rec.Verified() || rec.GetString("name") != DemoName || rec.GetString(migrations.FieldCompany) != DemoCompany {
			t.Errorf("demo record = %v", rec.PublicExport())
		}
		if !rec.ValidatePassword(res.Password) {
			t.Error("printed password does not open the account")
		}

		checkDemoData(t, app, rec.Id)

		// Next start: the account exists, the password is not known any more.
		res, err = ensureDemo(app, Config{Demo: true})
		if err != nil || res.State != demoExists || res.Password != "" {
			t.Errorf("restart = %+v, %v", res, err)
		}
	})

	t.Run("password from the environment", func(t *testing.T) {
		app := newApp(t)
		defer app.Cleanup()

		cfg := Config{Demo: true, DemoPassword: "demo-pass-123"}
		res, err := ensureDemo(app, cfg)
		if err != nil || res.State != demoCreated || res.Password != "demo-pass-123" {
			t.Fatalf("first = %+v, %v", res, err)
		}
		res, err = ensureDemo(app, cfg)
		if err != nil || res.State != demoKnown || res.Password != "demo-pass-123" {
			t.Errorf("restart = %+v, %v", res, err)
		}
		res, _ = ensureDemo(app, Config{Demo: true, DemoPassword: "changed-pass-1"})
		if res.State != demoExists || res.Password != "" {
			t.Errorf("a password that no longer opens it must not be printed: %+v", res)
		}
	})

	t.Run("data dir with users is left alone", func(t *testing.T) {
		app := newApp(t)
		defer app.Cleanup()
		testapp.CreateUser(t, app, testapp.Alice)

		res, err := ensureDemo(app, Config{Demo: true})
		if err != nil || res.State != demoAbsent {
			t.Fatalf("result = %+v, %v", res, err)
		}
		if _, err := app.FindAuthRecordByEmail(migrations.UsersCollection, DemoEmail); err == nil {
			t.Error("demo account created in a data dir that already had users")
		}
	})

	t.Run("FOLIO_DEMO=off", func(t *testing.T) {
		app := newApp(t)
		defer app.Cleanup()

		res, err := ensureDemo(app, Config{Demo: false})
		if err != nil || res.State != demoOff {
			t.Fatalf("result = %+v, %v", res, err)
		}
		if n, _ := app.CountRecords(migrations.UsersCollection); n != 0 {
			t.Errorf("%d users created", n)
		}
	})
}

// checkDemoData checks the demo ledger is varied and self-consistent: every
// invoice's paid amount is the sum of its payments, and its balance and
// status follow.
func checkDemoData(t *testing.T, app core.App, owner string) {
	t.Helper()
	count := func(sql string) int {
		var n int
		if err := app.DB().NewQuery(sql).Bind(dbx.Params{"owner": owner}).Row(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	checks := []struct {
		name string
		sql  string
		min  int
	}{
		{"customers", `SELECT COUNT(*) FROM customers WHERE owner = {:owner}`, 25},
		{"USD customers", `SELECT COUNT(*) FROM customers WHERE owner = {:owner} AND currency = 'USD'`, 3},
		{"invoices", `SELECT COUNT(*) FROM invoices WHERE owner = {:owner}`, 120},
		{"quotes", `SELECT COUNT(*) FROM quotes WHERE owner = {:owner}`, 45},
		{"payments", `SELECT COUNT(*) FROM payments WHERE owner = {:owner}`, 80},
		{"paid", `SELECT COUNT(*) FROM invoices WHERE owner = {:owner} AND status = 'paid'`, 50},
		{"partial", `SELECT COUNT(*) FROM invoices WHERE owner = {:owner} AND status = 'partial'`, 3},
		{"overdue", `SELECT COUNT(*) FROM invoices WHERE owner = {:owner} AND status IN ('sent','viewed','partial') AND due_date < date('now')`, 3},
		{"void", `SELECT COUNT(*) FROM invoices WHERE owner = {:owner} AND status = 'void'`, 1},
		{"draft invoices", `SELECT COUNT(*) FROM invoices WHERE owner = {:owner} AND status = 'draft'`, 1},
		{"converted quotes", `SELECT COUNT(*) FROM quotes WHERE owner = {:owner} AND status = 'converted' AND invoice != ''`, 5},
		{"open quotes", `SELECT COUNT(*) FROM quotes WHERE owner = {:owner} AND status IN ('sent','viewed')`, 3},
		{"rejected quotes", `SELECT COUNT(*) FROM quotes WHERE owner = {:owner} AND status = 'rejected'`, 2},
	}
	for _, c := range checks {
		if n := count(c.sql); n < c.min {
			t.Errorf("%s: %d, want at least %d", c.name, n, c.min)
		}
	}
	broken := count(`SELECT COUNT(*) FROM invoices i WHERE owner = {:owner} AND (
		paid_cents != (SELECT COALESCE(SUM(amount_cents), 0) FROM payments p WHERE p.invoice = i.id)
		OR balance_cents != CASE WHEN status = 'void' THEN 0 ELSE total_cents - paid_cents END
		OR (status = 'paid') != (paid_cents > 0 AND paid_cents = total_cents)
		OR (status = 'partial') != (paid_cents > 0 AND paid_cents < total_cents)
		OR number != 'INV-' || printf('%05d', seq))`)
	if broken != 0 {
		t.Errorf("%d demo invoices are inconsistent", broken)
	}
	if n := count(`SELECT MAX(seq) - COUNT(*) FROM invoices WHERE owner = {:owner}`); n != 0 {
		t.Errorf("invoice numbers have %d gaps", n)
	}
}
