package card

import "testing"

// Folio's minor units and Stripe's, both ways, for each kind of currency;
// what Stripe can't take is refused, never rounded.
func TestDecideStripeAmount(t *testing.T) {
	cases := []struct {
		name     string
		currency string
		folio    int64
		stripe   int64
		code     string
	}{
		{"euro: cents both sides", "EUR", 12345, 12345, ""},
		{"lower-case code", "eur", 12345, 12345, ""},
		{"yen: zero-decimal both sides", "JPY", 1234, 1234, ""},
		{"won: zero-decimal both sides", "KRW", 50000, 50000, ""},
		{"ariary: Folio 2 decimals, Stripe none", "MGA", 123400, 1234, ""},
		{"ariary with a fraction", "MGA", 123450, 0, codeAmountNotWhole},
		{"króna: Folio whole units, Stripe 2 decimals", "ISK", 1234, 123400, ""},
		{"Ugandan shilling: like the króna", "UGX", 5000, 500000, ""},
		{"forint: whole forints", "HUF", 123400, 123400, ""},
		{"forint with fillér", "HUF", 123456, 0, codeAmountNotWhole},
		{"Taiwan dollar with cents", "TWD", 10050, 0, codeAmountNotWhole},
		{"Taiwan dollar: whole dollars", "TWD", 10000, 10000, ""},
		{"dinar: 3 decimals, last one 0", "KWD", 5120, 5120, ""},
		{"dinar: last digit not 0", "KWD", 5124, 0, codeAmountNotWhole},
		{"Iraqi dinar: Stripe takes none", "IQD", 5000, 0, codeCurrencyUnsupported},
		{"Libyan dinar: Stripe takes none", "LYD", 5000, 0, codeCurrencyUnsupported},
		{"not a currency code", "EURO", 100, 0, codeCurrencyUnsupported},
	}
	for _, c := range cases {
		got, code := decideStripeAmount(c.folio, c.currency)
		if got != c.stripe || code != c.code {
			t.Errorf("%s: decideStripeAmount(%d, %s) = %d %q, want %d %q", c.name, c.folio, c.currency, got, code, c.stripe, c.code)
		}
		if c.code == "" {
			if back := fromStripeAmount(c.stripe, c.currency); back != c.folio {
				t.Errorf("%s: fromStripeAmount(%d, %s) = %d, want %d", c.name, c.stripe, c.currency, back, c.folio)
			}
		}
	}
}
