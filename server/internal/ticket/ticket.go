// Package ticket hands out one-time download tickets: a signed-in request
// asks for a file (a checked, rate-limited POST that can answer with a
// sentence), gets a URL with a random ticket, and the browser downloads it
// with a plain GET, streamed, without holding the file in memory. A ticket
// works once, for one account and one file, for a short time.
package ticket

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/refusal"
)

// Lifetime is how long a ticket can be used after it was made.
const Lifetime = 2 * time.Minute

// storeKey is where an app keeps its tickets (app.Store()).
const storeKey = "folioDownloadTickets"

// Ticket is what a ticket stands for.
type Ticket struct {
	Kind    string // what is downloaded, e.g. "export" or "backup"
	UserID  string // who asked
	Name    string // which file, when the kind has several
	expires time.Time
}

// Book holds an app's open tickets.
type Book struct {
	mu      sync.Mutex
	tickets map[string]Ticket
}

// For returns app's book of tickets (one per app).
func For(app core.App) *Book {
	return app.Store().GetOrSet(storeKey, func() any {
		return &Book{tickets: map[string]Ticket{}}
	}).(*Book)
}

// Issue makes a ticket for t, valid until now+Lifetime.
func (b *Book) Issue(t Ticket, now time.Time) (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	id := hex.EncodeToString(raw)
	t.expires = now.Add(Lifetime)

	b.mu.Lock()
	defer b.mu.Unlock()
	for k, old := range b.tickets {
		if !now.Before(old.expires) {
			delete(b.tickets, k)
		}
	}
	b.tickets[id] = t
	return id, nil
}

// Take uses the ticket id of kind: it is gone afterwards, whatever the
// answer. ok is false for an unknown, used, expired or other-kind ticket.
func (b *Book) Take(id, kind string, now time.Time) (Ticket, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	t, found := b.tickets[id]
	if !found {
		return Ticket{}, false
	}
	delete(b.tickets, id)
	if t.Kind != kind || !now.Before(t.expires) {
		return Ticket{}, false
	}
	return t, true
}

// MessageExpired answers a download ticket that is unknown, used or too
// old: the download is started again from the page.
const MessageExpired = "This download link has expired. Start the download again."

// Messages maps each code of this package to its sentence.
var Messages = map[string]string{
	"folio_download_expired": MessageExpired,
}

// Expired is the 404 of a ticket that no longer works.
func Expired() *router.ApiError {
	return refusal.NotFound("folio_download_expired", MessageExpired)
}
