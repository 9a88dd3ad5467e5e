package recurring

import (
	"errors"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/billing"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// sentBefore records n of alice's mails at the time given, as the send
// route counts them.
func sentBefore(t testing.TB, app core.App, n int, at time.Time) {
	t.Helper()
	for i := 0; i < n; i++ {
		if _, err := create(app, migrations.MailSendsCollection, "", map[string]any{"business": alice, "kind": "invoice",
			"document": "ialiceelsewhere", migrations.FieldSentAt: at}); err != nil {
			t.Fatal(err)
		}
	}
}

// A run made to be sent while the business's hourly limit is reached (the
// limit is shared with manual sends) is not dropped: it waits, and a pass
// once the hour has room mails it, once.
func TestSendRunsWaitForTheHourlySendingLimit(t *testing.T) {
	app := factory(t)
	defer app.Cleanup()
	now := testapp.FixedNow
	sentBefore(t, app, billing.SendsPerAccountHour, now.Add(-time.Minute))

	if err := RunDue(app, now); err != nil {
		t.Fatal(err)
	}
	if n := app.TestMailer.TotalSend(); n != 0 {
		t.Fatalf("%d mails over the limit", n)
	}
	run, err := findRun(app, tplSend, "2026-03-09")
	if err != nil {
		t.Fatal(err)
	}
	if run.GetString("status") != "to_send" || run.GetString("invoice") == "" {
		t.Fatalf("run over the limit: %s %s, want to_send", run.GetString("status"), run.GetString("error_code"))
	}

	for _, later := range []time.Duration{61 * time.Minute, 66 * time.Minute} {
		if err := RunDue(app, now.Add(later)); err != nil {
			t.Fatal(err)
		}
	}
	if n := app.TestMailer.TotalSend(); n != 1 {
		t.Fatalf("%d mails once the hour had room, want 1", n)
	}
	run, _ = findRun(app, tplSend, "2026-03-09")
	if run.GetString("status") != "sent" {
		t.Errorf("run %s, want sent", run.GetString("status"))
	}
}

// A recurring mail that failed (SMTP) is not counted against the limits.
func TestAFailedRecurringMailDoesNotCount(t *testing.T) {
	app := factory(t)
	defer app.Cleanup()
	app.OnMailerSend().BindFunc(func(*core.MailerEvent) error { return errors.New("smtp down") })
	if err := RunDue(app, testapp.FixedNow); err != nil {
		t.Fatal(err)
	}
	run, err := findRun(app, tplSend, "2026-03-09")
	if err != nil {
		t.Fatal(err)
	}
	if run.GetString("status") != "mail_failed" {
		t.Fatalf("run %s, want mail_failed", run.GetString("status"))
	}
	if n := count(t, app, migrations.MailSendsCollection, dbx.HashExp{"business": alice}); n != 0 {
		t.Errorf("%d mails counted after the failure, want 0", n)
	}
}
