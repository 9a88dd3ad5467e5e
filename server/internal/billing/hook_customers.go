package billing

import (
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// beforeCustomerCreate fills the currency from the business's default when the
// form left it empty, and normalizes the codes to upper case.
func (s *service) beforeCustomerCreate(e *core.RecordEvent) error {
	normalizeCustomer(e.Record)
	if err := checkCustomerEInvoice(e.Record); err != nil {
		return err
	}
	if e.Record.GetString("currency") == "" {
		business, err := findBusiness(e.App, e.Record.GetString("business"))
		if err != nil {
			return refuse("business", "folio_owner_missing", msgOwnerMissing)
		}
		e.Record.Set("currency", orDefault(business.GetString(migrations.FieldDefaultCurrency), migrations.DefaultCurrency))
	}
	return e.Next()
}

// beforeCustomerUpdate keeps the business and, once the customer has
// documents, its currency: every quote, invoice and payment copied it.
func (s *service) beforeCustomerUpdate(e *core.RecordEvent) error {
	normalizeCustomer(e.Record)
	if err := checkCustomerEInvoice(e.Record); err != nil {
		return err
	}
	orig, err := storedVersion(e.App, e.Record)
	if err != nil {
		return err
	}
	if e.Record.GetString("business") != orig.GetString("business") {
		return refuse("business", "folio_owner_fixed", msgOwnerFixed)
	}
	if e.Record.GetString("currency") != orig.GetString("currency") {
		has, err := customerHasDocuments(e.App, orig.GetString("business"), e.Record.Id)
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
	has, err := customerHasDocuments(e.App, e.Record.GetString("business"), e.Record.Id)
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

// checkCustomerEInvoice normalizes and checks what an e-invoice reads from
// the customer: the electronic address with its scheme (decideEndpoint)
// and the buyer reference, checked as a Leitweg-ID when it looks like one.
// The tax_id stays free text: it is the buyer's VAT ID (BT-48) when the
// customer has one.
func checkCustomerEInvoice(r *core.Record) error {
	id, scheme, rerr := decideEndpoint(migrations.FieldEndpointID, migrations.FieldEndpointScheme,
		r.GetString(migrations.FieldEndpointID), r.GetString(migrations.FieldEndpointScheme))
	if rerr != nil {
		return rerr.api()
	}
	r.Set(migrations.FieldEndpointID, id)
	r.Set(migrations.FieldEndpointScheme, scheme)

	ref, rerr := decideBuyerReference(r.GetString(migrations.FieldBuyerReference))
	if rerr != nil {
		return rerr.api()
	}
	r.Set(migrations.FieldBuyerReference, ref)
	return nil
}

// customerHasDocuments reports whether any quote, invoice or payment points
// at the customer (each probe uses the (business, customer) indexes).
func customerHasDocuments(app core.App, business, customer string) (bool, error) {
	var n int
	err := app.DB().NewQuery(`SELECT
		EXISTS(SELECT 1 FROM quotes WHERE business = {:business} AND customer = {:customer}) +
		EXISTS(SELECT 1 FROM invoices WHERE business = {:business} AND customer = {:customer}) +
		EXISTS(SELECT 1 FROM payments WHERE business = {:business} AND customer = {:customer})`).
		Bind(dbx.Params{"business": business, "customer": customer}).Row(&n)
	return n > 0, err
}

// orDefault is value, or fallback when value is empty.
func orDefault(value, fallback string) string {
	if value == "" {
		return fallback
	}
	return value
}
