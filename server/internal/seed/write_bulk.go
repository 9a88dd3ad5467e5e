package seed

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/billing"
	"folio/server/migrations"
)

// Stats count what a bulk write inserted.
type Stats struct {
	Customers, Quotes, Invoices, Payments int
}

// bulkChunk is the number of rows per transaction: big enough to amortize
// the commit, small enough to keep the WAL file modest.
const bulkChunk = 50000

// dateLayout is how PocketBase stores dates.
const dateLayout = "2006-01-02 15:04:05.000Z"

// WriteBulk inserts a plan for business with prepared SQL statements,
// bypassing the record hooks for speed. It derives the same values the
// hooks would: totals from money.ComputeTotals (already in the plan),
// numbers from the business's prefixes continuing after its highest
// sequence, paid and balance from the payments, the status the payments
// imply, and the links between converted quotes and their invoices; then
// it rebuilds the business's ledger days (the dashboard's per-day sums).
// now caps the timestamps.
func WriteBulk(app core.App, business *core.Record, p Plan, now time.Time) (Stats, error) {
	var st Stats
	db, ok := app.NonconcurrentDB().(*dbx.DB)
	if !ok {
		return st, fmt.Errorf("seed: bulk writes need the main database, not a transaction")
	}

	seqs := map[string]int{}
	for _, c := range []string{migrations.QuotesCollection, migrations.InvoicesCollection, migrations.PaymentsCollection} {
		var max int
		err := db.Select("COALESCE(MAX(seq), 0)").From(c).Where(dbx.HashExp{migrations.FieldBusiness: business.Id}).Row(&max)
		if err != nil {
			return st, err
		}
		seqs[c] = max
	}
	prefix := func(collection, field string) string { return billing.PrefixFor(collection, business.GetString(field)) }
	quotePrefix := prefix(migrations.QuotesCollection, migrations.FieldQuotePrefix)
	invoicePrefix := prefix(migrations.InvoicesCollection, migrations.FieldInvoicePrefix)
	paymentPrefix := prefix(migrations.PaymentsCollection, migrations.FieldPaymentPrefix)

	ts := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		if t.After(now) {
			t = now
		}
		return t.UTC().Format(dateLayout)
	}
	// Dates (issue, due, expiry, payment) are stored as they are, future
	// ones included; only event timestamps are capped at now.
	date := func(t time.Time) string { return t.UTC().Format(dateLayout) }
	at := func(day time.Time, hours int) time.Time { return day.Add(time.Duration(9+hours) * time.Hour) }
	id := func() string { return core.GenerateDefaultRandomId() }

	// Random ids, sorted: rows then append to the primary-key index instead
	// of landing all over it, which keeps large seeds fast.
	ids := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = id()
		}
		slices.Sort(out)
		return out
	}
	customerIDs := ids(len(p.Customers))
	quoteIDs := ids(len(p.Quotes))
	invoiceIDs := ids(len(p.Invoices))

	w := &bulkWriter{db: db.DB()}
	defer w.close()

	// A bench data dir is disposable: skip the fsync per commit and give
	// SQLite room to keep the growing indexes in memory while seeding. The
	// writer pool has one connection, so the pragmas apply to our inserts;
	// they are put back afterwards.
	if _, err := w.db.Exec("PRAGMA synchronous = OFF; PRAGMA cache_size = -262144"); err != nil {
		return st, err
	}
	defer func() { _, _ = w.db.Exec("PRAGMA synchronous = NORMAL; PRAGMA cache_size = -32000") }()

	// Customers.
	stamp := ts(now)
	err := w.insert("customers", []string{"id", "business", "name", "contact_name", "email", "phone", "website", "tax_id",
		"address", "city", "postal_code", "country", "currency", "payment_terms_days", "notes", "archived",
		migrations.FieldEndpointID, migrations.FieldEndpointScheme, migrations.FieldBuyerReference, "created", "updated"},
		len(p.Customers), func(i int) []any {
			c := p.Customers[i]
			return []any{customerIDs[i], business.Id, c.Name, c.ContactName, c.Email, c.Phone, c.Website, c.TaxID,
				c.Address, c.City, c.PostalCode, c.Country, c.Currency, c.TermsDays, "", c.Archived,
				c.EndpointID, c.EndpointScheme, c.BuyerReference, stamp, stamp}
		})
	if err != nil {
		return st, err
	}
	st.Customers = len(p.Customers)

	docValues := func(d Doc) (items, breakdown string, err error) {
		b, err := json.Marshal(d.Lines)
		if err != nil {
			return "", "", err
		}
		bd, err := json.Marshal(billing.TaxBreakdown(d.Totals.TaxBreakdown, d.VATCategory))
		return string(b), string(bd), err
	}

	// Quotes.
	err = w.insert("quotes", []string{"id", "business", "customer", "number", "seq", "status", "issue_date", "expiry_date",
		"currency", "items", "discount_percent", "subtotal_cents", "discount_cents", "tax_cents", "total_cents",
		"tax_breakdown", "notes", "terms", "reject_reason", "sent_at", "viewed_at", "accepted_at", "rejected_at",
		"converted_at", "invoice", migrations.FieldVATExemptionCategory, migrations.FieldVATExemptionReason, "created", "updated"},
		len(p.Quotes), func(i int) []any {
			q := p.Quotes[i]
			seqs["quotes"]++
			seq := seqs["quotes"]
			status := "draft"
			stamps := map[string]string{}
			for step, s := range q.Path {
				status = s
				switch s {
				case "converted":
					conv := ts(at(p.Invoices[q.Invoice].Issue, 0))
					stamps["converted_at"] = conv
					if stamps["accepted_at"] == "" {
						stamps["accepted_at"] = conv
					}
				default:
					stamps[s+"_at"] = ts(at(q.Issue, step*20))
				}
			}
			linked := ""
			if q.Invoice >= 0 {
				linked = invoiceIDs[q.Invoice]
			}
			items, breakdown, _ := docValues(q.Doc)
			t := q.Totals
			return []any{quoteIDs[i], business.Id, customerIDs[q.Customer], billing.FormatNumber(quotePrefix, seq), seq, status,
				date(q.Issue), date(q.End), p.Customers[q.Customer].Currency, items, q.DiscountPercent,
				t.SubtotalCents, t.DiscountCents, t.TaxCents, t.TotalCents, breakdown, q.Notes, q.Terms, q.RejectReason,
				stamps["sent_at"], stamps["viewed_at"], stamps["accepted_at"], stamps["rejected_at"], stamps["converted_at"],
				linked, q.VATCategory, q.VATReason, ts(at(q.Issue, 0)), ts(at(q.Issue, 20*len(q.Path)))}
		})
	if err != nil {
		return st, err
	}
	st.Quotes = len(p.Quotes)

	// Invoices.
	err = w.insert("invoices", []string{"id", "business", "customer", "quote", "number", "seq", "status", "issue_date", "due_date",
		"currency", "items", "discount_percent", "subtotal_cents", "discount_cents", "tax_cents", "total_cents",
		"tax_breakdown", "paid_cents", "balance_cents", "notes", "terms", "void_reason", "sent_at", "viewed_at",
		"paid_at", "voided_at", migrations.FieldVATExemptionCategory, migrations.FieldVATExemptionReason, "created", "updated"},
		len(p.Invoices), func(i int) []any {
			inv := p.Invoices[i]
			seqs["invoices"]++
			seq := seqs["invoices"]
			status := "draft"
			stamps := map[string]string{}
			for step, s := range inv.Path {
				status = s
				if s == "void" {
					stamps["voided_at"] = ts(at(inv.Issue, 48))
				} else {
					stamps[s+"_at"] = ts(at(inv.Issue, 1+step*24))
				}
			}
			var paid int64
			var lastPaid time.Time
			for _, pay := range inv.Payments {
				paid += pay.AmountCents
				if pay.Date.After(lastPaid) {
					lastPaid = pay.Date
				}
			}
			total := inv.Totals.TotalCents
			balance := total - paid
			switch {
			case status == "void":
				balance = 0
			case paid > 0 && paid >= total:
				status = "paid"
				stamps["paid_at"] = date(lastPaid)
			case paid > 0:
				status = "partial"
			}
			if paid > 0 && stamps["sent_at"] == "" {
				stamps["sent_at"] = ts(at(inv.Issue, 1))
			}
			quote := ""
			if inv.Quote >= 0 {
				quote = quoteIDs[inv.Quote]
			}
			items, breakdown, _ := docValues(inv.Doc)
			t := inv.Totals
			updated := at(inv.Issue, 48)
			if !lastPaid.IsZero() {
				updated = at(lastPaid, 0)
			}
			return []any{invoiceIDs[i], business.Id, customerIDs[inv.Customer], quote, billing.FormatNumber(invoicePrefix, seq), seq,
				status, date(inv.Issue), date(inv.End), p.Customers[inv.Customer].Currency, items, inv.DiscountPercent,
				t.SubtotalCents, t.DiscountCents, t.TaxCents, t.TotalCents, breakdown, paid, balance, inv.Notes, inv.Terms,
				inv.VoidReason, stamps["sent_at"], stamps["viewed_at"], stamps["paid_at"], stamps["voided_at"],
				inv.VATCategory, inv.VATReason, ts(at(inv.Issue, 0)), ts(updated)}
		})
	if err != nil {
		return st, err
	}
	st.Invoices = len(p.Invoices)

	// Payments, numbered in date order like a person would have recorded them.
	all := p.paymentsByDate()
	paymentIDs := ids(len(all))
	err = w.insert("payments", []string{"id", "business", "invoice", "customer", "number", "seq", "date", "amount_cents",
		"currency", "method", "reference", "notes", "created", "updated"},
		len(all), func(i int) []any {
			d := all[i]
			inv := p.Invoices[d.invoice]
			seqs["payments"]++
			seq := seqs["payments"]
			created := ts(at(d.Date, 2))
			return []any{paymentIDs[i], business.Id, invoiceIDs[d.invoice], customerIDs[inv.Customer], billing.FormatNumber(paymentPrefix, seq),
				seq, date(d.Date), d.AmountCents, p.Customers[inv.Customer].Currency, d.Method, d.Reference, "", created, created}
		})
	if err != nil {
		return st, err
	}
	st.Payments = len(all)

	// The record hooks keep the dashboard's per-day sums; rows written here
	// bypassed them.
	err = db.Transactional(func(tx *dbx.Tx) error { return billing.RebuildLedgerDays(tx, business.Id) })
	if err != nil {
		return st, err
	}

	// Fresh statistics let SQLite pick the right index for lists and the
	// dashboard on tables that just grew by orders of magnitude.
	_, err = w.db.Exec("ANALYZE")
	return st, err
}

// bulkWriter inserts rows in multi-row INSERT statements (rowsPerInsert
// rows each: with a pure-Go SQLite, the per-statement cost dominates),
// committing every bulkChunk rows.
type bulkWriter struct {
	db *sql.DB
	tx *sql.Tx
	n  int
}

// rowsPerInsert keeps a statement's parameters well under SQLite's limit
// (32766) for the widest table.
const rowsPerInsert = 32

func (w *bulkWriter) insert(table string, columns []string, rows int, row func(i int) []any) error {
	tuple := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(columns)), ", ") + ")"
	head := fmt.Sprintf("INSERT INTO %s (%s) VALUES ", table, strings.Join(columns, ", "))
	full := head + strings.TrimSuffix(strings.Repeat(tuple+", ", rowsPerInsert), ", ")

	var stmt *sql.Stmt
	args := make([]any, 0, rowsPerInsert*len(columns))
	for i := 0; i < rows; {
		if w.tx == nil {
			tx, err := w.db.Begin()
			if err != nil {
				return err
			}
			w.tx, stmt = tx, nil
		}
		n := min(rowsPerInsert, rows-i)
		args = args[:0]
		for j := range n {
			args = append(args, row(i+j)...)
		}
		var err error
		if n == rowsPerInsert {
			if stmt == nil {
				if stmt, err = w.tx.Prepare(full); err != nil {
					return err
				}
			}
			_, err = stmt.Exec(args...)
		} else {
			_, err = w.tx.Exec(head+strings.TrimSuffix(strings.Repeat(tuple+", ", n), ", "), args...)
		}
		if err != nil {
			return fmt.Errorf("insert into %s: %w", table, err)
		}
		i += n
		w.n += n
		if w.n >= bulkChunk {
			w.n = 0
			if err := w.commit(); err != nil {
				return err
			}
		}
	}
	return w.commit()
}

func (w *bulkWriter) commit() error {
	if w.tx == nil {
		return nil
	}
	err := w.tx.Commit()
	w.tx = nil
	return err
}

func (w *bulkWriter) close() {
	if w.tx != nil {
		_ = w.tx.Rollback()
	}
}
