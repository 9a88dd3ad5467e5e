package migrations

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// More per-owner business settings on the users record: the bank account
// printed as payment instructions on invoices, whether the customer's
// visits are tracked, and the default subject and message of the mail that
// sends a document. Like the other business fields they are plain (not
// hidden) fields, so the users rules (id = @request.auth.id) show them to
// the owner only.
const (
	// FieldBankHolder is the name of the account holder.
	FieldBankHolder = "bank_holder"
	// FieldIBAN is the account number, stored without spaces, upper case,
	// checked with ISO 13616 mod 97 by a billing hook.
	FieldIBAN = "iban"
	// FieldBIC is the bank's BIC (8 or 11 letters and digits), optional.
	FieldBIC = "bic"
	// FieldViewTracking switches the customer's visit tracking: sent →
	// viewed and the viewed/downloaded activity events.
	FieldViewTracking = "view_tracking"
	// FieldSendSubjectTemplate is the subject of a document mail, with
	// placeholders ({kind}, {number}, {business}, …).
	FieldSendSubjectTemplate = "send_subject_template"
	// FieldSendMessageTemplate is the message of a document mail, with
	// placeholders ({customer}, {amount}, {due_date}, {link}, …).
	FieldSendMessageTemplate = "send_message_template"
)

// Defaults of the send templates, given to new accounts by a hook and to
// accounts that existed before this migration by the migration itself.
// {kind} is "Invoice" or "Quote"; {due_date} is an invoice's due date or a
// quote's expiry date.
const (
	// DefaultSendSubjectTemplate is the default subject of a document mail.
	DefaultSendSubjectTemplate = "{kind} {number} from {business}"
	// DefaultSendMessageTemplate is the default message of a document mail.
	DefaultSendMessageTemplate = "Hello {customer},\n\n" +
		"{business} has sent you {kind} {number} for {amount}, due by {due_date}.\n\n" +
		"View it online: {link}\n\n" +
		"Thank you,\n{business}"
)

// Sizes of the fields above.
const (
	// BankHolderMax is the longest account holder name.
	BankHolderMax = 140
	// SendSubjectMax is the longest subject (template or as sent).
	SendSubjectMax = 200
	// SendMessageMax is the longest message (template or as sent).
	SendMessageMax = 5000
)

func init() {
	m.Register(func(app core.App) error {
		if err := addFields(app, UsersCollection,
			&core.TextField{Name: FieldBankHolder, Max: BankHolderMax},
			// The hook normalizes and checks the digits; the patterns are a
			// backstop for writers that skip the hooks.
			&core.TextField{Name: FieldIBAN, Max: 34, Pattern: `^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$`},
			&core.TextField{Name: FieldBIC, Max: 11, Pattern: `^[A-Z0-9]{8}([A-Z0-9]{3})?$`},
			&core.BoolField{Name: FieldViewTracking},
			&core.TextField{Name: FieldSendSubjectTemplate, Max: SendSubjectMax},
			&core.TextField{Name: FieldSendMessageTemplate, Max: SendMessageMax},
		); err != nil {
			return err
		}

		// Accounts created before this migration get what a new one gets.
		_, err := app.DB().Update(UsersCollection, dbx.Params{
			FieldViewTracking:        true,
			FieldSendSubjectTemplate: DefaultSendSubjectTemplate,
			FieldSendMessageTemplate: DefaultSendMessageTemplate,
		}, nil).Execute()
		return err
	}, func(app core.App) error {
		return removeFields(app, UsersCollection,
			FieldBankHolder, FieldIBAN, FieldBIC, FieldViewTracking, FieldSendSubjectTemplate, FieldSendMessageTemplate,
		)
	})
}
