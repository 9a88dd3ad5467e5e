package seed

import (
	"testing"
	"time"

	"folio/server/internal/billing"
	"folio/server/internal/testapp"
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
}
