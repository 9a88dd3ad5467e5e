package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The customer's side of a document: links that open a quote or invoice
// without an account, what the customer did with it (the activity events),
// the customer's answer to a quote and the copy of the PDF that was issued.
const (
	// DocumentLinksCollection holds the public links of quotes and invoices.
	// It has no API rules: only superusers and Folio's own routes read it.
	// A link stores the SHA-256 of its token, never the token.
	DocumentLinksCollection = "document_links"
	// DocumentEventsCollection holds what happened to a document (created,
	// sent, viewed, …). Its owner may list and view (and so subscribe to)
	// their events; only the server writes them.
	DocumentEventsCollection = "document_events"
)

// Values of the kind field of links and events.
const (
	// KindQuote marks a link or event of a quote.
	KindQuote = "quote"
	// KindInvoice marks a link or event of an invoice.
	KindInvoice = "invoice"
)

// Event types, the values of document_events.type.
const (
	// EventCreated: the document was created.
	EventCreated = "created"
	// EventSent: the document was mailed; detail {to, cc}.
	EventSent = "sent"
	// EventViewed: the customer opened the public link.
	EventViewed = "viewed"
	// EventDownloaded: the customer downloaded the PDF from the public page.
	EventDownloaded = "downloaded"
	// EventAccepted: the customer accepted the quote; detail {name, note}.
	EventAccepted = "accepted"
	// EventRejected: the customer rejected the quote; detail {reason}.
	EventRejected = "rejected"
	// EventPayment: a payment was recorded on the invoice; detail
	// {amount_cents, currency}.
	EventPayment = "payment"
	// EventVoided: the invoice was voided; detail {reason}.
	EventVoided = "voided"
)

// EventTypes are the accepted values of document_events.type.
var EventTypes = []string{
	EventCreated, EventSent, EventViewed, EventDownloaded, EventAccepted, EventRejected, EventPayment, EventVoided,
}

// Fields this migration adds to quotes and invoices.
const (
	// FieldAcceptedBy is the full name the customer typed to accept a quote.
	FieldAcceptedBy = "accepted_by"
	// FieldAcceptNote is the customer's optional note with an acceptance.
	FieldAcceptNote = "accept_note"
	// FieldIssuedPDF is the PDF that was mailed, kept as the issued copy
	// (protected: only the owner downloads it, with a file token).
	FieldIssuedPDF = "issued_pdf"
	// FieldIssuedFor fingerprints the printed content the issued copy
	// shows; while it matches, a resend attaches the same copy.
	FieldIssuedFor = "issued_for"
)

// Sizes of the fields above.
const (
	// IssuedPDFMaxBytes is the largest PDF a send may attach (10 MB).
	IssuedPDFMaxBytes = 10 << 20
	// AnswerNameMin and AnswerNameMax bound the typed full name.
	AnswerNameMin, AnswerNameMax = 2, 120
	// AnswerTextMax bounds an acceptance note and a rejection reason.
	AnswerTextMax = 1000
)

// issuedCopyFields are the fields both quotes and invoices get.
func issuedCopyFields() []core.Field {
	return []core.Field{
		&core.FileField{
			Name:      FieldIssuedPDF,
			MaxSelect: 1,
			MaxSize:   IssuedPDFMaxBytes,
			MimeTypes: []string{"application/pdf"},
			Protected: true,
		},
		&core.TextField{Name: FieldIssuedFor, Max: 100},
	}
}

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}
		kinds := []string{KindQuote, KindInvoice}

		links := core.NewBaseCollection(DocumentLinksCollection)
		// nil rules: superusers only. The public routes look links up by hash.
		links.Fields.Add(
			&core.RelationField{Name: "owner", CollectionId: users.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
			&core.SelectField{Name: "kind", Values: kinds, MaxSelect: 1, Required: true},
			&core.TextField{Name: "document", Required: true, Max: 15},
			&core.TextField{Name: "token_hash", Required: true, Min: 64, Max: 64, Pattern: `^[0-9a-f]{64}$`},
			&core.DateField{Name: "revoked_at"},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		links.AddIndex("idx_document_links_token_hash", true, "`token_hash`", "")
		links.AddIndex("idx_document_links_document", false, "`document`, `revoked_at`", "")
		if err := app.Save(links); err != nil {
			return err
		}

		events := core.NewBaseCollection(DocumentEventsCollection)
		events.ListRule = ptr(OwnerRule)
		events.ViewRule = ptr(OwnerRule)
		// No create, update or delete rules: only hooks and routes write.
		events.Fields.Add(
			&core.RelationField{Name: "owner", CollectionId: users.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
			&core.SelectField{Name: "kind", Values: kinds, MaxSelect: 1, Required: true},
			&core.TextField{Name: "document", Required: true, Max: 15},
			&core.SelectField{Name: "type", Values: EventTypes, MaxSelect: 1, Required: true},
			&core.JSONField{Name: "detail", MaxSize: 8 << 10},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		events.AddIndex("idx_document_events_document_created", false, "`document`, `created`", "")
		events.AddIndex("idx_document_events_owner_created", false, "`owner`, `created`", "")
		if err := app.Save(events); err != nil {
			return err
		}

		quotes, err := app.FindCollectionByNameOrId(QuotesCollection)
		if err != nil {
			return err
		}
		quotes.Fields.Add(
			&core.TextField{Name: FieldAcceptedBy, Max: AnswerNameMax},
			&core.TextField{Name: FieldAcceptNote, Max: AnswerTextMax},
		)
		quotes.Fields.Add(issuedCopyFields()...)
		if err := app.Save(quotes); err != nil {
			return err
		}

		return addFields(app, InvoicesCollection, issuedCopyFields()...)
	}, func(app core.App) error {
		for _, name := range []string{QuotesCollection, InvoicesCollection} {
			if err := removeFields(app, name, FieldAcceptedBy, FieldAcceptNote, FieldIssuedPDF, FieldIssuedFor); err != nil {
				return err
			}
		}
		return deleteCollections(app, DocumentEventsCollection, DocumentLinksCollection)
	})
}
