package team

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// NewBusiness creates a business with id (a new random id when "") and
// name, with the defaults every new business starts with
// (migrations.SetBusinessDefaults, applied by the create hook below), and
// makes ownerID its owner. Call it with a transaction's app so the two
// records are written together.
func NewBusiness(app core.App, id, name, ownerID string) (*core.Record, error) {
	businesses, err := app.FindCachedCollectionByNameOrId(migrations.BusinessesCollection)
	if err != nil {
		return nil, err
	}
	b := core.NewRecord(businesses)
	if id != "" {
		b.Id = id
	}
	b.Set(migrations.FieldCompanyName, name)
	if err := app.Save(b); err != nil {
		return nil, err
	}
	if _, err := addMember(app, ownerID, b.Id, migrations.RoleOwner); err != nil {
		return nil, err
	}
	return b, nil
}

// addMember saves a membership of userID in businessID with role.
func addMember(app core.App, userID, businessID, role string) (*core.Record, error) {
	return migrations.SaveMembership(app, userID, businessID, role)
}

// applyBusinessDefaults gives a new business its settings, whoever writes
// it (the sign-up hook, the create route, the demo seed):
// migrations.SetBusinessDefaults, the one list of them.
func applyBusinessDefaults(e *core.RecordEvent) error {
	migrations.SetBusinessDefaults(e.Record)
	return e.Next()
}
