package recurring

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/billing"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestMain(m *testing.M) { testapp.Main(m) }

// Each fixture user has the business a sign-up gives (same id). Alice's
// admin, member and accountant are her team (testapp.AliceTeam).
var (
	alice      = testapp.Alice.ID
	bob        = testapp.Bob.ID
	admin      = testapp.AliceAdmin
	member     = testapp.AliceMember
	accountant = testapp.AliceAccountant
)

// Fixture ids.
const (
	custAlice   = "custalice000001"
	custNoMail  = "custnomail00001"
	custBob     = "custbob00000001"
	tplMonthly  = "tplmonthly00001" // alice, monthly on the 1st from 2026-01-01, drafts
	tplSend     = "tplsend00000001" // alice, weekly from 2026-03-09, sent (one due)
	tplNoMail   = "tplnomail000001" // alice, sent to a customer without email, from 2026-03-15 (one due)
	tplBob      = "tplbob000000001"
	tplBobLater = "tplboblater0001"
)

var oneLine = []map[string]any{{"id": "l1", "description": "Hosting", "quantity": 1, "unit_price_cents": 5000, "tax_rate": 20}}

func bindAll(app core.App) {
	billing.BindWithClock(app, testapp.Clock)
	BindWithClock(app, testapp.Clock)
}

func factory(t testing.TB) *tests.TestApp {
	app := testapp.Fixture(t, "recurring", buildFixture)
	bindAll(app)
	return app
}

// buildFixture: alice's business (in Berlin) with three templates and her
// team (an admin, a member, an accountant); bob's with two; nothing
// made yet. "Now" is testapp.FixedNow, 2026-03-15 10:00 UTC.
func buildFixture(app *tests.TestApp) error {
	bindAll(app)
	if err := testapp.AliceTeamAnd(app, testapp.Bob); err != nil {
		return err
	}
	b, err := app.FindRecordById(migrations.BusinessesCollection, alice)
	if err != nil {
		return err
	}
	b.Set(migrations.FieldTimeZone, "Europe/Berlin")
	if err := app.Save(b); err != nil {
		return err
	}
	rows := []struct {
		collection, id string
		fields         map[string]any
	}{
		{migrations.CustomersCollection, custAlice, map[string]any{"business": alice, "name": "Acme", "email": "billing@acme.test", "currency": "EUR"}},
		{migrations.CustomersCollection, custNoMail, map[string]any{"business": alice, "name": "No Mail Ltd", "currency": "EUR"}},
		{migrations.CustomersCollection, custBob, map[string]any{"business": bob, "name": "Bob's client", "currency": "EUR"}},
		{migrations.RecurringCollection, tplMonthly, template(alice, custAlice, map[string]any{"frequency": "monthly", "month_day": 1, "start_date": "2026-01-01"})},
		{migrations.RecurringCollection, tplSend, template(alice, custAlice, map[string]any{"frequency": "weekly", "start_date": "2026-03-09", "action": "send"})},
		{migrations.RecurringCollection, tplNoMail, template(alice, custNoMail, map[string]any{"frequency": "weekly", "start_date": "2026-03-15", "action": "send"})},
		{migrations.RecurringCollection, tplBob, template(bob, custBob, map[string]any{"frequency": "monthly", "month_day": 0, "start_date": "2026-02-01"})},
		{migrations.RecurringCollection, tplBobLater, template(bob, custBob, map[string]any{"frequency": "yearly", "start_date": "2027-01-01"})},
	}
	for _, r := range rows {
		if _, err := create(app, r.collection, r.id, r.fields); err != nil {
			return err
		}
	}
	return nil
}

// template is a template's fields. The fixture's templates started before
// its today and make every date since (missed "all"), as a template does
// that catches up after the server was down; a new template's own choice
// is tested in missed_test.go.
func template(business, customer string, extra map[string]any) map[string]any {
	f := map[string]any{"business": business, "customer": customer, "items": oneLine, "end_kind": "never",
		"action": "draft", "payment_terms_days": 14, migrations.FieldRecurringMissed: "all"}
	for k, v := range extra {
		f[k] = v
	}
	return f
}

func create(app core.App, collection, id string, fields map[string]any) (*core.Record, error) {
	col, err := app.FindCollectionByNameOrId(collection)
	if err != nil {
		return nil, err
	}
	rec := core.NewRecord(col)
	rec.Id = id
	for k, v := range fields {
		rec.Set(k, v)
	}
	return rec, app.Save(rec)
}

// count counts rows of a collection matching where.
func count(t testing.TB, app core.App, collection string, where dbx.Expression) int {
	t.Helper()
	var n int
	if err := app.DB().Select("COUNT(*)").From(collection).Where(where).Row(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// setField saves one template field through the hooks.
func setField(t testing.TB, app core.App, id string, fields map[string]any) {
	t.Helper()
	rec, err := app.FindRecordById(migrations.RecurringCollection, id)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range fields {
		rec.Set(k, v)
	}
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
}

// apiCase is one request against a fresh clone of the fixture.
type apiCase struct {
	name     string
	as       string
	method   string
	url      string
	body     any
	status   int
	contains []string
	absent   []string
	after    func(t testing.TB, app *tests.TestApp)
	factory  func(t testing.TB) *tests.TestApp // the fixture's when nil
}

func runAPICases(t *testing.T, cases []apiCase) {
	t.Helper()
	for _, c := range cases {
		headers := map[string]string{}
		s := tests.ApiScenario{
			Name: c.name, Method: c.method, URL: c.url, Headers: headers,
			ExpectedStatus: c.status, ExpectedContent: c.contains, NotExpectedContent: c.absent,
			TestAppFactory: c.factory,
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				if c.as != "" {
					headers["Authorization"] = testapp.Token(t, app, c.as)
				}
			},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if c.after != nil {
					c.after(t, app)
				}
			},
		}
		if s.TestAppFactory == nil {
			s.TestAppFactory = factory
		}
		if c.body != nil {
			b, _ := json.Marshal(c.body)
			s.Body = strings.NewReader(string(b))
		}
		if len(s.ExpectedContent) == 0 && len(s.NotExpectedContent) == 0 && c.status != http.StatusNoContent {
			s.ExpectedContent = []string{`"`}
		}
		s.Test(t)
	}
}
