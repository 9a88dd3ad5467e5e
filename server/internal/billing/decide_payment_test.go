package billing

import "testing"

func TestDecidePayment(t *testing.T) {
	cases := []struct {
		name string
		c    paymentCheck
		want string
	}{
		{"within the balance", paymentCheck{"sent", "EUR", 1000, 999}, ""},
		{"exactly the balance", paymentCheck{"partial", "EUR", 1000, 1000}, ""},
		{"on a draft", paymentCheck{"draft", "EUR", 1000, 1}, ""},
		{"one cent over", paymentCheck{"viewed", "EUR", 1234, 1235}, "The payment is more than the balance due (12.34 EUR)."},
		{"over, zero-decimal currency", paymentCheck{"sent", "JPY", 5000, 6000}, "The payment is more than the balance due (5000 JPY)."},
		{"zero", paymentCheck{"sent", "EUR", 1000, 0}, "The amount must be at least 0.01 EUR."},
		{"negative", paymentCheck{"sent", "USD", 1000, -5}, "The amount must be at least 0.01 USD."},
		{"void invoice", paymentCheck{"void", "EUR", 0, 100}, msgPaymentOnVoid},
		{"paid invoice", paymentCheck{"paid", "EUR", 0, 100}, msgAlreadyPaid},
		{"nothing to pay", paymentCheck{"draft", "EUR", 0, 100}, msgNothingDue},
		{"editing on a paid invoice uses the old amount", paymentCheck{"paid", "EUR", 500, 400}, ""},
	}
	for _, c := range cases {
		got := ""
		if err := decidePayment(c.c); err != nil {
			got = err.message
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestDecideAmountCents(t *testing.T) {
	for _, c := range []struct {
		in     float64
		want   int64
		tooBig bool
	}{
		{1, 1, false}, {0, 0, false}, {-5, -5, false}, {-1e20, 0, false},
		{maxAmountCents, maxAmountCents, false},
		{maxAmountCents + 2, 0, true}, {9.3e18, 0, true}, {1e20, 0, true},
	} {
		got, rerr := decideAmountCents(c.in)
		if (rerr != nil) != c.tooBig || got != c.want {
			t.Errorf("decideAmountCents(%g) = %d, %v; want %d, too large %v", c.in, got, rerr, c.want, c.tooBig)
		}
		if rerr != nil && rerr.message != msgAmountTooLarge {
			t.Errorf("message %q", rerr.message)
		}
	}
}
