package auth

import (
	"strings"
	"sync"
	"time"

	"folio/server/internal/identity"
)

// Password guessing per account, on top of PocketBase's per-IP limiter:
// spread over many addresses, guesses at one account are bounded all the
// same. The first freeGuesses failures are free; from then on each failure
// locks the account's password sign-in for twice as long as the one
// before (30 s, 1 min, 2 min … up to an hour), so a day allows a few dozen
// guesses instead of tens of thousands. A right password clears it all.
const (
	freeGuesses   = 10
	guessLockBase = 30 * time.Second
	guessLockMax  = time.Hour
	// guessMemory forgets an account whose last failure is this old.
	guessMemory = 24 * time.Hour
)

// guessRecord is what is known of the failed passwords of one identity.
type guessRecord struct {
	Failures int
	Last     time.Time
	Until    time.Time
}

// guessLock is how long the password stays locked after failures failed
// guesses (0 while they are within the free ones).
func guessLock(failures int) time.Duration {
	if failures < freeGuesses {
		return 0
	}
	d := guessLockBase
	for i := freeGuesses; i < failures && d < guessLockMax; i++ {
		d *= 2
	}
	return min(d, guessLockMax)
}

// decideGuess lets one more password be checked at now, or refuses it
// while the account is locked. An attempt it lets through is counted as a
// failure at once (and its lock set), so guesses sent in parallel cannot
// all slip in; a right password then clears the record. A refused attempt
// is not counted, so a flood cannot extend the lock.
func decideGuess(r guessRecord, now time.Time) (guessRecord, bool) {
	if !r.Last.IsZero() && now.Sub(r.Last) >= guessMemory {
		r = guessRecord{}
	}
	if now.Before(r.Until) {
		return r, false
	}
	r.Failures++
	r.Last = now
	r.Until = now.Add(guessLock(r.Failures))
	return r, true
}

// guessLimiter keeps guessRecords in memory per identity, like PocketBase's
// own limiters (Folio runs as one node). Identities are compared as email
// addresses are: case and surrounding spaces do not make a new account.
type guessLimiter struct {
	mu      sync.Mutex
	now     func() time.Time
	records map[string]guessRecord
}

func newGuessLimiter() *guessLimiter {
	return &guessLimiter{now: time.Now, records: map[string]guessRecord{}}
}

func guessKey(name string) string { return identity.LimitKey(strings.TrimSpace(name)) }

// take reserves a password check for identity; false means it is locked.
func (g *guessLimiter) take(identity string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()

	now := g.now()
	g.pruneLocked(now)
	key := guessKey(identity)
	r, ok := decideGuess(g.records[key], now)
	g.records[key] = r
	return ok
}

// succeed clears identity's failures: its owner knows the password.
func (g *guessLimiter) succeed(identity string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.records, guessKey(identity))
}

// pruneLocked drops forgotten identities once the map grows.
func (g *guessLimiter) pruneLocked(now time.Time) {
	if len(g.records) < 1024 {
		return
	}
	for k, r := range g.records {
		if now.Sub(r.Last) >= guessMemory && !now.Before(r.Until) {
			delete(g.records, k)
		}
	}
}
