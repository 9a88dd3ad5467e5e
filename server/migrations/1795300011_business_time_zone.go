package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// FieldTimeZone is the business's IANA time zone on users ("Europe/Berlin"),
// "" for UTC: "today" for its scheduled work (recurring invoices, payment
// reminders) is the date there.
const FieldTimeZone = "time_zone"

func init() {
	m.Register(func(app core.App) error {
		return addFields(app, UsersCollection, &core.TextField{Name: FieldTimeZone, Max: 64})
	}, func(app core.App) error {
		return removeFields(app, UsersCollection, FieldTimeZone)
	})
}
