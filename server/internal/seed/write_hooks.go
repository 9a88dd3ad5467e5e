package seed

import (
	"fmt"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/billing"
	"folio/server/migrations"
)

// Demo fills the demo business with a year of sample data (and two
// quarters of expenses), saved through
// the billing hooks in one transaction: numbers, totals, statuses and
// balances are exactly what the API would have produced. now anchors the
// dates (the last document is from today).
func Demo(app core.App, businessID string, now time.Time) error {
	if err := WriteThroughHooks(app, businessID, Generate(DemoOptions(now)), now); err != nil {
		return err
	}
	if err := demoItems(app, businessID); err != nil {
		return err
	}
	return demoExpenseRecords(app, businessID, now)
}

// demoItems puts the services the demo's documents are made of in its
// catalogue, so a new line is picked rather than typed: the middle of each
// price range, in euros and dollars (the demo's customers pay in both), at
// the home rate, and one of them archived.
func demoItems(app core.App, businessID string) error {
	items, err := app.FindCachedCollectionByNameOrId(migrations.ItemsCollection)
	if err != nil {
		return err
	}
	return app.RunInTransaction(func(tx core.App) error {
		for i, s := range services {
			mid := (s.lo + s.hi) / 2
			rec := core.NewRecord(items)
			rec.Load(map[string]any{
				"business": businessID, "name": s.description, "unit": s.unit, "unit_code": s.unitCode,
				"tax_rate": homeRate, migrations.FieldItemSKU: fmt.Sprintf("SRV-%02d", i+1),
				migrations.FieldItemPrices: []map[string]any{{"currency": "EUR", "cents": mid}, {"currency": "USD", "cents": mid / 100 * 108}},
				migrations.FieldArchived:   i == len(services)-1,
			})
			if err := tx.Save(rec); err != nil {
				return err
			}
		}
		return nil
	})
}

// WriteThroughHooks saves a plan of businessID's with app.Save, record by
// record, in the
// order a person would have worked: customers, then quotes and invoices by
// issue date, then payments by date. The billing hooks must be bound.
// Status timestamps are preset to plausible moments (the hooks keep a
// timestamp that is already there), never after now.
func WriteThroughHooks(app core.App, businessID string, p Plan, now time.Time) error {
	at := func(day time.Time, hours int) time.Time {
		t := day.Add(time.Duration(9+hours) * time.Hour)
		if t.After(now) {
			return now
		}
		return t
	}

	return app.RunInTransaction(func(tx core.App) error {
		customers, err := tx.FindCachedCollectionByNameOrId(migrations.CustomersCollection)
		if err != nil {
			return err
		}
		quotes, _ := tx.FindCachedCollectionByNameOrId(migrations.QuotesCollection)
		invoices, _ := tx.FindCachedCollectionByNameOrId(migrations.InvoicesCollection)
		payments, _ := tx.FindCachedCollectionByNameOrId(migrations.PaymentsCollection)

		customerIDs := make([]string, len(p.Customers))
		for i, c := range p.Customers {
			rec := core.NewRecord(customers)
			rec.Load(map[string]any{
				"business": businessID, "name": c.Name, "contact_name": c.ContactName, "email": c.Email, "phone": c.Phone,
				"website": c.Website, "tax_id": c.TaxID, "address": c.Address, "city": c.City,
				"postal_code": c.PostalCode, "country": c.Country, "currency": c.Currency,
				"payment_terms_days": c.TermsDays, "archived": c.Archived,
				migrations.FieldEndpointID: c.EndpointID, migrations.FieldEndpointScheme: c.EndpointScheme,
				migrations.FieldBuyerReference: c.BuyerReference,
			})
			if err := tx.Save(rec); err != nil {
				return err
			}
			customerIDs[i] = rec.Id
		}

		newDoc := func(col *core.Collection, d Doc, endField string) *core.Record {
			rec := core.NewRecord(col)
			rec.Load(map[string]any{
				"business": businessID, "customer": customerIDs[d.Customer], "issue_date": d.Issue, endField: d.End,
				"items": d.Lines, "discount_percent": d.DiscountPercent, "notes": d.Notes, "terms": d.Terms,
				migrations.FieldVATExemptionCategory: d.VATCategory, migrations.FieldVATExemptionReason: d.VATReason,
			})
			return rec
		}

		quoteIDs := make([]string, len(p.Quotes))
		for i, q := range p.Quotes {
			rec := newDoc(quotes, q.Doc, "expiry_date")
			if err := tx.Save(rec); err != nil {
				return err
			}
			quoteIDs[i] = rec.Id
			for step, status := range q.Path {
				if status == "converted" {
					continue // with its invoice, below
				}
				rec.Set("status", status)
				rec.Set(status+"_at", at(q.Issue, step*20))
				if status == "rejected" {
					rec.Set("reject_reason", q.RejectReason)
				}
				if err := tx.Save(rec); err != nil {
					return err
				}
			}
		}

		invoiceIDs := make([]string, len(p.Invoices))
		for i, inv := range p.Invoices {
			var rec *core.Record
			if inv.Quote >= 0 {
				_, rec, err = billing.ConvertQuote(tx, quoteIDs[inv.Quote], at(inv.Issue, 0))
			} else {
				rec = newDoc(invoices, inv.Doc, "due_date")
				err = tx.Save(rec)
			}
			if err != nil {
				return err
			}
			invoiceIDs[i] = rec.Id
			for step, status := range inv.Path {
				rec.Set("status", status)
				switch status {
				case "sent", "viewed":
					rec.Set(status+"_at", at(inv.Issue, 1+step*24))
				case "void":
					rec.Set("void_reason", inv.VoidReason)
					rec.Set("voided_at", at(inv.Issue, 48))
				}
				if err := tx.Save(rec); err != nil {
					return err
				}
			}
		}

		all := p.paymentsByDate()
		for _, d := range all {
			rec := core.NewRecord(payments)
			rec.Load(map[string]any{
				"business": businessID, "invoice": invoiceIDs[d.invoice], "date": d.Date,
				"amount_cents": d.AmountCents, "method": d.Method, "reference": d.Reference,
			})
			if err := tx.Save(rec); err != nil {
				return err
			}
		}
		return nil
	})
}
