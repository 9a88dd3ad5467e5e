package billing

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// actorKey is where the request hooks leave the signed-in person on the
// record a request saves, for the hooks that record its events: a key
// that is no field, so it is neither stored nor sent back.
const actorKey = "@folioActor"

// setActor notes on r who is saving it: the signed-in account, when it is
// one of the users (not a superuser, not the customer on a public page).
func setActor(r *core.Record, auth *core.Record) {
	if r == nil || auth == nil || auth.Collection().Name != migrations.UsersCollection {
		return
	}
	r.SetRaw(actorKey, auth)
}

// SetActor is setActor for the routes of other packages that save a
// billing record for the signed-in person (a payment confirmed from a
// bank transaction): the activity names them.
func SetActor(r *core.Record, auth *core.Record) { setActor(r, auth) }

// actorOf is who setActor named on r, nil when the save is Folio's own
// (Go code, a job) or nobody's.
func actorOf(r *core.Record) *core.Record {
	actor, _ := r.GetRaw(actorKey).(*core.Record)
	return actor
}

// recordEvent adds one entry to a document's activity (document_events).
// Call it with the app of the transaction that makes the change, so the
// event and the change are saved together. actor is the person who did
// it, nil for what Folio or the customer did; detail may be nil.
func recordEvent(app core.App, business string, actor *core.Record, kind, docID, typ string, detail any) error {
	_, err := newEvent(app, business, actor, kind, docID, typ, detail)
	return err
}

// newEvent records an event like recordEvent and returns its record.
func newEvent(app core.App, business string, actor *core.Record, kind, docID, typ string, detail any) (*core.Record, error) {
	ev, err := eventRecord(app, business, actor, kind, docID, typ, detail)
	if err != nil {
		return nil, err
	}
	if err := app.Save(ev); err != nil {
		return nil, err
	}
	return ev, nil
}

// eventRecord is a new, unsaved event. It names actor as they are called
// now (their name, else their address), so the activity still says who
// did it after they rename themselves or leave the business.
func eventRecord(app core.App, business string, actor *core.Record, kind, docID, typ string, detail any) (*core.Record, error) {
	col, err := app.FindCachedCollectionByNameOrId(migrations.DocumentEventsCollection)
	if err != nil {
		return nil, err
	}
	ev := core.NewRecord(col)
	ev.Set("business", business)
	ev.Set("kind", kind)
	ev.Set("document", docID)
	ev.Set("type", typ)
	if actor != nil {
		ev.Set(migrations.FieldActor, actor.Id)
		ev.Set(migrations.FieldActorName, firstNonEmpty(actor.GetString("name"), actor.Email()))
	}
	if detail != nil {
		ev.Set("detail", detail)
	}
	return ev, nil
}

// kindOfCollection is the link and event kind of a document collection.
func kindOfCollection(collection string) docKind {
	if collection == migrations.QuotesCollection {
		return quoteKind
	}
	return invoiceKind
}
