package billing

import (
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"folio/server/internal/money"
	"folio/server/migrations"
)

// saveInvoice enforces the invoice rules on every save: the shared
// document steps, the source quote (set once, by Convert), the status
// machine with the payments applied, paid/balance recomputed from the
// payments (never incremented), the timestamps and the number.
func (s *service) saveInvoice(e *core.RecordEvent) error {
	p, err := s.prepareDocument(e, invoiceKind)
	if err != nil {
		return err
	}
	r := e.Record
	orig := p.stored

	if was, now := orig.GetString("quote"), r.GetString("quote"); was != now {
		if !p.isNew {
			return refuse("quote", "folio_link_fixed", msgLinkFixed)
		}
		q, err := ownRecord(e.App, migrations.QuotesCollection, now, p.businessID, "quote", "folio_foreign_quote", msgForeignQuote)
		if err != nil {
			return err
		}
		lines, _ := money.ParseLines(RawJSON(q, "items"))
		if rerr := decideConvert(q.GetString("status"), q.GetString("invoice") != "", len(lines)); rerr != nil {
			return rerr.api()
		}
	}

	var f invoiceFigures
	if !p.isNew {
		if f, err = readInvoiceFigures(e.App, r.Id); err != nil {
			return err
		}
	}
	if rerr := decideCreditedInvoice(f.Credited, p.from, r.GetString("status"), p.changed); rerr != nil {
		return rerr.api()
	}

	// A final invoice owes its total less what its deposits brought in.
	deducted, err := settleFinal(e.App, r, p)
	if err != nil {
		return err
	}
	owed := p.totals.TotalCents - deducted

	status, rerr := decideInvoiceStatus(invoiceMove{
		from:          p.from,
		to:            r.GetString("status"),
		lines:         len(p.lines),
		totalCents:    owed,
		paidCents:     f.Paid,
		creditedCents: f.Credited,
		viewedBefore:  !orig.GetDateTime("viewed_at").IsZero(),
		voidReason:    r.GetString("void_reason"),
	})
	if rerr != nil {
		return rerr.api()
	}
	if err := checkExemption(e.App, r, p, status); err != nil {
		return err
	}
	r.Set("status", status)
	applyStamps(r, "invoice", p.from, status, s.now())

	settled := decideSettlement(owed, f.Paid, f.Credited, f.Refunded, status == statusVoid)
	if settled.creditCents < 0 {
		// A payment deleted or lowered after a refund: the refunds would
		// exceed the credit the invoice still holds.
		return refuse("id", CodeRefundsExceedCredit, msgRefundsExceedCredit)
	}
	r.Set("paid_cents", f.Paid)
	r.Set("balance_cents", settled.balanceCents)
	r.Set(migrations.FieldCreditedCents, f.Credited)
	r.Set(migrations.FieldRefundedCents, f.Refunded)
	r.Set(migrations.FieldCreditCents, settled.creditCents)
	if status == statusPaid {
		last, _ := types.ParseDateTime(f.Last)
		r.Set("paid_at", last) // the date of the payment or credit note that closed it
	} else {
		r.Set("paid_at", "")
	}

	if p.isNew && r.GetBool(migrations.FieldInvoiceImported) {
		if err := keepImportedNumber(e.App, r, p.business); err != nil {
			return err
		}
	} else if p.isNew {
		if err := assignNumber(e.App, r, p.business); err != nil {
			return err
		}
	}
	return e.Next()
}

// undoingImport holds the ids of the imported invoices DeleteImported is
// deleting, which beforeInvoiceDelete lets go though they were sent.
var undoingImport sync.Map

// DeleteImported deletes an imported invoice and its payments, through
// their hooks, when its import is undone (package imports). It refuses an
// invoice that is not an imported one.
func DeleteImported(app core.App, inv *core.Record) error {
	if !inv.GetBool(migrations.FieldInvoiceImported) {
		return refuse("id", "folio_only_draft_delete", msgInvoiceOnlyDraftDel)
	}
	payments, err := app.FindAllRecords(migrations.PaymentsCollection, dbx.HashExp{"invoice": inv.Id})
	if err != nil {
		return err
	}
	for _, p := range payments {
		if err := app.Delete(p); err != nil {
			return err
		}
	}
	if inv, err = app.FindRecordById(migrations.InvoicesCollection, inv.Id); err != nil {
		return err
	}
	undoingImport.Store(inv.Id, true)
	defer undoingImport.Delete(inv.Id)
	return app.Delete(inv)
}

// updatingImport holds the ids of the imported invoices UpdateImported is
// saving, whose edits decideImportedEdit judges instead of decideEdit.
var updatingImport sync.Map

// UpdateImported saves the changes an import of an open invoice again makes
// to the imported one (package imports): its due date, customer or total
// while it is open, through every other rule of an invoice's save. It
// refuses an invoice that is not an imported one.
func UpdateImported(app core.App, inv *core.Record) error {
	if !inv.GetBool(migrations.FieldInvoiceImported) {
		return invoiceLocked("id", inv.GetString("status")).api()
	}
	updatingImport.Store(inv.Id, true)
	defer updatingImport.Delete(inv.Id)
	return app.Save(inv)
}

// beforeInvoiceDelete allows deleting drafts only; a sent invoice is voided
// instead, so its number stays accounted for. An invoice with payments is
// never deleted (PocketBase would refuse too, with a generic message).
func beforeInvoiceDelete(e *core.RecordEvent) error {
	var n int
	err := e.App.DB().Select("COUNT(*)").From(migrations.PaymentsCollection).
		Where(dbx.HashExp{"invoice": e.Record.Id}).Row(&n)
	if err != nil {
		return err
	}
	if n > 0 {
		return refuse("id", "folio_invoice_has_payments", msgInvoiceHasPayments)
	}
	_, undoing := undoingImport.Load(e.Record.Id)
	if e.Record.GetString("status") != statusDraft && !(undoing && e.Record.GetBool(migrations.FieldInvoiceImported)) {
		return refuse("status", "folio_only_draft_delete", msgInvoiceOnlyDraftDel)
	}
	return e.Next()
}
