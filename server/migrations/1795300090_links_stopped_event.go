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
		events, err := app.FindCollectionByNameOrId(DocumentEventsCollection)
		if err != nil {
			return err
		}
		if f, ok := events.Fields.GetByName("type").(*core.SelectField); ok && !slices.Contains(f.Values, EventLinksStopped) {
			f.Values = append(f.Values, EventLinksStopped)
		}
		return app.Save(events)
	}, func(app core.App) error {
		if _, err := app.DB().Delete(DocumentEventsCollection, dbx.HashExp{"type": EventLinksStopped}).Execute(); err != nil {
			return err
		}
		events, err := app.FindCollectionByNameOrId(DocumentEventsCollection)
		if err != nil {
			return err
		}
		if f, ok := events.Fields.GetByName("type").(*core.SelectField); ok {
			f.Values = slices.DeleteFunc(f.Values, func(v string) bool { return v == EventLinksStopped })
		}
		return app.Save(events)
	})
}
