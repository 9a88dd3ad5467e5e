package auth

import (
	"testing"

	"folio/server/migrations"
)

func TestBuiltInOTPAndMFAStayOff(t *testing.T) {
	t.Parallel()

	app := factory(t)
	defer app.Cleanup()

	users := mustCollection(t, app, migrations.UsersCollection)
	users.OTP.Enabled = true
	if err := app.Save(users); err == nil {
		t.Error("enabling PocketBase email OTP on users must be refused")
	}

	users = mustCollection(t, app, migrations.UsersCollection)
	users.MFA.Enabled = true
	users.OAuth2.Enabled = true // MFA needs two methods; make that not the reason
	if err := app.Save(users); err == nil {
		t.Error("enabling PocketBase MFA on users must be refused")
	}

	users = mustCollection(t, app, migrations.UsersCollection)
	users.Fields.GetByName("name") // an ordinary change still saves
	if err := app.Save(users); err != nil {
		t.Errorf("ordinary save refused: %v", err)
	}
}
