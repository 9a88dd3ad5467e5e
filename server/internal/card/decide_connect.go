package card

import (
	"fmt"
	"strings"

	"folio/server/internal/refusal"
)

// decideKeys judges what an owner typed to connect: the secret key and the
// webhook secret, either of which may be left empty to keep the stored one
// (hasKey, hasWebhook). It answers the trimmed values, or the refusal that
// says what is wrong with them.
func decideKeys(key, webhook string, hasKey, hasWebhook bool) (string, string, *refusal.Refusal) {
	key, webhook = strings.TrimSpace(key), strings.TrimSpace(webhook)
	switch {
	case key == "" && !hasKey:
		return "", "", refusal.New("folio_stripe_key_missing", msgKeyMissing)
	case strings.HasPrefix(key, "pk_"):
		return "", "", refusal.New("folio_stripe_key_publishable", msgKeyPublishable)
	case key != "" && !validKey(key):
		return "", "", refusal.New("folio_stripe_key_shape", msgKeyShape)
	case webhook == "" && !hasWebhook:
		return "", "", refusal.New("folio_stripe_webhook_missing", msgWebhookMissing)
	case webhook != "" && (!strings.HasPrefix(webhook, "whsec_") || len(webhook) < len("whsec_")+8 || strings.ContainsAny(webhook, " \t")):
		return "", "", refusal.New("folio_stripe_webhook_shape", msgWebhookShape)
	}
	return key, webhook, nil
}

// validKey is the shape of a secret or restricted key, live or test.
func validKey(key string) bool {
	for _, p := range []string{"sk_live_", "sk_test_", "rk_live_", "rk_test_"} {
		if strings.HasPrefix(key, p) && len(key) > len(p)+8 && !strings.ContainsAny(key, " \t") {
			return true
		}
	}
	return false
}

// isTestKey reports whether a key works in Stripe's test mode.
func isTestKey(key string) bool {
	return strings.HasPrefix(key, "sk_test_") || strings.HasPrefix(key, "rk_test_")
}

// stripeFailure is what a failed call to Stripe told: nothing (network is
// true, Stripe was not reached), or its HTTP status, error type and message.
type stripeFailure struct {
	network bool
	status  int
	errType string
	message string
}

// decideStripeFailure says in a sentence what is wrong when a call to
// Stripe fails: unreachable, a refused key, a restricted key without the
// permission, too many requests, or else Stripe's own message.
func decideStripeFailure(f stripeFailure) *refusal.Refusal {
	switch {
	case f.network:
		return refusal.New("folio_stripe_unreachable", msgStripeUnreachable)
	case f.status == 401 || f.errType == "authentication_error":
		return refusal.New("folio_stripe_key_refused", msgStripeKeyRefused)
	case f.status == 403 || f.errType == "permission_error":
		return refusal.New("folio_stripe_permission", msgStripePermission)
	case f.status == 429 || f.errType == "rate_limit_error":
		return refusal.New("folio_stripe_busy", msgStripeBusy)
	}
	msg := strings.TrimSpace(f.message)
	if msg == "" {
		msg = fmt.Sprintf("HTTP %d", f.status)
	}
	return refusal.New("folio_stripe_error", fmt.Sprintf(fmtStripeError, msg)).With(map[string]any{"message": msg})
}
