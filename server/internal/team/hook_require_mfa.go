package team

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// refuseRequireMFAWithout is bound on the update requests of businesses:
// whoever turns on "every member signs in with two factors" must have it
// on for their own account first, or the switch would lock them out of the
// records it protects (migrations.MFARule).
func refuseRequireMFAWithout(e *core.RecordRequestEvent) error {
	if e.HasSuperuserAuth() || e.Auth == nil || e.Record == nil {
		return e.Next()
	}
	turningOn := e.Record.GetBool(migrations.FieldRequireMFA) && !e.Record.Original().GetBool(migrations.FieldRequireMFA)
	if !turningOn {
		return e.Next()
	}
	on, err := hasSecondFactor(e.App, e.Auth.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	if !on {
		return refuseAs(400, "folio_require_mfa_self", msgRequireMFASelf).api()
	}
	return e.Next()
}

// hasSecondFactor reports whether userID signs in with an authenticator
// app.
func hasSecondFactor(app core.App, userID string) (bool, error) {
	var n int
	err := app.DB().Select("COUNT(*)").From(migrations.UserTOTPCollection).
		Where(dbx.HashExp{migrations.FieldTOTPUser: userID, migrations.FieldTOTPRowEnabled: true}).Row(&n)
	return n > 0, err
}
