package boot

import (
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	"folio/server/internal/bank"
	"folio/server/internal/seed"
	"folio/server/migrations"
)

// The demo account lets someone try Folio right after the first start
// without signing up or reading mail.
const (
	// DemoEmail is the demo account's sign-in email.
	DemoEmail = "demo@folio.test"
	// DemoName is the demo account's display name.
	DemoName = "Demo User"
	// DemoCompany is the demo account's company: its business's name.
	DemoCompany = "Folio Demo Co."
	// demoPasswordLength is the length of a generated demo password.
	demoPasswordLength = 16
)

// demoState says what ensureDemo found or did, for the start banner.
type demoState int

const (
	demoOff     demoState = iota // FOLIO_DEMO=off
	demoAbsent                   // the data dir had users already, none of them the demo
	demoCreated                  // created now; Password is known
	demoKnown                    // exists and FOLIO_DEMO_PASSWORD still opens it
	demoExists                   // exists; its password was printed when it was created
)

// demoResult is the outcome of ensureDemo.
type demoResult struct {
	State    demoState
	Password string
}

// ensureDemo creates the demo account on a fresh data dir (no users yet).
// It never touches an existing data dir's accounts: a real install that
// turned into production keeps whatever its owners did with the demo user.
func ensureDemo(app core.App, cfg Config) (demoResult, error) {
	if !cfg.Demo {
		return demoResult{State: demoOff}, nil
	}

	users, err := app.FindCollectionByNameOrId(migrations.UsersCollection)
	if err != nil {
		return demoResult{}, err
	}

	total, err := app.CountRecords(users)
	if err != nil {
		return demoResult{}, err
	}

	if total > 0 {
		rec, err := app.FindAuthRecordByEmail(users, DemoEmail)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return demoResult{State: demoAbsent}, nil
		case err != nil:
			return demoResult{}, err
		case cfg.DemoPassword != "" && rec.ValidatePassword(cfg.DemoPassword):
			return demoResult{State: demoKnown, Password: cfg.DemoPassword}, nil
		default:
			return demoResult{State: demoExists}, nil
		}
	}

	password := cfg.DemoPassword
	if password == "" {
		password = security.RandomString(demoPasswordLength)
	}

	err = app.RunInTransaction(func(txApp core.App) error {
		rec := core.NewRecord(users)
		rec.SetEmail(DemoEmail)
		rec.SetPassword(password)
		rec.SetVerified(true)
		rec.Set("name", DemoName)
		// The save gives the account its business (same id, the account
		// its owner: the team's sign-up hook).
		if err := txApp.Save(rec); err != nil {
			return fmt.Errorf("create demo account: %w", err)
		}
		// A German business set up for e-invoices: VAT ID, address,
		// bank account, electronic address and contact (seed.Business).
		if err := seed.SetBusiness(txApp, rec, DemoCompany); err != nil {
			return fmt.Errorf("set up the demo business: %w", err)
		}
		if err := seedDemoData(txApp, rec.Id); err != nil {
			return err
		}
		// A bank statement whose transfers match some of those invoices.
		if err := bank.Demo(txApp, rec.Id, rec.Id, time.Now()); err != nil {
			return fmt.Errorf("seed the demo bank statement: %w", err)
		}
		return nil
	})
	if err != nil {
		return demoResult{}, err
	}

	return demoResult{State: demoCreated, Password: password}, nil
}

// seedDemoData fills the demo business with a year of sample data (about
// 25 customers in EUR and USD, quotes, invoices and payments in every
// status, some overdue, some partly paid). It runs in the same
// transaction as the account, so a fresh data dir gets both or neither,
// and goes through the team's and the billing hooks, which must be bound
// (app.Bind does).
func seedDemoData(txApp core.App, businessID string) error {
	if err := seed.Demo(txApp, businessID, time.Now()); err != nil {
		return fmt.Errorf("seed demo data: %w", err)
	}
	return nil
}
