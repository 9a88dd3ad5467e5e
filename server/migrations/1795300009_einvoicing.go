package migrations

import (
	"fmt"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// What EN 16931 e-invoices (XRechnung, Factur-X/ZUGFeRD, Peppol BIS) need
// beyond a printed invoice. The web app builds the XML; the server stores
// these fields and the billing hooks check them (internal/billing,
// decide_einvoice.go).
//
// On users (business settings, owner-only like the other business fields):
const (
	// FieldEInvoicing switches e-invoicing on. While it is on, the
	// essentials below must be filled in (company name, VAT ID, postal
	// code, city, country).
	FieldEInvoicing = "einvoicing"
	// FieldCompanyVATID is the seller's VAT identifier (BT-31), stored
	// without spaces, upper case, with its country prefix ("DE123456789").
	FieldCompanyVATID = "company_vat_id"
	// FieldCompanyTaxRegistration is the seller's tax registration (BT-32),
	// e.g. a German Steuernummer; free text.
	FieldCompanyTaxRegistration = "company_tax_registration"
	// FieldCompanyPostalCode is the seller's postal code (BT-38). The street
	// lines stay in company_address.
	FieldCompanyPostalCode = "company_postal_code"
	// FieldCompanyCity is the seller's city (BT-37).
	FieldCompanyCity = "company_city"
	// FieldCompanyCountry is the seller's country (BT-40), ISO 3166-1 alpha-2.
	FieldCompanyCountry = "company_country"
	// FieldSellerEndpointID is the seller's electronic address (BT-34).
	FieldSellerEndpointID = "seller_endpoint_id"
	// FieldSellerEndpointScheme is its EAS scheme (one of EndpointSchemes).
	FieldSellerEndpointScheme = "seller_endpoint_scheme"
	// FieldSellerContactName is the seller's contact point (BT-41).
	FieldSellerContactName = "seller_contact_name"
	// FieldSellerContactPhone is the contact's telephone (BT-42).
	FieldSellerContactPhone = "seller_contact_phone"
	// FieldSellerContactEmail is the contact's email (BT-43).
	FieldSellerContactEmail = "seller_contact_email"
)

// On customers (the customer's existing tax_id is its VAT identifier, BT-48):
const (
	// FieldEndpointID is the buyer's electronic address (BT-49).
	FieldEndpointID = "endpoint_id"
	// FieldEndpointScheme is its EAS scheme (one of EndpointSchemes).
	FieldEndpointScheme = "endpoint_scheme"
	// FieldBuyerReference is the buyer reference (BT-10): the Leitweg-ID of
	// a German public buyer, else whatever the buyer asked to quote.
	FieldBuyerReference = "buyer_reference"
)

// On quotes and invoices:
const (
	// FieldVATExemptionCategory is the EN 16931 VAT category (UNCL 5305) of
	// every 0 % line of the document; lines above 0 % are "S". Defaults to Z.
	FieldVATExemptionCategory = "vat_exemption_category"
	// FieldVATExemptionReason is the exemption reason text (BT-120), printed
	// on the document; required for E, AE, K, G and O when there is a 0 % line.
	FieldVATExemptionReason = "vat_exemption_reason"
)

// VATExemptionCategories are the categories a 0 % line may have: Z zero
// rated, E exempt, AE reverse charge, K intra-community supply, G export
// outside the EU, O not subject to VAT.
var VATExemptionCategories = []string{"Z", "E", "AE", "K", "G", "O"}

// DefaultVATExemptionCategory is the category of 0 % lines unless the
// document says otherwise.
const DefaultVATExemptionCategory = "Z"

// EndpointSchemes are the electronic address schemes (CEF EAS code list,
// version 13) an endpoint may use. The ones people mostly need: EM email,
// 0088 GLN, 0204 Leitweg-ID, 9930 German VAT number, 9957 French VAT
// number, 0208 Belgian enterprise number, 9925 Belgian VAT number, 0007
// Swedish organisation number, 0192 Norwegian organisation number, 0106
// Dutch KvK, 0060 DUNS, 0009 SIRET, 0002 SIRENE.
var EndpointSchemes = []string{
	"EM", "0088", "0204", "9930", "9957", "0208", "9925", "0007", "0192", "0106", "0060", "0009", "0002",
	"0037", "0096", "0097", "0130", "0135", "0142", "0147", "0151", "0170", "0183", "0184", "0188", "0190",
	"0191", "0193", "0194", "0195", "0196", "0198", "0199", "0200", "0201", "0202", "0203", "0205", "0209",
	"0210", "0211", "0212", "0213", "0215", "0216", "0217", "0218", "0221", "0230", "9901", "9910", "9913",
	"9914", "9915", "9918", "9919", "9920", "9922", "9923", "9924", "9926", "9927", "9928", "9929", "9931",
	"9932", "9933", "9934", "9935", "9936", "9937", "9938", "9939", "9940", "9941", "9942", "9943", "9944",
	"9945", "9946", "9947", "9948", "9949", "9950", "9951", "9952", "9953", "9959", "AN", "AQ", "AS", "AU",
}

// Sizes of the fields above.
const (
	// VATIDMax is the longest VAT identifier (2 letters and 2–12 more).
	VATIDMax = 20
	// TaxRegistrationMax is the longest tax registration.
	TaxRegistrationMax = 40
	// EndpointIDMax is the longest electronic address.
	EndpointIDMax = 200
	// BuyerReferenceMax is the longest buyer reference.
	BuyerReferenceMax = 100
	// VATExemptionReasonMax is the longest exemption reason.
	VATExemptionReasonMax = 300
)

// einvoiceUserFields are added to users, in this order.
func einvoiceUserFields() []core.Field {
	return []core.Field{
		&core.BoolField{Name: FieldEInvoicing},
		// The hook normalizes and explains; the patterns are a backstop for
		// writers that skip the hooks.
		&core.TextField{Name: FieldCompanyVATID, Max: VATIDMax, Pattern: `^[A-Z]{2}[0-9A-Z+*.]{2,12}$`},
		&core.TextField{Name: FieldCompanyTaxRegistration, Max: TaxRegistrationMax},
		&core.TextField{Name: FieldCompanyPostalCode, Max: 20},
		&core.TextField{Name: FieldCompanyCity, Max: 100},
		&core.TextField{Name: FieldCompanyCountry, Max: 2, Pattern: `^[A-Z]{2}$`},
		&core.TextField{Name: FieldSellerEndpointID, Max: EndpointIDMax},
		&core.SelectField{Name: FieldSellerEndpointScheme, Values: EndpointSchemes, MaxSelect: 1},
		&core.TextField{Name: FieldSellerContactName, Max: 100},
		&core.TextField{Name: FieldSellerContactPhone, Max: 40},
		&core.EmailField{Name: FieldSellerContactEmail},
	}
}

// breakdownCategorySQL rewrites a document table's tax_breakdown rows with
// their category: S above 0 %, the document's exemption category at 0 %.
func breakdownCategorySQL(table string) string {
	return fmt.Sprintf(`UPDATE {{%[1]s}} SET [[tax_breakdown]] = (
		SELECT json_group_array(json(row)) FROM (
			SELECT json_set(value, '$.category',
				CASE WHEN json_extract(value, '$.rate') > 0 THEN 'S' ELSE {{%[1]s}}.[[vat_exemption_category]] END) AS row
			FROM json_each({{%[1]s}}.[[tax_breakdown]]) ORDER BY key))
		WHERE json_valid([[tax_breakdown]]) AND json_type([[tax_breakdown]]) = 'array'
			AND json_array_length([[tax_breakdown]]) > 0`, table)
}

func init() {
	m.Register(func(app core.App) error {
		if err := addFields(app, UsersCollection, einvoiceUserFields()...); err != nil {
			return err
		}

		if err := addFields(app, CustomersCollection,
			&core.TextField{Name: FieldEndpointID, Max: EndpointIDMax},
			&core.SelectField{Name: FieldEndpointScheme, Values: EndpointSchemes, MaxSelect: 1},
			&core.TextField{Name: FieldBuyerReference, Max: BuyerReferenceMax},
		); err != nil {
			return err
		}

		for _, name := range []string{QuotesCollection, InvoicesCollection} {
			if err := addFields(app, name,
				// Not required: the hook gives Z to a document without one.
				&core.SelectField{Name: FieldVATExemptionCategory, Values: VATExemptionCategories, MaxSelect: 1},
				&core.TextField{Name: FieldVATExemptionReason, Max: VATExemptionReasonMax},
			); err != nil {
				return err
			}
			// Documents written before this migration: category Z, and
			// their stored breakdown rows gain theirs.
			if _, err := app.DB().Update(name, dbx.Params{FieldVATExemptionCategory: DefaultVATExemptionCategory},
				dbx.HashExp{FieldVATExemptionCategory: ""}).Execute(); err != nil {
				return err
			}
			if _, err := app.DB().NewQuery(breakdownCategorySQL(name)).Execute(); err != nil {
				return err
			}
		}
		return nil
	}, func(app core.App) error {
		for _, name := range []string{QuotesCollection, InvoicesCollection} {
			_, err := app.DB().NewQuery(fmt.Sprintf(`UPDATE {{%[1]s}} SET [[tax_breakdown]] = (
				SELECT json_group_array(json(row)) FROM (
					SELECT json_remove(value, '$.category') AS row FROM json_each({{%[1]s}}.[[tax_breakdown]]) ORDER BY key))
				WHERE json_valid([[tax_breakdown]]) AND json_type([[tax_breakdown]]) = 'array'
					AND json_array_length([[tax_breakdown]]) > 0`, name)).Execute()
			if err != nil {
				return err
			}
			if err := removeFields(app, name, FieldVATExemptionCategory, FieldVATExemptionReason); err != nil {
				return err
			}
		}

		if err := removeFields(app, CustomersCollection, FieldEndpointID, FieldEndpointScheme, FieldBuyerReference); err != nil {
			return err
		}

		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}
		for _, f := range einvoiceUserFields() {
			users.Fields.RemoveByName(f.GetName())
		}
		return app.Save(users)
	})
}
