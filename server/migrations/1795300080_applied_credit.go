package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Kept credit applied to another invoice (issue 12, part 1).
//
// A credit the owner keeps (a paid invoice credited) can settle another
// open invoice of the same customer in the same currency: a payment with
// the method "credit" linked to the credit note whose credit it uses. It
// takes that credit off like a refund does. The rules are hooks in
// internal/billing.
const (
	// CreditMethod is the payment method of kept credit applied to an invoice.
	CreditMethod = "credit"
	// FieldCreditNote links a credit payment to the credit note it uses (payments).
	FieldCreditNote = "credit_note"
)

func init() {
	m.Register(func(app core.App) error {
		found, err := findCollections(app, PaymentsCollection, CreditNotesCollection)
		if err != nil {
			return err
		}
		payments, notes := found[0], found[1]
		method, ok := payments.Fields.GetByName("method").(*core.SelectField)
		if ok {
			method.Values = append(append([]string{}, PaymentMethods...), CreditMethod)
		}
		payments.Fields.Add(&core.RelationField{Name: FieldCreditNote, CollectionId: notes.Id, MaxSelect: 1})
		payments.AddIndex("idx_payments_credit_note", false, "`credit_note`", "")
		return app.Save(payments)
	}, func(app core.App) error {
		payments, err := app.FindCollectionByNameOrId(PaymentsCollection)
		if err != nil {
			return err
		}
		payments.RemoveIndex("idx_payments_credit_note")
		payments.Fields.RemoveByName(FieldCreditNote)
		if method, ok := payments.Fields.GetByName("method").(*core.SelectField); ok {
			method.Values = PaymentMethods
		}
		return app.Save(payments)
	})
}
