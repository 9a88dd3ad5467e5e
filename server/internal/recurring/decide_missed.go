package recurring

import "time"

// What a new template whose start date is in the past does with the dates
// it missed (its field missed; the editor asks and previews, through
// PathPreview, before saving). Dates before today are "missed"; today's
// date is not, it is made as usual.
const (
	// MissedSkip makes none of them: the first invoice is the next date
	// from today on. The default: nothing back-dated without asking.
	MissedSkip = "skip"
	// MissedLatest makes only the most recent missed date.
	MissedLatest = "latest"
	// MissedAll makes every missed date, at most maxMissedAll of them
	// (the most recent ones).
	MissedAll = "all"
)

// maxMissedAll caps "make them all": a year of a monthly template. Older
// missed dates are skipped; the preview shows which are made.
const maxMissedAll = 12

// MissedPlan is what a new template does with its start in the past.
type MissedPlan struct {
	// Missed is every date before today, oldest first.
	Missed []time.Time
	// SkipBefore is the template's skip_before: its first date that may
	// still be made (zero when none is skipped).
	SkipBefore time.Time
	// Make is the dates made at once (the missed ones kept and today's if
	// it is one), oldest first.
	Make []time.Time
}

// DecideMissed is the plan of a new template with rule r on today (the
// business's date), for the choice (empty: MissedSkip).
func DecideMissed(r Rule, today time.Time, choice string) MissedPlan {
	var plan MissedPlan
	for _, d := range Next(r, State{}, maxSteps) {
		if !d.Before(today) {
			break
		}
		plan.Missed = append(plan.Missed, d)
	}
	keep := 0
	switch choice {
	case MissedLatest:
		keep = 1
	case MissedAll:
		keep = maxMissedAll
	}
	keep = min(keep, len(plan.Missed))
	switch {
	case len(plan.Missed) == 0:
		// Nothing missed: nothing to skip.
	case keep == len(plan.Missed):
		// All kept: nothing to skip.
	case keep == 0:
		plan.SkipBefore = today
	default:
		plan.SkipBefore = plan.Missed[len(plan.Missed)-keep]
	}
	plan.Make = Due(r, State{SkipBefore: plan.SkipBefore}, today)
	return plan
}
