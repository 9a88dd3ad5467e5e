package seed

import (
	"database/sql"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/spf13/cobra"

	"folio/server/migrations"
)

// BenchEmail is the account the seed command fills unless told otherwise.
const BenchEmail = "bench@folio.test"

// NewCommand returns `folio seed`, which fills a data dir with a large,
// consistent ledger for benchmarks:
//
//	folio seed --invoices 100000 --dir DATA_DIR [--email bench@folio.test --password …]
//
// It migrates the data dir, creates the account if needed (printing a
// generated password) and bulk-inserts customers, quotes, invoices and
// payments for it. Running it again adds more, numbered after the last.
func NewCommand(app core.App) *cobra.Command {
	var (
		invoices, customers, quotes, months int
		email, password                     string
		seedValue                           uint64
	)
	cmd := &cobra.Command{
		Use:   "seed",
		Short: "Fill the data dir with sample billing data for benchmarks",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			out := cmd.OutOrStdout()
			if invoices < 1 {
				return errors.New("--invoices must be at least 1")
			}
			start := time.Now()

			if err := app.RunAllMigrations(); err != nil {
				return fmt.Errorf("migrate: %w", err)
			}
			user, err := benchAccount(app, email, password, out)
			if err != nil {
				return err
			}
			// The account's own business (a sign-up's, with its id).
			business, err := app.FindRecordById(migrations.BusinessesCollection, user.Id)
			if err != nil {
				return fmt.Errorf("the business of %s: %w", user.Email(), err)
			}

			if customers <= 0 {
				customers = max(25, invoices/200)
			}
			if quotes < 0 {
				quotes = invoices / 3
			}
			plan := Generate(Options{Customers: customers, Invoices: invoices, Quotes: quotes, Months: months, Today: start, Seed: seedValue})
			planned := time.Since(start)

			st, err := WriteBulk(app, business, plan, start)
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "Seeded %s: %d customers, %d quotes, %d invoices, %d payments in %s (plan %s, inserts %s).\n",
				user.Email(), st.Customers, st.Quotes, st.Invoices, st.Payments,
				time.Since(start).Round(time.Millisecond), planned.Round(time.Millisecond),
				(time.Since(start) - planned).Round(time.Millisecond))
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVar(&invoices, "invoices", 1000, "number of invoices (those converted from quotes included)")
	f.IntVar(&customers, "customers", 0, "number of customers (default: invoices/200, at least 25)")
	f.IntVar(&quotes, "quotes", -1, "number of quotes (default: invoices/3)")
	f.IntVar(&months, "months", 24, "how many months back the documents go")
	f.StringVar(&email, "email", BenchEmail, "account to fill; created when missing")
	f.StringVar(&password, "password", "", "password for a new account (default: generated and printed)")
	f.Uint64Var(&seedValue, "seed", 1, "random seed; the same seed and day give the same data")
	return cmd
}

// benchAccount finds the account by email or creates it, verified, through
// the users hooks (so it gets its business, with the default settings,
// then the demo business's).
func benchAccount(app core.App, email, password string, out io.Writer) (*core.Record, error) {
	rec, err := app.FindAuthRecordByEmail(migrations.UsersCollection, email)
	if err == nil {
		return rec, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	users, err := app.FindCollectionByNameOrId(migrations.UsersCollection)
	if err != nil {
		return nil, err
	}
	generated := password == ""
	if generated {
		password = security.RandomString(16)
	}
	rec = core.NewRecord(users)
	rec.SetEmail(email)
	rec.SetPassword(password)
	rec.SetVerified(true)
	rec.Set("name", "Bench User")
	if err := app.Save(rec); err != nil {
		return nil, fmt.Errorf("create %s: %w", email, err)
	}
	if err := SetBusiness(app, rec, "Bench Co."); err != nil {
		return nil, fmt.Errorf("set up the business of %s: %w", email, err)
	}
	if generated {
		fmt.Fprintf(out, "Created %s with password %s\n", email, password)
	} else {
		fmt.Fprintf(out, "Created %s\n", email)
	}
	return rec, nil
}
