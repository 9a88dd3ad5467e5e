package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Credit notes are mailed like invoices (issue 28): the send route stamps
// the credit note's sent_at (server-only), and each mail counts against the
// business's hourly limits as a "credit_note" mail.
const (
	// KindCreditNote is a mail_sends row of a credit note.
	KindCreditNote = "credit_note"
	// FieldCreditNoteSentAt is when a credit note was last mailed.
	FieldCreditNoteSentAt = "sent_at"
)

func init() {
	m.Register(func(app core.App) error {
		if err := addFields(app, CreditNotesCollection, &core.DateField{Name: FieldCreditNoteSentAt}); err != nil {
			return err
		}
		sends, err := app.FindCollectionByNameOrId(MailSendsCollection)
		if err != nil {
			return err
		}
		if kind, ok := sends.Fields.GetByName("kind").(*core.SelectField); ok {
			kind.Values = []string{KindQuote, KindInvoice, KindCreditNote}
		}
		return app.Save(sends)
	}, func(app core.App) error {
		sends, err := app.FindCollectionByNameOrId(MailSendsCollection)
		if err != nil {
			return err
		}
		if _, err := app.DB().NewQuery("DELETE FROM {{" + MailSendsCollection + "}} WHERE [[kind]] = {:k}").
			Bind(map[string]any{"k": KindCreditNote}).Execute(); err != nil {
			return err
		}
		if kind, ok := sends.Fields.GetByName("kind").(*core.SelectField); ok {
			kind.Values = []string{KindQuote, KindInvoice}
		}
		if err := app.Save(sends); err != nil {
			return err
		}
		return removeFields(app, CreditNotesCollection, FieldCreditNoteSentAt)
	})
}
