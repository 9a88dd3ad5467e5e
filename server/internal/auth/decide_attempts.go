package auth

import (
	"sync"
	"time"
)

// attemptWindow is a fixed-window counter for one key.
type attemptWindow struct {
	Start time.Time
	Count int
}

// decideAttempt counts one more attempt in w, starting a new window once
// the old one has passed. It refuses (and does not count) an attempt that
// would go over max, so a flood of refused calls cannot extend a lockout.
func decideAttempt(w attemptWindow, now time.Time, max int, window time.Duration) (attemptWindow, bool) {
	if w.Start.IsZero() || now.Sub(w.Start) >= window {
		w = attemptWindow{Start: now}
	}
	if w.Count >= max {
		return w, false
	}
	w.Count++
	return w, true
}

// attemptCounter keeps fixed windows in memory, per key. It lives as long
// as the process, like PocketBase's own limiters; Folio runs as one node.
type attemptCounter struct {
	mu      sync.Mutex
	max     int
	window  time.Duration
	now     func() time.Time
	windows map[string]attemptWindow
}

func newAttemptCounter(max int, window time.Duration) *attemptCounter {
	return &attemptCounter{max: max, window: window, now: time.Now, windows: map[string]attemptWindow{}}
}

// take reserves an attempt for key; false means the limit is reached. The
// reservation happens before the code is checked so parallel guesses
// cannot all slip in under the limit.
func (c *attemptCounter) take(key string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()

	now := c.now()
	c.pruneLocked(now)
	w, ok := decideAttempt(c.windows[key], now, c.max, c.window)
	c.windows[key] = w
	return ok
}

// giveBack returns a reserved attempt: only failures should count, so a
// user who signs in often is never locked out.
func (c *attemptCounter) giveBack(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()

	if w, ok := c.windows[key]; ok && w.Count > 0 {
		w.Count--
		c.windows[key] = w
	}
}

// add counts one more event for key and returns the count in the window.
func (c *attemptCounter) add(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()

	now := c.now()
	c.pruneLocked(now)
	w, _ := decideAttempt(c.windows[key], now, int(^uint(0)>>1), c.window)
	c.windows[key] = w
	return w.Count
}

// forget drops key, e.g. once its MFA session is gone.
func (c *attemptCounter) forget(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.windows, key)
}

// pruneLocked drops finished windows once the map grows, so abandoned keys
// do not pile up forever.
func (c *attemptCounter) pruneLocked(now time.Time) {
	if len(c.windows) < 1024 {
		return
	}
	for k, w := range c.windows {
		if now.Sub(w.Start) >= c.window {
			delete(c.windows, k)
		}
	}
}
