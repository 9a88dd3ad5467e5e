package billing

import (
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// defaultMethod is the method of a payment saved without one.
const defaultMethod = "bank_transfer"

// moneyMovement settles the fields a payment and a refund share: the date
// (today when absent, within the sane range, and no later than today when
// it is new or differs from stored, its stored date), the method (bank
// transfer when absent) and the amount in cents, which it returns.
func (s *service) moneyMovement(r *core.Record, stored time.Time) (int64, *ruleError) {
	day := dateOf(r, "date")
	if day.IsZero() {
		day = s.today()
	}
	setDate(r, "date", day)
	if rerr := decideDateInRange("date", day); rerr != nil {
		return 0, rerr
	}
	if !day.Equal(stored) {
		if rerr := decideDateWindow("date", day, s.today(), happenedWindow); rerr != nil {
			return 0, rerr
		}
	}
	if strings.TrimSpace(r.GetString("method")) == "" {
		r.Set("method", defaultMethod)
	}
	return decideAmountCents(r.GetFloat("amount_cents"))
}

// savePayment enforces the payment rules on every save, then has the
// invoice recompute its paid amount, balance and status, all in one
// transaction: either both records change or neither does.
func (s *service) savePayment(e *core.RecordEvent) error {
	return inTx(e, func() error {
		r := e.Record
		isNew := r.IsNew()
		orig, err := storedVersion(e.App, r)
		if err != nil {
			return err
		}

		if !isNew {
			if r.GetString("business") != orig.GetString("business") {
				return refuse("business", "folio_owner_fixed", msgOwnerFixed)
			}
			if r.GetString("number") != orig.GetString("number") || r.GetInt("seq") != orig.GetInt("seq") {
				return refuse("number", "folio_number_fixed", msgNumberFixed)
			}
			if r.GetString("invoice") != orig.GetString("invoice") {
				return refuse("invoice", "folio_payment_moved", msgPaymentMoved)
			}
			for _, f := range providerFixed {
				if r.GetString(f) != orig.GetString(f) {
					return refuse(f, "folio_provider_payment_fixed", msgProviderPaymentFixed)
				}
			}
			if isCreditPayment(orig) || isCreditPayment(r) {
				for _, f := range creditPaymentFixed {
					if r.GetString(f) != orig.GetString(f) {
						return refuse(f, "folio_credit_payment_fixed", msgCreditPaymentFixed)
					}
				}
			}
		}
		if r.GetString("invoice") == "" {
			return e.Next() // the required check answers
		}

		inv, err := ownRecord(e.App, migrations.InvoicesCollection, r.GetString("invoice"), r.GetString("business"),
			"invoice", "folio_foreign_invoice", msgForeignInvoice)
		if err != nil {
			return err
		}
		r.Set("customer", inv.GetString("customer"))
		r.Set("currency", inv.GetString("currency"))

		amount, rerr := s.moneyMovement(r, storedDate(isNew, orig))
		if rerr != nil {
			return rerr.api()
		}
		others, err := paidOn(e.App, inv.Id, r.Id)
		if err != nil {
			return err
		}
		if rerr := decidePayment(paymentCheck{
			invoiceStatus: inv.GetString("status"),
			currency:      inv.GetString("currency"),
			// Credit notes lower what is owed like payments do.
			availableCents: owedCents(inv) - int64(inv.GetInt(migrations.FieldCreditedCents)) - others,
			amountCents:    amount,
			edit:           !isNew,
			storedCents:    int64(orig.GetInt("amount_cents")),
			overBalance:    isProviderPayment(r) && r.GetBool(migrations.FieldNeedsRefund),
		}); rerr != nil {
			return rerr.api()
		}

		if isNew && isCreditPayment(r) {
			if err := checkAppliedCredit(e.App, r, inv, amount); err != nil {
				return err
			}
		}

		if isNew {
			business, err := findBusiness(e.App, r.GetString("business"))
			if err != nil {
				return refuse("business", "folio_owner_missing", msgOwnerMissing)
			}
			if err := assignNumber(e.App, r, business); err != nil {
				return err
			}
		}
		if err := e.Next(); err != nil {
			return err
		}
		if err := recomputeInvoiceAs(e.App, inv.Id, statusOnPayment(inv.GetString("status"))); err != nil {
			return err
		}
		if isNew && isCreditPayment(r) {
			return recomputeRefunded(e.App, r.GetString(migrations.FieldCreditNote))
		}
		return nil
	})
}

// paidOn is what the payments of an invoice paid (decidePaidCents), all
// but the payment except (which may be "").
func paidOn(app core.App, invoiceID, except string) (int64, error) {
	var rows []struct {
		Amount   int64 `db:"amount_cents"`
		Returned int64 `db:"returned"`
	}
	err := app.DB().Select("amount_cents", "COALESCE([["+migrations.FieldReturnedCents+"]], 0) AS returned").
		From(migrations.PaymentsCollection).
		Where(dbx.HashExp{"invoice": invoiceID}).AndWhere(dbx.Not(dbx.HashExp{"id": except})).All(&rows)
	if err != nil {
		return 0, err
	}
	parts := make([]paymentPart, len(rows))
	for i, r := range rows {
		parts[i] = paymentPart{amountCents: r.Amount, returnedCents: r.Returned}
	}
	return decidePaidCents(parts), nil
}

// storedDate is a stored payment's date; the zero time for a new one.
func storedDate(isNew bool, orig *core.Record) time.Time {
	if isNew {
		return time.Time{}
	}
	return dateOf(orig, "date")
}

// providerFixed are the fields that tie a payment to its provider's: they
// never change once it is recorded.
var providerFixed = []string{migrations.FieldPaymentProvider, migrations.FieldProviderPaymentID}

// isProviderPayment tells a payment recorded from a provider's event
// (Stripe) from one typed in.
func isProviderPayment(r *core.Record) bool {
	return r.GetString(migrations.FieldPaymentProvider) != "" && r.GetString(migrations.FieldProviderPaymentID) != ""
}

// isCreditPayment tells kept credit applied to an invoice from money paid.
func isCreditPayment(r *core.Record) bool {
	return r.GetString("method") == migrations.CreditMethod || r.GetString(migrations.FieldCreditNote) != ""
}

// checkAppliedCredit judges a new payment of kept credit: its credit note
// is the business's, of the invoice's customer and currency, and has at least
// the amount left (its invoice's credit, and no more than its total less
// its refunds and other applications). It runs in the payment's
// transaction, so two applications at once can't both use the same credit.
func checkAppliedCredit(app core.App, r, inv *core.Record, amount int64) error {
	r.Set("method", migrations.CreditMethod)
	if r.GetString(migrations.FieldCreditNote) == "" {
		return refuse(migrations.FieldCreditNote, "folio_credit_needs_note", msgCreditNeedsNote)
	}
	cn, err := ownRecord(app, migrations.CreditNotesCollection, r.GetString(migrations.FieldCreditNote), r.GetString("business"),
		migrations.FieldCreditNote, "folio_foreign_credit_note", msgForeignCreditNote)
	if err != nil {
		return err
	}
	source, err := app.FindRecordById(migrations.InvoicesCollection, cn.GetString("invoice"))
	if err != nil {
		return err
	}
	f, err := readInvoiceFigures(app, source.Id)
	if err != nil {
		return err
	}
	used, err := creditNoteUsed(app, cn.Id)
	if err != nil {
		return err
	}
	left := creditNoteLeft(decideSettlement(owedCents(source), f.Paid, f.Credited,
		f.Refunded, source.GetString("status") == statusVoid).creditCents, int64(cn.GetInt("total_cents")), used)
	if rerr := decideApplyCredit(applyCheck{
		sameCustomer: cn.GetString("customer") == inv.GetString("customer"),
		sameCurrency: cn.GetString("currency") == inv.GetString("currency"),
		currency:     cn.GetString("currency"),
		leftCents:    left,
		amountCents:  amount,
	}); rerr != nil {
		return rerr.api()
	}
	return nil
}

// onPaymentDelete deletes the payment and has its invoice recompute, in
// one transaction.
func onPaymentDelete(e *core.RecordEvent) error {
	return inTx(e, func() error {
		if err := e.Next(); err != nil {
			return err
		}
		if err := recomputeInvoiceAs(e.App, e.Record.GetString("invoice"), ""); err != nil {
			return err
		}
		if cn := e.Record.GetString(migrations.FieldCreditNote); cn != "" {
			return recomputeRefunded(e.App, cn) // the applied credit comes back
		}
		return nil
	})
}

// recomputeInvoiceAs re-saves the invoice: its own hook sums the payments
// and moves the status (sent/viewed ↔ partial ↔ paid). status, when not
// empty and different, is the status asked for in that save (a draft
// issued by its first payment, see statusOnPayment); otherwise the invoice
// is saved unchanged.
func recomputeInvoiceAs(app core.App, id, status string) error {
	inv, err := app.FindRecordById(migrations.InvoicesCollection, id)
	if err != nil {
		return err
	}
	if status != "" {
		inv.Set("status", status)
	}
	return app.Save(inv)
}
