package billing

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
	"time"
)

func TestDecideReminder(t *testing.T) {
	t.Parallel()
	steps := DefaultReminderSteps
	// Issued 1 March, due 31 March: -3 is 28 March, 0 is 31 March, 7 is
	// 7 April, 14 is 14 April, 30 is 30 April.
	open := reminderInvoice{status: statusSent, balanceCents: 12000, issueDate: "2026-03-01", dueDate: "2026-03-31"}
	with := func(f func(*reminderInvoice)) reminderInvoice {
		inv := open
		f(&inv)
		return inv
	}
	sentLate := with(func(i *reminderInvoice) { i.sentDay = "2026-04-20" })
	cases := []struct {
		name  string
		inv   reminderInvoice
		today string
		sent  []int
		step  int
		ok    bool
	}{
		{"nothing before the first step", open, "2026-03-27", nil, 0, false},
		{"3 days before due", open, "2026-03-28", nil, -3, true},
		{"the day after -3 was sent: nothing", open, "2026-03-29", []int{-3}, 0, false},
		{"on the due date", open, "2026-03-31", []int{-3}, 0, true},
		{"7 days after", open, "2026-04-07", []int{-3, 0}, 7, true},
		{"14 days after", open, "2026-04-14", []int{-3, 0, 7}, 14, true},
		{"30 days after", open, "2026-04-30", []int{-3, 0, 7, 14}, 30, true},
		{"all sent: nothing more, ever", open, "2026-12-31", []int{-3, 0, 7, 14, 30}, 0, false},
		{"downtime: only the latest due step, no burst", open, "2026-04-15", []int{-3}, 14, true},
		{"missed steps are not sent after a later one", open, "2026-04-20", []int{-3, 14}, 0, false},
		{"first run long after due: the latest step only", open, "2026-06-01", nil, 30, true},
		{"the same step is never sent twice", open, "2026-04-07", []int{7}, 0, false},
		{"partly paid still gets reminders", with(func(i *reminderInvoice) { i.status = statusPartial; i.balanceCents = 7000 }), "2026-03-31", nil, 0, true},
		{"viewed still gets reminders", with(func(i *reminderInvoice) { i.status = statusViewed }), "2026-03-31", nil, 0, true},
		{"paid: stops", with(func(i *reminderInvoice) { i.status = statusPaid; i.balanceCents = 0 }), "2026-04-07", []int{-3, 0}, 0, false},
		{"void: stops", with(func(i *reminderInvoice) { i.status = statusVoid }), "2026-04-07", []int{-3, 0}, 0, false},
		{"balance 0 (credited to zero): stops", with(func(i *reminderInvoice) { i.balanceCents = 0 }), "2026-04-07", nil, 0, false},
		{"draft: never", with(func(i *reminderInvoice) { i.status = statusDraft }), "2026-04-07", nil, 0, false},
		{"customer opted out: never", with(func(i *reminderInvoice) { i.optedOut = true }), "2026-04-07", nil, 0, false},
		{"no due date: never", with(func(i *reminderInvoice) { i.dueDate = "" }), "2026-04-07", nil, 0, false},
		{"a step before the issue date is never due", with(func(i *reminderInvoice) { i.issueDate = "2026-03-30" }), "2026-03-30", nil, 0, false},
		{"issued 2 days before due: the due date's step", with(func(i *reminderInvoice) { i.issueDate = "2026-03-29" }), "2026-03-31", nil, 0, true},
		{"month end: due 31 Jan + 30 is 2 March", with(func(i *reminderInvoice) { i.issueDate = "2026-01-01"; i.dueDate = "2026-01-31" }), "2026-03-02", []int{-3, 0, 7, 14}, 30, true},
		{"month end: not yet on 1 March", with(func(i *reminderInvoice) { i.issueDate = "2026-01-01"; i.dueDate = "2026-01-31" }), "2026-03-01", []int{-3, 0, 7, 14}, 0, false},
		{"29 February: -3 is 26 February", with(func(i *reminderInvoice) { i.issueDate = "2028-02-01"; i.dueDate = "2028-02-29" }), "2028-02-26", nil, -3, true},
		// Sent on time, 1 March: the schedule counts from the due date.
		{"sent on time: from the due date", with(func(i *reminderInvoice) { i.sentDay = "2026-03-01" }), "2026-03-28", nil, -3, true},
		// Sent 20 April, 20 days after its due date: the schedule counts
		// from the send, and -3 and 0 (on or before the send) never come.
		{"sent late: nothing on the send day", sentLate, "2026-04-20", nil, 0, false},
		{"sent late: nothing the day after", sentLate, "2026-04-21", nil, 0, false},
		{"sent late: nothing 6 days after the send", sentLate, "2026-04-26", nil, 0, false},
		{"sent late: 7 days after the send", sentLate, "2026-04-27", nil, 7, true},
		{"sent late: 14 days after the send", sentLate, "2026-05-04", []int{7}, 14, true},
		{"sent late: 30 days after the send", sentLate, "2026-05-20", []int{7, 14}, 30, true},
		{"sent on the due date: no reminder that day", with(func(i *reminderInvoice) { i.sentDay = "2026-03-31" }), "2026-03-31", nil, 0, false},
		{"sent on the due date: 7 days after", with(func(i *reminderInvoice) { i.sentDay = "2026-03-31" }), "2026-04-07", nil, 7, true},
		{"sent 3 days before due: not -3 that day", with(func(i *reminderInvoice) { i.sentDay = "2026-03-28" }), "2026-03-28", nil, 0, false},
		{"sent 3 days before due: the due date's step", with(func(i *reminderInvoice) { i.sentDay = "2026-03-28" }), "2026-03-31", nil, 0, true},
	}
	for _, c := range cases {
		step, ok := decideReminder(steps, c.inv, c.today, at(c.today), c.sent)
		if ok != c.ok || (ok && step != c.step) {
			t.Errorf("%s: got (%d, %v), want (%d, %v)", c.name, step, ok, c.step, c.ok)
		}
	}

	// An owner's own schedule.
	if step, ok := decideReminder([]int{1, 10}, open, "2026-04-05", at("2026-04-05"), nil); !ok || step != 1 {
		t.Errorf("own schedule: got (%d, %v), want (1, true)", step, ok)
	}
	if _, ok := decideReminder([]int{}, open, "2026-04-05", at("2026-04-05"), nil); ok {
		t.Error("an empty schedule sends nothing")
	}
}

// No reminder in the 24 hours after any mail of the invoice: the reminder
// waits for the quiet time to pass, it is not dropped.
func TestDecideReminderQuietAfterMail(t *testing.T) {
	t.Parallel()
	// Due 31 March, sent 20 April 09:00 UTC; the 7-day step is 27 April.
	sentAt := time.Date(2026, 4, 20, 9, 0, 0, 0, time.UTC)
	inv := reminderInvoice{status: statusSent, balanceCents: 12000, issueDate: "2026-03-01", dueDate: "2026-03-31",
		sentDay: "2026-04-20", lastMail: sentAt}
	cases := []struct {
		name     string
		lastMail time.Time
		today    string
		now      time.Time
		ok       bool
	}{
		{"62 seconds after the send: nothing", sentAt, "2026-04-20", sentAt.Add(62 * time.Second), false},
		{"a step due, but re-sent an hour ago: waits", sentAt.AddDate(0, 0, 7), "2026-04-27", sentAt.AddDate(0, 0, 7).Add(time.Hour), false},
		{"23h59 after the re-send: still waits", sentAt.AddDate(0, 0, 7), "2026-04-28", sentAt.AddDate(0, 0, 7).Add(reminderQuiet - time.Minute), false},
		{"24 hours after the re-send: goes", sentAt.AddDate(0, 0, 7), "2026-04-28", sentAt.AddDate(0, 0, 7).Add(reminderQuiet), true},
		{"the step's day, a week after the send: goes", sentAt, "2026-04-27", at("2026-04-27"), true},
		{"no mail known: the schedule alone", time.Time{}, "2026-04-27", at("2026-04-27"), true},
	}
	for _, c := range cases {
		in := inv
		in.lastMail = c.lastMail
		step, ok := decideReminder(DefaultReminderSteps, in, c.today, c.now, nil)
		if ok != c.ok || (ok && step != 7) {
			t.Errorf("%s: got (%d, %v), want (7, %v)", c.name, step, ok, c.ok)
		}
	}
}

func TestDecideReminderSteps(t *testing.T) {
	t.Parallel()
	cases := []struct {
		raw  string
		want []int
		bad  bool
	}{
		{"", nil, false},
		{"null", nil, false},
		{"[]", []int{}, false},
		{"[30, -3, 0, 14, 7]", []int{-3, 0, 7, 14, 30}, false},
		{"[7, 7, 1]", []int{1, 7}, false},
		{"[-30, 365]", []int{-30, 365}, false},
		{"[-31]", nil, true},
		{"[366]", nil, true},
		{"[1.5]", nil, true},
		{`["7"]`, nil, true},
		{`{"a":1}`, nil, true},
		{"[1,2,3,4,5,6,7,8,9,10,11]", nil, true},
	}
	for _, c := range cases {
		got, rerr := decideReminderSteps([]byte(c.raw))
		if (rerr != nil) != c.bad {
			t.Errorf("%s: refusal %v, want bad=%v", c.raw, rerr, c.bad)
			continue
		}
		if rerr != nil && (rerr.code != "folio_reminder_steps" || rerr.field != "reminder_steps") {
			t.Errorf("%s: refusal %s on %s", c.raw, rerr.code, rerr.field)
		}
		if !c.bad && !slices.Equal(got, c.want) || (c.want != nil) != (got != nil) {
			t.Errorf("%s: got %v, want %v", c.raw, got, c.want)
		}
	}
}

func TestWeekStartIsMondayInTheBusinessZone(t *testing.T) {
	t.Parallel()
	cases := []struct {
		zone string
		now  time.Time
		want string
	}{
		// Wednesday 18 March 2026.
		{"", time.Date(2026, 3, 18, 12, 0, 0, 0, time.UTC), "2026-03-16"},
		// Monday 16 March 00:30 UTC.
		{"", time.Date(2026, 3, 16, 0, 30, 0, 0, time.UTC), "2026-03-16"},
		// Sunday 15 March 23:30 UTC is already Monday in Berlin...
		{"Europe/Berlin", time.Date(2026, 3, 15, 23, 30, 0, 0, time.UTC), "2026-03-16"},
		// ...and still Sunday in New York.
		{"America/New_York", time.Date(2026, 3, 15, 23, 30, 0, 0, time.UTC), "2026-03-09"},
		// The week after Berlin's switch to summer time (29 March 2026):
		// Monday 30 March 00:30 local is 29 March 22:30 UTC.
		{"Europe/Berlin", time.Date(2026, 3, 29, 22, 30, 0, 0, time.UTC), "2026-03-30"},
		{"Europe/Berlin", time.Date(2026, 3, 29, 21, 30, 0, 0, time.UTC), "2026-03-23"},
	}
	for _, c := range cases {
		start, from := weekStart(c.zone, c.now)
		if from != c.want {
			t.Errorf("%s %v: week from %s, want %s", c.zone, c.now, from, c.want)
		}
		if start.After(c.now) || c.now.Sub(start) >= 7*24*time.Hour {
			t.Errorf("%s %v: start %v is not within the week", c.zone, c.now, start)
		}
	}
}

// The web app's defaults (src/billing/dunning-defaults.json) are the server's.
func TestDunningDefaultsMatchTheWebApp(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../../../src/billing/dunning-defaults.json")
	if err != nil {
		t.Fatal(err)
	}
	var shared struct {
		Steps   []int             `json:"steps"`
		Subject map[string]string `json:"subject"`
		Message map[string]string `json:"message"`
	}
	if err := json.Unmarshal(raw, &shared); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(shared.Steps, DefaultReminderSteps) {
		t.Errorf("steps %v, Go has %v", shared.Steps, DefaultReminderSteps)
	}
	if len(shared.Subject) != len(reminderCatalogue) || len(shared.Message) != len(reminderCatalogue) {
		t.Errorf("languages differ: %d/%d in the JSON, %d in Go", len(shared.Subject), len(shared.Message), len(reminderCatalogue))
	}
	for lang, w := range reminderCatalogue {
		if shared.Subject[lang] != w.Subject {
			t.Errorf("%s subject: JSON %q, Go %q", lang, shared.Subject[lang], w.Subject)
		}
		if shared.Message[lang] != w.Message {
			t.Errorf("%s message: JSON %q, Go %q", lang, shared.Message[lang], w.Message)
		}
	}
	if _, ok := mailCatalogue["de"]; ok {
		for lang := range mailCatalogue {
			if _, ok := reminderCatalogue[lang]; !ok {
				t.Errorf("no reminder templates in %s", lang)
			}
		}
	}
}
