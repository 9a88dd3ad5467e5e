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
	if r.Kind == "final" {
		var d struct {
			Rows []struct {
				Rate        float64 `json:"rate"`
				DueNetCents int64   `json:"due_net_cents"`
				DueTaxCents int64   `json:"due_tax_cents"`
			} `json:"rows"`
		}
		if json.Unmarshal([]byte(r.Deposits), &d) == nil && d.Rows != nil {
			inv.Due = make([]money.TaxGroup, 0, len(d.Rows))
			for _, g := range d.Rows {
				inv.Due = append(inv.Due, money.TaxGroup{Rate: g.Rate, NetCents: g.DueNetCents, TaxCents: g.DueTaxCents})
			}
		}
	}
	return inv
}

// readDepositPayments reads the payments dated in the period on issued
// deposit invoices, whenever those were issued: what came in (less what
// was returned), with the deposit's status, currency and breakdown.
func readDepositPayments(db dbx.Builder, bind dbx.Params) ([]DepositPayment, error) {
	var rows []struct {
		Invoice     string `db:"invoice"`
		Date        string `db:"date"`
		AmountCents int64  `db:"amount_cents"`
		Status      string `db:"status"`
		Currency    string `db:"currency"`
		Breakdown   string `db:"tax_breakdown"`
	}
	if err := db.NewQuery(`SELECT p.invoice, p.date,
			COALESCE(p.amount_cents, 0) - COALESCE(p.` + migrations.FieldReturnedCents + `, 0) AS amount_cents,
			d.status, d.currency, COALESCE(d.tax_breakdown, '') AS tax_breakdown
		FROM ` + migrations.PaymentsCollection + ` p JOIN ` + migrations.InvoicesCollection + ` d ON d.id = p.invoice
		WHERE d.business = {:business} AND d.` + migrations.FieldInvoiceKind + ` = 'deposit'
			AND d.status NOT IN ('draft', 'void')
			AND p.date >= {:from} AND p.date < {:after}
		ORDER BY p.date, p.id`).Bind(bind).All(&rows); err != nil {
		return nil, err
	}
	out := make([]DepositPayment, 0, len(rows))
	for _, r := range rows {
		pay := DepositPayment{Invoice: r.Invoice, Date: r.Date, AmountCents: r.AmountCents, Status: r.Status, Currency: r.Currency}
		_ = json.Unmarshal([]byte(r.Breakdown), &pay.Breakdown)
		out = append(out, pay)
	}
	return out, nil
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

// readLedger reads a business's invoices and credit notes issued in p, its
// expenses dated in p, and the payments dated in p on its deposit invoices.
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
	pays, err := readDepositPayments(db, bind)
	if err != nil {
		return l, err
	}
	l.books.DepositPayments = pays

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
