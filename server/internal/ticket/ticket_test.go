package ticket

import (
	"testing"
	"time"

	"folio/server/internal/refusal/refusaltest"
	"folio/server/internal/testapp"
)

func TestTickets(t *testing.T) {
	b := &Book{tickets: map[string]Ticket{}}
	now := time.Date(2026, 3, 15, 10, 0, 0, 0, time.UTC)

	id, err := b.Issue(Ticket{Kind: "export", UserID: "u1"}, now)
	if err != nil || len(id) != 64 {
		t.Fatalf("id %q, err %v", id, err)
	}
	if _, ok := b.Take(id, "backup", now); ok {
		t.Error("a ticket of another kind was taken")
	}
	if _, ok := b.Take(id, "export", now); ok {
		t.Error("a ticket taken with the wrong kind must be spent")
	}

	id, _ = b.Issue(Ticket{Kind: "export", UserID: "u1"}, now)
	got, ok := b.Take(id, "export", now.Add(Lifetime-time.Second))
	if !ok || got.UserID != "u1" {
		t.Fatalf("take = %+v %v", got, ok)
	}
	if _, ok := b.Take(id, "export", now); ok {
		t.Error("a ticket worked twice")
	}

	id, _ = b.Issue(Ticket{Kind: "export", UserID: "u1"}, now)
	if _, ok := b.Take(id, "export", now.Add(Lifetime)); ok {
		t.Error("an expired ticket worked")
	}
	if _, ok := b.Take("nope", "export", now); ok {
		t.Error("an unknown ticket worked")
	}

	// Expired tickets are dropped when new ones are made.
	b.Issue(Ticket{Kind: "export"}, now)
	b.Issue(Ticket{Kind: "export"}, now.Add(time.Hour))
	if len(b.tickets) != 1 {
		t.Errorf("%d tickets kept, want 1", len(b.tickets))
	}
}

// TestRefusalCodes: one sentence per code, each in the web app's catalogue.
func TestRefusalCodes(t *testing.T) {
	refusaltest.Check(t, "Messages", "ticket", Messages, nil)
}

// TestTicketWorksOnceUnderRaces: many downloads racing with one ticket,
// one gets it.
func TestTicketWorksOnceUnderRaces(t *testing.T) {
	b := &Book{tickets: map[string]Ticket{}}
	now := time.Now()
	id, _ := b.Issue(Ticket{Kind: "export", UserID: "u1"}, now)
	won := testapp.Race(32, func() bool {
		_, ok := b.Take(id, "export", now)
		return ok
	})
	if won != 1 {
		t.Errorf("%d downloads got the ticket, want 1", won)
	}
}
