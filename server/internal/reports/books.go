package reports

import (
	"encoding/json"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

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
	Deposits     string `db:"deposits"`
	BalanceCents int64  `db:"balance_cents"`
	IssuedPDF    string `db:"issued_pdf"`
}

// invoiceSelect reads invoices with their customer's name; cond filters
// them (business bound as {:business}).
const invoiceSelect = `SELECT i.id, i.number, COALESCE(c.name, '') AS customer_name, i.status,
		COALESCE(i.kind, '') AS kind, i.issue_date, i.due_date, i.currency,
		COALESCE(i.tax_breakdown, '') AS tax_breakdown, COALESCE(i.deposits, '') AS deposits,
		i.balance_cents, COALESCE(i.issued_pdf, '') AS issued_pdf
	FROM invoices i LEFT JOIN customers c ON c.id = i.customer
	WHERE i.business = {:business} AND `

func (r invoiceRow) invoice() Invoice {
	inv := Invoice{
		ID: r.ID, Number: r.Number, CustomerName: r.CustomerName, Status: r.Status, Kind: r.Kind,
		IssueDate: r.IssueDate, DueDate: r.DueDate, Currency: r.Currency, BalanceCents: r.BalanceCents,
	}
	_ = json.Unmarshal([]byte(r.Breakdown), &inv.Breakdown)
	if r.Kind == "final" && r.Deposits != "" {
		var d struct {
			Rows []FinalRow `json:"rows"`
		}
		if json.Unmarshal([]byte(r.Deposits), &d) == nil && d.Rows != nil {
			inv.FinalRows = d.Rows
		}
	}
	return inv
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
	creditNotes []Invoice
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

	var notes []invoiceRow
	if err := db.NewQuery(`SELECT id, number, issue_date, currency, COALESCE(tax_breakdown, '') AS tax_breakdown
		FROM ` + migrations.CreditNotesCollection + `
		WHERE business = {:business} AND issue_date >= {:from} AND issue_date < {:after}
		ORDER BY issue_date, seq`).Bind(bind).All(&notes); err != nil {
		return l, err
	}
	for _, r := range notes {
		cn := CreditNote{ID: r.ID, Number: r.Number, IssueDate: r.IssueDate, Currency: r.Currency}
		_ = json.Unmarshal([]byte(r.Breakdown), &cn.Breakdown)
		l.books.CreditNotes = append(l.books.CreditNotes, cn)
		l.creditNotes = append(l.creditNotes, Invoice{ID: r.ID, Number: r.Number, IssueDate: r.IssueDate})
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
