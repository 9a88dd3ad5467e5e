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

// writeInvoice saves an open invoice as Folio keeps it: imported, with
// its own number (billing keeps it outside the sequence), one line
// "Opening balance" for the total at 0 % tax, sent; the amount paid is a
// payment on the issue date (method "other") through the payment rules,
// so the balance and the status (partly paid, overdue) follow. A row
// whose save is refused leaves nothing behind.
func writeInvoice(app core.App, req *request, rec *core.Record, v map[string]any, n int) ([]Problem, error) {
	if req.customers == nil {
		ix, err := loadCustomers(app, req.business)
		if err != nil {
			return nil, err
		}
		req.customers = ix
	}
	name, _ := v["customer"].(string)
	customer, ok := req.customers.byKey[lower(name)]
	if !ok {
		return []Problem{{Row: n, Field: "customer", Code: problemNoCustomer, Params: map[string]any{"customer": name}}}, nil
	}
	if cur, _ := v["currency"].(string); cur != "" && !strings.EqualFold(cur, customer.currency) {
		return []Problem{{Row: n, Field: "currency", Code: problemCurrency,
			Params: map[string]any{"currency": cur, "customer_currency": customer.currency}}}, nil
	}
	total, _ := v["total_cents"].(int64)
	rec.Set("customer", customer.id)
	rec.Set("number", v["number"])
	rec.Set(migrations.FieldInvoiceImported, true)
	rec.Set("issue_date", v["issue_date"])
	if due, ok := v["due_date"]; ok {
		rec.Set("due_date", due)
	}
	rec.Set("items", []map[string]any{{
		"description": openingBalance(req.customers.language), "quantity": 1, "unit_price_cents": total, "tax_rate": 0,
	}})
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
	if paid, _ := v["paid_cents"].(int64); paid > 0 {
		col, err := app.FindCachedCollectionByNameOrId(migrations.PaymentsCollection)
		if err != nil {
			return nil, err
		}
		p := core.NewRecord(col)
		p.Set("business", req.business)
		p.Set("invoice", rec.Id)
		p.Set("amount_cents", paid)
		p.Set("date", v["issue_date"])
		p.Set("method", "other")
		if err := app.Save(p); err != nil {
			return undo(err)
		}
	}
	return nil, nil
}
