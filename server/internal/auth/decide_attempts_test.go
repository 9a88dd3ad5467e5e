package auth

import (
	"testing"
	"time"
)

func TestDecideAttempt(t *testing.T) {
	t0 := time.Unix(1_700_000_000, 0)
	win := 180 * time.Second

	cases := []struct {
		name      string
		w         attemptWindow
		now       time.Time
		wantOK    bool
		wantCount int
		wantStart time.Time
	}{
		{"first attempt opens a window", attemptWindow{}, t0, true, 1, t0},
		{"under the limit", attemptWindow{Start: t0, Count: 4}, t0.Add(time.Minute), true, 5, t0},
		{"at the limit is refused and not counted", attemptWindow{Start: t0, Count: 5}, t0.Add(time.Minute), false, 5, t0},
		{"window over: fresh start", attemptWindow{Start: t0, Count: 5}, t0.Add(win), true, 1, t0.Add(win)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := decideAttempt(c.w, c.now, 5, win)
			if ok != c.wantOK || got.Count != c.wantCount || !got.Start.Equal(c.wantStart) {
				t.Errorf("decideAttempt = (%+v, %v)", got, ok)
			}
		})
	}
}

func TestAttemptCounter(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	c := newAttemptCounter(2, time.Minute)
	c.now = func() time.Time { return now }

	if !c.take("a") || !c.take("a") {
		t.Fatal("first two attempts must pass")
	}
	if c.take("a") {
		t.Fatal("third attempt must be refused")
	}
	if !c.take("b") {
		t.Fatal("keys are independent")
	}
	c.giveBack("a")
	if !c.take("a") {
		t.Fatal("a given-back attempt must be usable again")
	}
	now = now.Add(time.Minute)
	if !c.take("a") {
		t.Fatal("a new window must start after the duration")
	}

	if c.add("m") != 1 || c.add("m") != 2 || c.add("m") != 3 {
		t.Fatal("add must count past max")
	}
	c.forget("m")
	if c.add("m") != 1 {
		t.Fatal("forget must reset the key")
	}
}
