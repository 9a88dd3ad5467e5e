package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Deposit and final invoices (issue 28). A deposit invoice asks for part of
// a piece of work in advance: a quote (sent or accepted) or a draft
// invoice, which it links to. It is an invoice like any other (numbered in
// the same sequence, sent, paid, credited) marked by its kind. The final
// invoice of that work — the quote's converted invoice, or the draft the
// deposits were asked from — deducts what the deposits brought in, per
// VAT rate (internal/billing decideFinal), and stores that deduction. All
// of these fields are written by the server only; the collection's API
// rules are unchanged (members read, writers write through the hooks).
const (
	// FieldInvoiceKind is "deposit", "final" or "" for an ordinary invoice.
	FieldInvoiceKind = "kind"
	// FieldWorkQuote links a deposit invoice to the quote it is asked from.
	FieldWorkQuote = "work_quote"
	// FieldWorkInvoice links a deposit invoice to the draft invoice it is asked from.
	FieldWorkInvoice = "work_invoice"
	// FieldDepositPercent is the percentage a deposit asked (0 when an amount).
	FieldDepositPercent = "deposit_percent"
	// FieldDeposits is a final invoice's deduction: per deposit and per rate (JSON).
	FieldDeposits = "deposits"
	// FieldDeductedCents is what a final invoice deducts (gross) before payments.
	FieldDeductedCents = "deducted_cents"
)

// InvoiceKinds are the values of FieldInvoiceKind.
var InvoiceKinds = []string{"deposit", "final"}

func init() {
	m.Register(func(app core.App) error {
		found, err := findCollections(app, InvoicesCollection, QuotesCollection)
		if err != nil {
			return err
		}
		invoices, quotes := found[0], found[1]
		zero, hundred := 0.0, 100.0
		invoices.Fields.Add(
			&core.SelectField{Name: FieldInvoiceKind, Values: InvoiceKinds, MaxSelect: 1},
			&core.RelationField{Name: FieldWorkQuote, CollectionId: quotes.Id, MaxSelect: 1},
			&core.RelationField{Name: FieldWorkInvoice, CollectionId: invoices.Id, MaxSelect: 1},
			&core.NumberField{Name: FieldDepositPercent, Min: &zero, Max: &hundred},
			&core.JSONField{Name: FieldDeposits, MaxSize: 200_000},
			&core.NumberField{Name: FieldDeductedCents, OnlyInt: true, Min: &zero},
		)
		invoices.AddIndex("idx_invoices_work_quote", false, "`"+FieldWorkQuote+"`", "")
		invoices.AddIndex("idx_invoices_work_invoice", false, "`"+FieldWorkInvoice+"`", "")
		return app.Save(invoices)
	}, func(app core.App) error {
		invoices, err := app.FindCollectionByNameOrId(InvoicesCollection)
		if err != nil {
			return err
		}
		invoices.RemoveIndex("idx_invoices_work_quote")
		invoices.RemoveIndex("idx_invoices_work_invoice")
		for _, f := range []string{FieldInvoiceKind, FieldWorkQuote, FieldWorkInvoice, FieldDepositPercent, FieldDeposits, FieldDeductedCents} {
			invoices.Fields.RemoveByName(f)
		}
		return app.Save(invoices)
	})
}
