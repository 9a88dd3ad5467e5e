package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The business collections. Field names are the API contract with the web
// app; see research/invoicing.md §2 for the model and internal/billing for
// the rules the hooks enforce on them.
const (
	// CustomersCollection holds an owner's customers.
	CustomersCollection = "customers"
	// QuotesCollection holds quotes (estimates).
	QuotesCollection = "quotes"
	// InvoicesCollection holds invoices.
	InvoicesCollection = "invoices"
	// PaymentsCollection holds payments, each against one invoice.
	PaymentsCollection = "payments"
)

// API rules shared by the four collections: only the owner sees or
// touches a record, a record is always created for the caller, and the
// owner never changes. Business rules (same-owner references, statuses,
// locks) are hooks, so their refusals can say what is wrong.
const (
	// OwnerRule is the list, view and delete rule.
	OwnerRule = `owner = @request.auth.id`
	// OwnerCreateRule forces the new record's owner to be the caller.
	OwnerCreateRule = `@request.auth.id != "" && @request.body.owner = @request.auth.id`
	// OwnerUpdateRule is OwnerRule plus "owner may not be changed".
	OwnerUpdateRule = `owner = @request.auth.id && (@request.body.owner:isset = false || @request.body.owner = @request.auth.id)`
)

// Status values of quotes, invoices and payment methods.
var (
	// QuoteStatuses are the stored quote statuses ("expired" is derived).
	QuoteStatuses = []string{"draft", "sent", "viewed", "accepted", "rejected", "converted"}
	// InvoiceStatuses are the stored invoice statuses ("overdue" is derived).
	InvoiceStatuses = []string{"draft", "sent", "viewed", "partial", "paid", "void"}
	// PaymentMethods are the accepted payment methods.
	PaymentMethods = []string{"bank_transfer", "cash", "card", "cheque", "other"}
)

// itemsMaxBytes bounds the items JSON; 200 lines fit easily.
const itemsMaxBytes = 1 << 20

func ownedCollection(name string, users *core.Collection) *core.Collection {
	c := core.NewBaseCollection(name)
	c.ListRule = ptr(OwnerRule)
	c.ViewRule = ptr(OwnerRule)
	c.CreateRule = ptr(OwnerCreateRule)
	c.UpdateRule = ptr(OwnerUpdateRule)
	c.DeleteRule = ptr(OwnerRule)
	// Required and not cascading: PocketBase refuses to delete a user who
	// still owns business records instead of silently erasing them.
	c.Fields.Add(&core.RelationField{Name: "owner", CollectionId: users.Id, Required: true, MaxSelect: 1})
	return c
}

func withTimestamps(c *core.Collection) {
	c.Fields.Add(
		&core.AutodateField{Name: "created", OnCreate: true},
		&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
	)
}

// documentFields are the fields quotes and invoices share.
func documentFields(c *core.Collection, customers *core.Collection, statuses []string) {
	c.Fields.Add(
		&core.RelationField{Name: "customer", CollectionId: customers.Id, Required: true, MaxSelect: 1},
		&core.TextField{Name: "number", Max: 50},
		&core.NumberField{Name: "seq", OnlyInt: true},
		&core.SelectField{Name: "status", Values: statuses, MaxSelect: 1, Required: true},
	)
	c.Fields.Add(issuedAmountFields()...)
	c.Fields.Add(
		&core.TextField{Name: "notes", Max: 5000},
		&core.TextField{Name: "terms", Max: 5000},
		&core.DateField{Name: "sent_at"},
		&core.DateField{Name: "viewed_at"},
	)
}

// issuedAmountFields are the issue date, the lines and the amounts, which
// quotes, invoices and credit notes share.
func issuedAmountFields() []core.Field {
	zero, hundred := 0.0, 100.0
	return []core.Field{
		&core.DateField{Name: "issue_date", Required: true},
		&core.TextField{Name: "currency", Max: 3},
		&core.JSONField{Name: "items", MaxSize: itemsMaxBytes},
		&core.NumberField{Name: "discount_percent", Min: &zero, Max: &hundred},
		&core.NumberField{Name: "subtotal_cents", OnlyInt: true},
		&core.NumberField{Name: "discount_cents", OnlyInt: true},
		&core.NumberField{Name: "tax_cents", OnlyInt: true},
		&core.NumberField{Name: "total_cents", OnlyInt: true},
		&core.JSONField{Name: "tax_breakdown", MaxSize: itemsMaxBytes},
	}
}

// moneyMovementFields are the fields a payment and a refund share after
// their links (and a payment's number): when, how much, how and notes.
func moneyMovementFields() []core.Field {
	one := 1.0
	return []core.Field{
		&core.DateField{Name: "date", Required: true},
		&core.NumberField{Name: "amount_cents", OnlyInt: true, Required: true, Min: &one},
		&core.TextField{Name: "currency", Max: 3},
		&core.SelectField{Name: "method", Values: PaymentMethods, MaxSelect: 1, Required: true},
		&core.TextField{Name: "reference", Max: 200},
		&core.TextField{Name: "notes", Max: 5000},
	}
}

// documentIndexes serve numbering, the lists' default filters and sorts,
// the customer checks and the dashboard's date-range aggregates.
func documentIndexes(c *core.Collection, prefix, issueCovers string) {
	c.AddIndex("idx_"+prefix+"_owner_number", true, "`owner`, `number`", "")
	c.AddIndex("idx_"+prefix+"_owner_seq", true, "`owner`, `seq`", "")
	c.AddIndex("idx_"+prefix+"_owner_status_issue", false, "`owner`, `status`, `issue_date`", "")
	// Covering for the dashboard's period sums (issued, by currency and
	// status; for quotes also the expiry, for the win rate): they read the
	// index alone, never the rows with their items.
	c.AddIndex("idx_"+prefix+"_owner_issue", false, "`owner`, `issue_date`, "+issueCovers, "")
	c.AddIndex("idx_"+prefix+"_owner_customer", false, "`owner`, `customer`", "")
}

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}
		zero, maxTerms := 0.0, 365.0

		customers := ownedCollection(CustomersCollection, users)
		customers.Fields.Add(
			&core.TextField{Name: "name", Required: true, Max: 200},
			&core.TextField{Name: "contact_name", Max: 200},
			&core.EmailField{Name: "email"}, // not unique: two customers may share a billing inbox
			&core.TextField{Name: "phone", Max: 50},
			&core.URLField{Name: "website"},
			&core.TextField{Name: "tax_id", Max: 50},
			&core.TextField{Name: "address", Max: 1000},
			&core.TextField{Name: "city", Max: 100},
			&core.TextField{Name: "postal_code", Max: 20},
			&core.TextField{Name: "country", Max: 2, Pattern: `^[A-Z]{2}$`},
			&core.TextField{Name: "currency", Required: true, Max: 3, Pattern: `^[A-Z]{3}$`},
			&core.NumberField{Name: "payment_terms_days", OnlyInt: true, Min: &zero, Max: &maxTerms},
			&core.TextField{Name: "notes", Max: 5000},
			&core.BoolField{Name: "archived"},
		)
		withTimestamps(customers)
		customers.AddIndex("idx_customers_owner_name", false, "`owner`, `name`", "")
		customers.AddIndex("idx_customers_owner_archived", false, "`owner`, `archived`", "")
		if err := app.Save(customers); err != nil {
			return err
		}

		quotes := ownedCollection(QuotesCollection, users)
		documentFields(quotes, customers, QuoteStatuses)
		quotes.Fields.Add(
			&core.DateField{Name: "expiry_date"},
			&core.TextField{Name: "reject_reason", Max: 1000},
			&core.DateField{Name: "accepted_at"},
			&core.DateField{Name: "rejected_at"},
			&core.DateField{Name: "converted_at"},
		)
		withTimestamps(quotes)
		documentIndexes(quotes, "quotes", "`currency`, `status`, `total_cents`, `expiry_date`")
		quotes.AddIndex("idx_quotes_owner_expiry", false, "`owner`, `expiry_date`", "")
		if err := app.Save(quotes); err != nil {
			return err
		}

		invoices := ownedCollection(InvoicesCollection, users)
		documentFields(invoices, customers, InvoiceStatuses)
		invoices.Fields.Add(
			&core.DateField{Name: "due_date", Required: true},
			&core.RelationField{Name: "quote", CollectionId: quotes.Id, MaxSelect: 1},
			&core.NumberField{Name: "paid_cents", OnlyInt: true},
			&core.NumberField{Name: "balance_cents", OnlyInt: true},
			&core.TextField{Name: "void_reason", Max: 1000},
			&core.DateField{Name: "paid_at"},
			&core.DateField{Name: "voided_at"},
		)
		withTimestamps(invoices)
		documentIndexes(invoices, "invoices", "`currency`, `status`, `total_cents`")
		invoices.AddIndex("idx_invoices_owner_due", false, "`owner`, `due_date`", "")
		// Open invoices by due date: what the dashboard's outstanding,
		// overdue, aging and "due soon" read, without walking the paid ones
		// (status IN (sent, viewed, partial) probes three short ranges);
		// covering for the sums.
		invoices.AddIndex("idx_invoices_owner_status_due", false, "`owner`, `status`, `due_date`, `currency`, `balance_cents`", "")
		invoices.AddIndex("idx_invoices_quote", false, "`quote`", "")
		if err := app.Save(invoices); err != nil {
			return err
		}

		// The back link exists only once invoices does.
		quotes.Fields.Add(&core.RelationField{Name: "invoice", CollectionId: invoices.Id, MaxSelect: 1})
		if err := app.Save(quotes); err != nil {
			return err
		}

		payments := ownedCollection(PaymentsCollection, users)
		payments.Fields.Add(
			// Required and not cascading, so PocketBase itself also refuses
			// to delete an invoice or customer that has payments.
			&core.RelationField{Name: "invoice", CollectionId: invoices.Id, Required: true, MaxSelect: 1},
			&core.RelationField{Name: "customer", CollectionId: customers.Id, Required: true, MaxSelect: 1},
			&core.TextField{Name: "number", Max: 50},
			&core.NumberField{Name: "seq", OnlyInt: true},
		)
		payments.Fields.Add(moneyMovementFields()...)
		withTimestamps(payments)
		payments.AddIndex("idx_payments_owner_number", true, "`owner`, `number`", "")
		payments.AddIndex("idx_payments_owner_seq", true, "`owner`, `seq`", "")
		payments.AddIndex("idx_payments_invoice", false, "`invoice`", "")
		// Covering for the dashboard's collected sums and recent payments.
		payments.AddIndex("idx_payments_owner_date", false, "`owner`, `date`, `currency`, `amount_cents`, `seq`", "")
		payments.AddIndex("idx_payments_owner_customer", false, "`owner`, `customer`", "")
		return app.Save(payments)
	}, func(app core.App) error {
		for _, name := range []string{PaymentsCollection, InvoicesCollection, QuotesCollection, CustomersCollection} {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			if name == InvoicesCollection {
				// quotes.invoice points here; drop it so invoices can go.
				quotes, err := app.FindCollectionByNameOrId(QuotesCollection)
				if err != nil {
					return err
				}
				quotes.Fields.RemoveByName("invoice")
				if err := app.Save(quotes); err != nil {
					return err
				}
			}
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		return nil
	})
}

func ptr(s string) *string { return &s }
