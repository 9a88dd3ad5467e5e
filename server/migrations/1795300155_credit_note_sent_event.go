package migrations

import (
	"slices"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// EventCreditNoteSent: a credit note of the invoice was mailed (issue 28),
// recorded on the invoice it corrects, whose activity shows it like the
// invoice's own sending; detail {credit_note, number, to, cc}.
const EventCreditNoteSent = "credit_note_sent"

func init() {
	m.Register(func(app core.App) error {
		events, err := app.FindCollectionByNameOrId(DocumentEventsCollection)
		if err != nil {
			return err
		}
		if f, ok := events.Fields.GetByName("type").(*core.SelectField); ok && !slices.Contains(f.Values, EventCreditNoteSent) {
			f.Values = append(f.Values, EventCreditNoteSent)
		}
		return app.Save(events)
	}, func(app core.App) error {
		if _, err := app.DB().Delete(DocumentEventsCollection, dbx.HashExp{"type": EventCreditNoteSent}).Execute(); err != nil {
			return err
		}
		events, err := app.FindCollectionByNameOrId(DocumentEventsCollection)
		if err != nil {
			return err
		}
		if f, ok := events.Fields.GetByName("type").(*core.SelectField); ok {
			f.Values = slices.DeleteFunc(f.Values, func(v string) bool { return v == EventCreditNoteSent })
		}
		return app.Save(events)
	})
}
