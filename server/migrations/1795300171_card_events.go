package migrations

import (
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
		return addEventTypes(app, cardEvents...)
	}, func(app core.App) error {
		return dropEventTypes(app, cardEvents...)
	})
}
