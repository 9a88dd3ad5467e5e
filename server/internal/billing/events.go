package billing

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// recordEvent adds one entry to a document's activity (document_events).
// Call it with the app of the transaction that makes the change, so the
// event and the change are saved together. detail may be nil.
func recordEvent(app core.App, owner, kind, docID, typ string, detail any) error {
	_, err := newEvent(app, owner, kind, docID, typ, detail)
	return err
}

// newEvent records an event like recordEvent and returns its record.
func newEvent(app core.App, owner, kind, docID, typ string, detail any) (*core.Record, error) {
	ev, err := eventRecord(app, owner, kind, docID, typ, detail)
	if err != nil {
		return nil, err
	}
	if err := app.Save(ev); err != nil {
		return nil, err
	}
	return ev, nil
}

// eventRecord is a new, unsaved event.
func eventRecord(app core.App, owner, kind, docID, typ string, detail any) (*core.Record, error) {
	col, err := app.FindCachedCollectionByNameOrId(migrations.DocumentEventsCollection)
	if err != nil {
		return nil, err
	}
	ev := core.NewRecord(col)
	ev.Set("owner", owner)
	ev.Set("kind", kind)
	ev.Set("document", docID)
	ev.Set("type", typ)
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
