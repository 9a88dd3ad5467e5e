package auth

import (
	"sync"
	"time"
)

// emailChangeTargetEvery spaces out the email-change confirmations to one
// address: one in this time, whichever account asks for it. The per-account
// limit (emailChangeRequests an hour) alone let several accounts, or one
// account five times an hour, aim confirmation mails at a stranger's inbox.
const emailChangeTargetEvery = 10 * time.Minute

// decideMailAgain says whether a mail may go to an address last mailed at
// last (zero: never) when one mail is allowed every `every`; when not,
// wait is how long until one may. A clock that went back counts as no
// time passed.
func decideMailAgain(last, now time.Time, every time.Duration) (ok bool, wait time.Duration) {
	if last.IsZero() {
		return true, 0
	}
	since := max(now.Sub(last), 0)
	if since >= every {
		return true, 0
	}
	return false, every - since
}

// waitMinutes is a wait in whole minutes, rounded up: what a person is
// told to wait.
func waitMinutes(wait time.Duration) int {
	return max(int((wait+time.Minute-1)/time.Minute), 1)
}

// mailSpacing remembers when each address was last mailed one kind of
// mail, in memory (Folio runs as one node), to allow one every `every`.
type mailSpacing struct {
	mu    sync.Mutex
	every time.Duration
	last  map[string]time.Time
}

func newMailSpacing(every time.Duration) *mailSpacing {
	return &mailSpacing{every: every, last: map[string]time.Time{}}
}

// take reserves the mail to key at now, or says how long to wait. The
// check and the reservation are one step, so of two requests at once only
// one gets the mail.
func (m *mailSpacing) take(key string, now time.Time) (ok bool, wait time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.last) > 4096 {
		for k, at := range m.last {
			if now.Sub(at) >= m.every {
				delete(m.last, k)
			}
		}
	}
	if ok, wait := decideMailAgain(m.last[key], now, m.every); !ok {
		return false, wait
	}
	m.last[key] = now
	return true, 0
}

// giveBack cancels the reservation take made at `at` (no mail left after
// all), unless a later one replaced it.
func (m *mailSpacing) giveBack(key string, at time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.last[key].Equal(at) {
		delete(m.last, key)
	}
}
