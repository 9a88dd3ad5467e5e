package migrations_test

import (
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/auth/backuphash"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// Migration 1795300050: the 2FA state leaves the users row for its own
// collection, which no API rule opens.
func TestUserTOTPSchema(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()

	col, err := app.FindCollectionByNameOrId(migrations.UserTOTPCollection)
	if err != nil {
		t.Fatal(err)
	}
	if col.ListRule != nil || col.ViewRule != nil || col.CreateRule != nil || col.UpdateRule != nil || col.DeleteRule != nil {
		t.Error("user_totp must have no API rules (superusers and the server only)")
	}
	rel, ok := col.Fields.GetByName(migrations.FieldTOTPUser).(*core.RelationField)
	if !ok || !rel.Required || !rel.CascadeDelete || rel.MaxSelect != 1 {
		t.Errorf("user field = %#v", col.Fields.GetByName(migrations.FieldTOTPUser))
	}
	unique := false
	for _, idx := range col.Indexes {
		if strings.Contains(idx, "UNIQUE") && strings.Contains(idx, "`user`") {
			unique = true
		}
	}
	if !unique {
		t.Errorf("one row per user needs a unique index: %v", col.Indexes)
	}
}

// Down puts the fields back on users (the state with them, backup codes
// dropped), up moves an existing user's state over and rehashes the
// stored backup-code hashes with a salt.
func TestUserTOTPMovesExistingState(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()
	runner := core.NewMigrationsRunner(app, core.AppMigrations)
	if _, err := runner.Down(migrationsSince("1795300050")); err != nil {
		t.Fatal(err)
	}
	if _, err := app.FindCollectionByNameOrId(migrations.UserTOTPCollection); err == nil {
		t.Fatal("down left the user_totp collection")
	}

	// A user enrolled before the move: unsalted SHA-256 hashes, one spent.
	codeA, codeB := "aaaaabbbbb", "cccccddddd"
	rec := testapp.CreateUser(t, app, testapp.Alice)
	rec.Set(migrations.FieldTOTPEnabled, true)
	rec.Set(migrations.FieldTOTPSecret, "encrypted-secret")
	rec.Set(migrations.FieldTOTPBackupCodes, []string{backuphash.Prehash(codeA), "used:" + backuphash.Prehash(codeB)})
	rec.Set(migrations.FieldTOTPPendingBackupCodes, []string{})
	rec.Set(migrations.FieldTOTPLastStep, 1234)
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	testapp.CreateUser(t, app, testapp.Bob) // never set up 2FA

	if _, err := runner.Up(); err != nil {
		t.Fatal(err)
	}
	rows, err := app.FindAllRecords(migrations.UserTOTPCollection)
	if err != nil || len(rows) != 1 {
		t.Fatalf("rows = %d, %v", len(rows), err)
	}
	row := rows[0]
	if row.GetString(migrations.FieldTOTPUser) != testapp.Alice.ID || !row.GetBool(migrations.FieldTOTPRowEnabled) ||
		row.GetString(migrations.FieldTOTPRowSecret) != "encrypted-secret" || row.GetInt(migrations.FieldTOTPRowLastStep) != 1234 {
		t.Errorf("row = %v", row.FieldsData())
	}
	salt := row.GetString(migrations.FieldTOTPRowBackupSalt)
	var hashes []string
	if err := row.UnmarshalJSONField(migrations.FieldTOTPRowBackupCodes, &hashes); err != nil {
		t.Fatal(err)
	}
	if salt == "" || len(hashes) != 2 || hashes[0] != backuphash.Hash(codeA, salt) || hashes[1] != "used:"+backuphash.Hash(codeB, salt) {
		t.Errorf("backup codes not rehashed with a salt: %q %v", salt, hashes)
	}
	users, _ := app.FindCollectionByNameOrId(migrations.UsersCollection)
	if users.Fields.GetByName(migrations.FieldTOTPSecret) != nil {
		t.Error("users keeps the 2FA fields")
	}
}
