package recurring

import (
	"strings"
	"testing"
	"time"

	"folio/server/internal/schedule"
)

func day(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

func days(ds []time.Time) string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.Format(time.DateOnly)
	}
	return strings.Join(out, " ")
}

func TestNextDates(t *testing.T) {
	cases := []struct {
		name string
		rule Rule
		st   State
		n    int
		want string
	}{
		{"weekly from the start", Rule{Frequency: "weekly", Start: day("2026-03-02"), EndKind: "never"}, State{}, 3,
			"2026-03-02 2026-03-09 2026-03-16"},
		{"every 2 weeks across a year end", Rule{Frequency: "biweekly", Start: day("2026-12-24"), EndKind: "never"}, State{}, 3,
			"2026-12-24 2027-01-07 2027-01-21"},
		{"monthly on the 31st takes each month's last day", Rule{Frequency: "monthly", Start: day("2026-01-01"), MonthDay: 31, EndKind: "never"}, State{}, 4,
			"2026-01-31 2026-02-28 2026-03-31 2026-04-30"},
		{"monthly on the 30th in a leap February", Rule{Frequency: "monthly", Start: day("2028-01-30"), MonthDay: 30, EndKind: "never"}, State{}, 3,
			"2028-01-30 2028-02-29 2028-03-30"},
		{"monthly on the last day", Rule{Frequency: "monthly", Start: day("2027-12-15"), MonthDay: 0, EndKind: "never"}, State{}, 4,
			"2027-12-31 2028-01-31 2028-02-29 2028-03-31"},
		{"monthly: a day before the start begins next month", Rule{Frequency: "monthly", Start: day("2026-03-20"), MonthDay: 5, EndKind: "never"}, State{}, 2,
			"2026-04-05 2026-05-05"},
		{"monthly: the start day itself counts", Rule{Frequency: "monthly", Start: day("2026-03-05"), MonthDay: 5, EndKind: "never"}, State{}, 2,
			"2026-03-05 2026-04-05"},
		{"quarterly from the 31st keeps coming back to the 31st", Rule{Frequency: "quarterly", Start: day("2026-01-31"), EndKind: "never"}, State{}, 5,
			"2026-01-31 2026-04-30 2026-07-31 2026-10-31 2027-01-31"},
		{"yearly from 29 February", Rule{Frequency: "yearly", Start: day("2024-02-29"), EndKind: "never"}, State{}, 5,
			"2024-02-29 2025-02-28 2026-02-28 2027-02-28 2028-02-29"},
		{"after 2 invoices", Rule{Frequency: "weekly", Start: day("2026-03-02"), EndKind: "after", EndCount: 2}, State{}, 3,
			"2026-03-02 2026-03-09"},
		{"after 2 invoices, one made", Rule{Frequency: "weekly", Start: day("2026-03-02"), EndKind: "after", EndCount: 2},
			State{LastPeriod: day("2026-03-02"), Made: 1}, 3, "2026-03-09"},
		{"after 2 invoices, both made", Rule{Frequency: "weekly", Start: day("2026-03-02"), EndKind: "after", EndCount: 2},
			State{LastPeriod: day("2026-03-09"), Made: 2}, 3, ""},
		{"on a date, inclusive", Rule{Frequency: "monthly", Start: day("2026-01-10"), MonthDay: 10, EndKind: "on", EndDate: day("2026-03-10")}, State{}, 5,
			"2026-01-10 2026-02-10 2026-03-10"},
		{"after the last made", Rule{Frequency: "monthly", Start: day("2026-01-10"), MonthDay: 10, EndKind: "never"},
			State{LastPeriod: day("2026-02-10"), Made: 2}, 2, "2026-03-10 2026-04-10"},
		{"resumed: nothing before the resume day", Rule{Frequency: "weekly", Start: day("2026-01-05"), EndKind: "never"},
			State{LastPeriod: day("2026-01-12"), SkipBefore: day("2026-02-04"), Made: 2}, 2, "2026-02-09 2026-02-16"},
		{"an unknown frequency has no dates", Rule{Frequency: "daily", Start: day("2026-01-05"), EndKind: "never"}, State{}, 2, ""},
	}
	for _, c := range cases {
		if got := days(Next(c.rule, c.st, c.n)); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// Catch-up after downtime: every missed date is due, oldest first, each
// its own run; nothing after today.
func TestDueCatchesUpAfterDowntime(t *testing.T) {
	monthly := Rule{Frequency: "monthly", Start: day("2026-01-31"), MonthDay: 0, EndKind: "never"}
	cases := []struct {
		name  string
		rule  Rule
		st    State
		today string
		want  string
	}{
		{"nothing yet", monthly, State{}, "2026-01-30", ""},
		{"the day itself", monthly, State{}, "2026-01-31", "2026-01-31"},
		{"down for three months", monthly, State{LastPeriod: day("2026-01-31"), Made: 1}, "2026-05-15",
			"2026-02-28 2026-03-31 2026-04-30"},
		{"up to date", monthly, State{LastPeriod: day("2026-04-30"), Made: 4}, "2026-05-15", ""},
		{"the end caps the catch-up", Rule{Frequency: "weekly", Start: day("2026-03-02"), EndKind: "after", EndCount: 3},
			State{}, "2026-06-01", "2026-03-02 2026-03-09 2026-03-16"},
		{"a paused stretch is not caught up", Rule{Frequency: "weekly", Start: day("2026-03-02"), EndKind: "never"},
			State{LastPeriod: day("2026-03-02"), SkipBefore: day("2026-03-25"), Made: 1}, "2026-03-31", "2026-03-30"},
	}
	for _, c := range cases {
		if got := days(Due(c.rule, c.st, day(c.today))); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	// Years of downtime on a weekly template: one pass makes at most
	// maxCatchUp runs; the next pass goes on.
	weekly := Rule{Frequency: "weekly", Start: day("2020-01-06"), EndKind: "never"}
	if n := len(Due(weekly, State{}, day("2026-01-01"))); n != maxCatchUp {
		t.Errorf("one pass makes %d runs, want %d", n, maxCatchUp)
	}
}

// A date is due once it is that date in the business's zone; a change of
// clocks there moves neither the dates nor the moment they are due
// (midnight local time).
func TestDueInTheBusinessZoneAcrossDST(t *testing.T) {
	rule := func(start string) Rule { return Rule{Frequency: "weekly", Start: day(start), EndKind: "never"} }
	at := func(s string) time.Time {
		ts, err := time.Parse(time.RFC3339, s)
		if err != nil {
			panic(err)
		}
		return ts
	}
	cases := []struct {
		name, zone, start, now, want string
	}{
		// New York springs forward on 2026-03-08 (EST −5 → EDT −4).
		{"NY: one minute before local midnight", "America/New_York", "2026-03-08", "2026-03-08T04:59:00Z", ""},
		{"NY: local midnight of the spring-forward day", "America/New_York", "2026-03-08", "2026-03-08T05:00:00Z", "2026-03-08"},
		{"NY: the week after, midnight is an hour earlier in UTC", "America/New_York", "2026-03-08", "2026-03-15T03:59:00Z", "2026-03-08"},
		{"NY: … and due at 04:00 UTC", "America/New_York", "2026-03-08", "2026-03-15T04:00:00Z", "2026-03-08 2026-03-15"},
		// Berlin falls back on 2026-10-25 (CEST +2 → CET +1).
		{"Berlin: the fall-back day starts at 22:00 UTC the day before", "Europe/Berlin", "2026-10-25", "2026-10-24T22:00:00Z", "2026-10-25"},
		{"Berlin: a week later, midnight is 23:00 UTC", "Europe/Berlin", "2026-10-25", "2026-10-31T22:59:00Z", "2026-10-25"},
		{"Berlin: … and due from 23:00 UTC", "Europe/Berlin", "2026-10-25", "2026-10-31T23:00:00Z", "2026-10-25 2026-11-01"},
		// Far ahead of UTC: already the next day.
		{"Kiritimati is 14 hours ahead", "Pacific/Kiritimati", "2026-03-16", "2026-03-15T10:00:00Z", "2026-03-16"},
		{"UTC is not there yet", "", "2026-03-16", "2026-03-15T10:00:00Z", ""},
	}
	for _, c := range cases {
		today := day(schedule.Today(c.zone, at(c.now)))
		if got := days(Due(rule(c.start), State{}, today)); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
