package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// A card refund moves the invoice (issue 29, part 2). FieldReturnedCents is
// the part of a payment given back to the payer outside a credit note (a
// refund from Payments → "Refund through Stripe" or from Stripe's
// dashboard): it no longer counts as paid, so the invoice's paid amount,
// balance and status follow. A credit note's refund made by card is not in
// it (the credit note's refund already settles the invoice's credit). Set by
// the server only.
const FieldReturnedCents = "returned_cents"

func init() {
	m.Register(func(app core.App) error {
		payments, err := app.FindCollectionByNameOrId(PaymentsCollection)
		if err != nil {
			return err
		}
		zero := 0.0
		payments.Fields.Add(&core.NumberField{Name: FieldReturnedCents, OnlyInt: true, Min: &zero})
		return app.Save(payments)
	}, func(app core.App) error {
		return removeFields(app, PaymentsCollection, FieldReturnedCents)
	})
}
