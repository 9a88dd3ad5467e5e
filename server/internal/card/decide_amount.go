package card

import (
	"strings"

	"folio/server/internal/money"
)

// Stripe counts an amount in the currency's smallest unit as Stripe
// defines it (docs.stripe.com/currencies), which is not always Folio's
// (ISO 4217's minor unit, money.MinorDigits):
//
//   - zero-decimal currencies: 1 is one yen; Folio stores JPY, KRW and most
//     of them the same way, but MGA with 2 decimals;
//   - ISK and UGX: Folio stores whole units (ISO: 0 decimals), Stripe wants
//     them as 2-decimal amounts divisible by 100;
//   - HUF and TWD: 2 decimals on both sides, but Stripe takes only whole
//     units (amounts divisible by 100);
//   - three-decimal currencies (BHD, JOD, KWD, OMR, TND): 3 on both sides,
//     the last digit 0;
//   - every other currency: 2 decimals, like Folio's default.
//
// IQD, LYD and UYI have their own decimals in Folio's table but Stripe
// takes no card payment in them: a checkout is refused before Stripe is
// asked. Any other currency Stripe refuses answers as Stripe's refusal.

// stripeUnit is how Stripe counts a currency: its decimals and the step
// an amount must be a multiple of.
type stripeUnit struct {
	digits int
	step   int64
}

var stripeUnits = func() map[string]stripeUnit {
	u := map[string]stripeUnit{}
	for _, c := range []string{"BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "VND", "VUV", "XAF", "XOF", "XPF"} {
		u[c] = stripeUnit{0, 1}
	}
	for _, c := range []string{"ISK", "UGX", "HUF", "TWD"} {
		u[c] = stripeUnit{2, 100}
	}
	for _, c := range []string{"BHD", "JOD", "KWD", "OMR", "TND"} {
		u[c] = stripeUnit{3, 10}
	}
	return u
}()

// stripeUnsupported are the currencies Folio knows that Stripe takes no
// card payment in.
var stripeUnsupported = map[string]bool{"IQD": true, "LYD": true, "UYI": true}

func unitOf(currency string) stripeUnit {
	if u, ok := stripeUnits[strings.ToUpper(currency)]; ok {
		return u
	}
	return stripeUnit{2, 1}
}

func pow10(n int) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

// Refusals of an amount Stripe can't be asked for.
const (
	codeCurrencyUnsupported = "folio_card_currency_unsupported"
	codeAmountNotWhole      = "folio_card_amount_not_whole"
)

// decideStripeAmount turns an amount in Folio's minor units of currency
// into Stripe's, or refuses: a currency Stripe takes no card payment in,
// or an amount with a fraction Stripe can't take (1234.56 HUF, 12.5 MGA,
// 1.2345 KWD). It never rounds: a card payment is exactly the balance due.
func decideStripeAmount(amount int64, currency string) (int64, string) {
	cur := strings.ToUpper(currency)
	if stripeUnsupported[cur] || len(cur) != 3 {
		return 0, codeCurrencyUnsupported
	}
	u, folio := unitOf(cur), money.MinorDigits(cur)
	v := amount
	if u.digits >= folio {
		v = amount * pow10(u.digits-folio)
	} else {
		d := pow10(folio - u.digits)
		if amount%d != 0 {
			return 0, codeAmountNotWhole
		}
		v = amount / d
	}
	if v%u.step != 0 {
		return 0, codeAmountNotWhole
	}
	return v, ""
}

// fromStripeAmount turns an amount Stripe reports in currency (a session's
// total, a refund) into Folio's minor units.
func fromStripeAmount(amount int64, currency string) int64 {
	u, folio := unitOf(currency), money.MinorDigits(currency)
	if u.digits >= folio {
		return amount / pow10(u.digits-folio)
	}
	return amount * pow10(folio-u.digits)
}
