package team

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// refuseClosedWrite is bound on the create, update and delete requests of
// the business records and on the update of businesses: a closed
// business is read-only for every client (its records, issued invoices
// included, are kept for the retention the law asks, and can still be
// read and exported). Superusers are let through (the admin UI is how an
// operator mends data).
func refuseClosedWrite(e *core.RecordRequestEvent) error {
	if e.HasSuperuserAuth() || e.Record == nil {
		return e.Next()
	}
	business := e.Record.Id
	if e.Record.Collection().Name != migrations.BusinessesCollection {
		// The stored business: an update can't move a record (the update
		// rules keep it), and a new record names its own.
		business = e.Record.Original().GetString(migrations.FieldBusiness)
		if business == "" {
			business = e.Record.GetString(migrations.FieldBusiness)
		}
	}
	if err := closedRefusal(e.App, e.RequestEvent, business); err != nil {
		return err
	}
	return e.Next()
}
