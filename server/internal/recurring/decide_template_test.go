package recurring

import "testing"

// A start date set or changed lies from 2000 to a year from the business's
// today; one left as it is passes (a template from before the rule).
func TestDecideTemplateStartWindow(t *testing.T) {
	t.Parallel()
	cases := []struct {
		start   string
		changed bool
		want    string // "" when allowed, else the code
	}{
		{"2026-03-15", true, ""},
		{"2027-03-15", true, ""},
		{"2027-03-16", true, "folio_recurring_start_window"},
		{"2199-01-01", true, "folio_recurring_start_window"},
		{"2000-01-01", true, ""},
		{"1999-12-31", true, "folio_recurring_start_window"},
		{"2199-01-01", false, ""},
		{"1990-01-01", false, ""},
		{"2200-01-01", false, "folio_recurring_start_date"}, // past the stored bounds, changed or not
	}
	for _, c := range cases {
		in := templateInput{frequency: "monthly", monthDay: 1, start: day(c.start), endKind: "never", action: "draft",
			lines: 1, totalCents: 100, today: day("2026-03-15"), startChanged: c.changed}
		got := ""
		if e := decideTemplate(in); e != nil {
			got = e.code
		}
		if got != c.want {
			t.Errorf("%s (changed %v): %q, want %q", c.start, c.changed, got, c.want)
		}
	}
}
