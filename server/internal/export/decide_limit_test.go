package export

import (
	"testing"
	"time"
)

func TestDecideLimit(t *testing.T) {
	now := time.Date(2026, 3, 15, 10, 0, 0, 0, time.UTC)
	ago := func(d time.Duration) time.Time { return now.Add(-d) }
	cases := []struct {
		name   string
		recent []time.Time
		ok     bool
		kept   int
	}{
		{"first", nil, true, 1},
		{"fifth within the hour", []time.Time{ago(50 * time.Minute), ago(40 * time.Minute), ago(time.Minute), ago(0)}, true, 5},
		{"sixth within the hour", []time.Time{ago(59 * time.Minute), ago(40 * time.Minute), ago(30 * time.Minute), ago(time.Minute), ago(0)}, false, 5},
		{"the oldest left the window", []time.Time{ago(time.Hour), ago(40 * time.Minute), ago(30 * time.Minute), ago(time.Minute), ago(0)}, true, 5},
		{"all old", []time.Time{ago(2 * time.Hour), ago(3 * time.Hour)}, true, 1},
	}
	for _, c := range cases {
		ok, kept := decideLimit(c.recent, now)
		if ok != c.ok || len(kept) != c.kept {
			t.Errorf("%s: ok %v kept %d, want %v %d", c.name, ok, len(kept), c.ok, c.kept)
		}
	}
}
