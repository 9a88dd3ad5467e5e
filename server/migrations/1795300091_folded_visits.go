package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// A customer's views and PDF downloads are folded: one "viewed" (or
// "downloaded") event per visitor and day, with a count, instead of one
// event per request (anyone holding a link could add events without end).
const (
	// FieldEventVisitor identifies who visited, as a keyed hash: never the
	// address itself. Hidden: the owner reads the count, not the hash.
	FieldEventVisitor = "visitor"
	// FieldEventDay is the business's date (users.time_zone) of a folded
	// event, YYYY-MM-DD.
	FieldEventDay = "day"
	// FieldEventCount is how many visits a folded event stands for (0 on
	// events that are not folded, and on those stored before folding).
	FieldEventCount = "count"
)

func init() {
	m.Register(func(app core.App) error {
		events, err := app.FindCollectionByNameOrId(DocumentEventsCollection)
		if err != nil {
			return err
		}
		zero := 0.0
		events.Fields.Add(
			&core.TextField{Name: FieldEventVisitor, Max: 64, Hidden: true},
			&core.TextField{Name: FieldEventDay, Max: 10},
			&core.NumberField{Name: FieldEventCount, OnlyInt: true, Min: &zero},
		)
		// One folded event per document, type, visitor and day, whoever
		// writes it (two servers on one data directory included).
		events.AddIndex("idx_document_events_fold", true,
			"`document`, `kind`, `type`, `"+FieldEventVisitor+"`, `"+FieldEventDay+"`", "`"+FieldEventVisitor+"` != ''")
		return app.Save(events)
	}, func(app core.App) error {
		events, err := app.FindCollectionByNameOrId(DocumentEventsCollection)
		if err != nil {
			return err
		}
		events.RemoveIndex("idx_document_events_fold")
		events.Fields.RemoveByName(FieldEventVisitor)
		events.Fields.RemoveByName(FieldEventDay)
		events.Fields.RemoveByName(FieldEventCount)
		return app.Save(events)
	})
}
