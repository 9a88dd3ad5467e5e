package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// FieldRecurringMissed is what a new recurring template whose start date
// is in the past does with the dates before today (internal/recurring
// DecideMissed): skip them (empty is skip), make only the latest, or make
// them all (capped).
const FieldRecurringMissed = "missed"

// RecurringMissedChoices are its values.
var RecurringMissedChoices = []string{"skip", "latest", "all"}

func init() {
	m.Register(func(app core.App) error {
		return addFields(app, RecurringCollection, &core.SelectField{Name: FieldRecurringMissed, Values: RecurringMissedChoices, MaxSelect: 1})
	}, func(app core.App) error {
		return removeFields(app, RecurringCollection, FieldRecurringMissed)
	})
}
