package recurring

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// A template saved on 15 March (the fixture's today, Berlin), monthly on
// the 1st from 1 December, has missed four dates. What its first pass of
// the job makes is what its writer chose; nothing back-dated by default.
func TestANewTemplateInThePastMakesWhatItsWriterChose(t *testing.T) {
	cases := []struct {
		missed string // "-" leaves the field out
		next   string // the template's next date as saved
		want   string
	}{
		{"-", "2026-04-01", ""},
		{"skip", "2026-04-01", ""},
		{"latest", "2026-03-01", "2026-03-01"},
		{"all", "2025-12-01", "2025-12-01 2026-01-01 2026-02-01 2026-03-01"},
	}
	var scenarios []apiCase
	for _, c := range cases {
		body := template(alice, custAlice, map[string]any{"frequency": "monthly", "month_day": 1,
			"start_date": "2025-12-01", "name": "back-dated " + c.missed})
		delete(body, migrations.FieldRecurringMissed)
		if c.missed != "-" {
			body[migrations.FieldRecurringMissed] = c.missed
		}
		scenarios = append(scenarios, apiCase{name: "missed " + c.missed, as: alice, method: http.MethodPost, url: tplURL,
			body: body, status: 200, contains: []string{`"next_date":"` + c.next + `"`},
			after: func(t testing.TB, app *tests.TestApp) {
				tpl, err := app.FindFirstRecordByFilter(migrations.RecurringCollection, "name = {:n}",
					dbx.Params{"n": "back-dated " + c.missed})
				if err != nil {
					t.Fatal(err)
				}
				if err := RunDue(app, testapp.FixedNow); err != nil {
					t.Fatal(err)
				}
				if got := strings.Join(invoicesOf(t, app, tpl.Id), " "); got != c.want {
					t.Errorf("missed %s made %q, want %q", c.missed, got, c.want)
				}
			}})
	}
	scenarios = append(scenarios, apiCase{name: "an unknown choice is refused", as: alice, method: http.MethodPost, url: tplURL,
		body: template(alice, custAlice, map[string]any{"frequency": "monthly", "month_day": 1, "start_date": "2025-12-01",
			migrations.FieldRecurringMissed: "some"}),
		status: 400, contains: []string{`"missed"`}})
	runAPICases(t, scenarios)
}

// The editor's preview is the same plan as the save.
func TestPreviewOfTheMissedDates(t *testing.T) {
	url := PathPreview
	sched := func(missed string) map[string]any {
		return map[string]any{"business": alice, "frequency": "monthly", "month_day": 1, "start_date": "2025-12-01", "end_kind": "never", "missed": missed}
	}
	runAPICases(t, []apiCase{
		{name: "skip", as: alice, method: http.MethodPost, url: url, body: sched(""), status: 200,
			contains: []string{`"today":"2026-03-15"`, `"missed":4`, `"first_missed":"2025-12-01"`, `"last_missed":"2026-03-01"`,
				`"make":[]`, `"next":["2026-04-01","2026-05-01","2026-06-01"]`}},
		{name: "latest", as: alice, method: http.MethodPost, url: url, body: sched("latest"), status: 200,
			contains: []string{`"make":["2026-03-01"]`, `"next":["2026-04-01"`}},
		{name: "all", as: alice, method: http.MethodPost, url: url, body: sched("all"), status: 200,
			contains: []string{`"make":["2025-12-01","2026-01-01","2026-02-01","2026-03-01"]`}},
		{name: "a start in the future misses nothing", as: alice, method: http.MethodPost, url: url,
			body:   map[string]any{"business": alice, "frequency": "weekly", "start_date": "2026-04-06", "end_kind": "never"},
			status: 200, contains: []string{`"missed":0`, `"make":[]`, `"next":["2026-04-06","2026-04-13","2026-04-20"]`}},
		{name: "a bad schedule is refused like the save", as: alice, method: http.MethodPost, url: url,
			body: map[string]any{"business": alice, "frequency": "daily", "start_date": "2026-04-06", "end_kind": "never"}, status: 400,
			contains: []string{`"code":"folio_recurring_frequency"`}},
		{name: "a guest gets nothing", method: http.MethodPost, url: url, body: sched(""), status: 401},
	})
}
