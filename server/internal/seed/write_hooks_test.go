package seed

import (
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/billing"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestMain(m *testing.M) { testapp.Main(m) }

var fixedNow = time.Date(2026, 3, 15, 11, 0, 0, 0, time.UTC)

func TestDemoThroughHooks(t *testing.T) {
	t.Parallel()

	app := testapp.New(t)
	defer app.Cleanup()
	billing.BindWithClock(app, func() time.Time { return fixedNow })

	users, _ := app.FindCollectionByNameOrId(migrations.UsersCollection)
	owner := core.NewRecord(users)
	owner.SetEmail("demo@folio.test")
	owner.SetPassword("demo-pass-123")
	if err := app.Save(owner); err != nil {
		t.Fatal(err)
	}

	start := time.Now()
	if err := Demo(app, owner.Id, fixedNow); err != nil {
		t.Fatal(err)
	}
	t.Logf("demo data through the hooks: %s", time.Since(start))
}
