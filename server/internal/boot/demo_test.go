package boot

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/billing"
	"folio/server/internal/money"
	"folio/server/internal/team"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestMain(m *testing.M) { testapp.Main(m) }

// newApp is a test app with the team's hooks (a new account's business)
// and the billing hooks, which the demo data needs.
func newApp(t testing.TB) *tests.TestApp {
	app := testapp.New(t)
	team.Bind(app)
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
		// Logged, never asserted: the machines are shared and noisy (about
		// 1 s on an idle machine; over 10 s seen under load).
		t.Logf("demo account and data: %s", time.Since(start))
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

		// The demo business has the account's id, the account as its owner.
		business := testapp.Business(t, app, testapp.User{ID: rec.Id, Email: DemoEmail})
		if role, err := team.RoleOf(app, rec.Id, business.Id); err != nil || role != migrations.RoleOwner {
			t.Errorf("the demo account's role in its business: %q %v", role, err)
		}
		checkDemoData(t, app, business.Id)
		checkDemoEInvoice(t, app, business)

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
func checkDemoData(t *testing.T, app core.App, business string) {
	t.Helper()
	count := func(sql string) int {
		var n int
		if err := app.DB().NewQuery(sql).Bind(dbx.Params{"business": business}).Row(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	checks := []struct {
		name string
		sql  string
		min  int
	}{
		{"customers", `SELECT COUNT(*) FROM customers WHERE business = {:business}`, 25},
		{"USD customers", `SELECT COUNT(*) FROM customers WHERE business = {:business} AND currency = 'USD'`, 3},
		{"invoices", `SELECT COUNT(*) FROM invoices WHERE business = {:business}`, 120},
		{"quotes", `SELECT COUNT(*) FROM quotes WHERE business = {:business}`, 45},
		{"payments", `SELECT COUNT(*) FROM payments WHERE business = {:business}`, 80},
		{"paid", `SELECT COUNT(*) FROM invoices WHERE business = {:business} AND status = 'paid'`, 50},
		{"partial", `SELECT COUNT(*) FROM invoices WHERE business = {:business} AND status = 'partial'`, 3},
		{"overdue", `SELECT COUNT(*) FROM invoices WHERE business = {:business} AND status IN ('sent','viewed','partial') AND due_date < date('now')`, 3},
		{"void", `SELECT COUNT(*) FROM invoices WHERE business = {:business} AND status = 'void'`, 1},
		{"draft invoices", `SELECT COUNT(*) FROM invoices WHERE business = {:business} AND status = 'draft'`, 1},
		{"converted quotes", `SELECT COUNT(*) FROM quotes WHERE business = {:business} AND status = 'converted' AND invoice != ''`, 5},
		{"open quotes", `SELECT COUNT(*) FROM quotes WHERE business = {:business} AND status IN ('sent','viewed')`, 3},
		{"rejected quotes", `SELECT COUNT(*) FROM quotes WHERE business = {:business} AND status = 'rejected'`, 2},
	}
	for _, c := range checks {
		if n := count(c.sql); n < c.min {
			t.Errorf("%s: %d, want at least %d", c.name, n, c.min)
		}
	}
	broken := count(`SELECT COUNT(*) FROM invoices i WHERE business = {:business} AND (
		paid_cents != (SELECT COALESCE(SUM(amount_cents), 0) FROM payments p WHERE p.invoice = i.id)
		OR balance_cents != CASE WHEN status = 'void' THEN 0 ELSE total_cents - paid_cents END
		OR (status = 'paid') != (paid_cents > 0 AND paid_cents = total_cents)
		OR (status = 'partial') != (paid_cents > 0 AND paid_cents < total_cents)
		OR number != 'INV-' || printf('%05d', seq))`)
	if broken != 0 {
		t.Errorf("%d demo invoices are inconsistent", broken)
	}
	if n := count(`SELECT MAX(seq) - COUNT(*) FROM invoices WHERE business = {:business}`); n != 0 {
		t.Errorf("invoice numbers have %d gaps", n)
	}
}

// checkDemoEInvoice checks that the demo business, its customers and its
// documents pass the e-invoicing rules: what the web app needs to make a
// valid EN 16931 invoice of every sent demo invoice.
func checkDemoEInvoice(t *testing.T, app core.App, demo *core.Record) {
	t.Helper()

	// The business: e-invoicing on, the essentials, bank, address, contact.
	want := map[string]string{
		migrations.FieldCompanyName: DemoCompany, migrations.FieldCompanyVATID: "DE123456788",
		migrations.FieldCompanyPostalCode: "20457", migrations.FieldCompanyCity: "Hamburg", migrations.FieldCompanyCountry: "DE",
		migrations.FieldIBAN: "DE89370400440532013000", migrations.FieldBIC: "COBADEFFXXX", migrations.FieldBankHolder: DemoCompany,
		migrations.FieldSellerEndpointID: "DE123456788", migrations.FieldSellerEndpointScheme: "9930",
		migrations.FieldSellerContactName: DemoName, migrations.FieldSellerContactEmail: DemoEmail,
	}
	for f, v := range want {
		if got := demo.GetString(f); got != v {
			t.Errorf("demo %s = %q, want %q", f, got, v)
		}
	}
	if !demo.GetBool(migrations.FieldEInvoicing) || demo.GetString(migrations.FieldSellerContactPhone) == "" {
		t.Errorf("demo business not set up for e-invoices: %v", demo.PublicExport())
	}
	// Switching e-invoicing off and on again goes through the essentials check.
	demo.Set(migrations.FieldEInvoicing, false)
	if err := app.Save(demo); err != nil {
		t.Fatal(err)
	}
	demo.Set(migrations.FieldEInvoicing, true)
	if err := app.Save(demo); err != nil {
		t.Errorf("turning e-invoicing on again: %v", err)
	}

	// The customers: address, endpoint, and one German public buyer.
	customers, err := app.FindRecordsByFilter(migrations.CustomersCollection, "business = {:o}", "", 0, 0, dbx.Params{"o": demo.Id})
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*core.Record{}
	public := 0
	for _, c := range customers {
		byID[c.Id] = c
		name := c.GetString("name")
		for _, f := range []string{"country", "postal_code", "city", "address", migrations.FieldEndpointID, migrations.FieldEndpointScheme} {
			if c.GetString(f) == "" {
				t.Errorf("customer %s has no %s", name, f)
			}
		}
		// Addresses Peppol accepts: never email (EM); the VAT ID under a VAT scheme, or a DUNS.
		switch scheme := c.GetString(migrations.FieldEndpointScheme); {
		case scheme == "0060":
			if len(c.GetString(migrations.FieldEndpointID)) != 9 {
				t.Errorf("customer %s: DUNS %q", name, c.GetString(migrations.FieldEndpointID))
			}
		case strings.HasPrefix(scheme, "99") || scheme == "0213":
			if c.GetString(migrations.FieldEndpointID) != c.GetString("tax_id") {
				t.Errorf("customer %s: endpoint %q is not its VAT ID", name, c.GetString(migrations.FieldEndpointID))
			}
		case scheme == "0204":
			public++
			ref := c.GetString(migrations.FieldBuyerReference)
			if ref != "04011000-12345-03" || !billing.ValidLeitwegID(ref) || c.GetString(migrations.FieldEndpointID) != ref ||
				c.GetString("country") != "DE" || c.GetString("tax_id") == "" {
				t.Errorf("public buyer %s = %v", name, c.PublicExport())
			}
		default:
			t.Errorf("customer %s: scheme %q", name, c.GetString(migrations.FieldEndpointScheme))
		}
		// Saved again, every customer passes the hooks' checks.
		if err := app.Save(c); err != nil {
			t.Errorf("customer %s: %v", name, err)
		}
	}
	if public != 1 {
		t.Errorf("%d public buyers, want 1", public)
	}

	// The documents: unit codes, categories, reasons and VAT IDs.
	categories := map[string]int{}
	for _, col := range []string{migrations.QuotesCollection, migrations.InvoicesCollection} {
		docs, err := app.FindRecordsByFilter(col, "business = {:o}", "", 0, 0, dbx.Params{"o": demo.Id})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range docs {
			c := byID[d.GetString("customer")]
			cat, reason := d.GetString(migrations.FieldVATExemptionCategory), d.GetString(migrations.FieldVATExemptionReason)
			var lines []money.Line
			if err := json.Unmarshal([]byte(d.GetString("items")), &lines); err != nil || len(lines) == 0 {
				t.Fatalf("%s: items %v", d.GetString("number"), err)
			}
			zero := false
			for _, l := range lines {
				if l.UnitCode == "" {
					t.Errorf("%s: a line without a unit code: %+v", d.GetString("number"), l)
				}
				zero = zero || l.TaxRate == 0
			}
			country := c.GetString("country")
			switch {
			case country == "DE" && (zero || cat != "Z"):
				t.Errorf("%s for a German customer: 0 %% line %v, category %s", d.GetString("number"), zero, cat)
			case country != "DE" && (!zero || reason == "" || (cat != "AE" && cat != "G")):
				t.Errorf("%s for %s: category %s, reason %q", d.GetString("number"), country, cat, reason)
			case cat == "AE" && (c.GetString("tax_id") == "" || !strings.HasPrefix(c.GetString("tax_id"), country)):
				t.Errorf("%s: reverse charge to a customer without a VAT ID", d.GetString("number"))
			}
			var rows []billing.TaxRow
			if err := json.Unmarshal([]byte(d.GetString("tax_breakdown")), &rows); err != nil || len(rows) == 0 {
				t.Fatalf("%s: breakdown %v", d.GetString("number"), err)
			}
			for _, r := range rows {
				if (r.Rate > 0 && r.Category != "S") || (r.Rate == 0 && r.Category != cat) {
					t.Errorf("%s: breakdown row %+v with category %s", d.GetString("number"), r, cat)
				}
				categories[r.Category]++
			}
		}
	}
	for _, c := range []string{"S", "AE", "G"} {
		if categories[c] == 0 {
			t.Errorf("no demo document in category %s: %v", c, categories)
		}
	}
	if keys := slices.Sorted(maps.Keys(categories)); !slices.Equal(keys, []string{"AE", "G", "S"}) {
		t.Errorf("categories %v, want S, AE and G", keys)
	}
}
