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
		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}
		users.Fields.Add(&core.TextField{Name: FieldTimeZone, Max: 64})
		return app.Save(users)
	}, func(app core.App) error {
		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}
		users.Fields.RemoveByName(FieldTimeZone)
		return app.Save(users)
	})
}
