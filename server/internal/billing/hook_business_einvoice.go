package billing

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// checkBusinessEInvoice normalizes and checks the e-invoicing settings of the
// business on every save of a business (settings, admin UI, Go code):
// the VAT ID (no spaces, upper case, country prefix), the country code,
// the electronic address and its scheme, the contact email. While
// e-invoicing is on, a save that switches it on or touches one of the
// essentials (company name, VAT ID, postal code, city, country) must leave
// them all filled in; each missing one is named at its field.
func checkBusinessEInvoice(e *core.RecordEvent) error {
	r := e.Record
	trim := func(field string) string {
		v := strings.TrimSpace(r.GetString(field))
		r.Set(field, v)
		return v
	}
	for _, f := range []string{
		migrations.FieldCompanyTaxRegistration, migrations.FieldCompanyPostalCode, migrations.FieldCompanyCity,
		migrations.FieldSellerContactName, migrations.FieldSellerContactPhone,
	} {
		trim(f)
	}

	vat, rerr := decideVATID(migrations.FieldCompanyVATID, r.GetString(migrations.FieldCompanyVATID))
	if rerr != nil {
		return rerr.api()
	}
	r.Set(migrations.FieldCompanyVATID, vat)

	country, rerr := decideCountry(migrations.FieldCompanyCountry, r.GetString(migrations.FieldCompanyCountry))
	if rerr != nil {
		return rerr.api()
	}
	r.Set(migrations.FieldCompanyCountry, country)

	id, scheme, rerr := decideEndpoint(migrations.FieldSellerEndpointID, migrations.FieldSellerEndpointScheme,
		r.GetString(migrations.FieldSellerEndpointID), r.GetString(migrations.FieldSellerEndpointScheme))
	if rerr != nil {
		return rerr.api()
	}
	r.Set(migrations.FieldSellerEndpointID, id)
	r.Set(migrations.FieldSellerEndpointScheme, scheme)

	if email := trim(migrations.FieldSellerContactEmail); email != "" && !plainEmail(email) {
		return refuse(migrations.FieldSellerContactEmail, "folio_invalid_email", msgInvalidTo)
	}

	if r.GetBool(migrations.FieldEInvoicing) {
		check := r.IsNew()
		if !check {
			orig, err := storedVersion(e.App, r)
			if err != nil {
				return err
			}
			check = !orig.GetBool(migrations.FieldEInvoicing)
			for _, ess := range einvoiceEssentials {
				check = check || orig.GetString(ess.field) != r.GetString(ess.field)
			}
		}
		if check {
			if rerr := sellerEssentials(r); rerr != nil {
				return rerr
			}
		}
	}
	return e.Next()
}

// sellerEssentials refuses business settings that miss an e-invoice
// essential, naming every missing field.
func sellerEssentials(r *core.Record) error {
	values := map[string]string{}
	for _, ess := range einvoiceEssentials {
		values[ess.field] = r.GetString(ess.field)
	}
	if missing := decideEInvoiceEssentials(values); len(missing) > 0 {
		return refuseAll(einvoiceMissingRefusal(missing), missing)
	}
	return nil
}
