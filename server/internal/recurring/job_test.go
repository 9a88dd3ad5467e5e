package recurring

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/billing"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// invoicesOf is the issue dates of the invoices a template made, by its runs.
func invoicesOf(t testing.TB, app core.App, tpl string) []string {
	t.Helper()
	runs, err := app.FindRecordsByFilter(migrations.RecurringRunsCollection, "template = {:t} && invoice != ''", "period", 0, 0, dbx.Params{"t": tpl})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range runs {
		inv, err := app.FindRecordById(migrations.InvoicesCollection, r.GetString("invoice"))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, inv.GetDateTime("issue_date").Time().Format(time.DateOnly))
	}
	return out
}

// totals is every template's number of invoices and runs, and all invoices.
func totals(t testing.TB, app core.App) (invoices, runs int) {
	return count(t, app, migrations.InvoicesCollection, dbx.NewExp("1=1")), count(t, app, migrations.RecurringRunsCollection, dbx.NewExp("1=1"))
}

func TestRunsCatchUpEachWithItsOwnIssueDate(t *testing.T) {
	app := factory(t)
	defer app.Cleanup()

	if err := RunDue(app, testapp.FixedNow); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(invoicesOf(t, app, tplMonthly), " "); got != "2026-01-01 2026-02-01 2026-03-01" {
		t.Fatalf("monthly template made %q", got)
	}
	tpl, _ := app.FindRecordById(migrations.RecurringCollection, tplMonthly)
	if tpl.GetString("last_period") != "2026-03-01" || tpl.GetInt("made_count") != 3 || tpl.GetString("next_date") != "2026-04-01" {
		t.Fatalf("template progress: %v %v %v", tpl.GetString("last_period"), tpl.GetInt("made_count"), tpl.GetString("next_date"))
	}
	if up := fmt.Sprint(tpl.Get("upcoming")); !strings.Contains(string(billing.RawJSON(tpl, "upcoming")), `"2026-04-01","2026-05-01","2026-06-01"`) {
		t.Fatalf("upcoming %s", up)
	}
	runs, _ := app.FindRecordsByFilter(migrations.RecurringRunsCollection, "template = {:t}", "period", 0, 0, dbx.Params{"t": tplMonthly})
	for _, r := range runs {
		inv, _ := app.FindRecordById(migrations.InvoicesCollection, r.GetString("invoice"))
		due := inv.GetDateTime("due_date").Time().Sub(inv.GetDateTime("issue_date").Time())
		if r.GetString("status") != "made" || inv.GetString("status") != "draft" || due != 14*24*time.Hour ||
			inv.GetInt("total_cents") != 6000 || inv.GetString("number") == "" {
			t.Errorf("run %s: %s, invoice %s %s due +%v total %d", r.GetString("period"), r.GetString("status"),
				inv.GetString("number"), inv.GetString("status"), due, inv.GetInt("total_cents"))
		}
	}
	// Bob's business is in UTC: the last day of February.
	if got := strings.Join(invoicesOf(t, app, tplBob), " "); got != "2026-02-28" {
		t.Fatalf("bob's template made %q", got)
	}

	// Another pass (a restart, the next tick) makes nothing more.
	inv, runsN := totals(t, app)
	if err := RunDue(app, testapp.FixedNow.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if i2, r2 := totals(t, app); i2 != inv || r2 != runsN {
		t.Fatalf("second pass: %d/%d invoices/runs, had %d/%d", i2, r2, inv, runsN)
	}
}

func TestSendRunsMailTheInvoiceOnce(t *testing.T) {
	app := factory(t)
	defer app.Cleanup()

	for range 2 {
		if err := RunDue(app, testapp.FixedNow); err != nil {
			t.Fatal(err)
		}
	}
	if n := app.TestMailer.TotalSend(); n != 1 {
		t.Fatalf("%d mails, want 1", n)
	}
	m := app.TestMailer.LastMessage()
	if m.To[0].Address != "billing@acme.test" || !strings.Contains(m.Text, "/d/") {
		t.Fatalf("mail to %v: %s", m.To, m.Text)
	}
	run, err := findRun(app, tplSend, "2026-03-09")
	if err != nil {
		t.Fatal(err)
	}
	inv, _ := app.FindRecordById(migrations.InvoicesCollection, run.GetString("invoice"))
	if run.GetString("status") != "sent" || inv.GetString("status") != "sent" || !strings.Contains(m.Subject, inv.GetString("number")) {
		t.Fatalf("run %s, invoice %s, subject %q", run.GetString("status"), inv.GetString("status"), m.Subject)
	}

	// A customer without an email: the invoice is made, its mail fails
	// with the reason on the run and the template.
	run, err = findRun(app, tplNoMail, "2026-03-15")
	if err != nil {
		t.Fatal(err)
	}
	tpl, _ := app.FindRecordById(migrations.RecurringCollection, tplNoMail)
	if run.GetString("status") != "mail_failed" || run.GetString("error_code") != "folio_no_email" ||
		tpl.GetString("last_error_code") != "folio_no_email" || run.GetString("invoice") == "" {
		t.Fatalf("run %s %s, template %q", run.GetString("status"), run.GetString("error_code"), tpl.GetString("last_error_code"))
	}
}

func TestFailedRunIsLoggedAndTriedAgain(t *testing.T) {
	app := factory(t)
	defer app.Cleanup()
	before, _ := totals(t, app)

	afterInvoice = func(core.App) error { return errors.New("disk full") }
	err := RunDue(app, testapp.FixedNow)
	afterInvoice = nil
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := totals(t, app); n != before {
		t.Fatalf("a failed run left %d invoices", n-before)
	}
	run, err := findRun(app, tplMonthly, "2026-01-01")
	if err != nil {
		t.Fatal(err)
	}
	tpl, _ := app.FindRecordById(migrations.RecurringCollection, tplMonthly)
	if run.GetString("status") != "failed" || run.GetString("error_code") != "folio_recurring_run_failed" ||
		tpl.GetString("last_error") != msgRunFailed || tpl.GetInt("made_count") != 0 {
		t.Fatalf("run %s %s, template %q", run.GetString("status"), run.GetString("error_code"), tpl.GetString("last_error"))
	}
	// Later periods wait for the failed one.
	if _, err := findRun(app, tplMonthly, "2026-02-01"); err == nil {
		t.Fatal("a later period ran after a failed one")
	}

	if err := RunDue(app, testapp.FixedNow); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(invoicesOf(t, app, tplMonthly), " "); got != "2026-01-01 2026-02-01 2026-03-01" {
		t.Fatalf("after the retry: %q", got)
	}
	tpl, _ = app.FindRecordById(migrations.RecurringCollection, tplMonthly)
	if tpl.GetString("last_error") != "" {
		t.Fatalf("the error stayed: %q", tpl.GetString("last_error"))
	}
}

// openSecond opens a second app on the data directory of app, as a second
// server would: its own database connections, the same files.
func openSecond(t testing.TB, app *tests.TestApp, mails *atomic.Int32) core.App {
	t.Helper()
	b := core.NewBaseApp(core.BaseAppConfig{DataDir: app.DataDir(), EncryptionEnv: "pb_test_env"})
	if err := b.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.ResetBootstrapState() })
	bindAll(b)
	b.OnMailerSend().BindFunc(func(*core.MailerEvent) error { mails.Add(1); return nil })
	return b
}

func TestTwoServersRacingMakeEachRunOnce(t *testing.T) {
	a := factory(t)
	defer a.Cleanup()
	var mails atomic.Int32
	b := openSecond(t, a, &mails)

	var wg sync.WaitGroup
	for i := range 6 {
		app := core.App(a)
		if i%2 == 1 {
			app = b
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				_ = RunDue(app, testapp.FixedNow) // a busy database is tried again on the next pass
			}
		}()
	}
	wg.Wait()
	if err := RunDue(a, testapp.FixedNow); err != nil {
		t.Fatal(err)
	}

	want := map[string]string{
		tplMonthly: "2026-01-01 2026-02-01 2026-03-01", tplSend: "2026-03-09", tplNoMail: "2026-03-15",
		tplBob: "2026-02-28", tplBobLater: "",
	}
	for tpl, w := range want {
		if got := strings.Join(invoicesOf(t, a, tpl), " "); got != w {
			t.Errorf("%s made %q, want %q", tpl, got, w)
		}
	}
	if inv, runs := totals(t, a); inv != 6 || runs != 6 {
		t.Errorf("%d invoices and %d runs, want 6 and 6", inv, runs)
	}
	if n := int(mails.Load()) + a.TestMailer.TotalSend(); n != 1 {
		t.Errorf("%d mails, want 1", n)
	}
}

// crashEnv names the data directory the child process runs the job on,
// dying between the invoice's insert and the run's log.
const crashEnv = "FOLIO_RECURRING_CRASH_DIR"

// TestCrashHelper is the child process of TestKillBetweenInvoiceAndLog.
func TestCrashHelper(t *testing.T) {
	dir := os.Getenv(crashEnv)
	if dir == "" {
		t.Skip("only as the child of TestKillBetweenInvoiceAndLog")
	}
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir, EncryptionEnv: "pb_test_env"})
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	bindAll(app)
	afterInvoice = func(tx core.App) error {
		// The invoice is in the transaction: check, then die without a word.
		var n int
		_ = tx.DB().Select("COUNT(*)").From(migrations.InvoicesCollection).Row(&n)
		fmt.Println("invoices in the transaction:", n)
		os.Exit(3)
		return nil
	}
	_ = RunDue(app, testapp.FixedNow)
	t.Fatal("the job did not reach the crash point")
}

func TestKillBetweenInvoiceAndLog(t *testing.T) {
	app := factory(t)
	defer app.Cleanup()
	before, runsBefore := totals(t, app)

	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashHelper$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashEnv+"="+app.DataDir())
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 || !strings.Contains(string(out), fmt.Sprintf("invoices in the transaction: %d", before+1)) {
		t.Fatalf("child: %v\n%s", err, out)
	}

	// Nothing of the killed run is left: no invoice, no run.
	if inv, runs := totals(t, app); inv != before || runs != runsBefore {
		t.Fatalf("after the kill: %d invoices, %d runs (had %d, %d)", inv, runs, before, runsBefore)
	}
	// The next start makes it, once.
	for range 2 {
		if err := RunDue(app, testapp.FixedNow); err != nil {
			t.Fatal(err)
		}
	}
	if got := strings.Join(invoicesOf(t, app, tplMonthly), " "); got != "2026-01-01 2026-02-01 2026-03-01" {
		t.Fatalf("after the restart: %q", got)
	}
}

// Pause, resume and edits affect future runs only.
func TestPauseResumeAndEditAffectFutureRunsOnly(t *testing.T) {
	app := testapp.Fixture(t, "recurring", buildFixture)
	defer app.Cleanup()
	var now atomic.Value
	now.Store(testapp.FixedNow)
	clock := func() time.Time { return now.Load().(time.Time) }
	billing.BindWithClock(app, clock)
	BindWithClock(app, clock)

	if err := RunDue(app, testapp.FixedNow); err != nil {
		t.Fatal(err)
	}
	setField(t, app, tplMonthly, map[string]any{"paused": true})
	may := time.Date(2026, 5, 10, 8, 0, 0, 0, time.UTC)
	if err := RunDue(app, may); err != nil {
		t.Fatal(err)
	}
	if got := len(invoicesOf(t, app, tplMonthly)); got != 3 {
		t.Fatalf("a paused template made %d invoices", got-3)
	}
	// Resumed on 10 May: April and May 1st were paused, not owed.
	now.Store(may)
	setField(t, app, tplMonthly, map[string]any{"paused": false})
	if err := RunDue(app, may.Add(5*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	tpl, _ := app.FindRecordById(migrations.RecurringCollection, tplMonthly)
	if got := len(invoicesOf(t, app, tplMonthly)); got != 3 || tpl.GetString("next_date") != "2026-06-01" {
		t.Fatalf("after the resume: %d invoices, next %s", got, tpl.GetString("next_date"))
	}
	// Moved to the 15th on 12 May: the 15th is the next run, the made
	// invoices stay as they are.
	now.Store(may.Add(2 * 24 * time.Hour))
	setField(t, app, tplMonthly, map[string]any{"month_day": 15})
	if err := RunDue(app, may.Add(5*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(invoicesOf(t, app, tplMonthly), " "); got != "2026-01-01 2026-02-01 2026-03-01 2026-05-15" {
		t.Fatalf("after the edit: %q", got)
	}
}

// A "create and send" template of a business whose owner's account is
// unverified makes its invoice but mails nothing: the run says why, as the
// send route would.
func TestSendRunsNeedAVerifiedAddress(t *testing.T) {
	app := factory(t)
	defer app.Cleanup()
	tpl, err := app.FindRecordById(migrations.RecurringCollection, tplSend)
	if err != nil {
		t.Fatal(err)
	}
	// The business has its owner's id (a sign-up's business).
	owner, err := app.FindRecordById(migrations.UsersCollection, tpl.GetString(migrations.FieldBusiness))
	if err != nil {
		t.Fatal(err)
	}
	owner.SetVerified(false)
	if err := app.Save(owner); err != nil {
		t.Fatal(err)
	}
	if err := RunDue(app, testapp.FixedNow); err != nil {
		t.Fatal(err)
	}
	if n := app.TestMailer.TotalSend(); n != 0 {
		t.Fatalf("%d mails from an unverified account", n)
	}
	run, err := findRun(app, tplSend, "2026-03-09")
	if err != nil {
		t.Fatal(err)
	}
	if run.GetString("status") != "mail_failed" || run.GetString("error_code") != "folio_send_unverified" || run.GetString("invoice") == "" {
		t.Fatalf("run %s %s invoice %q", run.GetString("status"), run.GetString("error_code"), run.GetString("invoice"))
	}
}

// A closed business is read-only for Folio too: its templates make nothing
// until it would be reopened.
func TestAClosedBusinessMakesNoRuns(t *testing.T) {
	app := factory(t)
	defer app.Cleanup()
	b, err := app.FindRecordById(migrations.BusinessesCollection, alice)
	if err != nil {
		t.Fatal(err)
	}
	b.Set(migrations.FieldClosedAt, testapp.FixedNow.Add(-time.Hour))
	if err := app.Save(b); err != nil {
		t.Fatal(err)
	}
	if err := RunDue(app, testapp.FixedNow); err != nil {
		t.Fatal(err)
	}
	if n := count(t, app, migrations.RecurringRunsCollection, dbx.HashExp{"business": alice}); n != 0 {
		t.Errorf("%d runs in a closed business", n)
	}
	if n := count(t, app, migrations.InvoicesCollection, dbx.HashExp{"business": alice}); n != 0 {
		t.Errorf("%d invoices made in a closed business", n)
	}
	// Bob's business is open: its due template ran.
	if got := strings.Join(invoicesOf(t, app, tplBob), " "); got != "2026-02-28" {
		t.Errorf("bob's template made %q", got)
	}
}
