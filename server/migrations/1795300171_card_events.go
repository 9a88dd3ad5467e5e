package migrations

import (
	"slices"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Card events the owner sees (issue 29, part 2), in the invoice's activity.
const (
	// EventCardFailed: a card payment the customer started from the
	// invoice's page failed at Stripe (a bank debit refused later);
	// detail {amount_cents, currency, provider, name, session}.
	EventCardFailed = "card_failed"
	// EventCardIgnored: Stripe took a card payment for the invoice that
	// Folio did not record (paid in another currency, or the invoice was
	// voided meanwhile): to refund in Stripe; detail {amount_cents,
	// currency, provider, reason ("currency" or "void"), payment}.
	EventCardIgnored = "card_ignored"
)

var cardEvents = []string{EventCardFailed, EventCardIgnored}

func init() {
	m.Register(func(app core.App) error {
		events, err := app.FindCollectionByNameOrId(DocumentEventsCollection)
		if err != nil {
			return err
		}
		if f, ok := events.Fields.GetByName("type").(*core.SelectField); ok {
			for _, v := range cardEvents {
				if !slices.Contains(f.Values, v) {
					f.Values = append(f.Values, v)
				}
			}
		}
		return app.Save(events)
	}, func(app core.App) error {
		if _, err := app.DB().Delete(DocumentEventsCollection, dbx.In("type", EventCardFailed, EventCardIgnored)).Execute(); err != nil {
			return err
		}
		events, err := app.FindCollectionByNameOrId(DocumentEventsCollection)
		if err != nil {
			return err
		}
		if f, ok := events.Fields.GetByName("type").(*core.SelectField); ok {
			f.Values = slices.DeleteFunc(f.Values, func(v string) bool { return slices.Contains(cardEvents, v) })
		}
		return app.Save(events)
	})
}
