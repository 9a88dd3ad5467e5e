package card

// The sentences of this package's refusals, one per code (Messages).
const (
	msgKeyMissing        = "Enter the Stripe secret key."
	msgKeyPublishable    = "That is the publishable key (pk_…). Folio needs the secret key (sk_…) or a restricted key (rk_…), from Developers → API keys in Stripe."
	msgKeyShape          = "That doesn't look like a Stripe secret key: it starts with sk_live_, sk_test_, rk_live_ or rk_test_."
	msgWebhookMissing    = "Enter the webhook signing secret, so Folio can trust the payments Stripe reports."
	msgWebhookShape      = "The webhook signing secret starts with whsec_ (Developers → Webhooks → your endpoint → Signing secret)."
	msgNotConnected      = "Stripe is not connected to this business yet."
	msgStripeUnreachable = "Folio could not reach Stripe. Check this server's internet connection and try again."
	msgStripeKeyRefused  = "Stripe refused the key: it is wrong, was rolled or was deleted. Copy the secret key again from Developers → API keys."
	msgStripePermission  = "This restricted key lacks a permission Folio needs: allow Checkout Sessions and Refunds (write) and Balance (read) for it in Stripe."
	msgStripeBusy        = "Stripe is limiting the requests of this key just now. Try again in a minute."
	fmtStripeError       = "Stripe answered: %s"
	msgCardNotOffered    = "Card payment is not available for this invoice."
	msgNothingDue        = "Nothing is due on this invoice any more."
	msgNotCardPayment    = "Only a card payment received through Stripe can be refunded through Stripe."
	msgRefundTooMuch     = "That is more than is left to refund of this payment."
	msgCurrencyNoCard    = "Stripe takes no card payments in this invoice's currency."
	msgAmountNotWhole    = "Stripe can't take this amount by card: in this currency it takes only whole units (HUF, TWD, ISK, UGX, MGA) or, in a three-decimal currency, a last digit of 0."
)

// Messages maps each code of this package to its sentence.
var Messages = map[string]string{
	"folio_stripe_key_missing":        msgKeyMissing,
	"folio_stripe_key_publishable":    msgKeyPublishable,
	"folio_stripe_key_shape":          msgKeyShape,
	"folio_stripe_webhook_missing":    msgWebhookMissing,
	"folio_stripe_webhook_shape":      msgWebhookShape,
	"folio_stripe_not_connected":      msgNotConnected,
	"folio_stripe_unreachable":        msgStripeUnreachable,
	"folio_stripe_key_refused":        msgStripeKeyRefused,
	"folio_stripe_permission":         msgStripePermission,
	"folio_stripe_busy":               msgStripeBusy,
	"folio_stripe_error":              fmtStripeError,
	"folio_card_not_offered":          msgCardNotOffered,
	"folio_card_nothing_due":          msgNothingDue,
	"folio_card_not_card_payment":     msgNotCardPayment,
	"folio_card_refund_too_much":      msgRefundTooMuch,
	"folio_card_currency_unsupported": msgCurrencyNoCard,
	"folio_card_amount_not_whole":     msgAmountNotWhole,
}
