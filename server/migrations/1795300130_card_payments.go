package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Card payments through Stripe (issue 29, part 1). A business connects its
// own Stripe account: the secret key and the webhook signing secret are
// stored encrypted (internal/card, with the key that encrypts the 2FA
// secrets) in hidden fields, which the API never returns and exports leave
// out; what the settings page shows is the account id and whether the key
// is a test key. A payment recorded from a Stripe event names its provider
// and the provider's payment id, unique per business, so an event delivered
// twice, out of order or twice at once records one payment.
const (
	// FieldStripeSecretKey is the business's Stripe secret (or restricted)
	// key, encrypted; hidden.
	FieldStripeSecretKey = "stripe_secret_key"
	// FieldStripeWebhookSecret is the signing secret of the business's
	// webhook endpoint, encrypted; hidden.
	FieldStripeWebhookSecret = "stripe_webhook_secret"
	// FieldStripeAccount is the connected account's id (acct_…), as
	// Stripe answered it when the key was saved or tested.
	FieldStripeAccount = "stripe_account"
	// FieldStripeTestMode is true when the key is a test-mode key.
	FieldStripeTestMode = "stripe_test_mode"

	// FieldPaymentProvider is "stripe" for a payment recorded from a
	// provider's event, "" for a payment typed in.
	FieldPaymentProvider = "provider"
	// FieldProviderPaymentID is the provider's id of the payment (Stripe's
	// payment intent), unique per business.
	FieldProviderPaymentID = "provider_payment_id"
	// FieldNeedsRefund marks a card payment that no longer fitted the
	// balance when it arrived: recorded as paid, to be given back.
	FieldNeedsRefund = "needs_refund"
	// FieldProviderRefundedCents is what the provider has refunded of the
	// payment (Stripe's amount_refunded), whoever started the refund.
	FieldProviderRefundedCents = "provider_refunded_cents"

	// ProviderStripe is the provider value of a Stripe payment.
	ProviderStripe = "stripe"

	// EventCardRefunded: the provider refunded (part of) a card payment of
	// the invoice; detail {amount_cents, currency, provider, refunded_cents}.
	EventCardRefunded = "card_refunded"
)

func init() {
	m.Register(func(app core.App) error {
		if err := addFields(app, BusinessesCollection,
			&core.TextField{Name: FieldStripeSecretKey, Hidden: true, Max: 2000},
			&core.TextField{Name: FieldStripeWebhookSecret, Hidden: true, Max: 2000},
			&core.TextField{Name: FieldStripeAccount, Max: 100},
			&core.BoolField{Name: FieldStripeTestMode},
		); err != nil {
			return err
		}

		payments, err := app.FindCollectionByNameOrId(PaymentsCollection)
		if err != nil {
			return err
		}
		zero := 0.0
		payments.Fields.Add(
			&core.TextField{Name: FieldPaymentProvider, Max: 20},
			&core.TextField{Name: FieldProviderPaymentID, Max: 255},
			&core.BoolField{Name: FieldNeedsRefund},
			&core.NumberField{Name: FieldProviderRefundedCents, OnlyInt: true, Min: &zero},
		)
		payments.AddIndex("idx_payments_provider_payment", true,
			"`business`, `"+FieldProviderPaymentID+"`", "`"+FieldProviderPaymentID+"` != ''")
		if err := app.Save(payments); err != nil {
			return err
		}

		return addEventTypes(app, EventCardRefunded)
	}, func(app core.App) error {
		if err := dropEventTypes(app, EventCardRefunded); err != nil {
			return err
		}

		payments, err := app.FindCollectionByNameOrId(PaymentsCollection)
		if err != nil {
			return err
		}
		payments.RemoveIndex("idx_payments_provider_payment")
		for _, f := range []string{FieldPaymentProvider, FieldProviderPaymentID, FieldNeedsRefund, FieldProviderRefundedCents} {
			payments.Fields.RemoveByName(f)
		}
		if err := app.Save(payments); err != nil {
			return err
		}
		return removeFields(app, BusinessesCollection,
			FieldStripeSecretKey, FieldStripeWebhookSecret, FieldStripeAccount, FieldStripeTestMode)
	})
}
