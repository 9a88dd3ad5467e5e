package migrations

import (
	"slices"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// EventLinksStopped: the document's earlier public links were stopped
// because it went back to draft or changed customer (a link shows only
// what was sent to that person); detail {reason: "draft" | "customer"}.
const EventLinksStopped = "links_stopped"

// Reasons of a links_stopped event (its detail.reason).
const (
	// LinksStoppedDraft: the document went back to draft.
	LinksStoppedDraft = "draft"
	// LinksStoppedCustomer: the document changed customer.
	LinksStoppedCustomer = "customer"
)

func init() {
	m.Register(func(app core.App) error {
		return addEventTypes(app, EventLinksStopped)
	}, func(app core.App) error {
		return dropEventTypes(app, EventLinksStopped)
	})
}

// addEventTypes adds the types a document event may have (the type
// field's values), each once, in the order given.
func addEventTypes(app core.App, types ...string) error {
	events, err := app.FindCollectionByNameOrId(DocumentEventsCollection)
	if err != nil {
		return err
	}
	if f, ok := events.Fields.GetByName("type").(*core.SelectField); ok {
		for _, t := range types {
			if !slices.Contains(f.Values, t) {
				f.Values = append(f.Values, t)
			}
		}
	}
	return app.Save(events)
}

// removeEventTypes takes the types off the values of the events' type
// field; the events of those types stay (see dropEventTypes).
func removeEventTypes(app core.App, types ...string) error {
	events, err := app.FindCollectionByNameOrId(DocumentEventsCollection)
	if err != nil {
		return err
	}
	if f, ok := events.Fields.GetByName("type").(*core.SelectField); ok {
		f.Values = slices.DeleteFunc(f.Values, func(v string) bool { return slices.Contains(types, v) })
	}
	return app.Save(events)
}

// dropEventTypes deletes the events of the types, then takes the types
// off the type field's values (the down of addEventTypes).
func dropEventTypes(app core.App, types ...string) error {
	values := make([]any, len(types))
	for i, t := range types {
		values[i] = t
	}
	if _, err := app.DB().Delete(DocumentEventsCollection, dbx.In("type", values...)).Execute(); err != nil {
		return err
	}
	return removeEventTypes(app, types...)
}
