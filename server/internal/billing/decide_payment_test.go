package billing

import "testing"

func TestDecidePayment(t *testing.T) {
	cases := []struct {
		name string
		c    paymentCheck
		want string
	}{
		{"within the balance", paymentCheck{"sent", "EUR", 1000, 999, false, 0, false}, ""},
		{"exactly the balance", paymentCheck{"partial", "EUR", 1000, 1000, false, 0, false}, ""},
		{"on a draft", paymentCheck{"draft", "EUR", 1000, 1, false, 0, false}, ""},
		{"one cent over", paymentCheck{"viewed", "EUR", 1234, 1235, false, 0, false}, "The payment is more than the balance due (12.34 EUR)."},
		{"over, zero-decimal currency", paymentCheck{"sent", "JPY", 5000, 6000, false, 0, false}, "The payment is more than the balance due (5000 JPY)."},
		{"zero", paymentCheck{"sent", "EUR", 1000, 0, false, 0, false}, "The amount must be at least 0.01 EUR."},
		{"negative", paymentCheck{"sent", "USD", 1000, -5, false, 0, false}, "The amount must be at least 0.01 USD."},
		{"void invoice", paymentCheck{"void", "EUR", 0, 100, false, 0, false}, msgPaymentOnVoid},
		{"paid invoice", paymentCheck{"paid", "EUR", 0, 100, false, 0, false}, msgAlreadyPaid},
		{"nothing to pay", paymentCheck{"draft", "EUR", 0, 100, false, 0, false}, msgNothingDue},
		{"editing on a paid invoice uses the old amount", paymentCheck{"paid", "EUR", 500, 400, false, 0, false}, ""},
		// Paid 100.00, then credited 50.00: the 100.00 payment is above
		// what is now available (100 − 50 − 0 others = 50.00).
		{"credited: the same amount, new reference", paymentCheck{"paid", "EUR", 5000, 10000, true, 10000, false}, ""},
		{"credited: a smaller amount", paymentCheck{"paid", "EUR", 5000, 9000, true, 10000, false}, ""},
		{"credited in full: the same amount", paymentCheck{"paid", "EUR", 0, 10000, true, 10000, false}, ""},
		{"credited: raised beyond balance + old", paymentCheck{"paid", "EUR", 5000, 10001, true, 10000, false},
			"The payment is more than the balance due (50.00 EUR)."},
		{"raised within balance + old", paymentCheck{"partial", "EUR", 7000, 6000, true, 5000, false}, ""},
		{"raised one cent beyond balance + old", paymentCheck{"partial", "EUR", 7000, 7001, true, 5000, false},
			"The payment is more than the balance due (70.00 EUR)."},
		{"an edit to zero is still refused", paymentCheck{"paid", "EUR", 5000, 0, true, 10000, false}, "The amount must be at least 0.01 EUR."},
		{"a new payment is never an edit", paymentCheck{"paid", "EUR", 0, 100, false, 100, false}, msgAlreadyPaid},
		// A card payment Stripe already took is recorded (flagged for
		// refund by its recorder) even when it no longer fits.
		{"card payment over the balance", paymentCheck{"partial", "EUR", 2000, 12000, false, 0, true}, ""},
		{"card payment on a paid invoice", paymentCheck{"paid", "EUR", 0, 12000, false, 0, true}, ""},
		{"card payment on a void invoice is still refused", paymentCheck{"void", "EUR", 0, 12000, false, 0, true}, msgPaymentOnVoid},
		{"card payment of nothing is still refused", paymentCheck{"sent", "EUR", 1000, 0, false, 0, true}, "The amount must be at least 0.01 EUR."},
		{"a card payment raised by an edit is judged as any", paymentCheck{"paid", "EUR", 0, 200, true, 100, true}, msgAlreadyPaid},
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
