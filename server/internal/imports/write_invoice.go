package imports

import (
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/billing"
	"folio/server/migrations"
)

// customerIndex finds a business's customer by name or email (either
// regardless of case), with its currency.
type customerIndex struct {
	byKey    map[string]indexedCustomer
	language string // the business's document language
}

type indexedCustomer struct{ id, currency string }

func loadCustomers(app core.App, business string) (*customerIndex, error) {
	var rows []struct {
		ID       string `db:"id"`
		Name     string `db:"name"`
		Email    string `db:"email"`
		Currency string `db:"currency"`
	}
	err := app.DB().Select("id", "name", "email", "currency").From(migrations.CustomersCollection).
		Where(dbx.HashExp{"business": business}).All(&rows)
	if err != nil {
		return nil, err
	}
	ix := &customerIndex{byKey: map[string]indexedCustomer{}}
	// Emails first, so a name that is someone's email does not hide it.
	for _, r := range rows {
		if k := lower(r.Email); k != "" {
			ix.byKey[k] = indexedCustomer{r.ID, r.Currency}
		}
	}
	for _, r := range rows {
		if k := lower(r.Name); k != "" {
			if _, taken := ix.byKey[k]; !taken {
				ix.byKey[k] = indexedCustomer{r.ID, r.Currency}
			}
		}
	}
	_ = app.DB().Select(migrations.FieldDocumentLanguage).From(migrations.BusinessesCollection).
		Where(dbx.HashExp{"id": business}).Limit(1).Row(&ix.language)
	return ix, nil
}

// customerOf is the business's customer a row's invoice is for, by name
// or email, in the row's currency when it gives one.
func (req *request) customerOf(app core.App, v map[string]any, n int) (indexedCustomer, []Problem, error) {
	if req.customers == nil {
		ix, err := loadCustomers(app, req.business)
		if err != nil {
			return indexedCustomer{}, nil, err
		}
		req.customers = ix
	}
	name, _ := v["customer"].(string)
	customer, ok := req.customers.byKey[lower(name)]
	if !ok {
		return customer, []Problem{{Row: n, Field: "customer", Code: problemNoCustomer, Params: map[string]any{"customer": name}}}, nil
	}
	return customer, nil, nil
}

// openingLines are the lines of an imported invoice: one "Opening
// balance" for the total at 0 % tax, so the total is what is owed.
func (req *request) openingLines(total int64) []map[string]any {
	return []map[string]any{{
		"description": openingBalance(req.customers.language), "quantity": 1, "unit_price_cents": total, "tax_rate": 0,
	}}
}

// addPayment records amount paid on the invoice (method "other", on date,
// today when empty) through the payment rules, and answers its id.
func addPayment(app core.App, req *request, invoice string, amount int64, date any) (string, error) {
	col, err := app.FindCachedCollectionByNameOrId(migrations.PaymentsCollection)
	if err != nil {
		return "", err
	}
	p := core.NewRecord(col)
	p.Set("business", req.business)
	p.Set("invoice", invoice)
	p.Set("amount_cents", amount)
	p.Set("date", date)
	p.Set("method", "other")
	return p.Id, app.Save(p)
}

// writeInvoice saves an open invoice as Folio keeps it: imported, with
// its own number (billing keeps it outside the sequence), one line
// "Opening balance" for the total at 0 % tax, sent; the amount paid is a
// payment on the issue date (method "other") through the payment rules,
// so the balance and the status (partly paid, overdue) follow. A row
// already paid in full is no opening balance. A row whose save is refused
// leaves nothing behind.
func writeInvoice(app core.App, req *request, rec *core.Record, v map[string]any, n int) ([]Problem, error) {
	customer, problems, err := req.customerOf(app, v, n)
	if err != nil || len(problems) > 0 {
		return problems, err
	}
	if cur, _ := v["currency"].(string); cur != "" && !strings.EqualFold(cur, customer.currency) {
		return []Problem{{Row: n, Field: "currency", Code: problemCurrency,
			Params: map[string]any{"currency": cur, "customer_currency": customer.currency}}}, nil
	}
	total, _ := v["total_cents"].(int64)
	paid, _ := v["paid_cents"].(int64)
	if paid >= total {
		return []Problem{{Row: n, Field: "amount_paid", Code: problemAlreadyPaid}}, nil
	}
	rec.Set("customer", customer.id)
	rec.Set("number", v["number"])
	rec.Set(migrations.FieldInvoiceImported, true)
	rec.Set("issue_date", v["issue_date"])
	if due, ok := v["due_date"]; ok {
		rec.Set("due_date", due)
	}
	rec.Set("items", req.openingLines(total))
	if err := app.Save(rec); err != nil {
		return problemsOf(n, router.ToApiError(err).Data), nil
	}
	undo := func(err error) ([]Problem, error) {
		if derr := billing.DeleteImported(app, rec); derr != nil {
			return nil, derr
		}
		return problemsOf(n, router.ToApiError(err).Data), nil
	}
	rec.Set("status", "sent")
	if err := app.Save(rec); err != nil {
		return undo(err)
	}
	if paid > 0 {
		if _, err := addPayment(app, req, rec.Id, paid, v["issue_date"]); err != nil {
			return undo(err)
		}
	}
	return nil, nil
}

// readStoredInvoice is the invoice rec as an import of it again sees it
// (decideInvoiceUpdate).
func readStoredInvoice(app core.App, rec *core.Record) (storedInvoice, error) {
	was := storedInvoice{
		status: rec.GetString("status"), customer: rec.GetString("customer"), currency: rec.GetString("currency"),
		imported: rec.GetBool(migrations.FieldInvoiceImported), totalCents: int64(rec.GetInt("total_cents")),
		paidCents: int64(rec.GetInt("paid_cents")),
	}
	if due := rec.GetDateTime("due_date"); !due.IsZero() {
		was.dueDate = due.Time().UTC().Format("2006-01-02")
	}
	for col, n := range map[string]*int{migrations.PaymentsCollection: &was.payments, migrations.InvoiceRemindersCollection: &was.reminders} {
		if err := app.DB().Select("COUNT(*)").From(col).Where(dbx.HashExp{"invoice": rec.Id}).Row(n); err != nil {
			return was, err
		}
	}
	return was, nil
}

// updateInvoice imports an open invoice again over the imported one with
// its number, as decideInvoiceUpdate allows: its due date, customer or
// total through billing.UpdateImported, and what was paid since as a
// payment (today). It answers the invoice's previous values, and the
// payment, for the undo; nil when the row changes nothing. A row whose
// change is refused changes nothing.
func updateInvoice(app core.App, req *request, rec *core.Record, v map[string]any, n int) (*previousValues, []Problem, error) {
	customer, problems, err := req.customerOf(app, v, n)
	if err != nil || len(problems) > 0 {
		return nil, problems, err
	}
	was, err := readStoredInvoice(app, rec)
	if err != nil {
		return nil, nil, err
	}
	u, problems := decideInvoiceUpdate(n, was, v, customer)
	if len(problems) > 0 || u.none() {
		return nil, problems, nil
	}
	prev := &previousValues{ID: rec.Id, Fields: map[string]any{}}
	if u.dueDate != "" {
		prev.Fields["due_date"] = rec.GetString("due_date")
		rec.Set("due_date", u.dueDate)
	}
	if u.customer != "" {
		prev.Fields["customer"] = was.customer
		rec.Set("customer", u.customer)
	}
	if u.totalCents != 0 {
		prev.Fields["items"] = rec.Get("items")
		rec.Set("items", req.openingLines(u.totalCents))
	}
	if len(prev.Fields) > 0 {
		if err := billing.UpdateImported(app, rec); err != nil {
			return nil, problemsOf(n, router.ToApiError(err).Data), nil
		}
	}
	if u.paymentCents > 0 {
		if prev.Payment, err = addPayment(app, req, rec.Id, u.paymentCents, ""); err != nil {
			if len(prev.Fields) > 0 {
				if rerr := restoreInvoice(app, rec.Id, prev.Fields); rerr != nil {
					return nil, nil, rerr
				}
			}
			return nil, problemsOf(n, router.ToApiError(err).Data), nil
		}
	}
	return prev, nil, nil
}

// restoreInvoice gives the imported invoice id its previous values back.
func restoreInvoice(app core.App, id string, fields map[string]any) error {
	rec, err := app.FindRecordById(migrations.InvoicesCollection, id)
	if err != nil {
		return err
	}
	for f, val := range fields {
		rec.Set(f, val)
	}
	return billing.UpdateImported(app, rec)
}
