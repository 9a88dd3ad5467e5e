package card

import "testing"

func TestDecidePaidSession(t *testing.T) {
	base := paidSession{
		routeBusiness: "biz", metaBusiness: "biz", metaInvoice: "inv",
		invoiceFound: true, invoiceBusiness: "biz", invoiceStatus: "sent", invoiceCurrency: "EUR",
		balanceCents: 12000, currency: "eur", amountCents: 12000, paymentID: "pi_1",
	}
	for _, c := range []struct {
		name string
		edit func(p *paidSession)
		want string
	}{
		{"exactly the balance", func(*paidSession) {}, recordPayment},
		{"part of the balance", func(p *paidSession) { p.amountCents = 5000 }, recordPayment},
		{"more than the balance (a transfer recorded meanwhile)", func(p *paidSession) { p.balanceCents = 2000 }, recordForRefund},
		{"invoice already paid", func(p *paidSession) { p.balanceCents, p.invoiceStatus = 0, "paid" }, recordForRefund},
		{"another currency", func(p *paidSession) { p.currency = "usd" }, ignoreCurrency},
		{"metadata of another business", func(p *paidSession) { p.metaBusiness = "other" }, ignoreForeign},
		{"invoice of another business", func(p *paidSession) { p.invoiceBusiness = "other" }, ignoreForeign},
		{"no such invoice", func(p *paidSession) { p.invoiceFound = false }, ignoreForeign},
		{"no invoice in the metadata", func(p *paidSession) { p.metaInvoice = "" }, ignoreForeign},
		{"voided invoice", func(p *paidSession) { p.invoiceStatus = "void" }, ignoreVoid},
		{"no payment id", func(p *paidSession) { p.paymentID = "" }, ignoreUnusable},
		{"no amount", func(p *paidSession) { p.amountCents = 0 }, ignoreUnusable},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := base
			c.edit(&p)
			if got := decidePaidSession(p); got != c.want {
				t.Errorf("%s, want %s", got, c.want)
			}
		})
	}
}

func TestDecideCheckout(t *testing.T) {
	for _, c := range []struct {
		name       string
		o          checkoutOffer
		wantAmount int64
		wantCode   string
	}{
		{"open invoice: its balance", checkoutOffer{true, "sent", 12000}, 12000, ""},
		{"partly paid: what is left", checkoutOffer{true, "partial", 4500}, 4500, ""},
		{"overdue is still sent or viewed", checkoutOffer{true, "viewed", 100}, 100, ""},
		{"no Stripe", checkoutOffer{false, "sent", 12000}, 0, "folio_card_not_offered"},
		{"paid", checkoutOffer{true, "paid", 0}, 0, "folio_card_nothing_due"},
		{"void", checkoutOffer{true, "void", 12000}, 0, "folio_card_nothing_due"},
		{"settled by a credit note", checkoutOffer{true, "sent", 0}, 0, "folio_card_nothing_due"},
	} {
		t.Run(c.name, func(t *testing.T) {
			amount, code := decideCheckout(c.o)
			if amount != c.wantAmount || code != c.wantCode {
				t.Errorf("%d %q, want %d %q", amount, code, c.wantAmount, c.wantCode)
			}
		})
	}
}

func TestDecideRefundAmount(t *testing.T) {
	for _, c := range []struct {
		name                  string
		paid, refunded, asked int64
		want                  int64
		code                  string
	}{
		{"all of it by default", 12000, 0, 0, 12000, ""},
		{"what is left by default", 12000, 2000, 0, 10000, ""},
		{"part of it", 12000, 0, 3000, 3000, ""},
		{"all that is left, asked", 12000, 2000, 10000, 10000, ""},
		{"more than is left", 12000, 2000, 10001, 0, "folio_card_refund_too_much"},
		{"nothing left", 12000, 12000, 0, 0, "folio_card_refund_too_much"},
		{"negative", 12000, 0, -5, 0, "folio_card_refund_too_much"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, code := decideRefundAmount(c.paid, c.refunded, c.asked)
			if got != c.want || code != c.code {
				t.Errorf("%d %q, want %d %q", got, code, c.want, c.code)
			}
		})
	}
}

// A failed session is told in the activity only of an invoice of the
// business whose secret signed it; of a paid one Folio did not record,
// only what Stripe took for this business's invoice is.
func TestDecideFailedSessionAndWhatTheActivityTells(t *testing.T) {
	own := paidSession{routeBusiness: "b1", metaBusiness: "b1", metaInvoice: "i1", invoiceFound: true, invoiceBusiness: "b1"}
	cases := []struct {
		name string
		p    func(paidSession) paidSession
		want string
	}{
		{"own invoice", func(p paidSession) paidSession { return p }, resultFailed},
		{"no invoice in the metadata", func(p paidSession) paidSession { p.metaInvoice = ""; return p }, ignoreForeign},
		{"invoice not found", func(p paidSession) paidSession { p.invoiceFound = false; return p }, ignoreForeign},
		{"another business's invoice", func(p paidSession) paidSession { p.invoiceBusiness = "b2"; return p }, ignoreForeign},
		{"metadata of another business", func(p paidSession) paidSession { p.metaBusiness = "b2"; return p }, ignoreForeign},
	}
	for _, c := range cases {
		if got := decideFailedSession(c.p(own)); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	for result, want := range map[string]bool{ignoreCurrency: true, ignoreVoid: true, ignoreForeign: false,
		ignoreUnusable: false, recordPayment: false, recordForRefund: false} {
		if noteIgnored(result) != want {
			t.Errorf("noteIgnored(%s) = %v", result, !want)
		}
	}
}
