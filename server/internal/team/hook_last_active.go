package team

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"folio/server/migrations"
)

// activeEvery is how often a member's last activity is written at most.
const activeEvery = time.Minute

// activityCollections are the records whose writes by a member count as
// their activity in the business.
var activityCollections = []string{
	migrations.CustomersCollection, migrations.QuotesCollection, migrations.InvoicesCollection,
	migrations.PaymentsCollection, migrations.CreditNotesCollection, migrations.RefundsCollection,
	migrations.RecurringCollection, migrations.ItemsCollection, migrations.VendorsCollection,
	migrations.ExpensesCollection,
}

// touchOnWrite is bound on the create and update requests of the business
// records: once the write succeeded, the writer's membership of the
// record's business gets last_active = now (see Touch).
func (s *service) touchOnWrite(e *core.RecordRequestEvent) error {
	if err := e.Next(); err != nil {
		return err
	}
	if e.Auth == nil || e.Record == nil {
		return nil
	}
	if err := Touch(e.App, e.Auth.Id, e.Record.GetString(migrations.FieldBusiness), s.now()); err != nil {
		e.App.Logger().Warn("touch last_active", "user", e.Auth.Id, "error", err)
	}
	return nil
}

// Touch records that userID was active in businessID at now: one direct
// SQL update of their membership, which writes only when last_active is
// empty or more than a minute old, so a burst of saves costs one write a
// minute and fires no record hooks (nor realtime events). Routes that
// write records outside the collections API (send, convert) may call it.
func Touch(app core.App, userID, businessID string, now time.Time) error {
	if userID == "" || businessID == "" {
		return nil
	}
	nowText, err := types.ParseDateTime(now)
	if err != nil {
		return err
	}
	before, err := types.ParseDateTime(now.Add(-activeEvery))
	if err != nil {
		return err
	}
	_, err = app.DB().Update(migrations.MembershipsCollection,
		dbx.Params{migrations.FieldLastActive: nowText.String()},
		dbx.And(
			dbx.HashExp{migrations.FieldMemberUser: userID, migrations.FieldBusiness: businessID},
			dbx.NewExp("(["+migrations.FieldLastActive+"] = '' OR ["+migrations.FieldLastActive+"] IS NULL OR ["+migrations.FieldLastActive+"] <= {:before})",
				dbx.Params{"before": before.String()}),
		)).Execute()
	return err
}
