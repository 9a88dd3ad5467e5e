package billing

import (
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// remindersApp is the billing fixture with alice's reminders on (default
// schedule, business zone zone) and an address for Acme. Her open invoices
// are invSent (120.00) and invPartial (70.00 left), both due 31 March.
func remindersApp(t testing.TB, zone string) *tests.TestApp {
	t.Helper()
	app := factory(t)
	business := get(t, app, migrations.BusinessesCollection, alice)
	business.Set(migrations.FieldRemindersEnabled, true)
	business.Set(migrations.FieldTimeZone, zone)
	if err := app.Save(business); err != nil {
		t.Fatal(err)
	}
	acme := get(t, app, migrations.CustomersCollection, custAcme)
	acme.Set("email", "pay@acme.test")
	if err := app.Save(acme); err != nil {
		t.Fatal(err)
	}
	return app
}

// at is noon UTC of a day.
func at(day string) time.Time {
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		panic(err)
	}
	return d.Add(12 * time.Hour)
}

// sentSteps lists the steps logged for an invoice, in the order sent.
func sentSteps(t testing.TB, app core.App, invoice string) []int {
	t.Helper()
	var steps []int
	err := app.DB().Select("step").From(migrations.InvoiceRemindersCollection).
		Where(dbx.HashExp{"invoice": invoice}).OrderBy("rowid").Column(&steps)
	if err != nil {
		t.Fatal(err)
	}
	return steps
}

func run(t testing.TB, app core.App, now time.Time) {
	t.Helper()
	if err := RunReminders(app, now); err != nil {
		t.Fatal(err)
	}
}

func TestRemindersGoOutInOrderAndStopWhenPaid(t *testing.T) {
	app := remindersApp(t, "")
	defer app.Cleanup()

	run(t, app, at("2026-03-27"))
	if n := app.TestMailer.TotalSend(); n != 0 {
		t.Fatalf("%d mails before the first step", n)
	}

	run(t, app, at("2026-03-28")) // 3 days before due
	if n := app.TestMailer.TotalSend(); n != 2 {
		t.Fatalf("%d mails on 28 March, want one per open invoice (2)", n)
	}
	m := app.TestMailer.LastMessage()
	if m.To[0].Address != "pay@acme.test" || !strings.HasPrefix(m.Subject, "Reminder: Invoice INV-") {
		t.Errorf("mail to %v: %q", m.To, m.Subject)
	}
	if !strings.Contains(m.Text, "/d/") || !strings.Contains(m.Text, "is still open on invoice") {
		t.Errorf("the mail has no link or no reminder text:\n%s", m.Text)
	}

	// The same day again, and a restart: nothing new.
	run(t, app, at("2026-03-28"))
	run(t, app, at("2026-03-30"))
	if n := app.TestMailer.TotalSend(); n != 2 {
		t.Fatalf("%d mails after running again, want 2", n)
	}

	run(t, app, at("2026-03-31"))
	run(t, app, at("2026-04-07"))
	if got := sentSteps(t, app, invSent); !slices.Equal(got, []int{-3, 0, 7}) {
		t.Fatalf("invSent steps %v", got)
	}
	if n := countEvents(t, app, invSent, migrations.EventReminder); n != 3 {
		t.Errorf("%d reminder events on invSent, want 3", n)
	}

	// invSent is paid in full: it gets no more; invPartial goes on. (The
	// hooks' clock stays at testapp.FixedNow, and a payment is never dated
	// after its today.)
	if _, err := create(app, migrations.PaymentsCollection, "", map[string]any{
		"business": alice, "invoice": invSent, "amount_cents": 12000, "date": "2026-03-15", "method": "card",
	}); err != nil {
		t.Fatal(err)
	}
	run(t, app, at("2026-04-14"))
	run(t, app, at("2026-04-30"))
	if got := sentSteps(t, app, invSent); !slices.Equal(got, []int{-3, 0, 7}) {
		t.Errorf("paid invSent got more reminders: %v", got)
	}
	if got := sentSteps(t, app, invPartial); !slices.Equal(got, []int{-3, 0, 7, 14, 30}) {
		t.Errorf("invPartial steps %v", got)
	}
	// Never: drafts, paid, void, another account's.
	for _, id := range []string{invDraft, invPaid, invVoid, invBob} {
		if got := sentSteps(t, app, id); len(got) != 0 {
			t.Errorf("%s got reminders %v", id, got)
		}
	}
}

func TestRemindersCatchUpWithTheLatestStepOnly(t *testing.T) {
	app := remindersApp(t, "")
	defer app.Cleanup()
	run(t, app, at("2026-03-28"))
	// Down from 29 March to 16 April: 0 and 7 were missed, 14 is due.
	run(t, app, at("2026-04-16"))
	if got := sentSteps(t, app, invSent); !slices.Equal(got, []int{-3, 14}) {
		t.Errorf("steps after downtime %v, want [-3 14]", got)
	}
	if n := app.TestMailer.TotalSend(); n != 4 {
		t.Errorf("%d mails, want 4 (2 invoices × 2)", n)
	}
}

func TestRemindersFollowTheBusinessZone(t *testing.T) {
	// 27 March 23:30 UTC is 28 March in Berlin (-3 is due), still 27 March
	// in New York.
	now := time.Date(2026, 3, 27, 23, 30, 0, 0, time.UTC)
	for zone, want := range map[string]int{"Europe/Berlin": 2, "America/New_York": 0, "": 0} {
		app := remindersApp(t, zone)
		run(t, app, now)
		if n := app.TestMailer.TotalSend(); n != want {
			t.Errorf("zone %q: %d mails, want %d", zone, n, want)
		}
		if want > 0 {
			var day string
			_ = app.DB().Select("day").From(migrations.InvoiceRemindersCollection).Limit(1).Row(&day)
			if day != "2026-03-28" {
				t.Errorf("zone %q: logged on %s, want the business's date 2026-03-28", zone, day)
			}
		}
		app.Cleanup()
	}
}

func TestRemindersRespectOptOutAndTheSwitch(t *testing.T) {
	app := remindersApp(t, "")
	defer app.Cleanup()
	acme := get(t, app, migrations.CustomersCollection, custAcme)
	acme.Set(migrations.FieldRemindersOptOut, true)
	if err := app.Save(acme); err != nil {
		t.Fatal(err)
	}
	run(t, app, at("2026-04-07"))
	if n := app.TestMailer.TotalSend(); n != 0 {
		t.Errorf("%d mails to a customer who opted out", n)
	}
	acme.Set(migrations.FieldRemindersOptOut, false)
	if err := app.Save(acme); err != nil {
		t.Fatal(err)
	}
	business := get(t, app, migrations.BusinessesCollection, alice)
	business.Set(migrations.FieldRemindersEnabled, false)
	if err := app.Save(business); err != nil {
		t.Fatal(err)
	}
	run(t, app, at("2026-04-07"))
	if n := app.TestMailer.TotalSend(); n != 0 {
		t.Errorf("%d mails with reminders off", n)
	}
}

func TestRemindersStopWhenVoided(t *testing.T) {
	app := remindersApp(t, "")
	defer app.Cleanup()
	run(t, app, at("2026-03-28"))
	inv := get(t, app, migrations.InvoicesCollection, invSent)
	inv.Set("status", statusVoid)
	inv.Set("void_reason", "Wrong customer")
	if err := app.Save(inv); err != nil {
		t.Fatal(err)
	}
	run(t, app, at("2026-04-30"))
	if got := sentSteps(t, app, invSent); !slices.Equal(got, []int{-3}) {
		t.Errorf("void invoice steps %v", got)
	}
}

func TestReminderMailCarriesTheIssuedPDF(t *testing.T) {
	app := remindersApp(t, "")
	defer app.Cleanup()
	inv := get(t, app, migrations.InvoicesCollection, invSent)
	// No issued copy: no attachment.
	run(t, app, at("2026-03-28"))
	for _, m := range app.TestMailer.Messages() {
		if len(m.Attachments) != 0 {
			t.Fatalf("an attachment without an issued copy: %v", m.Attachments)
		}
	}
	// Sent through the route with a PDF: the next reminder attaches it.
	pdf := "%PDF-1.4\n" + strings.Repeat("x", 100) + "\n%%EOF\n"
	file, err := filesystem.NewFileFromBytes([]byte(pdf), "INV.pdf")
	if err != nil {
		t.Fatal(err)
	}
	inv.Set(migrations.FieldIssuedPDF, file)
	if err := app.Save(inv); err != nil {
		t.Fatal(err)
	}
	run(t, app, at("2026-03-31"))
	found := false
	for _, m := range app.TestMailer.Messages() {
		for name := range m.Attachments {
			if strings.HasSuffix(name, ".pdf") && m.To[0].Address == "pay@acme.test" {
				found = true
			}
		}
	}
	if !found {
		t.Error("the reminder did not attach the issued PDF")
	}
}

// Two runners on the same data at once (the cron and the clock route, or
// two servers): every reminder is claimed once, mailed once.
func TestRemindersExactlyOnceWithRunnersRacing(t *testing.T) {
	app := remindersApp(t, "")
	defer app.Cleanup()
	for _, day := range []string{"2026-03-28", "2026-03-31", "2026-04-07"} {
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := RunReminders(app, at(day)); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
	}
	if got := sentSteps(t, app, invSent); !slices.Equal(got, []int{-3, 0, 7}) {
		t.Errorf("invSent steps %v", got)
	}
	if n := app.TestMailer.TotalSend(); n != 6 {
		t.Errorf("%d mails, want 6 (2 invoices × 3 steps)", n)
	}
	if n := countEvents(t, app, invSent, migrations.EventReminder); n != 3 {
		t.Errorf("%d reminder events, want 3", n)
	}

	// The index itself refuses a second row for a step, whoever writes it.
	col, _ := app.FindCollectionByNameOrId(migrations.InvoiceRemindersCollection)
	dup := core.NewRecord(col)
	dup.Set("business", alice)
	dup.Set("invoice", invSent)
	dup.Set("step", 7)
	dup.Set("day", "2026-04-07")
	if err := app.SaveNoValidate(dup); err == nil || !isUniqueViolation(err) {
		t.Errorf("a second (invoice, step) row was not refused: %v", err)
	}
}

func TestReminderSettingsAndWeekRoute(t *testing.T) {
	me := "/api/collections/businesses/records/" + alice
	runAPICases(t, []apiCase{
		{name: "a schedule is stored sorted", as: alice, method: http.MethodPatch, url: me,
			body:   map[string]any{migrations.FieldReminderSteps: []int{14, -3, 0}},
			status: 200, contains: []string{`"reminder_steps":[-3,0,14]`}},
		{name: "a step out of bounds is refused on its field", as: alice, method: http.MethodPatch, url: me,
			body:   map[string]any{migrations.FieldReminderSteps: []int{400}},
			status: 400, contains: []string{refusedField("reminder_steps", "folio_reminder_steps", msgReminderSteps)}},
		{name: "the week's figure needs an account", method: http.MethodGet, url: PathRemindersWeek, status: 401},
		{name: "the week's figure", as: alice, method: http.MethodGet, url: PathRemindersWeek + "?business=" + alice,
			status: 200, contains: []string{`"sent":0`, `"from":"2026-03-09"`}},
		{name: "another business's figure is not found", as: bob, method: http.MethodGet,
			url: PathRemindersWeek + "?business=" + alice, status: 404},
		{name: "the week's figure counts the business's reminders only", as: alice, method: http.MethodGet,
			url: PathRemindersWeek + "?business=" + alice, before: func(t testing.TB, app *tests.TestApp) {
				for _, r := range []map[string]any{
					{"business": alice, "invoice": invSent, "step": -3, "day": "2026-03-28"},
					{"business": alice, "invoice": invPartial, "step": -3, "day": "2026-03-28"},
					{"business": bob, "invoice": invBob, "step": -3, "day": "2026-03-28"},
				} {
					if _, err := create(app, migrations.InvoiceRemindersCollection, "", r); err != nil {
						t.Fatal(err)
					}
				}
			},
			status: 200, contains: []string{`"sent":2`}},
	})
}

// Two servers on one data directory: two apps, each with its own
// connections, run the job at once, again and again. Each reminder is
// mailed by one of them only.
func TestRemindersExactlyOnceAcrossTwoAppsOnOneDataDir(t *testing.T) {
	app := remindersApp(t, "")
	defer app.Cleanup()
	other := core.NewBaseApp(core.BaseAppConfig{DataDir: app.DataDir(), EncryptionEnv: app.EncryptionEnv()})
	if err := other.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = other.ResetBootstrapState() }()
	var mu sync.Mutex
	otherSent := 0
	other.OnMailerSend().BindFunc(func(*core.MailerEvent) error {
		mu.Lock()
		otherSent++
		mu.Unlock()
		return nil // captured, not sent
	})

	for _, day := range []string{"2026-03-28", "2026-03-31", "2026-04-07", "2026-04-14"} {
		var wg sync.WaitGroup
		for i := range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				runner := core.App(app)
				if i%2 == 1 {
					runner = other
				}
				// Two servers may still find SQLite busy after the retries:
				// the losing run logs it and its next tick catches up.
				if err := RunReminders(runner, at(day)); err != nil && !isBusy(err) {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		// The next tick, the same day.
		run(t, app, at(day))
	}
	for _, inv := range []string{invSent, invPartial} {
		if got := sentSteps(t, app, inv); !slices.Equal(got, []int{-3, 0, 7, 14}) {
			t.Errorf("%s steps %v", inv, got)
		}
	}
	mu.Lock()
	total := app.TestMailer.TotalSend() + otherSent
	mu.Unlock()
	if total != 8 {
		t.Errorf("%d mails in all (%d from the second app), want 8", total, otherSent)
	}
}

// A process killed after the claim was committed and before its mail went
// out: the log says the step was sent, so no run sends it again (at most
// once), and the next step still goes out on its day.
func TestReminderClaimedBeforeACrashIsNotSentAgain(t *testing.T) {
	app := remindersApp(t, "")
	defer app.Cleanup()
	if _, err := create(app, migrations.InvoiceRemindersCollection, "", map[string]any{
		"business": alice, "invoice": invSent, "step": -3, "day": "2026-03-28", "to": "pay@acme.test",
	}); err != nil {
		t.Fatal(err)
	}
	run(t, app, at("2026-03-28"))
	run(t, app, at("2026-03-29"))
	if got := sentSteps(t, app, invSent); !slices.Equal(got, []int{-3}) {
		t.Errorf("invSent steps %v", got)
	}
	if n := app.TestMailer.TotalSend(); n != 1 {
		t.Errorf("%d mails, want 1 (invPartial's)", n)
	}
	run(t, app, at("2026-03-31"))
	if got := sentSteps(t, app, invSent); !slices.Equal(got, []int{-3, 0}) {
		t.Errorf("invSent steps after the due date %v", got)
	}
}

// A business whose owner's address is unverified mails no reminders (as
// it can't send documents): otherwise a fresh account could relay mail
// through the schedule.
func TestRemindersNeedAVerifiedAddress(t *testing.T) {
	app := remindersApp(t, "")
	defer app.Cleanup()
	owner := get(t, app, migrations.UsersCollection, alice)
	owner.SetVerified(false)
	if err := app.Save(owner); err != nil {
		t.Fatal(err)
	}
	run(t, app, at("2026-04-07"))
	if n := app.TestMailer.TotalSend(); n != 0 {
		t.Errorf("%d reminders mailed by an unverified account", n)
	}
	owner.SetVerified(true)
	if err := app.Save(owner); err != nil {
		t.Fatal(err)
	}
	run(t, app, at("2026-04-07"))
	if n := app.TestMailer.TotalSend(); n == 0 {
		t.Error("no reminder once the address is verified")
	}
}

// The trial's surprise: an invoice sent after its due date got
// "Reminder (14 days overdue)" 62 seconds later. Now its schedule counts
// from the send: nothing on the day, the first reminder a week after.
func TestAnInvoiceSentLateIsRemindedFromItsSend(t *testing.T) {
	t.Parallel()
	app := remindersApp(t, "")
	defer app.Cleanup()
	withEmail(custAcme)(t, app)
	// Due 1 March, sent on the fixture's today, 15 March 10:00 UTC.
	if _, err := create(app, migrations.InvoicesCollection, "ialicelate00001", map[string]any{"business": alice,
		"customer": custAcme, "issue_date": "2026-02-15", "due_date": "2026-03-01", "items": oneLine}); err != nil {
		t.Fatal(err)
	}
	srv := testServer(t, app)
	auth := map[string]string{"Authorization": testapp.Token(t, app, alice)}
	if c := do(srv, http.MethodPost, sendURL("invoices", "ialicelate00001"), strings.NewReader("{}"), auth).Code; c != 200 {
		t.Fatalf("send: %d", c)
	}
	for _, now := range []time.Time{
		testapp.FixedNow.Add(62 * time.Second),
		testapp.FixedNow.Add(20 * time.Hour),
		at("2026-03-21"),
	} {
		run(t, app, now)
		if got := sentSteps(t, app, "ialicelate00001"); len(got) != 0 {
			t.Fatalf("at %s the late invoice got reminders %v, want none before 22 March", now, got)
		}
	}
	run(t, app, at("2026-03-22"))
	if got := sentSteps(t, app, "ialicelate00001"); !slices.Equal(got, []int{7}) {
		t.Errorf("a week after the send: steps %v, want [7]", got)
	}
}
