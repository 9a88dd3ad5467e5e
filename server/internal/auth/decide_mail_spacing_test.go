package auth

import (
	"testing"
	"time"

	"folio/server/internal/testapp"
)

func TestDecideMailAgain(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 3, 15, 10, 0, 0, 0, time.UTC)
	every := 10 * time.Minute
	cases := []struct {
		name      string
		last, now time.Time
		ok        bool
		wait      time.Duration
	}{
		{"never mailed", time.Time{}, t0, true, 0},
		{"just mailed", t0, t0, false, every},
		{"a second later", t0, t0.Add(time.Second), false, every - time.Second},
		{"9:59 later", t0, t0.Add(every - time.Second), false, time.Second},
		{"10 minutes later", t0, t0.Add(every), true, 0},
		{"an hour later", t0, t0.Add(time.Hour), true, 0},
		{"the clock went back", t0, t0.Add(-time.Hour), false, every},
	}
	for _, c := range cases {
		ok, wait := decideMailAgain(c.last, c.now, every)
		if ok != c.ok || wait != c.wait {
			t.Errorf("%s: %v %v, want %v %v", c.name, ok, wait, c.ok, c.wait)
		}
	}
}

func TestWaitMinutes(t *testing.T) {
	t.Parallel()
	for wait, want := range map[time.Duration]int{
		time.Second: 1, time.Minute: 1, time.Minute + time.Second: 2, 10 * time.Minute: 10, 0: 1,
	} {
		if got := waitMinutes(wait); got != want {
			t.Errorf("waitMinutes(%v) = %d, want %d", wait, got, want)
		}
	}
}

// Of many takes at once for one address, exactly one gets the mail.
func TestMailSpacingTakesOnce(t *testing.T) {
	t.Parallel()
	m := newMailSpacing(emailChangeTargetEvery)
	now := time.Date(2026, 3, 15, 10, 0, 0, 0, time.UTC)
	granted := testapp.Race(50, func() bool {
		ok, _ := m.take("victim@example.com", now)
		return ok
	})
	if granted != 1 {
		t.Fatalf("%d takes granted, want 1", granted)
	}
	// A give-back frees the address; a stale one (an older take) does not.
	m.giveBack("victim@example.com", now.Add(-time.Minute))
	if ok, _ := m.take("victim@example.com", now); ok {
		t.Error("a stale give-back freed the address")
	}
	m.giveBack("victim@example.com", now)
	if ok, _ := m.take("victim@example.com", now); !ok {
		t.Error("the give-back did not free the address")
	}
}
