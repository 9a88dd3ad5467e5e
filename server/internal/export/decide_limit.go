package export

import (
	"sync"
	"time"
)

// An export reads every record of a business, so it is limited per
// business (whoever of its members asks): Limit exports in any Window.
const (
	Limit  = 5
	Window = time.Hour
)

// decideLimit says whether one more export may start at now, given when
// the business's recent ones started; kept is the list to store (the ones
// still inside the window, plus now when allowed).
func decideLimit(recent []time.Time, now time.Time) (ok bool, kept []time.Time) {
	for _, t := range recent {
		if now.Sub(t) < Window {
			kept = append(kept, t)
		}
	}
	if len(kept) >= Limit {
		return false, kept
	}
	return true, append(kept, now)
}

// limiter keeps each business's recent exports in memory.
type limiter struct {
	mu     sync.Mutex
	recent map[string][]time.Time
}

func newLimiter() *limiter { return &limiter{recent: map[string][]time.Time{}} }

func (l *limiter) allow(businessID string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	ok, kept := decideLimit(l.recent[businessID], now)
	l.recent[businessID] = kept
	return ok
}
