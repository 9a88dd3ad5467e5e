package migrations

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Credit notes and refunds (issue 12, part 1).
//
// A credit note corrects an issued invoice, fully or in part: its lines
// are copied from the invoice and edited down, and its total is never more
// than the invoice total less what is already credited. It is issued when
// it is saved and never changes afterwards. On an open invoice it lowers
// the balance; on a paid one it leaves a credit, which the owner refunds
// (a refund row) or keeps. The rules are hooks in internal/billing.
const (
	// CreditNotesCollection holds credit notes, each against one invoice.
	CreditNotesCollection = "credit_notes"
	// RefundsCollection holds refunds, each of (part of) one credit note's credit.
	RefundsCollection = "refunds"

	// FieldCreditNotePrefix starts every credit note number (users).
	FieldCreditNotePrefix = "credit_note_prefix"
	// DefaultCreditNotePrefix is the default credit note number prefix.
	DefaultCreditNotePrefix = "CN-"

	// FieldCreditedCents is Σ total of an invoice's credit notes (invoices).
	FieldCreditedCents = "credited_cents"
	// FieldRefundedCents is Σ refunds on an invoice's credit notes
	// (invoices), or on one credit note (credit_notes).
	FieldRefundedCents = "refunded_cents"
	// FieldCreditCents is the credit an invoice leaves its customer: what
	// was paid and credited beyond its total, less the refunds (invoices).
	FieldCreditCents = "credit_cents"
)

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}
		users.Fields.Add(&core.TextField{Name: FieldCreditNotePrefix, Max: 20})
		if err := app.Save(users); err != nil {
			return err
		}
		if _, err := app.DB().Update(UsersCollection, dbx.Params{FieldCreditNotePrefix: DefaultCreditNotePrefix},
			dbx.HashExp{FieldCreditNotePrefix: ""}).Execute(); err != nil {
			return err
		}

		found, err := findCollections(app, InvoicesCollection, CustomersCollection)
		if err != nil {
			return err
		}
		invoices, customers := found[0], found[1]
		invoices.Fields.Add(
			&core.NumberField{Name: FieldCreditedCents, OnlyInt: true},
			&core.NumberField{Name: FieldRefundedCents, OnlyInt: true},
			&core.NumberField{Name: FieldCreditCents, OnlyInt: true},
		)
		if err := app.Save(invoices); err != nil {
			return err
		}

		notes := ownedCollection(CreditNotesCollection, users)
		notes.Fields.Add(
			// Required and not cascading: an invoice or customer with credit
			// notes is never deleted (only drafts are, and they have none).
			&core.RelationField{Name: "invoice", CollectionId: invoices.Id, Required: true, MaxSelect: 1},
			&core.RelationField{Name: "customer", CollectionId: customers.Id, Required: true, MaxSelect: 1},
			&core.TextField{Name: "number", Max: 50},
			&core.NumberField{Name: "seq", OnlyInt: true},
		)
		notes.Fields.Add(issuedAmountFields()...)
		notes.Fields.Add(
			&core.TextField{Name: "reason", Max: 1000},
			&core.TextField{Name: "notes", Max: 5000},
			&core.SelectField{Name: FieldVATExemptionCategory, Values: VATExemptionCategories, MaxSelect: 1},
			&core.TextField{Name: FieldVATExemptionReason, Max: VATExemptionReasonMax},
			&core.NumberField{Name: FieldRefundedCents, OnlyInt: true},
		)
		withTimestamps(notes)
		notes.AddIndex("idx_credit_notes_owner_number", true, "`owner`, `number`", "")
		notes.AddIndex("idx_credit_notes_owner_seq", true, "`owner`, `seq`", "")
		notes.AddIndex("idx_credit_notes_owner_issue_seq", false, "`owner`, `issue_date`, `seq`", "")
		notes.AddIndex("idx_credit_notes_owner_customer", false, "`owner`, `customer`, `issue_date`, `seq`", "")
		notes.AddIndex("idx_credit_notes_invoice", false, "`invoice`", "")
		if err := app.Save(notes); err != nil {
			return err
		}

		refunds := ownedCollection(RefundsCollection, users)
		refunds.Fields.Add(
			&core.RelationField{Name: "credit_note", CollectionId: notes.Id, Required: true, MaxSelect: 1},
			&core.RelationField{Name: "invoice", CollectionId: invoices.Id, Required: true, MaxSelect: 1},
			&core.RelationField{Name: "customer", CollectionId: customers.Id, Required: true, MaxSelect: 1},
		)
		refunds.Fields.Add(moneyMovementFields()...)
		withTimestamps(refunds)
		refunds.AddIndex("idx_refunds_credit_note", false, "`credit_note`", "")
		refunds.AddIndex("idx_refunds_invoice", false, "`invoice`", "")
		refunds.AddIndex("idx_refunds_owner_date", false, "`owner`, `date`, `currency`, `amount_cents`", "")
		return app.Save(refunds)
	}, func(app core.App) error {
		if err := deleteCollections(app, RefundsCollection, CreditNotesCollection); err != nil {
			return err
		}
		if err := removeFields(app, InvoicesCollection, FieldCreditedCents, FieldRefundedCents, FieldCreditCents); err != nil {
			return err
		}
		return removeFields(app, UsersCollection, FieldCreditNotePrefix)
	})
}
