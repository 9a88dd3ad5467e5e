package billing

import (
	"crypto/hmac"
	"crypto/sha256"
	dbsql "database/sql"
	"encoding/hex"
	"errors"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/schedule"
	"folio/server/migrations"
)

// The customer's views and PDF downloads are folded: one event per
// visitor and day, with a count. Anyone holding a link can open it as
// often as the rate limiter lets them (about 30 times in 10 s); one event
// per request would grow the activity and the business's notices without
// end.

// visitorOf identifies the customer's browser: an HMAC-SHA256 of the
// client address and user agent, keyed by the link's token. The address
// itself is never stored, and since only the token's hash is stored, the
// value can't be turned back into an address by trying them all.
func visitorOf(e *core.RequestEvent, token string) string {
	mac := hmac.New(sha256.New, []byte(token))
	mac.Write([]byte(e.RealIP()))
	mac.Write([]byte{0})
	mac.Write([]byte(e.Request.UserAgent()))
	return hex.EncodeToString(mac.Sum(nil))
}

// trackVisit records a customer's visit of type typ (viewed, downloaded)
// in one transaction with mark (the "viewed" status, or nil). The day's
// first visit by this visitor is a new event with count 1 (so the business's
// realtime notice comes once per fold); later ones add one to its count.
// Writes are serialised, so visits at the same moment each see the one
// before; the unique index keeps one event per fold across servers too,
// and the loser of that race tries again, now adding to the winner's.
func (s *service) trackVisit(e *core.RequestEvent, p *publicDoc, typ string, mark func(tx core.App) error) error {
	visitor := visitorOf(e, p.token)
	day := schedule.Today(p.business.GetString(migrations.FieldTimeZone), s.now())
	fold := func() error {
		return e.App.RunInTransaction(func(tx core.App) error {
			if mark != nil {
				if err := mark(tx); err != nil {
					return err
				}
			}
			return foldVisit(tx, p, typ, visitor, day)
		})
	}
	err := fold()
	if err != nil && isUniqueViolation(err) {
		err = fold()
	}
	return err
}

// foldVisit adds one visit to the visitor's event of the day, creating it
// with count 1 when it is the first.
func foldVisit(tx core.App, p *publicDoc, typ, visitor, day string) error {
	ev := &core.Record{}
	err := tx.RecordQuery(migrations.DocumentEventsCollection).
		AndWhere(dbx.HashExp{"document": p.doc.Id, "kind": p.kind.noun, "type": typ,
			migrations.FieldEventVisitor: visitor, migrations.FieldEventDay: day}).
		Limit(1).One(ev)
	switch {
	case err == nil:
		ev.Set(migrations.FieldEventCount, ev.GetInt(migrations.FieldEventCount)+1)
		return tx.Save(ev)
	case !errors.Is(err, dbsql.ErrNoRows):
		return err
	}
	ev, err = eventRecord(tx, p.business.Id, nil, p.kind.noun, p.doc.Id, typ, nil)
	if err != nil {
		return err
	}
	ev.Set(migrations.FieldEventVisitor, visitor)
	ev.Set(migrations.FieldEventDay, day)
	ev.Set(migrations.FieldEventCount, 1)
	return tx.Save(ev)
}
