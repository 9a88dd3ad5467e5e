package billing

import (
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// defaultMethod is the method of a payment saved without one.
const defaultMethod = "bank_transfer"

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
			if r.GetString("owner") != orig.GetString("owner") {
				return refuse("owner", "folio_owner_fixed", msgOwnerFixed)
			}
			if r.GetString("number") != orig.GetString("number") || r.GetInt("seq") != orig.GetInt("seq") {
				return refuse("number", "folio_number_fixed", msgNumberFixed)
			}
			if r.GetString("invoice") != orig.GetString("invoice") {
				return refuse("invoice", "folio_payment_moved", msgPaymentMoved)
			}
		}
		if r.GetString("invoice") == "" {
			return e.Next() // the required check answers
		}

		inv, err := e.App.FindRecordById(migrations.InvoicesCollection, r.GetString("invoice"))
		if err != nil || inv.GetString("owner") != r.GetString("owner") {
			return refuse("invoice", "folio_foreign_invoice", msgForeignInvoice)
		}
		r.Set("customer", inv.GetString("customer"))
		r.Set("currency", inv.GetString("currency"))

		day := dateOf(r, "date")
		if day.IsZero() {
			day = s.today()
		}
		setDate(r, "date", day)
		if rerr := decideDateInRange("date", day); rerr != nil {
			return rerr.api()
		}
		if strings.TrimSpace(r.GetString("method")) == "" {
			r.Set("method", defaultMethod)
		}

		amount, rerr := decideAmountCents(r.GetFloat("amount_cents"))
		if rerr != nil {
			return rerr.api()
		}
		var others int64
		err = e.App.DB().Select("COALESCE(SUM(amount_cents), 0)").From(migrations.PaymentsCollection).
			Where(dbx.HashExp{"invoice": inv.Id}).AndWhere(dbx.Not(dbx.HashExp{"id": r.Id})).Row(&others)
		if err != nil {
			return err
		}
		if rerr := decidePayment(paymentCheck{
			invoiceStatus: inv.GetString("status"),
			currency:      inv.GetString("currency"),
			// Credit notes lower what is owed like payments do.
			availableCents: int64(inv.GetInt("total_cents")) - int64(inv.GetInt(migrations.FieldCreditedCents)) - others,
			amountCents:    amount,
		}); rerr != nil {
			return rerr.api()
		}

		if isNew {
			owner, err := e.App.FindRecordById(migrations.UsersCollection, r.GetString("owner"))
			if err != nil {
				return refuse("owner", "folio_owner_missing", msgOwnerMissing)
			}
			if err := assignNumber(e.App, r, owner); err != nil {
				return err
			}
		}
		if err := e.Next(); err != nil {
			return err
		}
		return recomputeInvoiceAs(e.App, inv.Id, statusOnPayment(inv.GetString("status")))
	})
}

// onPaymentDelete deletes the payment and has its invoice recompute, in
// one transaction.
func onPaymentDelete(e *core.RecordEvent) error {
	return inTx(e, func() error {
		if err := e.Next(); err != nil {
			return err
		}
		return recomputeInvoiceAs(e.App, e.Record.GetString("invoice"), "")
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
