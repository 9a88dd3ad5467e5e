package reports

import (
	"encoding/json"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/money"
	"folio/server/migrations"
)

// invoiceRow is an invoice as the query reads it (JSON as text).
type invoiceRow struct {
	ID           string `db:"id"`
	Number       string `db:"number"`
	CustomerName string `db:"customer_name"`
	Status       string `db:"status"`
	Kind         string `db:"kind"`
	IssueDate    string `db:"issue_date"`
	DueDate      string `db:"due_date"`
	Currency     string `db:"currency"`
	Breakdown    string `db:"tax_breakdown"`
	Quote        string `db:"quote"`
	BalanceCents int64  `db:"balance_cents"`
	IssuedPDF    string `db:"issued_pdf"`
}

// invoiceSelect reads invoices with their customer's name; cond filters
// them (business bound as {:business}).
const invoiceSelect = `SELECT i.id, i.number, COALESCE(c.name, '') AS customer_name, i.status,
		COALESCE(i.kind, '') AS kind, i.issue_date, i.due_date, i.currency,
		COALESCE(i.tax_breakdown, '') AS tax_breakdown, COALESCE(i.quote, '') AS quote,
		i.balance_cents, COALESCE(i.issued_pdf, '') AS issued_pdf
	FROM invoices i LEFT JOIN customers c ON c.id = i.customer
	WHERE i.business = {:business} AND `

func (r invoiceRow) invoice() Invoice {
	inv := Invoice{
		ID: r.ID, Number: r.Number, CustomerName: r.CustomerName, Status: r.Status, Kind: r.Kind,
		IssueDate: r.IssueDate, DueDate: r.DueDate, Currency: r.Currency, BalanceCents: r.BalanceCents,
	}
	_ = json.Unmarshal([]byte(r.Breakdown), &inv.Breakdown)
	return inv
}

// periodDeposits is the condition on a deposit invoice d of being issued
// (not a draft) and asked for the work of an invoice issued in the
// period: from that invoice (a draft then) or from the quote it comes from.
const periodDeposits = `d.business = {:business} AND d.kind = 'deposit' AND d.status != 'draft'
	AND EXISTS (SELECT 1 FROM invoices w WHERE w.business = {:business}
		AND w.issue_date >= {:from} AND w.issue_date < {:after} AND COALESCE(w.kind, '') != 'deposit'
		AND (w.id = d.work_invoice OR (COALESCE(w.quote, '') != '' AND w.quote = d.work_quote)))`

// readWorkDeposits gives each of l's invoices the deposit invoices of its
// work, each with its credit notes' breakdowns, whatever their dates.
func readWorkDeposits(db dbx.Builder, bind dbx.Params, l *ledger) error {
	var deps []struct {
		ID          string `db:"id"`
		Status      string `db:"status"`
		WorkInvoice string `db:"work_invoice"`
		WorkQuote   string `db:"work_quote"`
		Breakdown   string `db:"tax_breakdown"`
	}
	if err := db.NewQuery(`SELECT d.id, d.status, COALESCE(d.work_invoice, '') AS work_invoice,
			COALESCE(d.work_quote, '') AS work_quote, COALESCE(d.tax_breakdown, '') AS tax_breakdown
		FROM invoices d WHERE ` + periodDeposits + ` ORDER BY d.issue_date, d.seq`).Bind(bind).All(&deps); err != nil || len(deps) == 0 {
		return err
	}
	var notes []struct {
		Invoice   string `db:"invoice"`
		Breakdown string `db:"tax_breakdown"`
	}
	if err := db.NewQuery(`SELECT cn.invoice, COALESCE(cn.tax_breakdown, '') AS tax_breakdown
		FROM ` + migrations.CreditNotesCollection + ` cn JOIN invoices d ON d.id = cn.invoice
		WHERE ` + periodDeposits).Bind(bind).All(&notes); err != nil {
		return err
	}
	credited := map[string][]money.TaxGroup{}
	for _, n := range notes {
		var rows []money.TaxGroup
		_ = json.Unmarshal([]byte(n.Breakdown), &rows)
		credited[n.Invoice] = append(credited[n.Invoice], rows...)
	}
	for i, r := range l.invoices {
		inv := &l.books.Invoices[i]
		if r.Kind == "deposit" {
			continue
		}
		for _, d := range deps {
			if d.WorkInvoice != r.ID && (r.Quote == "" || d.WorkQuote != r.Quote) {
				continue
			}
			w := WorkDeposit{ID: d.ID, Status: d.Status, Credited: credited[d.ID]}
			_ = json.Unmarshal([]byte(d.Breakdown), &w.Breakdown)
			inv.WorkDeposits = append(inv.WorkDeposits, w)
		}
	}
	return nil
}

// expenseRow is an expense as the query reads it.
type expenseRow struct {
	ID         string `db:"id"`
	Date       string `db:"date"`
	Currency   string `db:"currency"`
	Category   string `db:"category"`
	VendorName string `db:"vendor_name"`
	Number     string `db:"number"`
	VATLines   string `db:"vat_lines"`
	Receipt    string `db:"receipt"`
	SourceFile string `db:"source_file"`
}

// ledger is what a period's report and zip read: the rules' books, and
// beside them the rows the zip names its files after.
type ledger struct {
	books       Books
	invoices    []invoiceRow
	creditNotes []invoiceRow
	expenses    []expenseRow
}

// readLedger reads a business's invoices and credit notes issued in p and
// its expenses dated in p.
func readLedger(app core.App, businessID string, p Period) (ledger, error) {
	var l ledger
	bind := dbx.Params{"business": businessID, "from": p.From, "after": p.after()}
	db := app.ConcurrentDB()
	if err := db.NewQuery(invoiceSelect + `i.issue_date >= {:from} AND i.issue_date < {:after}
		ORDER BY i.issue_date, i.seq`).Bind(bind).All(&l.invoices); err != nil {
		return l, err
	}
	for _, r := range l.invoices {
		l.books.Invoices = append(l.books.Invoices, r.invoice())
	}
	if err := readWorkDeposits(db, bind, &l); err != nil {
		return l, err
	}

	if err := db.NewQuery(`SELECT id, number, issue_date, currency, COALESCE(tax_breakdown, '') AS tax_breakdown,
		COALESCE(issued_pdf, '') AS issued_pdf
		FROM ` + migrations.CreditNotesCollection + `
		WHERE business = {:business} AND issue_date >= {:from} AND issue_date < {:after}
		ORDER BY issue_date, seq`).Bind(bind).All(&l.creditNotes); err != nil {
		return l, err
	}
	for _, r := range l.creditNotes {
		cn := CreditNote{ID: r.ID, Number: r.Number, IssueDate: r.IssueDate, Currency: r.Currency}
		_ = json.Unmarshal([]byte(r.Breakdown), &cn.Breakdown)
		l.books.CreditNotes = append(l.books.CreditNotes, cn)
	}

	if err := db.NewQuery(`SELECT id, date, currency, COALESCE(category, '') AS category,
			COALESCE(vendor_name, '') AS vendor_name, COALESCE(number, '') AS number,
			COALESCE(vat_lines, '') AS vat_lines, COALESCE(receipt, '') AS receipt,
			COALESCE(source_file, '') AS source_file
		FROM ` + migrations.ExpensesCollection + `
		WHERE business = {:business} AND date >= {:from} AND date < {:after}
		ORDER BY date, id`).Bind(bind).All(&l.expenses); err != nil {
		return l, err
	}
	for _, r := range l.expenses {
		ex := Expense{ID: r.ID, Date: r.Date, Currency: r.Currency, Category: r.Category}
		_ = json.Unmarshal([]byte(r.VATLines), &ex.VATLines)
		l.books.Expenses = append(l.books.Expenses, ex)
	}
	return l, nil
}

// readOpen reads a business's open invoices (sent, viewed, partly paid),
// whatever their date: what the aging buckets.
func readOpen(app core.App, businessID string) ([]Invoice, error) {
	var rows []invoiceRow
	err := app.ConcurrentDB().NewQuery(invoiceSelect + `i.status IN ('sent', 'viewed', 'partial')
		ORDER BY i.due_date, i.seq`).Bind(dbx.Params{"business": businessID}).All(&rows)
	out := make([]Invoice, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.invoice())
	}
	return out, err
}
