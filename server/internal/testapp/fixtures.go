package testapp

import (
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// FixedNow is "now" for every test that needs a known day: 2026-03-15,
// 10:00 UTC. Tests bind the hooks and routes on Clock, which stays there.
var FixedNow = time.Date(2026, 3, 15, 10, 0, 0, 0, time.UTC)

// Clock is a clock stopped at FixedNow, for BindWithClock and the like.
func Clock() time.Time { return FixedNow }

// Day is a YYYY-MM-DD date at midnight UTC, as dates are stored; it panics
// on anything else (a typo in a test).
func Day(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

// User is a fixture account. Its id is 15 × [a-z0-9], like the ids the web
// app generates.
type User struct{ ID, Email string }

// The fixture users. Each package's fixture decides what they own.
var (
	Alice = User{"aliceuser000001", "alice@folio.test"}
	Bob   = User{"bobuser00000001", "bob@folio.test"}
	Carol = User{"caroluser000001", "carol@folio.test"}
)

// The rest of Alice's team, one person per role (AddAliceTeam).
var (
	AliceAdmin      = User{"aliceadmin00001", "admin@folio.test"}
	AliceMember     = User{"alicemember0001", "member@folio.test"}
	AliceAccountant = User{"aliceaccount001", "accountant@folio.test"}
)

// AddAliceTeam creates AliceAdmin, AliceMember and AliceAccountant and
// makes them members of Alice's business with those roles (Alice, created
// before, is its owner).
func AddAliceTeam(t testing.TB, app core.App) {
	t.Helper()
	if err := AliceTeam(app); err != nil {
		t.Fatalf("Alice's team: %v", err)
	}
}

// AliceTeam is AddAliceTeam for fixture builders, which return errors.
func AliceTeam(app core.App) error {
	for _, m := range []struct {
		user User
		role string
	}{
		{AliceAdmin, migrations.RoleAdmin},
		{AliceMember, migrations.RoleMember},
		{AliceAccountant, migrations.RoleAccountant},
	} {
		if _, err := addUser(app, m.user); err != nil {
			return err
		}
		if _, err := migrations.SaveMembership(app, m.user.ID, Alice.ID, m.role); err != nil {
			return err
		}
	}
	return nil
}

// Password is every fixture user's password.
const Password = "correct-horse-42"

// AddUsers saves the users, verified and with Password, through whatever
// hooks are bound on app. For fixture builders, which return errors.
// AliceTeamAnd saves Alice with her team (AliceTeam) and the other users,
// each with a business of their own: the usual world of a package's tests.
func AliceTeamAnd(app core.App, others ...User) error {
	if err := AddUsers(app, append([]User{Alice}, others...)...); err != nil {
		return err
	}
	return AliceTeam(app)
}

func AddUsers(app core.App, users ...User) error {
	for _, u := range users {
		if _, err := addUser(app, u); err != nil {
			return err
		}
	}
	return nil
}

// CreateUser is AddUsers for one user in a test: it returns the record and
// fails the test when the save does.
func CreateUser(t testing.TB, app core.App, u User) *core.Record {
	t.Helper()
	rec, err := addUser(app, u)
	if err != nil {
		t.Fatalf("create user %s: %v", u.Email, err)
	}
	return rec
}

func addUser(app core.App, u User) (*core.Record, error) {
	users, err := app.FindCollectionByNameOrId(migrations.UsersCollection)
	if err != nil {
		return nil, err
	}
	rec := core.NewRecord(users)
	rec.Id = u.ID
	rec.SetEmail(u.Email)
	rec.SetPassword(Password)
	rec.SetVerified(true)
	if err := app.Save(rec); err != nil {
		return nil, err
	}
	return rec, EnsureBusiness(app, u.ID)
}

// EnsureBusiness gives a user the business a sign-up gives (same id, the
// user its owner) when no sign-up hook is bound on app to do it. Before the
// businesses migration (a test that went down) it does nothing.
func EnsureBusiness(app core.App, id string) error {
	businesses, err := app.FindCollectionByNameOrId(migrations.BusinessesCollection)
	if err != nil {
		return nil
	}
	if _, err := app.FindRecordById(businesses, id); err == nil {
		return nil
	}
	b := core.NewRecord(businesses)
	b.Id = id
	migrations.SetBusinessDefaults(b)
	if err := app.Save(b); err != nil {
		return err
	}
	_, err = migrations.SaveMembership(app, id, id, migrations.RoleOwner)
	return err
}

// Business is a fixture user's own business (the one a sign-up makes).
func Business(t testing.TB, app core.App, u User) *core.Record {
	t.Helper()
	rec, err := app.FindRecordById(migrations.BusinessesCollection, u.ID)
	if err != nil {
		t.Fatalf("business of %s: %v", u.Email, err)
	}
	return rec
}

// AddMember makes user a member of business with role, for tests.
func AddMember(t testing.TB, app core.App, businessID, userID, role string) *core.Record {
	t.Helper()
	m, err := migrations.SaveMembership(app, userID, businessID, role)
	if err != nil {
		t.Fatalf("membership %s in %s: %v", userID, businessID, err)
	}
	return m
}

// Token signs a saved user in: the value for an Authorization header.
func Token(t testing.TB, app core.App, userID string) string {
	t.Helper()
	rec, err := app.FindRecordById(migrations.UsersCollection, userID)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := rec.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}
