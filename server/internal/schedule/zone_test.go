package schedule

import (
	"testing"
	"time"
)

func TestTodayIsTheDateInTheBusinessZone(t *testing.T) {
	// 23:30 UTC on 31 Dec is already 1 Jan in Berlin, still 31 Dec in New York.
	now := time.Date(2026, 12, 31, 23, 30, 0, 0, time.UTC)
	cases := map[string]string{
		"":                   "2026-12-31",
		"UTC":                "2026-12-31",
		"Europe/Berlin":      "2027-01-01",
		"America/New_York":   "2026-12-31",
		"Pacific/Kiritimati": "2027-01-01",
		"Not/AZone":          "2026-12-31",
	}
	for zone, want := range cases {
		if got := Today(zone, now); got != want {
			t.Errorf("Today(%q) = %s, want %s", zone, got, want)
		}
	}
	if !ValidZone("") || !ValidZone("Europe/Paris") || ValidZone("Not/AZone") || ValidZone("../etc") {
		t.Errorf("ValidZone disagrees")
	}
}
