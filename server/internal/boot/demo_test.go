package boot

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestMain(m *testing.M) { testapp.Main(m) }

func addUser(t *testing.T, app core.App, email, password string) {
	t.Helper()
	users, _ := app.FindCollectionByNameOrId(migrations.UsersCollection)
	rec := core.NewRecord(users)
	rec.SetEmail(email)
	rec.SetPassword(password)
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
}

func TestEnsureDemo(t *testing.T) {
	t.Run("fresh data dir gets a verified demo account", func(t *testing.T) {
		app := testapp.New(t)
		defer app.Cleanup()

		res, err := ensureDemo(app, Config{Demo: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.State != demoCreated || len(res.Password) != demoPasswordLength {
			t.Fatalf("result = %+v", res)
		}
		rec, err := app.FindAuthRecordByEmail(migrations.UsersCollection, DemoEmail)
		if err != nil {
			t.Fatal(err)
		}
		if !rec.Verified() || rec.GetString("name") != DemoName || rec.GetString(migrations.FieldCompany) != DemoCompany {
			t.Errorf("demo record = %v", rec.PublicExport())
		}
		if !rec.ValidatePassword(res.Password) {
			t.Error("printed password does not open the account")
		}

		// Next start: the account exists, the password is not known any more.
		res, err = ensureDemo(app, Config{Demo: true})
		if err != nil || res.State != demoExists || res.Password != "" {
			t.Errorf("restart = %+v, %v", res, err)
		}
	})

	t.Run("password from the environment", func(t *testing.T) {
		app := testapp.New(t)
		defer app.Cleanup()

		cfg := Config{Demo: true, DemoPassword: "demo-pass-123"}
		res, err := ensureDemo(app, cfg)
		if err != nil || res.State != demoCreated || res.Password != "demo-pass-123" {
			t.Fatalf("first = %+v, %v", res, err)
		}
		res, err = ensureDemo(app, cfg)
		if err != nil || res.State != demoKnown || res.Password != "demo-pass-123" {
			t.Errorf("restart = %+v, %v", res, err)
		}
		res, _ = ensureDemo(app, Config{Demo: true, DemoPassword: "changed-pass-1"})
		if res.State != demoExists || res.Password != "" {
			t.Errorf("a password that no longer opens it must not be printed: %+v", res)
		}
	})

	t.Run("data dir with users is left alone", func(t *testing.T) {
		app := testapp.New(t)
		defer app.Cleanup()
		addUser(t, app, "owner@folio.test", "owner-pass-1")

		res, err := ensureDemo(app, Config{Demo: true})
		if err != nil || res.State != demoAbsent {
			t.Fatalf("result = %+v, %v", res, err)
		}
		if _, err := app.FindAuthRecordByEmail(migrations.UsersCollection, DemoEmail); err == nil {
			t.Error("demo account created in a data dir that already had users")
		}
	})

	t.Run("FOLIO_DEMO=off", func(t *testing.T) {
		app := testapp.New(t)
		defer app.Cleanup()

		res, err := ensureDemo(app, Config{Demo: false})
		if err != nil || res.State != demoOff {
			t.Fatalf("result = %+v, %v", res, err)
		}
		if n, _ := app.CountRecords(migrations.UsersCollection); n != 0 {
			t.Errorf("%d users created", n)
		}
	})
}
