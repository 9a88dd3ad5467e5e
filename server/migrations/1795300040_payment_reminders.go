package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Automatic payment reminders: the business's reminder schedule and mail
// templates on users, a per-customer opt-out, and the log of every
// reminder sent (invoice_reminders). The log has one row per invoice and
// step under a unique index: a reminder is claimed by inserting its row,
// so no invoice gets the same reminder twice, whatever the restarts or the
// number of servers. Each reminder sent is also a "reminder" event on the
// invoice's activity.
const (
	// InvoiceRemindersCollection logs the reminders sent. Its owner may list
	// and view their rows (the dashboard counts them); only the server writes.
	InvoiceRemindersCollection = "invoice_reminders"

	// FieldRemindersEnabled switches the automatic reminders of a business
	// on. It starts off: nothing is mailed to customers until the owner
	// turns it on in /settings/reminders.
	FieldRemindersEnabled = "reminders_enabled"
	// FieldReminderSteps is the schedule: days relative to the due date
	// (-3 = three days before, 0 = on the due date, 7 = a week after), as a
	// JSON array of integers; empty (null) means the defaults.
	FieldReminderSteps = "reminder_steps"
	// FieldReminderSubjectTemplate and FieldReminderMessageTemplate are the
	// reminder mail, with the send templates' placeholders; empty means the
	// built-in default in the document's language.
	FieldReminderSubjectTemplate = "reminder_subject_template"
	FieldReminderMessageTemplate = "reminder_message_template"

	// FieldRemindersOptOut on customers: this customer gets no reminders.
	FieldRemindersOptOut = "reminders_opt_out"

	// EventReminder: a payment reminder was mailed; detail {to, step}.
	EventReminder = "reminder"
)

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}
		users.Fields.Add(
			&core.BoolField{Name: FieldRemindersEnabled},
			&core.JSONField{Name: FieldReminderSteps, MaxSize: 1 << 10},
			&core.TextField{Name: FieldReminderSubjectTemplate, Max: SendSubjectMax},
			&core.TextField{Name: FieldReminderMessageTemplate, Max: SendMessageMax},
		)
		if err := app.Save(users); err != nil {
			return err
		}

		if err := addFields(app, CustomersCollection, &core.BoolField{Name: FieldRemindersOptOut}); err != nil {
			return err
		}

		if err := addEventTypes(app, EventReminder); err != nil {
			return err
		}

		invoices, err := app.FindCollectionByNameOrId(InvoicesCollection)
		if err != nil {
			return err
		}
		log := core.NewBaseCollection(InvoiceRemindersCollection)
		log.ListRule = ptr(OwnerRule)
		log.ViewRule = ptr(OwnerRule)
		// No create, update or delete rules: only the reminders job writes.
		log.Fields.Add(
			&core.RelationField{Name: "owner", CollectionId: users.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
			&core.RelationField{Name: "invoice", CollectionId: invoices.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
			// step is the schedule's day (-3, 0, 7, …); 0 is a real value.
			&core.NumberField{Name: "step", OnlyInt: true},
			// day is the business's date the reminder was due and sent on.
			&core.TextField{Name: "day", Required: true, Max: 10},
			&core.TextField{Name: "to", Max: 255},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		log.AddIndex("idx_invoice_reminders_invoice_step", true, "`invoice`, `step`", "")
		log.AddIndex("idx_invoice_reminders_owner_created", false, "`owner`, `created`", "")
		return app.Save(log)
	}, func(app core.App) error {
		if c, err := app.FindCollectionByNameOrId(InvoiceRemindersCollection); err == nil {
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		if err := removeEventTypes(app, EventReminder); err != nil {
			return err
		}
		if err := removeFields(app, CustomersCollection, FieldRemindersOptOut); err != nil {
			return err
		}
		return removeFields(app, UsersCollection,
			FieldRemindersEnabled, FieldReminderSteps, FieldReminderSubjectTemplate, FieldReminderMessageTemplate)
	})
}
