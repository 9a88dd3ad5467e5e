package recurring

import (
	"net/http"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/refusal/refusaltest"
	"folio/server/internal/schedule"
	"folio/server/migrations"
)

const (
	tplURL  = "/api/collections/" + migrations.RecurringCollection + "/records"
	runsURL = "/api/collections/" + migrations.RecurringRunsCollection + "/records"
)

// TestRefusalCodes: one sentence per code, each in the web app's catalogue,
// and the samples the web app's tests rebuild.
func TestRefusalCodes(t *testing.T) {
	refusaltest.CheckSources(t, "recurringMessages")
	refusaltest.CheckCatalogue(t, recurringMessages)
	ok := templateInput{frequency: "monthly", monthDay: 1, start: day("2026-01-01"), endKind: "never", action: "draft", lines: 1, totalCents: 100,
		today: day("2026-03-15"), startChanged: true}
	bad := func(f func(in *templateInput)) templateInput { in := ok; f(&in); return in }
	inputs := []templateInput{
		bad(func(in *templateInput) { in.frequency = "daily" }),
		bad(func(in *templateInput) { in.monthDay = 32 }),
		bad(func(in *templateInput) { in.start = day("") }),
		bad(func(in *templateInput) { in.start = day("2199-01-01") }),
		bad(func(in *templateInput) { in.endKind = "sometime" }),
		bad(func(in *templateInput) { in.endKind = "after"; in.endCount = 0 }),
		bad(func(in *templateInput) { in.endKind = "on"; in.endDate = day("2025-12-31") }),
		bad(func(in *templateInput) { in.action = "mail" }),
		bad(func(in *templateInput) { in.totalCents = 0 }),
	}
	var samples []refusaltest.Sample
	if decideTemplate(ok) != nil {
		t.Fatal("a valid template was refused")
	}
	for i, in := range inputs {
		e := decideTemplate(in)
		if e == nil {
			t.Fatalf("input %d refused nothing", i)
		}
		samples = append(samples, refusaltest.Sample{Code: e.code, Message: e.message})
	}
	if e := decideTimeZone("Mars/Olympus", schedule.ValidZone); e == nil || e.code != "folio_invalid_time_zone" {
		t.Fatalf("time zone: %v", e)
	}
	if decideTimeZone("Europe/Paris", schedule.ValidZone) != nil || decideTimeZone("", schedule.ValidZone) != nil {
		t.Fatal("a valid time zone was refused")
	}
	refusaltest.CheckSamples(t, "recurring", recurringMessages, samples)
}

func TestTemplateAPI(t *testing.T) {
	valid := func(extra map[string]any) map[string]any {
		b := template(alice, custAlice, map[string]any{"frequency": "monthly", "month_day": 0, "start_date": "2026-04-01"})
		for k, v := range extra {
			b[k] = v
		}
		return b
	}
	runAPICases(t, []apiCase{
		{name: "create: next dates worked out, server fields ignored", as: alice, method: http.MethodPost, url: tplURL,
			body:   valid(map[string]any{"made_count": 99, "last_period": "2030-01-01", "next_date": "2000-01-01"}),
			status: 200, contains: []string{`"made_count":0`, `"last_period":""`, `"next_date":"2026-04-30"`, `"upcoming":["2026-04-30","2026-05-31","2026-06-30"]`}},
		{name: "unknown frequency", as: alice, method: http.MethodPost, url: tplURL, body: valid(map[string]any{"frequency": "daily"}),
			status: 400, contains: []string{`"frequency":{"code":"folio_recurring_frequency"`}},
		{name: "after 0 invoices", as: alice, method: http.MethodPost, url: tplURL, body: valid(map[string]any{"end_kind": "after", "end_count": 0}),
			status: 400, contains: []string{`"end_count":{"code":"folio_recurring_end_count"`}},
		{name: "end before start", as: alice, method: http.MethodPost, url: tplURL, body: valid(map[string]any{"end_kind": "on", "end_date": "2026-03-01"}),
			status: 400, contains: []string{`"end_date":{"code":"folio_recurring_end_date"`}},
		{name: "no lines", as: alice, method: http.MethodPost, url: tplURL, body: valid(map[string]any{"items": []any{}}),
			status: 400, contains: []string{`"items":{"code":"folio_recurring_lines"`}},
		{name: "a line without a description", as: alice, method: http.MethodPost, url: tplURL,
			body:   valid(map[string]any{"items": []map[string]any{{"id": "a", "quantity": 1, "unit_price_cents": 100}}}),
			status: 400, contains: []string{`"items":{"code":"folio_line_required"`}},
		{name: "no start date", as: alice, method: http.MethodPost, url: tplURL, body: valid(map[string]any{"start_date": ""}),
			status: 400, contains: []string{`"start_date"`}},
		{name: "starting in 2199", as: alice, method: http.MethodPost, url: tplURL, body: valid(map[string]any{"start_date": "2199-01-01"}),
			status: 400, contains: []string{`"start_date":{"code":"folio_recurring_start_window"`}},
		{name: "starting a year from today", as: alice, method: http.MethodPost, url: tplURL, body: valid(map[string]any{"start_date": "2027-03-15"}),
			status: 200, contains: []string{`"next_date":"2027-03-31"`}},
		{name: "starting a year and a day from today", as: alice, method: http.MethodPost, url: tplURL, body: valid(map[string]any{"start_date": "2027-03-16"}),
			status: 400, contains: []string{`"start_date":{"code":"folio_recurring_start_window"`}},
		{name: "starting in 1999", as: alice, method: http.MethodPost, url: tplURL, body: valid(map[string]any{"start_date": "1999-12-01"}),
			status: 400, contains: []string{`"start_date":{"code":"folio_recurring_start_window"`}},
		{name: "moved to start in 2199", as: alice, method: http.MethodPatch, url: tplURL + "/" + tplMonthly, body: map[string]any{"start_date": "2199-01-01"},
			status: 400, contains: []string{`"start_date":{"code":"folio_recurring_start_window"`}},
		{name: "an unknown business time zone", as: alice, method: http.MethodPatch, url: "/api/collections/businesses/records/" + alice,
			body: map[string]any{"time_zone": "Mars/Olympus"}, status: 400, contains: []string{`"time_zone":{"code":"folio_invalid_time_zone"`}},
		{name: "a known business time zone", as: alice, method: http.MethodPatch, url: "/api/collections/businesses/records/" + alice,
			body: map[string]any{"time_zone": "America/New_York"}, status: 200, contains: []string{`"time_zone":"America/New_York"`}},
		{name: "runs can't be written by their business's owner", as: alice, method: http.MethodPost, url: runsURL,
			body: map[string]any{"business": alice, "template": tplMonthly, "period": "2026-01-01", "status": "made"}, status: 403},
	})
}

// Every new collection × every operation, by alice on bob's business's records:
// refused or empty, never bob's data.
func TestCrossAccountMatrix(t *testing.T) {
	var cases []apiCase
	cases = append(cases,
		apiCase{name: "templates list", as: alice, method: http.MethodGet, url: tplURL + "?perPage=500", status: 200,
			contains: []string{`"totalItems":3`}, absent: []string{bob}},
		apiCase{name: "templates list filtered on bob", as: alice, method: http.MethodGet, url: tplURL + "?filter=(business='" + bob + "')",
			status: 200, contains: []string{`"totalItems":0`}},
		apiCase{name: "template view", as: alice, method: http.MethodGet, url: tplURL + "/" + tplBob, status: 404},
		apiCase{name: "template create for bob", as: alice, method: http.MethodPost, url: tplURL,
			body: template(bob, custBob, map[string]any{"frequency": "weekly", "start_date": "2026-04-01"}), status: 400},
		apiCase{name: "template update", as: alice, method: http.MethodPatch, url: tplURL + "/" + tplBob, body: map[string]any{"paused": true}, status: 404},
		apiCase{name: "template delete", as: alice, method: http.MethodDelete, url: tplURL + "/" + tplBob, status: 404,
			after: func(t testing.TB, app *tests.TestApp) {
				if _, err := app.FindRecordById(migrations.RecurringCollection, tplBob); err != nil {
					t.Fatal("bob's template is gone")
				}
			}},
		apiCase{name: "template on bob's customer", as: alice, method: http.MethodPost, url: tplURL,
			body:   template(alice, custBob, map[string]any{"frequency": "weekly", "start_date": "2026-04-01"}),
			status: 400, contains: []string{`"customer":{"code":"folio_foreign_customer"`}},
		apiCase{name: "template moved to bob's customer", as: alice, method: http.MethodPatch, url: tplURL + "/" + tplMonthly,
			body: map[string]any{"customer": custBob}, status: 400, contains: []string{`"code":"folio_foreign_customer"`}},
		apiCase{name: "template given to bob", as: alice, method: http.MethodPatch, url: tplURL + "/" + tplMonthly,
			body: map[string]any{"business": bob}, status: 404},
		apiCase{name: "templates guest list", method: http.MethodGet, url: tplURL, status: 200, contains: []string{`"totalItems":0`}},
		apiCase{name: "templates guest create", method: http.MethodPost, url: tplURL,
			body: template(bob, custBob, map[string]any{"frequency": "weekly", "start_date": "2026-04-01"}), status: 400},
	)
	// Runs, one of each business's (only the server writes runs).
	withRuns := func(t testing.TB) *tests.TestApp {
		app := factory(t)
		for id, f := range map[string]map[string]any{
			runBob:   {"business": bob, "template": tplBob, "period": "2026-02-28", "status": "made"},
			runAlice: {"business": alice, "template": tplMonthly, "period": "2026-01-01", "status": "made"},
		} {
			if _, err := create(app, migrations.RecurringRunsCollection, id, f); err != nil {
				t.Fatal(err)
			}
		}
		return app
	}
	for _, c := range []apiCase{
		{name: "runs list", as: alice, method: http.MethodGet, url: runsURL + "?perPage=500&expand=invoice,template", status: 200,
			contains: []string{`"totalItems":1`, runAlice}, absent: []string{bob}},
		{name: "runs list filtered on bob", as: alice, method: http.MethodGet, url: runsURL + "?filter=(business='" + bob + "')",
			status: 200, contains: []string{`"totalItems":0`}},
		{name: "run view", as: alice, method: http.MethodGet, url: runsURL + "/" + runBob, status: 404},
		{name: "own run update", as: alice, method: http.MethodPatch, url: runsURL + "/" + runAlice, body: map[string]any{"status": "failed"}, status: 403},
		{name: "run update", as: alice, method: http.MethodPatch, url: runsURL + "/" + runBob, body: map[string]any{"status": "failed"}, status: 403},
		{name: "run delete", as: alice, method: http.MethodDelete, url: runsURL + "/" + runBob, status: 403},
		{name: "runs guest list", method: http.MethodGet, url: runsURL, status: 200, contains: []string{`"totalItems":0`}},
	} {
		c.factory = withRuns
		cases = append(cases, c)
	}
	runAPICases(t, cases)
}

const (
	runBob   = "runbob000000001"
	runAlice = "runalice0000001"
)

// The preview is any member's (it writes nothing), on the business's
// calendar rather than the caller's; anyone else, or no business, gets 404.
func TestPreviewRoles(t *testing.T) {
	body := func(business string) map[string]any {
		return map[string]any{"business": business, "frequency": "weekly", "start_date": "2026-04-06", "end_kind": "never"}
	}
	// Alice's business 14 hours ahead of UTC: its today is already the 16th.
	ahead := func(t testing.TB) *tests.TestApp {
		app := factory(t)
		b, err := app.FindRecordById(migrations.BusinessesCollection, alice)
		if err != nil {
			t.Fatal(err)
		}
		b.Set(migrations.FieldTimeZone, "Pacific/Kiritimati")
		if err := app.Save(b); err != nil {
			t.Fatal(err)
		}
		return app
	}
	var cases []apiCase
	for _, c := range []struct {
		role, as string
		status   int
	}{
		{"owner", alice, 200}, {"admin", admin.ID, 200}, {"member", member.ID, 200}, {"accountant", accountant.ID, 200}, {"non-member", bob, 404},
	} {
		ac := apiCase{name: c.role, as: c.as, method: http.MethodPost, url: PathPreview, body: body(alice), status: c.status, factory: ahead}
		if c.status == 200 {
			ac.contains = []string{`"today":"2026-03-16"`}
		} else {
			ac.absent = []string{`"today"`}
		}
		cases = append(cases, ac)
	}
	cases = append(cases,
		apiCase{name: "a member's own business keeps its own calendar", as: admin.ID, method: http.MethodPost, url: PathPreview,
			body: body(admin.ID), status: 200, contains: []string{`"today":"2026-03-15"`}, factory: ahead},
		apiCase{name: "no business", as: alice, method: http.MethodPost, url: PathPreview,
			body: body(""), status: 404, absent: []string{`"today"`}},
	)
	runAPICases(t, cases)
}

// Templates are written by owners, admins and members of the business
// (the collection's rules), and their checks are the business's: its
// customers, its time zone.
func TestTemplateRoles(t *testing.T) {
	tpl := func() map[string]any {
		return template(alice, custAlice, map[string]any{"frequency": "weekly", "start_date": "2026-04-06"})
	}
	var cases []apiCase
	for _, c := range []struct {
		role, as       string
		create, update int
	}{
		{"owner", alice, 200, 200}, {"admin", admin.ID, 200, 200}, {"member", member.ID, 200, 200},
		{"accountant", accountant.ID, 400, 404}, {"non-member", bob, 400, 404},
	} {
		cases = append(cases,
			apiCase{name: c.role + " creates", as: c.as, method: http.MethodPost, url: tplURL, body: tpl(), status: c.create,
				after: func(t testing.TB, app *tests.TestApp) {
					n := count(t, app, migrations.RecurringCollection, dbx.HashExp{"business": alice})
					if want := map[bool]int{true: 4, false: 3}[c.create == 200]; n != want {
						t.Errorf("alice's business has %d templates, want %d", n, want)
					}
				}},
			apiCase{name: c.role + " pauses", as: c.as, method: http.MethodPatch, url: tplURL + "/" + tplMonthly,
				body: map[string]any{"paused": true}, status: c.update},
		)
	}
	runAPICases(t, cases)
}
