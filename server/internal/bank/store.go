package bank

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"folio/server/migrations"
)

// openStatuses are the statuses of an invoice that can still be paid.
var openStatuses = []any{"sent", "viewed", "partial"}

// loadOpenInvoices reads the business's invoices that can still be paid,
// with their customers' names: one query, whatever their number.
func loadOpenInvoices(app core.App, business string) ([]OpenInvoice, error) {
	var rows []struct {
		ID       string `db:"id"`
		Number   string `db:"number"`
		Currency string `db:"currency"`
		Balance  int64  `db:"balance_cents"`
		Name     string `db:"name"`
	}
	err := app.DB().Select("i.id", "i.number", "i.currency", "i.balance_cents", "COALESCE(c.name, '') AS name").
		From(migrations.InvoicesCollection+" i").
		LeftJoin(migrations.CustomersCollection+" c", dbx.NewExp("c.id = i.customer")).
		Where(dbx.HashExp{"i.business": business}).
		AndWhere(dbx.In("i.status", openStatuses...)).
		AndWhere(dbx.NewExp("i.balance_cents > 0")).
		All(&rows)
	if err != nil {
		return nil, err
	}
	out := make([]OpenInvoice, len(rows))
	for i, r := range rows {
		out[i] = OpenInvoice{ID: r.ID, Number: r.Number, CustomerName: r.Name, Currency: r.Currency, BalanceCents: r.Balance}
	}
	return out, nil
}

// ImportResult is what an import did.
type ImportResult struct {
	Statement  string `json:"statement"`
	Entries    int    `json:"entries"`
	Added      int    `json:"added"`
	Duplicates int    `json:"duplicates"`
	Certain    int    `json:"certain"`
	Suggested  int    `json:"suggested"`
	Unmatched  int    `json:"unmatched"`
	Confirmed  int    `json:"confirmed"`
	// certainIDs are the new certain transactions (for auto-confirm).
	certainIDs []string
}

// txColumns are the columns an import writes, in order.
var txColumns = []string{
	"id", "business", "statement", migrations.FieldDedupKey, "bank_ref", "booking_date", "value_date",
	"amount_cents", "currency", "credit", "account", "counterparty", "counterparty_iban", "remittance",
	"creditor_ref", "state", "invoice", "candidates", "reasons", "payment", "decided_by", "decided_at",
	"created", "updated",
}

// insertBatch is how many entries one INSERT writes.
const insertBatch = 40

// store saves a parsed statement and its new entries, each matched, in one
// transaction. Entries already stored for the business (the same dedup key)
// are left out; a statement that brings nothing new is not kept.
func store(app core.App, business, userID, fileName string, st *Statement) (*ImportResult, error) {
	invoices, err := loadOpenInvoices(app, business)
	if err != nil {
		return nil, err
	}
	ix := NewIndex(invoices)
	keys := Keys(st)
	res := &ImportResult{Entries: len(st.Entries)}

	err = app.RunInTransaction(func(tx core.App) error {
		col, err := tx.FindCollectionByNameOrId(migrations.BankStatementsCollection)
		if err != nil {
			return err
		}
		rec := core.NewRecord(col)
		rec.Set("business", business)
		rec.Set("format", st.Format)
		rec.Set("file_name", cut(fileName, 255))
		rec.Set("account", cut(st.Account, 64))
		rec.Set("currency", cut(st.Currency, 3))
		rec.Set("statement_ref", cut(st.Ref, 140))
		if !st.From.IsZero() {
			rec.Set("from_date", st.From)
		}
		if !st.To.IsZero() {
			rec.Set("to_date", st.To)
		}
		rec.Set("entries", len(st.Entries))
		rec.Set("imported_by", userID)
		if err := tx.Save(rec); err != nil {
			return err
		}
		now := types.NowDateTime().String()
		for from := 0; from < len(st.Entries); from += insertBatch {
			to := min(from+insertBatch, len(st.Entries))
			added, err := insertEntries(tx, rec.Id, business, now, st, keys, ix, from, to, res)
			if err != nil {
				return err
			}
			res.Added += added
		}
		res.Duplicates = res.Entries - res.Added
		if res.Added == 0 {
			return tx.Delete(rec)
		}
		res.Statement = rec.Id
		rec.Set("added", res.Added)
		if err := tx.Save(rec); err != nil {
			return err
		}
		// The counts and ids are of what was added, not of the duplicates.
		return tallyStates(tx, rec.Id, res)
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// insertEntries writes entries [from, to) with one INSERT that skips the
// keys already stored, and answers how many it added.
func insertEntries(tx core.App, statement, business, now string, st *Statement, keys []string, ix *Index, from, to int, res *ImportResult) (int, error) {
	var sql strings.Builder
	sql.WriteString("INSERT INTO {{" + migrations.BankTransactionsCollection + "}} ([[" + strings.Join(txColumns, "]], [[") + "]]) VALUES ")
	params := dbx.Params{}
	for i := from; i < to; i++ {
		e := st.Entries[i]
		m := ix.Decide(Incoming{Credit: e.Credit, AmountCents: e.AmountCents, Currency: e.Currency,
			Counterparty: e.Counterparty, Remittance: e.Remittance, CreditorRef: e.CreditorRef})
		candidates, err := json.Marshal(nonNil(m.Candidates))
		if err != nil {
			return 0, err
		}
		reasons, err := json.Marshal(nonNil(m.Reasons))
		if err != nil {
			return 0, err
		}
		values := []any{
			core.GenerateDefaultRandomId(), business, statement, keys[i], cut(e.BankRef, 140), dateValue(e.BookingDate), dateValue(e.ValueDate),
			e.AmountCents, cut(e.Currency, 3), e.Credit, cut(st.Account, 64), cut(e.Counterparty, 255), cut(e.CounterpartyIBAN, 64),
			cut(e.Remittance, 1000), cut(e.CreditorRef, 140), m.State, m.Invoice, string(candidates), string(reasons), "", "", "",
			now, now,
		}
		if i > from {
			sql.WriteString(", ")
		}
		sql.WriteString("(")
		for j, v := range values {
			name := fmt.Sprintf("p%d_%d", i-from, j)
			params[name] = v
			if j > 0 {
				sql.WriteString(", ")
			}
			sql.WriteString("{:" + name + "}")
		}
		sql.WriteString(")")
	}
	sql.WriteString(" ON CONFLICT DO NOTHING")
	r, err := tx.DB().NewQuery(sql.String()).Bind(params).Execute()
	if err != nil {
		return 0, err
	}
	n, err := r.RowsAffected()
	return int(n), err
}

// tallyStates counts the new transactions of a statement by state.
func tallyStates(app core.App, statement string, res *ImportResult) error {
	var rows []struct {
		ID    string `db:"id"`
		State string `db:"state"`
	}
	if err := app.DB().Select("id", "state").From(migrations.BankTransactionsCollection).
		Where(dbx.HashExp{"statement": statement}).All(&rows); err != nil {
		return err
	}
	for _, r := range rows {
		switch r.State {
		case migrations.BankStateCertain:
			res.Certain++
			res.certainIDs = append(res.certainIDs, r.ID)
		case migrations.BankStateSuggested:
			res.Suggested++
		default:
			res.Unmatched++
		}
	}
	return nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// dateValue is a day as PocketBase stores dates ("" for none).
func dateValue(d time.Time) string {
	if d.IsZero() {
		return ""
	}
	dt, err := types.ParseDateTime(d)
	if err != nil {
		return ""
	}
	return dt.String()
}

// cut shortens s to at most n runes.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
