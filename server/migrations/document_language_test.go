package migrations_test

import (
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// migrationsSince counts the app migrations from the one whose file name
// starts with prefix to the newest, so a test can go down to and including
// it whatever was added after it.
func migrationsSince(prefix string) int {
	n := 0
	for _, item := range core.AppMigrations.Items() {
		if item.File >= prefix {
			n++
		}
	}
	return n
}

// Migration 1795300010: the document language of customers and businesses.
func TestDocumentLanguageSchema(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()

	for collection, name := range map[string]string{
		migrations.BusinessesCollection: migrations.FieldDocumentLanguage,
		migrations.CustomersCollection:  migrations.FieldCustomerLanguage,
	} {
		c := mustFind(t, app, collection)
		f, ok := c.Fields.GetByName(name).(*core.SelectField)
		// Visible to the owner like the other business fields; empty means
		// the default (the business's, then English).
		if !ok || f.GetHidden() || f.Required || f.MaxSelect != 1 {
			t.Fatalf("%s.%s = %#v, want one optional visible value", collection, name, c.Fields.GetByName(name))
		}
		if !slices.Equal(f.Values, []string{"en", "de", "fr", "es", "ar"}) {
			t.Errorf("%s.%s values = %v", collection, name, f.Values)
		}
	}

	// A value outside the list is refused by the field itself.
	testapp.CreateUser(t, app, testapp.Alice)
	owner, err := app.FindRecordById(migrations.BusinessesCollection, testapp.Alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	owner.Set(migrations.FieldDocumentLanguage, "xx")
	if err := app.Save(owner); err == nil {
		t.Error("document_language = xx was saved")
	}
	owner.Set(migrations.FieldDocumentLanguage, "de")
	if err := app.Save(owner); err != nil {
		t.Errorf("document_language = de: %v", err)
	}
}

// Down takes both fields away, up brings them back.
func TestDocumentLanguageDown(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()
	runner := core.NewMigrationsRunner(app, core.AppMigrations)
	if _, err := runner.Down(migrationsSince("1795300010")); err != nil {
		t.Fatal(err)
	}
	users, _ := app.FindCollectionByNameOrId(migrations.UsersCollection)
	customers, _ := app.FindCollectionByNameOrId(migrations.CustomersCollection)
	if users.Fields.GetByName(migrations.FieldDocumentLanguage) != nil || customers.Fields.GetByName(migrations.FieldCustomerLanguage) != nil {
		t.Error("down left the language fields")
	}
	if users.Fields.GetByName(migrations.FieldEInvoicing) == nil {
		t.Error("down went past its own migration")
	}
	if _, err := runner.Up(); err != nil {
		t.Fatal(err)
	}
	customers, _ = app.FindCollectionByNameOrId(migrations.CustomersCollection)
	if customers.Fields.GetByName(migrations.FieldCustomerLanguage) == nil {
		t.Error("up again did not restore customers.language")
	}
}
