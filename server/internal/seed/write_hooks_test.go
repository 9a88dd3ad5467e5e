package seed

import (
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"folio/server/internal/billing"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestMain(m *testing.M) { testapp.Main(m) }

func TestDemoThroughHooks(t *testing.T) {
	t.Parallel()

	app := testapp.New(t)
	defer app.Cleanup()
	billing.BindWithClock(app, testapp.Clock)
	owner := testapp.CreateUser(t, app, testapp.Alice)
	// Reverse-charged invoices need the seller's VAT ID.
	if err := SetBusiness(app, owner, "Alice & Co"); err != nil {
		t.Fatal(err)
	}

	start := time.Now()
	if err := Demo(app, owner.Id, testapp.FixedNow); err != nil {
		t.Fatal(err)
	}
	t.Logf("demo data through the hooks: %s", time.Since(start))

	// Two quarters of expenses at 19, 7 and 0 %, their totals computed.
	// The demo's vendors, and those of the receipts typed with a name only.
	named := map[string]bool{}
	for _, x := range demoExpenses {
		if x.vendor < 0 {
			named[x.vendorName] = true
		}
	}
	if n, _ := app.CountRecords(migrations.VendorsCollection); n != int64(len(demoVendors)+len(named)) {
		t.Errorf("%d vendors, want %d", n, len(demoVendors)+len(named))
	}
	var rows []struct {
		Date     string `db:"date"`
		Total    int64  `db:"total_cents"`
		VAT      int64  `db:"vat_cents"`
		Lines    string `db:"vat_lines"`
		Category string `db:"category"`
	}
	if err := app.DB().Select("date", "total_cents", "vat_cents", "vat_lines", "category").
		From(migrations.ExpensesCollection).Where(dbx.HashExp{"business": owner.Id}).All(&rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 15 {
		t.Fatalf("%d expenses, want 15", len(rows))
	}
	oldest := testapp.FixedNow.AddDate(0, -6, 0).Format(time.DateOnly)
	rates := map[string]bool{}
	for _, r := range rows {
		if r.Date[:10] < oldest || r.Total <= 0 || r.Category == "" {
			t.Errorf("expense %+v", r)
		}
		for _, rate := range []string{`"rate":19`, `"rate":7`, `"rate":0`} {
			if strings.Contains(r.Lines, rate) {
				rates[rate] = true
			}
		}
	}
	if len(rates) != 3 {
		t.Errorf("the expenses' rates: %v", rates)
	}
}
