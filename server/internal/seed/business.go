package seed

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// The demo business: a small agency in Hamburg, set up for e-invoices
// (EN 16931: XRechnung, Factur-X, Peppol). Its VAT ID has the right
// German check digit; its IBAN is the well-known German test IBAN.
const (
	// BusinessVATID is the business's VAT ID.
	BusinessVATID = "DE123456788"
	// BusinessIBAN is the business's account.
	BusinessIBAN = "DE89370400440532013000"
)

// Business is the demo business's settings (fields of a businesses record)
// with person (email) as its contact: company, address, VAT, bank account,
// e-invoicing switched on with the VAT ID as electronic address and person
// as contact. Customers elsewhere in the EU are invoiced by reverse charge,
// which needs this VAT ID.
func Business(company, person, email string) map[string]any {
	return map[string]any{
		migrations.FieldCompanyName:            company,
		migrations.FieldCompanyAddress:         "Hafenstraße 12",
		migrations.FieldCompanyPostalCode:      "20457",
		migrations.FieldCompanyCity:            "Hamburg",
		migrations.FieldCompanyCountry:         "DE",
		migrations.FieldCompanyVATID:           BusinessVATID,
		migrations.FieldCompanyTaxID:           BusinessVATID,
		migrations.FieldCompanyTaxRegistration: "43/123/45678",
		migrations.FieldDefaultTaxRate:         homeRate,
		migrations.FieldBankHolder:             company,
		migrations.FieldIBAN:                   BusinessIBAN,
		migrations.FieldBIC:                    "COBADEFFXXX",
		migrations.FieldEInvoicing:             true,
		// The VAT ID under the German VAT scheme: Peppol refuses email addresses.
		migrations.FieldSellerEndpointID:     BusinessVATID,
		migrations.FieldSellerEndpointScheme: "9930",
		migrations.FieldSellerContactName:    person,
		migrations.FieldSellerContactPhone:   "+49 40 1234567",
		migrations.FieldSellerContactEmail:   email,
	}
}

// SetBusiness gives a user's own business (the one a sign-up gives, with
// the user's id) the demo business's settings, and the user the company
// on their profile, through the hooks (which check them).
func SetBusiness(app core.App, user *core.Record, company string) error {
	person := user.GetString("name")
	if person == "" {
		person = company
	}
	user.Set(migrations.FieldCompany, company)
	if err := app.Save(user); err != nil {
		return err
	}
	business, err := app.FindRecordById(migrations.BusinessesCollection, user.Id)
	if err != nil {
		return fmt.Errorf("the business of %s: %w", user.Email(), err)
	}
	for k, v := range Business(company, person, user.Email()) {
		business.Set(k, v)
	}
	return app.Save(business)
}
