package dashboard

import (
	"net/url"
	"regexp"
	"strings"
	"time"
)

// maxPeriodDays bounds the period so one request cannot ask the database
// to aggregate decades.
const maxPeriodDays = 3660

// dueSoonDays is the horizon of the "due soon" list, today included.
const dueSoonDays = 14

// currencyPattern is an ISO 4217 code as stored.
var currencyPattern = regexp.MustCompile(`^[A-Z]{3}$`)

// Messages of a 400 answer to bad query parameters.
const (
	msgBothOrNeither = "Give both from and to (YYYY-MM-DD), or neither for the current calendar year."
	msgBadFrom       = "The from date must look like 2026-01-31."
	msgBadTo         = "The to date must look like 2026-12-31."
	msgFromAfterTo   = "The from date must be on or before the to date."
	msgTooLong       = "The period can be at most 10 years."
	msgBadCurrency   = "The currency must be a 3-letter ISO 4217 code like EUR."
)

// params is a dashboard request, resolved. Days are midnight UTC and
// inclusive; the SQL uses the exclusive day after ("…Next").
type params struct {
	today    time.Time
	from, to time.Time
	// prevFrom and prevTo are the period of the same length just before.
	prevFrom, prevTo time.Time
	// currency is "" when the request left it to the server.
	currency string
	// months are the 12 months ending with to's month, oldest first.
	months []time.Time
}

// decideParams reads from, to and currency. Without from and to the
// period is the current calendar year. The previous period is the one of
// the same length just before: as many whole months when the period is
// whole months (so this year compares with last year), else as many days.
func decideParams(q url.Values, today time.Time) (params, string) {
	p := params{today: today}

	fromS, toS := strings.TrimSpace(q.Get("from")), strings.TrimSpace(q.Get("to"))
	switch {
	case fromS == "" && toS == "":
		p.from = time.Date(today.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
		p.to = time.Date(today.Year(), 12, 31, 0, 0, 0, 0, time.UTC)
	case fromS == "" || toS == "":
		return p, msgBothOrNeither
	default:
		var err error
		if p.from, err = time.Parse(time.DateOnly, fromS); err != nil {
			return p, msgBadFrom
		}
		if p.to, err = time.Parse(time.DateOnly, toS); err != nil {
			return p, msgBadTo
		}
	}
	if p.to.Before(p.from) {
		return p, msgFromAfterTo
	}
	days := int(p.to.Sub(p.from).Hours()/24) + 1
	if days > maxPeriodDays {
		return p, msgTooLong
	}
	p.prevTo = p.from.AddDate(0, 0, -1)
	if n := wholeMonths(p.from, p.to); n > 0 {
		// Whole months compare with as many whole months before (this year
		// with last year, February with January), not with a count of days
		// that would start a day early after a leap year or a long month.
		p.prevFrom = p.from.AddDate(0, -n, 0)
	} else {
		p.prevFrom = p.prevTo.AddDate(0, 0, -(days - 1))
	}

	if c := strings.TrimSpace(q.Get("currency")); c != "" {
		c = strings.ToUpper(c)
		if !currencyPattern.MatchString(c) {
			return p, msgBadCurrency
		}
		p.currency = c
	}

	last := time.Date(p.to.Year(), p.to.Month(), 1, 0, 0, 0, 0, time.UTC)
	for i := 11; i >= 0; i-- {
		p.months = append(p.months, last.AddDate(0, -i, 0))
	}
	return p, ""
}

// wholeMonths is the number of calendar months from..to spans when it
// starts on a 1st and ends on a month's last day, else 0.
func wholeMonths(from, to time.Time) int {
	if from.Day() != 1 || to.AddDate(0, 0, 1).Day() != 1 {
		return 0
	}
	return (to.Year()-from.Year())*12 + int(to.Month()-from.Month()) + 1
}

// day formats a date as stored dates start: "2026-03-15". Stored dates read
// "2026-03-15 00:00:00.000Z", so they compare with it as text: >= day
// includes that day, < day excludes it.
func day(t time.Time) string { return t.Format(time.DateOnly) }

// next is the exclusive bound after an inclusive day.
func next(t time.Time) string { return day(t.AddDate(0, 0, 1)) }
