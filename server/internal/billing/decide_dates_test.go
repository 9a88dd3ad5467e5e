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
