package billing

import (
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// beforeCustomerCreate fills the currency from the owner's default when the
// form left it empty, and normalizes the codes to upper case.
func (s *service) beforeCustomerCreate(e *core.RecordEvent) error {
	normalizeCustomer(e.Record)
	if e.Record.GetString("currency") == "" {
		owner, err := e.App.FindRecordById(migrations.UsersCollection, e.Record.GetString("owner"))
		if err != nil {
			return refuse("owner", "folio_owner_missing", msgOwnerMissing)
		}
		e.Record.Set("currency", orDefault(owner.GetString(migrations.FieldDefaultCurrency), migrations.DefaultCurrency))
	}
	return e.Next()
}

// beforeCustomerUpdate keeps the owner and, once the customer has
// documents, its currency: every quote, invoice and payment copied it.
func (s *service) beforeCustomerUpdate(e *core.RecordEvent) error {
	normalizeCustomer(e.Record)
	orig, err := storedVersion(e.App, e.Record)
	if err != nil {
		return err
	}
	if e.Record.GetString("owner") != orig.GetString("owner") {
		return refuse("owner", "folio_owner_fixed", msgOwnerFixed)
	}
	if e.Record.GetString("currency") != orig.GetString("currency") {
		has, err := customerHasDocuments(e.App, orig.GetString("owner"), e.Record.Id)
		if err != nil {
			return err
		}
		if has {
			return refuse("currency", "folio_currency_frozen", msgCurrencyFrozen)
		}
	}
	return e.Next()
}

// beforeCustomerDelete refuses to delete a customer with documents, with
// advice; PocketBase would refuse too (required relations) but only with a
// generic message.
func beforeCustomerDelete(e *core.RecordEvent) error {
	has, err := customerHasDocuments(e.App, e.Record.GetString("owner"), e.Record.Id)
	if err != nil {
		return err
	}
	if has {
		return refuse("id", "folio_customer_has_documents", msgCustomerHasDocs)
	}
	return e.Next()
}

func normalizeCustomer(r *core.Record) {
	r.Set("name", strings.TrimSpace(r.GetString("name")))
	r.Set("currency", strings.ToUpper(strings.TrimSpace(r.GetString("currency"))))
	r.Set("country", strings.ToUpper(strings.TrimSpace(r.GetString("country"))))
}

// customerHasDocuments reports whether any quote, invoice or payment points
// at the customer (each probe uses the (owner, customer) indexes).
func customerHasDocuments(app core.App, owner, customer string) (bool, error) {
	var n int
	err := app.DB().NewQuery(`SELECT
		EXISTS(SELECT 1 FROM quotes WHERE owner = {:owner} AND customer = {:customer}) +
		EXISTS(SELECT 1 FROM invoices WHERE owner = {:owner} AND customer = {:customer}) +
		EXISTS(SELECT 1 FROM payments WHERE owner = {:owner} AND customer = {:customer})`).
		Bind(dbx.Params{"owner": owner, "customer": customer}).Row(&n)
	return n > 0, err
}

// orDefault is value, or fallback when value is empty.
func orDefault(value, fallback string) string {
	if value == "" {
		return fallback
	}
	return value
}
