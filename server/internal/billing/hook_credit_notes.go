package billing

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	"folio/server/internal/money"
	"folio/server/migrations"
)

// invoiceFigures are the sums an invoice's save reads: its payments,
// credit notes and refunds (with its credit applied to other invoices,
// which leaves it like a refund), and the latest date among the payments and
// credit notes (the day a settled invoice was closed).
type invoiceFigures struct {
	Paid     int64  `db:"-"` // decidePaidCents, read by paidOn
	Credited int64  `db:"credited"`
	Refunded int64  `db:"refunded"`
	Last     string `db:"last"`
}

// readInvoiceFigures sums them (the payments through paidOn); inside the write's
// transaction, so a concurrent write is either all in or all out.
func readInvoiceFigures(app core.App, id string) (invoiceFigures, error) {
	var f invoiceFigures
	err := app.DB().NewQuery(`SELECT
			(SELECT COALESCE(SUM([[total_cents]]), 0) FROM {{credit_notes}} WHERE [[invoice]] = {:id}) AS [[credited]],
			(SELECT COALESCE(SUM([[amount_cents]]), 0) FROM {{refunds}} WHERE [[invoice]] = {:id})
			+ (SELECT COALESCE(SUM(p.[[amount_cents]]), 0) FROM {{payments}} p
				JOIN {{credit_notes}} c ON c.[[id]] = p.[[credit_note]] WHERE c.[[invoice]] = {:id}) AS [[refunded]],
			(SELECT COALESCE(MAX(d), '') FROM (
				SELECT MAX([[date]]) AS d FROM {{payments}} WHERE [[invoice]] = {:id}
				UNION ALL SELECT MAX([[issue_date]]) FROM {{credit_notes}} WHERE [[invoice]] = {:id})) AS [[last]]`).
		Bind(dbx.Params{"id": id}).One(&f)
	if err != nil {
		return f, err
	}
	f.Paid, err = paidOn(app, id, "")
	return f, err
}

// saveCreditNote enforces the credit note rules on every save. A new one
// takes its customer, currency, discount and VAT category from its
// invoice, gets its totals from the money rule and the business's next CN-
// number, and may not credit more than the invoice total less its other
// credit notes. Its invoice then recomputes its balance and credit, in
// the same transaction. A stored one never changes (only the server's
// refunded sum moves).
func (s *service) saveCreditNote(e *core.RecordEvent) error {
	return inTx(e, func() error {
		r := e.Record
		if !r.IsNew() {
			orig, err := storedVersion(e.App, r)
			if err != nil {
				return err
			}
			if r.GetString("business") != orig.GetString("business") {
				return refuse("business", "folio_owner_fixed", msgOwnerFixed)
			}
			if r.GetString("number") != orig.GetString("number") || r.GetInt("seq") != orig.GetInt("seq") {
				return refuse("number", "folio_number_fixed", msgNumberFixed)
			}
			if rerr := decideCreditNoteEdit(creditNoteChanges(orig, r)); rerr != nil {
				return rerr.api()
			}
			return e.Next()
		}
		if r.GetString("invoice") == "" {
			return e.Next() // the required check answers
		}

		inv, err := ownRecord(e.App, migrations.InvoicesCollection, r.GetString("invoice"), r.GetString("business"),
			"invoice", "folio_foreign_invoice", msgForeignInvoice)
		if err != nil {
			return err
		}
		business, err := findBusiness(e.App, r.GetString("business"))
		if err != nil {
			return refuse("business", "folio_owner_missing", msgOwnerMissing)
		}
		r.Set("customer", inv.GetString("customer"))
		r.Set("currency", inv.GetString("currency"))
		r.Set("discount_percent", inv.GetFloat("discount_percent"))
		r.Set(migrations.FieldVATExemptionCategory, inv.GetString(migrations.FieldVATExemptionCategory))
		r.Set(migrations.FieldVATExemptionReason, inv.GetString(migrations.FieldVATExemptionReason))
		r.Set(migrations.FieldRefundedCents, 0)
		r.Set("reason", strings.TrimSpace(r.GetString("reason")))

		day := dateOf(r, "issue_date")
		if day.IsZero() {
			day = s.today()
		}
		setDate(r, "issue_date", day)
		if rerr := decideDateInRange("issue_date", day); rerr != nil {
			return rerr.api()
		}
		if rerr := decideDateWindow("issue_date", day, s.today(), happenedWindow); rerr != nil {
			return rerr.api()
		}
		if day.Before(dateOf(inv, "issue_date")) {
			return refuse("issue_date", "folio_credit_before_invoice", msgCreditBeforeInvoice)
		}

		lines, err := money.ParseLines(RawJSON(r, "items"))
		if err != nil {
			return inputRefusal(err)
		}
		totals, err := money.ComputeTotals(lines, r.GetFloat("discount_percent"))
		if err != nil {
			return inputRefusal(err)
		}

		var credited int64
		err = e.App.DB().Select("COALESCE(SUM(total_cents), 0)").From(migrations.CreditNotesCollection).
			Where(dbx.HashExp{"invoice": inv.Id}).AndWhere(dbx.Not(dbx.HashExp{"id": r.Id})).Row(&credited)
		if err != nil {
			return err
		}
		if rerr := decideCredit(creditCheck{
			invoiceStatus:  inv.GetString("status"),
			currency:       inv.GetString("currency"),
			availableCents: owedCents(inv) - credited,
			lines:          len(lines),
			totalCents:     totals.TotalCents,
		}); rerr != nil {
			return rerr.api()
		}

		left, err := invoiceRatesLeft(e.App, inv, r.Id)
		if err != nil {
			return err
		}
		if rerr := decideCreditRates(left, totals.TaxBreakdown, inv.GetString("currency")); rerr != nil {
			return rerr.api()
		}

		for i := range lines {
			if lines[i].ID == "" {
				lines[i].ID = security.RandomStringWithAlphabet(10, lineIDAlphabet)
			}
			lines[i].NetCents = totals.LinesNetCents[i]
		}
		r.Set("items", lines)
		r.Set("subtotal_cents", totals.SubtotalCents)
		r.Set("discount_cents", totals.DiscountCents)
		r.Set("tax_cents", totals.TaxCents)
		r.Set("total_cents", totals.TotalCents)
		r.Set("tax_breakdown", TaxBreakdown(totals.TaxBreakdown, r.GetString(migrations.FieldVATExemptionCategory)))

		if err := assignNumber(e.App, r, business); err != nil {
			return err
		}
		if err := e.Next(); err != nil {
			return err
		}
		return recomputeInvoiceAs(e.App, inv.Id, "")
	})
}

// invoiceRatesLeft is what is left to credit at each rate of the invoice:
// its stored tax breakdown less the breakdowns of its credit notes other
// than id (creditRatesLeft). Every save of an invoice stores its breakdown
// (prepareDocument), the bulk seeder's too.
func invoiceRatesLeft(app core.App, inv *core.Record, id string) ([]money.TaxGroup, error) {
	charged, err := storedTaxGroups(RawJSON(inv, "tax_breakdown"))
	if err != nil {
		return nil, err
	}
	var stored []string
	err = app.DB().Select("tax_breakdown").From(migrations.CreditNotesCollection).
		Where(dbx.HashExp{"invoice": inv.Id}).AndWhere(dbx.Not(dbx.HashExp{"id": id})).Column(&stored)
	if err != nil {
		return nil, err
	}
	earlier := make([][]money.TaxGroup, 0, len(stored))
	for _, raw := range stored {
		rows, err := storedTaxGroups([]byte(raw))
		if err != nil {
			return nil, err
		}
		earlier = append(earlier, rows)
	}
	return creditRatesLeft(charged, earlier), nil
}

// storedTaxGroups reads a stored tax_breakdown (its rows' categories aside);
// empty or null is no rows.
func storedTaxGroups(raw []byte) ([]money.TaxGroup, error) {
	var rows []money.TaxGroup
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, nil
	}
	err := json.Unmarshal(raw, &rows)
	return rows, err
}

// creditNoteChanges lists the content fields a save of a stored credit
// note changes.
func creditNoteChanges(orig, r *core.Record) []string {
	var changed []string
	for _, f := range creditNoteContent {
		switch f {
		case "items":
			a, errA := money.ParseLines(RawJSON(orig, "items"))
			b, errB := money.ParseLines(RawJSON(r, "items"))
			if errA != nil || errB != nil || !sameLines(a, b) {
				changed = append(changed, f)
			}
		default:
			if !sameValue(orig, r, f) {
				changed = append(changed, f)
			}
		}
	}
	return changed
}

// beforeCreditNoteDelete refuses every delete: an issued credit note is
// part of the books, like an issued invoice.
func beforeCreditNoteDelete(e *core.RecordEvent) error {
	return refuse("id", "folio_credit_note_kept", msgCreditNoteKept)
}

// saveRefund enforces the refund rules on every save: a new refund takes
// its invoice, customer and currency from its credit note and may not be
// more than the credit left (the invoice's credit, and at most the credit
// note's total less its other refunds); a stored one keeps its amount,
// date, method and credit note. The credit note's refunded sum and the
// invoice then recompute, in the same transaction.
func (s *service) saveRefund(e *core.RecordEvent) error {
	return inTx(e, func() error {
		r := e.Record
		if !r.IsNew() {
			orig, err := storedVersion(e.App, r)
			if err != nil {
				return err
			}
			if r.GetString("business") != orig.GetString("business") {
				return refuse("business", "folio_owner_fixed", msgOwnerFixed)
			}
			var changed []string
			for _, f := range refundFixed {
				if !sameValue(orig, r, f) {
					changed = append(changed, f)
				}
			}
			if rerr := decideRefundEdit(changed); rerr != nil {
				return rerr.api()
			}
			return e.Next()
		}
		if r.GetString("credit_note") == "" {
			return e.Next() // the required check answers
		}

		cn, err := ownRecord(e.App, migrations.CreditNotesCollection, r.GetString("credit_note"), r.GetString("business"),
			"credit_note", "folio_foreign_credit_note", msgForeignCreditNote)
		if err != nil {
			return err
		}
		r.Set("invoice", cn.GetString("invoice"))
		r.Set("customer", cn.GetString("customer"))
		r.Set("currency", cn.GetString("currency"))

		amount, rerr := s.moneyMovement(r, time.Time{})
		if rerr != nil {
			return rerr.api()
		}

		inv, err := e.App.FindRecordById(migrations.InvoicesCollection, cn.GetString("invoice"))
		if err != nil {
			return err
		}
		f, err := readInvoiceFigures(e.App, inv.Id)
		if err != nil {
			return err
		}
		noteRefunded, err := creditNoteUsed(e.App, cn.Id)
		if err != nil {
			return err
		}
		left := creditNoteLeft(decideSettlement(owedCents(inv), f.Paid, f.Credited,
			f.Refunded, inv.GetString("status") == statusVoid).creditCents, int64(cn.GetInt("total_cents")), noteRefunded)
		if rerr := decideRefund(refundCheck{currency: cn.GetString("currency"), leftCents: left, amountCents: amount}); rerr != nil {
			return rerr.api()
		}
		if err := e.Next(); err != nil {
			return err
		}
		return recomputeRefunded(e.App, cn.Id)
	})
}

// onRefundDelete deletes the refund and has its credit note and invoice
// recompute, in one transaction.
func onRefundDelete(e *core.RecordEvent) error {
	return inTx(e, func() error {
		if err := e.Next(); err != nil {
			return err
		}
		return recomputeRefunded(e.App, e.Record.GetString("credit_note"))
	})
}

// creditNoteUsed is what of a credit note's credit is gone: its refunds
// and the credit applied to other invoices (payments linked to it).
func creditNoteUsed(app core.App, creditNoteID string) (int64, error) {
	var sum int64
	err := app.DB().NewQuery(`SELECT
			(SELECT COALESCE(SUM([[amount_cents]]), 0) FROM {{refunds}} WHERE [[credit_note]] = {:cn})
			+ (SELECT COALESCE(SUM([[amount_cents]]), 0) FROM {{payments}} WHERE [[credit_note]] = {:cn})`).
		Bind(dbx.Params{"cn": creditNoteID}).Row(&sum)
	return sum, err
}

// recomputeRefunded sets a credit note's refunded sum from its refunds and
// applied credit, then re-saves its invoice.
func recomputeRefunded(app core.App, creditNoteID string) error {
	cn, err := app.FindRecordById(migrations.CreditNotesCollection, creditNoteID)
	if err != nil {
		return err
	}
	sum, err := creditNoteUsed(app, cn.Id)
	if err != nil {
		return err
	}
	cn.Set(migrations.FieldRefundedCents, sum)
	if err := app.Save(cn); err != nil {
		return err
	}
	return recomputeInvoiceAs(app, cn.GetString("invoice"), "")
}
