package billing

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// dueSoon gives alice n more sent invoices to Acme, due 2026-03-18: the
// default schedule's first reminder (3 days before) is due on the
// fixture's today, 2026-03-15. They were sent on their issue date, 1 March
// (a reminder never goes out on the day of the send). Their ids are
// returned.
func dueSoon(t testing.TB, app *tests.TestApp, n int) []string {
	t.Helper()
	ids := make([]string, n)
	for i := range ids {
		ids[i] = fmt.Sprintf("ialicedue%06d", i)
		inv, err := create(app, migrations.InvoicesCollection, ids[i], map[string]any{"business": alice, "customer": custAcme,
			"issue_date": "2026-03-01", "due_date": "2026-03-18", "items": oneLine})
		if err != nil {
			t.Fatal(err)
		}
		inv.Set("status", "sent")
		inv.Set("sent_at", "2026-03-01 10:00:00.000Z")
		if err := app.Save(inv); err != nil {
			t.Fatal(err)
		}
	}
	return ids
}

// countRows counts the rows of a collection that match where.
func countRows(t testing.TB, app core.App, collection string, where dbx.Expression) int {
	t.Helper()
	n, err := app.CountRecords(collection, where)
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// Reminders are mails of the account like manual sends: with the hourly
// limit N, N+1 reminders due (after 2 manual sends) leave N-2 this hour,
// none a quarter hour later, the rest the next hour, each exactly once;
// meanwhile the send route finds the limit reached.
func TestRemindersKeepToTheHourlySendingLimit(t *testing.T) {
	t.Parallel()
	app := remindersApp(t, "")
	defer app.Cleanup()
	withEmail(custAcme)(t, app)
	due := dueSoon(t, app, SendsPerAccountHour+1)
	srv := testServer(t, app)
	auth := map[string]string{"Authorization": testapp.Token(t, app, alice)}
	send := func() int {
		return do(srv, http.MethodPost, sendURL("invoices", invSent), strings.NewReader("{}"), auth).Code
	}
	for i := 0; i < 2; i++ {
		if c := send(); c != 200 {
			t.Fatalf("manual send %d: %d", i+1, c)
		}
	}
	now := testapp.FixedNow // the send route's clock
	reminded := func() int {
		return countRows(t, app, migrations.InvoiceRemindersCollection, dbx.HashExp{"business": alice})
	}

	run(t, app, now)
	if n := reminded(); n != SendsPerAccountHour-2 {
		t.Errorf("%d reminders in the first hour, want %d (the limit less 2 manual sends)", n, SendsPerAccountHour-2)
	}
	if n := app.TestMailer.TotalSend(); n != SendsPerAccountHour {
		t.Errorf("%d mails in the first hour, want %d", n, SendsPerAccountHour)
	}
	if c := send(); c != http.StatusTooManyRequests {
		t.Errorf("a manual send after the reminders filled the hour: %d, want 429", c)
	}

	run(t, app, now.Add(15*time.Minute))
	if n := app.TestMailer.TotalSend(); n != SendsPerAccountHour {
		t.Errorf("%d mails a quarter hour later, want still %d", n, SendsPerAccountHour)
	}

	run(t, app, now.Add(61*time.Minute))
	run(t, app, now.Add(76*time.Minute))
	if n := reminded(); n != len(due) {
		t.Errorf("%d reminders after the next hour, want all %d", n, len(due))
	}
	if n := app.TestMailer.TotalSend(); n != 2+len(due) {
		t.Errorf("%d mails in all, want %d", n, 2+len(due))
	}
	for _, id := range due {
		if got := sentSteps(t, app, id); !slices.Equal(got, []int{-3}) {
			t.Errorf("%s reminded %v, want [-3] once", id, got)
		}
	}
	if n := countRows(t, app, migrations.MailSendsCollection, dbx.HashExp{"business": alice}); n != 2+len(due) {
		t.Errorf("%d mails counted, want %d", n, 2+len(due))
	}
}

// A reminder whose mail failed gives its count back with its claim: the
// hour's room is intact and the next run sends it.
func TestAFailedReminderDoesNotCount(t *testing.T) {
	t.Parallel()
	app := remindersApp(t, "")
	defer app.Cleanup()
	dueSoon(t, app, 1)
	fail := true
	app.OnMailerSend().BindFunc(func(e *core.MailerEvent) error {
		if fail {
			return errors.New("smtp down")
		}
		return e.Next()
	})
	if err := RunReminders(app, testapp.FixedNow); err == nil {
		t.Fatal("a failing mail was not reported")
	}
	if n := countRows(t, app, migrations.MailSendsCollection, dbx.HashExp{"business": alice}); n != 0 {
		t.Errorf("%d mails counted after a failure, want 0", n)
	}
	fail = false
	run(t, app, testapp.FixedNow.Add(time.Minute))
	if n := app.TestMailer.TotalSend(); n != 1 {
		t.Errorf("%d mails on the next run, want 1", n)
	}
	if n := countRows(t, app, migrations.MailSendsCollection, dbx.HashExp{"business": alice}); n != 1 {
		t.Errorf("%d mails counted, want 1", n)
	}
}
