package reports

import "time"

// Period kinds a report covers.
const (
	periodMonth   = "month"
	periodQuarter = "quarter"
	periodYear    = "year"
)

// Period is the range of days a report covers, both ends included, as
// YYYY-MM-DD (dates compare as text), and the first days of the periods of
// the same kind just before and after (the picker's previous and next).
type Period struct {
	Kind     string `json:"kind"`
	From     string `json:"from"`
	To       string `json:"to"`
	Previous string `json:"previous"`
	Next     string `json:"next"`
}

// Refusal codes of a bad period.
const (
	codeBadPeriod = "folio_report_period"
	codeBadDate   = "folio_report_date"
)

// decidePeriod is the month, quarter or year (kind; "" is a quarter) that
// holds date (YYYY-MM-DD; "" is today, the business's date). It answers a
// refusal code for an unknown kind or a date that is not a calendar day.
func decidePeriod(kind, date, today string) (Period, string) {
	if kind == "" {
		kind = periodQuarter
	}
	if date == "" {
		date = today
	}
	d, err := time.Parse(time.DateOnly, date)
	if err != nil || d.Year() < 1900 || d.Year() > 9998 {
		return Period{}, codeBadDate
	}
	var from time.Time
	var months int
	switch kind {
	case periodMonth:
		from, months = time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, time.UTC), 1
	case periodQuarter:
		from, months = time.Date(d.Year(), (d.Month()-1)/3*3+1, 1, 0, 0, 0, 0, time.UTC), 3
	case periodYear:
		from, months = time.Date(d.Year(), 1, 1, 0, 0, 0, 0, time.UTC), 12
	default:
		return Period{}, codeBadPeriod
	}
	next := from.AddDate(0, months, 0)
	return Period{
		Kind:     kind,
		From:     from.Format(time.DateOnly),
		To:       next.AddDate(0, 0, -1).Format(time.DateOnly),
		Previous: from.AddDate(0, -months, 0).Format(time.DateOnly),
		Next:     next.Format(time.DateOnly),
	}, ""
}

// holds reports whether the stored date (YYYY-MM-DD, perhaps followed by a
// time) is a day of p.
func (p Period) holds(stored string) bool {
	d := day(stored)
	return d != "" && d >= p.From && d <= p.To
}

// day is the YYYY-MM-DD part of a stored date ("2026-03-15 00:00:00.000Z").
func day(stored string) string {
	if len(stored) < 10 {
		return ""
	}
	return stored[:10]
}

// maxRangeDays bounds a zip's range so one request cannot ask for decades.
const maxRangeDays = 3660

// codeBadRange refuses a from..to that is not a range of days.
const codeBadRange = "folio_report_range"

// decideRange is the range from..to (YYYY-MM-DD, both included) as a
// Period of no kind, whose Previous and Next are the ranges of the same
// length around it. Refused: a bad day, from after to, more than 10 years.
func decideRange(from, to string) (Period, string) {
	f, err1 := time.Parse(time.DateOnly, from)
	t, err2 := time.Parse(time.DateOnly, to)
	switch {
	case err1 != nil || err2 != nil:
		return Period{}, codeBadDate
	case t.Before(f) || t.Sub(f).Hours()/24 >= maxRangeDays:
		return Period{}, codeBadRange
	}
	days := int(t.Sub(f).Hours()/24) + 1
	return Period{
		From: from, To: to,
		Previous: f.AddDate(0, 0, -days).Format(time.DateOnly),
		Next:     t.AddDate(0, 0, 1).Format(time.DateOnly),
	}, ""
}

// after is the day after p's last, the exclusive end the queries use.
func (p Period) after() string {
	t, err := time.Parse(time.DateOnly, p.To)
	if err != nil {
		return p.To
	}
	return t.AddDate(0, 0, 1).Format(time.DateOnly)
}
