package billing

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// findBusiness is the business a record belongs to: its settings give the
// numbering, terms, bank details, templates and seller fields.
func findBusiness(app core.App, id string) (*core.Record, error) {
	return app.FindRecordById(migrations.BusinessesCollection, id)
}

// firstOwner is the business's earliest owner account, nil when it has
// none that can be read. It answers for the business where no one signed
// in does (reminders, recurring sends): its address verifies the mails and
// takes the customers' replies.
func firstOwner(app core.App, businessID string) (*core.Record, error) {
	var userID string
	err := app.DB().Select(migrations.FieldMemberUser).From(migrations.MembershipsCollection).
		Where(dbx.HashExp{migrations.FieldBusiness: businessID, migrations.FieldRole: migrations.RoleOwner}).
		OrderBy("created ASC", "id ASC").Limit(1).Row(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	u, err := app.FindRecordById(migrations.UsersCollection, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return u, err
}

// sellerName is the name documents and mails give the seller: the
// business's company name, else (a business that never set one) its first
// owner's company or name, as when one account was one business. Mails
// fall back on an address after it (the customer's page never shows one).
func sellerName(app core.App, business *core.Record) string {
	if name := firstNonEmpty(business.GetString(migrations.FieldCompanyName)); name != "" {
		return name
	}
	owner, err := firstOwner(app, business.Id)
	if err != nil || owner == nil {
		return ""
	}
	return firstNonEmpty(owner.GetString(migrations.FieldCompany), owner.GetString("name"))
}
