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
