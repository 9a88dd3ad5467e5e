package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Recurring invoices (internal/recurring): a template per repeated invoice,
// and one run per period it was due, so each period is made exactly once.
const (
	// RecurringCollection holds the templates.
	RecurringCollection = "recurring_invoices"
	// RecurringRunsCollection holds one row per template and period date;
	// the unique index on the pair is what makes a run happen once.
	RecurringRunsCollection = "recurring_runs"
)

// Values of the templates' and runs' select fields.
var (
	// RecurringFrequencies: every 7 or 14 days from the start, monthly on
	// a day (or the last day), every 3 or 12 months from the start.
	RecurringFrequencies = []string{"weekly", "biweekly", "monthly", "quarterly", "yearly"}
	// RecurringEnds: never, after a number of invoices, on a date.
	RecurringEnds = []string{"never", "after", "on"}
	// RecurringActions: make a draft to review, or make it and send it.
	RecurringActions = []string{"draft", "send"}
	// RecurringRunStatuses: being made (inside its transaction only), made
	// as a draft, made and waiting for its mail, sending, sent, failed
	// (nothing was made; it is tried again), mail_failed (made, not mailed).
	RecurringRunStatuses = []string{"making", "made", "to_send", "sending", "sent", "failed", "mail_failed"}
)

func init() {
	m.Register(func(app core.App) error {
		found, err := findCollections(app, UsersCollection, CustomersCollection, InvoicesCollection)
		if err != nil {
			return err
		}
		users, customers, invoices := found[0], found[1], found[2]
		zero, hundred, maxTerms, maxDay, maxCount := 0.0, 100.0, 365.0, 31.0, 1000.0

		tpl := ownedCollection(RecurringCollection, users)
		tpl.Fields.Add(
			&core.RelationField{Name: "customer", CollectionId: customers.Id, Required: true, MaxSelect: 1},
			&core.TextField{Name: "name", Max: 200},
			&core.JSONField{Name: "items", MaxSize: itemsMaxBytes},
			&core.NumberField{Name: "discount_percent", Min: &zero, Max: &hundred},
			&core.TextField{Name: "notes", Max: 5000},
			&core.TextField{Name: "terms", Max: 5000},
			&core.SelectField{Name: "frequency", Values: RecurringFrequencies, MaxSelect: 1, Required: true},
			// Monthly: the day of the month, 0 for the last day.
			&core.NumberField{Name: "month_day", OnlyInt: true, Min: &zero, Max: &maxDay},
			&core.DateField{Name: "start_date", Required: true},
			&core.SelectField{Name: "end_kind", Values: RecurringEnds, MaxSelect: 1, Required: true},
			&core.NumberField{Name: "end_count", OnlyInt: true, Min: &zero, Max: &maxCount},
			&core.DateField{Name: "end_date"},
			&core.NumberField{Name: "payment_terms_days", OnlyInt: true, Min: &zero, Max: &maxTerms},
			&core.SelectField{Name: "action", Values: RecurringActions, MaxSelect: 1, Required: true},
			&core.BoolField{Name: "paused"},
			// Server fields (internal/recurring): what was made, what is next.
			&core.TextField{Name: "last_period", Max: 10},
			&core.TextField{Name: "skip_before", Max: 10},
			&core.NumberField{Name: "made_count", OnlyInt: true},
			&core.TextField{Name: "next_date", Max: 10},
			&core.JSONField{Name: "upcoming", MaxSize: 1024},
			&core.TextField{Name: "last_error_code", Max: 100},
			&core.TextField{Name: "last_error", Max: 1000},
		)
		withTimestamps(tpl)
		tpl.AddIndex("idx_recurring_owner_next", false, "`owner`, `next_date`", "")
		tpl.AddIndex("idx_recurring_due", false, "`paused`, `next_date`", "")
		if err := app.Save(tpl); err != nil {
			return err
		}

		runs := core.NewBaseCollection(RecurringRunsCollection)
		// Read-only for the owner; only the server writes runs.
		runs.ListRule = ptr(OwnerRule)
		runs.ViewRule = ptr(OwnerRule)
		runs.Fields.Add(
			&core.RelationField{Name: "owner", CollectionId: users.Id, Required: true, MaxSelect: 1},
			&core.RelationField{Name: "template", CollectionId: tpl.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
			&core.TextField{Name: "period", Required: true, Max: 10},
			&core.RelationField{Name: "invoice", CollectionId: invoices.Id, MaxSelect: 1},
			&core.SelectField{Name: "status", Values: RecurringRunStatuses, MaxSelect: 1, Required: true},
			&core.TextField{Name: "error_code", Max: 100},
			&core.TextField{Name: "error", Max: 1000},
		)
		withTimestamps(runs)
		runs.AddIndex("idx_recurring_runs_period", true, "`template`, `period`", "")
		runs.AddIndex("idx_recurring_runs_status", false, "`status`", "")
		runs.AddIndex("idx_recurring_runs_owner", false, "`owner`", "")
		return app.Save(runs)
	}, func(app core.App) error {
		return deleteCollections(app, RecurringRunsCollection, RecurringCollection)
	})
}
