package billing

import (
	"encoding/json"
	"math"
	"slices"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// Automatic payment reminders (reminders.go runs them). The rules here are
// pure and table-tested (decide_reminders_test.go).
//
// A schedule is a list of steps: days relative to an invoice's due date
// (-3 three days before, 0 on the day, 7 a week after). The web app shows
// the defaults from src/billing/dunning-defaults.json, which a test holds
// equal to DefaultReminderSteps and the default templates.

// DefaultReminderSteps is the schedule of a business that has not set its own.
var DefaultReminderSteps = []int{-3, 0, 7, 14, 30}

// msgReminderSteps refuses a schedule out of bounds.
const msgReminderSteps = "Enter the reminder days as whole numbers from -30 to 365, at most 10 of them."

// Bounds of a schedule.
const (
	reminderStepMin  = -30
	reminderStepMax  = 365
	reminderStepsMax = 10
)

// reminderInvoice is what the rule reads of an invoice and its customer.
type reminderInvoice struct {
	status string
	// balanceCents is what is still owed (invoiceBalanceDue).
	balanceCents int64
	// issueDate and dueDate are YYYY-MM-DD.
	issueDate, dueDate string
	// optedOut: the customer gets no reminders.
	optedOut bool
	// sentDay is the business's date the invoice was first sent
	// (YYYY-MM-DD; empty when unknown), lastMail the latest instant a
	// mail of it went out (its send, a re-send or a reminder; zero when
	// unknown).
	sentDay  string
	lastMail time.Time
}

// reminderQuiet is how long after any mail of an invoice (its send, a
// re-send, a reminder) no reminder of it goes out: a reminder waits, it
// is not dropped.
const reminderQuiet = 24 * time.Hour

// invoiceBalanceDue is what the customer still owes on an invoice, the one
// amount reminders look at: nothing on a draft or a void invoice, else its
// balance (total less payments). Whatever else settles an invoice (a credit
// note) belongs here too, so that reminders stop when it reaches 0.
func invoiceBalanceDue(inv *core.Record) int64 {
	return BalanceDue(inv.GetString("status"), int64(inv.GetInt("balance_cents")))
}

// reminderOpen reports whether an invoice may still be reminded of: issued
// (sent, viewed or partly paid) with something left to pay. Paid, void and
// draft invoices, and any whose balance reached 0, get no more reminders.
func reminderOpen(status string, balanceCents int64) bool {
	switch status {
	case statusSent, statusViewed, statusPartial:
		return balanceCents > 0
	}
	return false
}

// decideReminder is the step of the schedule to mail today (the business's
// date, YYYY-MM-DD, and the instant now) for an invoice, given the steps
// already sent for it; ok is false when there is none.
//
// The schedule counts from the due date, or from the day the invoice was
// sent when that is later (an invoice sent after its due date gets its
// first reminder 7 days after the send with the default schedule, not
// "14 days overdue" a minute after it). A step on or before the send day
// is never due: the invoice's own mail just said it. No reminder goes out
// within reminderQuiet of the latest mail of the invoice; it waits.
//
// A step is due from its day (due date + step) on, and only once. When
// several are due and unsent (the server was down, or the invoice was sent
// late), only the latest is mailed and the earlier ones are skipped for
// good: the customer gets one reminder that says where things stand, never
// a burst. A step whose day is before the invoice's issue date is never
// due (no "due in 3 days" for an invoice issued the day before its due
// date), and once a step is sent no earlier one follows.
func decideReminder(steps []int, inv reminderInvoice, today string, now time.Time, sent []int) (step int, ok bool) {
	if inv.optedOut || !reminderOpen(inv.status, inv.balanceCents) {
		return 0, false
	}
	if !inv.lastMail.IsZero() && now.Before(inv.lastMail.Add(reminderQuiet)) {
		return 0, false
	}
	due, err := time.Parse(time.DateOnly, inv.dueDate)
	if err != nil {
		return 0, false
	}
	until, err := time.Parse(time.DateOnly, today)
	if err != nil {
		return 0, false
	}
	issued, err := time.Parse(time.DateOnly, inv.issueDate)
	if err != nil {
		issued = time.Time{}
	}
	from := due
	sentDay, err := time.Parse(time.DateOnly, inv.sentDay)
	sentKnown := err == nil
	if sentKnown && sentDay.After(due) {
		from = sentDay
	}
	found := false
	for _, s := range steps {
		day := from.AddDate(0, 0, s)
		if day.After(until) || day.Before(issued) || (sentKnown && !day.After(sentDay)) {
			continue
		}
		if !found || s > step {
			step, found = s, true
		}
	}
	if !found {
		return 0, false
	}
	for _, s := range sent {
		if s >= step {
			return 0, false
		}
	}
	return step, true
}

// decideReminderSteps checks and normalizes a schedule as stored (a JSON
// array of whole numbers of days): sorted, without repeats, each from -30
// to 365, at most 10. Empty or null means the defaults and stays empty.
func decideReminderSteps(raw []byte) ([]int, *ruleError) {
	bad := newRuleError(migrations.FieldReminderSteps, "folio_reminder_steps", msgReminderSteps)
	if len(raw) == 0 || string(raw) == "null" || string(raw) == `""` {
		return nil, nil
	}
	var values []float64
	if err := json.Unmarshal(raw, &values); err != nil {
		return nil, bad
	}
	var steps []int
	for _, v := range values {
		if v != math.Trunc(v) || v < reminderStepMin || v > reminderStepMax {
			return nil, bad
		}
		if !slices.Contains(steps, int(v)) {
			steps = append(steps, int(v))
		}
	}
	if len(steps) > reminderStepsMax {
		return nil, bad
	}
	slices.Sort(steps)
	if steps == nil {
		steps = []int{}
	}
	return steps, nil
}

// reminderSteps is a business's schedule: its own, else the defaults.
func reminderSteps(business *core.Record) []int {
	steps, rerr := decideReminderSteps(RawJSON(business, migrations.FieldReminderSteps))
	if rerr != nil || steps == nil {
		return DefaultReminderSteps
	}
	return steps
}
