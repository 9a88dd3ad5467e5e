package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// MailSendsCollection counts the document mails each account sent, so the
// send route can hold them to its hourly limits. Superusers only: no rule
// lets a client read or write it. A row outlives its document (deleting a
// draft does not give its sends back); it goes with its account.
const MailSendsCollection = "mail_sends"

// Fields of mail_sends.
const (
	// FieldSentAt is when the mail was sent (set by the route from its
	// clock, so tests can move time).
	FieldSentAt = "sent_at"
)

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}
		sends := core.NewBaseCollection(MailSendsCollection)
		sends.Fields.Add(
			&core.RelationField{Name: "owner", CollectionId: users.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
			&core.SelectField{Name: "kind", Values: []string{KindQuote, KindInvoice}, MaxSelect: 1, Required: true},
			&core.TextField{Name: "document", Required: true, Max: 15},
			&core.DateField{Name: FieldSentAt, Required: true},
		)
		sends.AddIndex("idx_mail_sends_owner_sent", false, "`owner`, `"+FieldSentAt+"`", "")
		sends.AddIndex("idx_mail_sends_document_sent", false, "`document`, `"+FieldSentAt+"`", "")
		return app.Save(sends)
	}, func(app core.App) error {
		return deleteCollections(app, MailSendsCollection)
	})
}
