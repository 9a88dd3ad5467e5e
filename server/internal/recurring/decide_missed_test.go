package recurring

import "testing"

// A new template whose start is in the past: the trial's template, monthly
// on the 1st from 1 December, saved on 20 March, made three back-dated
// invoices (1 January, 1 February, 1 March) without asking.
func TestDecideMissed(t *testing.T) {
	t.Parallel()
	monthly := Rule{Frequency: "monthly", Start: day("2026-01-01"), MonthDay: 1, EndKind: "never"}
	weekly := Rule{Frequency: "weekly", Start: day("2024-01-01"), EndKind: "never"}
	today := day("2026-03-20")
	cases := []struct {
		name             string
		rule             Rule
		today            string
		choice           string
		missed, skip, mk string
	}{
		{"skip is the default: none made, the next date is the first", monthly, "2026-03-20", "",
			"2026-01-01 2026-02-01 2026-03-01", "2026-03-20", ""},
		{"skip", monthly, "2026-03-20", MissedSkip,
			"2026-01-01 2026-02-01 2026-03-01", "2026-03-20", ""},
		{"latest: only the most recent", monthly, "2026-03-20", MissedLatest,
			"2026-01-01 2026-02-01 2026-03-01", "2026-03-01", "2026-03-01"},
		{"all: every missed date", monthly, "2026-03-20", MissedAll,
			"2026-01-01 2026-02-01 2026-03-01", "", "2026-01-01 2026-02-01 2026-03-01"},
		{"today's date is not missed: made whatever the choice", monthly, "2026-03-01", MissedSkip,
			"2026-01-01 2026-02-01", "2026-03-01", "2026-03-01"},
		{"latest with today's date: the latest missed and today's", monthly, "2026-03-01", MissedLatest,
			"2026-01-01 2026-02-01", "2026-02-01", "2026-02-01 2026-03-01"},
		{"a start from today: nothing missed", Rule{Frequency: "monthly", Start: today, MonthDay: 25, EndKind: "never"},
			"2026-03-20", MissedAll, "", "", ""},
		{"an unknown choice is skip", monthly, "2026-03-20", "every", "2026-01-01 2026-02-01 2026-03-01", "2026-03-20", ""},
		{"an end in the past: its dates are all there is", Rule{Frequency: "weekly", Start: day("2026-01-05"), EndKind: "after", EndCount: 2},
			"2026-03-20", MissedAll, "2026-01-05 2026-01-12", "", "2026-01-05 2026-01-12"},
	}
	for _, c := range cases {
		plan := DecideMissed(c.rule, day(c.today), c.choice)
		if got := days(plan.Missed); got != c.missed {
			t.Errorf("%s: missed %q, want %q", c.name, got, c.missed)
		}
		if got := dayText(plan.SkipBefore); got != c.skip {
			t.Errorf("%s: skip before %q, want %q", c.name, got, c.skip)
		}
		if got := days(plan.Make); got != c.mk {
			t.Errorf("%s: makes %q, want %q", c.name, got, c.mk)
		}
	}

	// All is capped: two years of weekly dates make the 12 most recent.
	plan := DecideMissed(weekly, today, MissedAll)
	if len(plan.Missed) < 100 || len(plan.Make) != maxMissedAll {
		t.Fatalf("weekly since 2024: %d missed, %d made, want >100 and %d", len(plan.Missed), len(plan.Make), maxMissedAll)
	}
	if last := plan.Make[len(plan.Make)-1]; !last.Equal(plan.Missed[len(plan.Missed)-1]) {
		t.Errorf("the cap keeps the most recent: last made %s", dayText(last))
	}
	if plan.Make[0].Before(plan.SkipBefore) {
		t.Errorf("made %s before the skip %s", dayText(plan.Make[0]), dayText(plan.SkipBefore))
	}
}
