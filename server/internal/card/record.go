package card

import (
	"database/sql"
	"errors"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/stripe/stripe-go/v84"

	"folio/server/internal/billing"
	"folio/server/internal/refusal"
	"folio/server/migrations"
)

// Results of recording an event beyond decidePaidSession's.
const (
	// resultDuplicate: the payment was recorded before (a replay, or the
	// other of two events of one payment).
	resultDuplicate = "duplicate"
	// refundUnknownPayment: a refund of a payment Folio has not recorded.
	refundUnknownPayment = "unknown_payment"
	// refundAlreadyRecorded: a refund in Stripe of money a refund recorded
	// in Folio already gave back.
	refundAlreadyRecorded = "refund_already_recorded"
)

// recordSession records the payment of a paid Checkout Session as a
// payment of method card, through the billing hooks (the same rules as a
// typed payment: the invoice's figures and status follow, the activity
// says "payment"), linked to Stripe's payment id. It runs in one
// transaction that first looks for that id: the write connection is one,
// so of two deliveries at once the second sees the first's payment; the
// unique index stands behind that.
func recordSession(app core.App, businessID string, cs *stripe.CheckoutSession) (string, error) {
	paymentID := cs.ID
	if cs.PaymentIntent != nil && cs.PaymentIntent.ID != "" {
		// The charge events name the payment intent, not the session.
		paymentID = cs.PaymentIntent.ID
	}
	var result string
	err := app.RunInTransaction(func(tx core.App) error {
		if found, err := findProviderPayment(tx, businessID, paymentID); err != nil || found != nil {
			result = resultDuplicate
			return err
		}
		p := paidSession{
			routeBusiness: businessID,
			metaBusiness:  cs.Metadata[metaBusiness], metaInvoice: cs.Metadata[metaInvoice],
			currency: string(cs.Currency), amountCents: fromStripeAmount(cs.AmountTotal, string(cs.Currency)), paymentID: paymentID,
		}
		inv, err := tx.FindRecordById(migrations.InvoicesCollection, p.metaInvoice)
		if err == nil {
			p.invoiceFound = true
			p.invoiceBusiness = inv.GetString("business")
			p.invoiceStatus = inv.GetString("status")
			p.invoiceCurrency = inv.GetString("currency")
			p.balanceCents = int64(inv.GetInt("balance_cents"))
		}
		result = decidePaidSession(p)
		if noteIgnored(result) {
			_, err := noteOnce(tx, inv, migrations.EventCardIgnored, "payment", paymentID, map[string]any{
				"amount_cents": p.amountCents, "currency": strings.ToUpper(p.currency), "provider": migrations.ProviderStripe,
				"reason": result, "payment": paymentID})
			return err
		}
		if result != recordPayment && result != recordForRefund {
			return nil
		}
		payments, err := tx.FindCachedCollectionByNameOrId(migrations.PaymentsCollection)
		if err != nil {
			return err
		}
		r := core.NewRecord(payments)
		r.Set("business", businessID)
		r.Set("invoice", inv.Id)
		r.Set("amount_cents", p.amountCents)
		r.Set("method", "card")
		r.Set("reference", paymentID)
		r.Set(migrations.FieldPaymentProvider, migrations.ProviderStripe)
		r.Set(migrations.FieldProviderPaymentID, paymentID)
		r.Set(migrations.FieldNeedsRefund, result == recordForRefund)
		return tx.Save(r)
	})
	if err != nil {
		// The unique index refused a second row: another delivery won.
		if found, ferr := findProviderPayment(app, businessID, paymentID); ferr == nil && found != nil {
			return resultDuplicate, nil
		}
	}
	return result, err
}

// recordFailed records a failed Checkout Session in the activity of the
// invoice it names, once per session, when that invoice is the business's:
// "A card payment by … failed at Stripe". The payer is who Stripe names,
// else the invoice's customer.
func recordFailed(app core.App, businessID string, cs *stripe.CheckoutSession) (string, error) {
	var result string
	err := app.RunInTransaction(func(tx core.App) error {
		p := paidSession{routeBusiness: businessID, metaBusiness: cs.Metadata[metaBusiness], metaInvoice: cs.Metadata[metaInvoice]}
		inv, err := tx.FindRecordById(migrations.InvoicesCollection, p.metaInvoice)
		if err == nil {
			p.invoiceFound = true
			p.invoiceBusiness = inv.GetString("business")
		}
		if result = decideFailedSession(p); result != resultFailed {
			return nil
		}
		added, err := noteOnce(tx, inv, migrations.EventCardFailed, "session", cs.ID, map[string]any{
			"amount_cents": fromStripeAmount(cs.AmountTotal, string(cs.Currency)), "currency": strings.ToUpper(string(cs.Currency)),
			"provider": migrations.ProviderStripe, "name": payerName(tx, cs, inv), "session": cs.ID})
		if err == nil && !added {
			result = resultDuplicate
		}
		return err
	})
	return result, err
}

// payerName is who paid: the name Stripe took, else the address, else
// the invoice's customer's name.
func payerName(tx core.App, cs *stripe.CheckoutSession, inv *core.Record) string {
	if d := cs.CustomerDetails; d != nil {
		if n := strings.TrimSpace(d.Name); n != "" {
			return n
		}
		if e := strings.TrimSpace(d.Email); e != "" {
			return e
		}
	}
	if c, err := tx.FindRecordById(migrations.CustomersCollection, inv.GetString("customer")); err == nil {
		return c.GetString("name")
	}
	return ""
}

// noteOnce records an event of type typ in the invoice's activity unless
// one with the same detail[key] is there already (a replayed delivery,
// or the two events of one payment). It answers whether it recorded one.
func noteOnce(tx core.App, inv *core.Record, typ, key, value string, detail map[string]any) (bool, error) {
	var n int
	err := tx.DB().Select("COUNT(*)").From(migrations.DocumentEventsCollection).
		Where(dbx.HashExp{"document": inv.Id, "type": typ}).
		AndWhere(dbx.NewExp("json_extract([[detail]], {:path}) = {:value}", dbx.Params{"path": "$." + key, "value": value})).
		Row(&n)
	if err != nil || n > 0 {
		return false, err
	}
	return true, billing.RecordInvoiceEvent(tx, inv.GetString("business"), inv.Id, typ, detail)
}

// recordRefund records what Stripe says was refunded of a charge on its
// payment: Stripe's amount_refunded is a total, so a replayed or older
// event changes nothing, and each increase adds one activity entry. A
// payment flagged for refund is no longer flagged once refunded.
func recordRefund(app core.App, businessID string, ch *stripe.Charge) (string, error) {
	if ch.PaymentIntent == nil || ch.PaymentIntent.ID == "" {
		return ignoreUnusable, nil
	}
	result := "refund"
	err := app.RunInTransaction(func(tx core.App) error {
		p, err := findProviderPayment(tx, businessID, ch.PaymentIntent.ID)
		if err != nil {
			return err
		}
		if p == nil {
			result = refundUnknownPayment
			return nil
		}
		var changed bool
		changed, err = applyRefunded(tx, p, fromStripeAmount(ch.AmountRefunded, string(ch.Currency)), false)
		if err == nil && !changed {
			result = resultDuplicate
		}
		return err
	})
	if refusal.HasCode(err, billing.CodeRefundsExceedCredit) {
		// The money came back of a payment whose credit a refund recorded
		// in Folio already gave back (the owner typed it, then refunded in
		// Stripe's dashboard): taking the payment back as well would count
		// it twice, and the answer would be refused at every delivery. It
		// is recorded as that refund's money (like a credit note's refund
		// by card) and the activity says so.
		result = refundAlreadyRecorded
		err = app.RunInTransaction(func(tx core.App) error {
			p, err := findProviderPayment(tx, businessID, ch.PaymentIntent.ID)
			if err != nil || p == nil {
				return err
			}
			_, err = applyRefunded(tx, p, fromStripeAmount(ch.AmountRefunded, string(ch.Currency)), true)
			return err
		})
	}
	return result, err
}

// applyRefunded raises a payment's refunded total to total (what Stripe
// says is refunded of it), records the refund in the invoice's activity,
// and clears the refund flag. It answers false and changes nothing when
// total is not above what is recorded. The increase is given back of the
// payment (migrations.FieldReturnedCents: it no longer pays the invoice,
// whose figures and status follow through the payment hooks) unless
// byCreditNote: a credit note's refund made by card, which its refund
// record already counts.
func applyRefunded(tx core.App, p *core.Record, total int64, byCreditNote bool) (bool, error) {
	before := int64(p.GetInt(migrations.FieldProviderRefundedCents))
	if total <= before {
		return false, nil
	}
	p.Set(migrations.FieldProviderRefundedCents, total)
	if !byCreditNote {
		p.Set(migrations.FieldReturnedCents, int64(p.GetInt(migrations.FieldReturnedCents))+total-before)
	}
	p.Set(migrations.FieldNeedsRefund, false)
	if err := tx.Save(p); err != nil {
		return false, err
	}
	return true, billing.RecordInvoiceEvent(tx, p.GetString("business"), p.GetString("invoice"), migrations.EventCardRefunded,
		map[string]any{"amount_cents": total - before, "currency": p.GetString("currency"),
			"provider": p.GetString(migrations.FieldPaymentProvider), "refunded_cents": total})
}

// findProviderPayment is the business's payment of a provider's payment
// id, nil when there is none.
func findProviderPayment(app core.App, businessID, paymentID string) (*core.Record, error) {
	r, err := app.FindFirstRecordByFilter(migrations.PaymentsCollection,
		"business = {:b} && "+migrations.FieldProviderPaymentID+" = {:p}", dbx.Params{"b": businessID, "p": paymentID})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return r, err
}
