package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// EventCreditNoteSent: a credit note of the invoice was mailed (issue 28),
// recorded on the invoice it corrects, whose activity shows it like the
// invoice's own sending; detail {credit_note, number, to, cc}.
const EventCreditNoteSent = "credit_note_sent"

func init() {
	m.Register(func(app core.App) error {
		return addEventTypes(app, EventCreditNoteSent)
	}, func(app core.App) error {
		return dropEventTypes(app, EventCreditNoteSent)
	})
}
