package billing

import (
	"testing"
	"time"

	"folio/server/internal/testapp"
)

func TestDecideDates(t *testing.T) {
	issue := testapp.Day("2026-01-31")
	cases := []struct {
		name            string
		customer, owner int
		want            string
	}{
		{"owner's terms", 0, 30, "2026-03-02"},
		{"customer's terms win", 14, 30, "2026-02-14"},
		{"due on receipt", 0, 0, "2026-01-31"},
	}
	for _, c := range cases {
		if got := decideDueDate(issue, c.customer, c.owner).Format(time.DateOnly); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	if got := decideExpiryDate(issue).Format(time.DateOnly); got != "2026-03-02" {
		t.Errorf("expiry = %s", got)
	}
}

func TestDecideDateInput(t *testing.T) {
	cases := []struct {
		raw  any
		want string // YYYY-MM-DD, "" for no date, or the refusal code
	}{
		{nil, ""}, {"", ""}, {"  ", ""},
		{"2026-03-14", "2026-03-14"}, {"2026-03-14 00:00:00.000Z", "2026-03-14"},
		{"1970-01-01", "1970-01-01"}, {"2199-12-31", "2199-12-31"},
		{"2026-13-45", "folio_invalid_date"}, {"not-a-date", "folio_invalid_date"},
		{"2026-02-30", "folio_invalid_date"}, {12345.0, "folio_invalid_date"},
		{"1969-12-31", "folio_date_out_of_range"}, {"2200-01-01", "folio_date_out_of_range"},
		{"9999-12-31", "folio_date_out_of_range"},
	}
	for _, c := range cases {
		day, rerr := decideDateInput("issue_date", c.raw)
		got := ""
		switch {
		case rerr != nil:
			got = rerr.code
		case !day.IsZero():
			got = day.Format(time.DateOnly)
		}
		if got != c.want {
			t.Errorf("%v: %q, want %q", c.raw, got, c.want)
		}
	}
	if rerr := decideDateInRange("due_date", testapp.Day("2200-01-30")); rerr == nil || rerr.field != "due_date" {
		t.Errorf("derived 2200-01-30 not refused: %v", rerr)
	}
}

func TestDecideDateWindow(t *testing.T) {
	t.Parallel()
	today := testapp.Day("2026-03-15") // any day: the rule reads no clock
	cases := []struct {
		day  string
		w    dateWindow
		want string // "" when allowed, else the code
	}{
		{"2026-03-15", issueWindow, ""},
		{"2027-03-15", issueWindow, ""},
		{"2027-03-16", issueWindow, "folio_issue_date_window"},
		{"2000-01-01", issueWindow, ""},
		{"1999-12-31", issueWindow, "folio_issue_date_window"},
		{"2199-12-31", issueWindow, "folio_issue_date_window"},
		{"2031-03-15", dueWindow, ""},
		{"2031-03-16", dueWindow, "folio_due_date_window"},
		{"1999-12-31", dueWindow, "folio_due_date_window"},
		{"2026-03-16", happenedWindow, ""}, // tomorrow: a time zone ahead of UTC
		{"2026-03-17", happenedWindow, "folio_date_in_future"},
		{"2199-12-31", happenedWindow, "folio_date_in_future"},
		{"2001-05-01", happenedWindow, ""},
		{"1999-12-31", happenedWindow, "folio_date_in_future"},
	}
	for _, c := range cases {
		got := ""
		if e := decideDateWindow("date", testapp.Day(c.day), today, c.w); e != nil {
			got = e.code
			if e.field != "date" {
				t.Errorf("%s: refusal about %q", c.day, e.field)
			}
		}
		if got != c.want {
			t.Errorf("%s in %s: %q, want %q", c.day, c.w.code, got, c.want)
		}
	}
	if e := decideDateWindow("date", time.Time{}, today, happenedWindow); e != nil {
		t.Errorf("no date refused: %v", e)
	}
	// A leap day a year on: 2025-02-28's window ends on 2026-02-28.
	if e := decideDateWindow("issue_date", testapp.Day("2026-03-01"), testapp.Day("2025-02-28"), issueWindow); e == nil {
		t.Error("2026-03-01 allowed a year after 2025-02-28")
	}
	// Today is the clock's UTC day, whatever the hour.
	if e := decideDateWindow("date", testapp.Day("2026-03-16"), time.Date(2026, 3, 15, 23, 59, 0, 0, time.UTC), happenedWindow); e != nil {
		t.Errorf("tomorrow refused late in the day: %v", e)
	}
}
