package recurring

import "time"

// Rule is when a template makes its invoices. Dates are civil dates at
// 00:00 UTC, as Folio stores dates: the arithmetic is on days, so a
// change of clocks in the business's zone never moves a date; the zone
// only says which date "today" is (schedule.Today).
type Rule struct {
	// Frequency is weekly, biweekly, monthly, quarterly or yearly.
	Frequency string
	// Start is the first possible date.
	Start time.Time
	// MonthDay is the day of a monthly run, 1–31, 0 for the last day; a day
	// the month does not have is its last day (31 → 30 April, 28/29 February).
	MonthDay int
	// EndKind is never, after (EndCount invoices) or on (EndDate, the last
	// possible date).
	EndKind  string
	EndCount int
	EndDate  time.Time
}

// maxSteps bounds a walk through the occurrences (a weekly rule over 100
// years is ~5,200 steps).
const maxSteps = 20000

// occurrence is the rule's k-th date (k ≥ 0), ignoring the end.
func (r Rule) occurrence(k int) time.Time {
	s := r.Start
	switch r.Frequency {
	case "weekly":
		return s.AddDate(0, 0, 7*k)
	case "biweekly":
		return s.AddDate(0, 0, 14*k)
	case "monthly":
		first := 0
		if monthDate(s.Year(), s.Month(), r.MonthDay).Before(s) {
			first = 1
		}
		return monthDate(s.Year(), s.Month()+time.Month(first+k), r.MonthDay)
	case "quarterly":
		return monthDate(s.Year(), s.Month()+time.Month(3*k), s.Day())
	case "yearly":
		return monthDate(s.Year(), s.Month()+time.Month(12*k), s.Day())
	}
	return time.Time{}
}

// monthDate is day d of the month (y, m), m may run past December; d 0 or
// past the month's end is its last day.
func monthDate(y int, m time.Month, d int) time.Time {
	first := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	if d <= 0 || d > last {
		d = last
	}
	return time.Date(first.Year(), first.Month(), d, 0, 0, 0, 0, time.UTC)
}

// State is what a template has already made.
type State struct {
	// LastPeriod is the date of the last run made, zero for none: later
	// dates only.
	LastPeriod time.Time
	// SkipBefore is the first date that may still run (set on resume and
	// on an edit of the schedule, so they affect future runs only), zero
	// for none.
	SkipBefore time.Time
	// Made is how many invoices the template has made (for "after N").
	Made int
}

// Next is up to n dates the rule runs on next, in order, after what
// state says was made and within the end.
func Next(r Rule, st State, n int) []time.Time {
	var out []time.Time
	made := st.Made
	for k := 0; k < maxSteps && len(out) < n; k++ {
		d := r.occurrence(k)
		if d.IsZero() {
			return out
		}
		if !st.LastPeriod.IsZero() && !d.After(st.LastPeriod) {
			continue
		}
		if !st.SkipBefore.IsZero() && d.Before(st.SkipBefore) {
			continue
		}
		if r.EndKind == "after" && made >= r.EndCount {
			return out
		}
		if r.EndKind == "on" && !r.EndDate.IsZero() && d.After(r.EndDate) {
			return out
		}
		out = append(out, d)
		made++
	}
	return out
}

// maxCatchUp bounds the runs one pass makes for one template; the next
// pass goes on where it stopped.
const maxCatchUp = 100

// Due is the dates the rule should have run on by today (the date in
// the business's zone), oldest first: the missed ones caught up, each
// its own run with its own issue date.
func Due(r Rule, st State, today time.Time) []time.Time {
	var out []time.Time
	for _, d := range Next(r, st, maxCatchUp) {
		if d.After(today) {
			break
		}
		out = append(out, d)
	}
	return out
}
