package team

import (
	"sync"
	"time"
)

// windowLimit lets at most n events per key through in any window. It is
// kept in memory, per process (as the sign-in limits are): a restart
// forgets it, which costs at most one more window's worth.
type windowLimit struct {
	mu     sync.Mutex
	n      int
	window time.Duration
	seen   map[string][]time.Time
}

func newWindowLimit(n int, window time.Duration) *windowLimit {
	return &windowLimit{n: n, window: window, seen: map[string][]time.Time{}}
}

// take counts one event of key at now and reports whether it is allowed;
// a refused event is not counted.
func (l *windowLimit) take(key string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	kept := l.seen[key][:0]
	for _, t := range l.seen[key] {
		if now.Sub(t) < l.window {
			kept = append(kept, t)
		}
	}
	if len(kept) >= l.n {
		l.seen[key] = kept
		return false
	}
	l.seen[key] = append(kept, now)
	return true
}
