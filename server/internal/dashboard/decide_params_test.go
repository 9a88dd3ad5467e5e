package dashboard

import (
	"net/url"
	"testing"

	"folio/server/internal/testapp"
)

func TestDecideParams(t *testing.T) {
	today := testapp.Day("2024-03-15") // 2024: a leap year
	cases := []struct {
		name                            string
		query                           string
		from, to, prevFrom, prevTo      string
		currency, firstMonth, lastMonth string
		bad                             string
	}{
		{name: "defaults to this calendar year; previous is last year", query: "",
			from: "2024-01-01", to: "2024-12-31", prevFrom: "2023-01-01", prevTo: "2023-12-31", firstMonth: "2024-01", lastMonth: "2024-12"},
		{name: "one day", query: "from=2024-03-15&to=2024-03-15",
			from: "2024-03-15", to: "2024-03-15", prevFrom: "2024-03-14", prevTo: "2024-03-14", firstMonth: "2023-04", lastMonth: "2024-03"},
		{name: "a month, currency upper-cased", query: "from=2024-02-01&to=2024-02-29&currency=usd",
			from: "2024-02-01", to: "2024-02-29", prevFrom: "2024-01-01", prevTo: "2024-01-31", currency: "USD", firstMonth: "2023-03", lastMonth: "2024-02"},
		{name: "spaces are trimmed", query: "from=%202024-01-01&to=2024-01-31%20",
			from: "2024-01-01", to: "2024-01-31", prevFrom: "2023-12-01", prevTo: "2023-12-31", firstMonth: "2023-02", lastMonth: "2024-01"},
		{name: "not whole months: as many days before", query: "from=2024-03-10&to=2024-03-19",
			from: "2024-03-10", to: "2024-03-19", prevFrom: "2024-02-29", prevTo: "2024-03-09", firstMonth: "2023-04", lastMonth: "2024-03"},
		{name: "a quarter", query: "from=2024-04-01&to=2024-06-30",
			from: "2024-04-01", to: "2024-06-30", prevFrom: "2024-01-01", prevTo: "2024-03-31", firstMonth: "2023-07", lastMonth: "2024-06"},
		{name: "only from", query: "from=2024-01-01", bad: msgBothOrNeither},
		{name: "only to", query: "to=2024-01-01", bad: msgBothOrNeither},
		{name: "bad from", query: "from=2024-1-1&to=2024-02-01", bad: msgBadFrom},
		{name: "bad to", query: "from=2024-01-01&to=tomorrow", bad: msgBadTo},
		{name: "reversed", query: "from=2024-02-01&to=2024-01-01", bad: msgFromAfterTo},
		{name: "ten years is fine", query: "from=2014-01-01&to=2023-12-31",
			from: "2014-01-01", to: "2023-12-31", prevFrom: "2004-01-01", prevTo: "2013-12-31", firstMonth: "2023-01", lastMonth: "2023-12"},
		{name: "too long", query: "from=2013-01-01&to=2024-01-01", bad: msgTooLong},
		{name: "currency too long", query: "currency=EURO", bad: msgBadCurrency},
		{name: "currency with a digit", query: "currency=EU1", bad: msgBadCurrency},
	}
	for _, c := range cases {
		q, _ := url.ParseQuery(c.query)
		p, bad := decideParams(q, today)
		if bad != c.bad {
			t.Errorf("%s: bad = %q, want %q", c.name, bad, c.bad)
			continue
		}
		if bad != "" {
			continue
		}
		got := []string{day(p.from), day(p.to), day(p.prevFrom), day(p.prevTo), p.currency,
			p.months[0].Format("2006-01"), p.months[11].Format("2006-01")}
		want := []string{c.from, c.to, c.prevFrom, c.prevTo, c.currency, c.firstMonth, c.lastMonth}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: got %v, want %v", c.name, got, want)
				break
			}
		}
		if len(p.months) != 12 {
			t.Errorf("%s: %d months", c.name, len(p.months))
		}
	}
}
