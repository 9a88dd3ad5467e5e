package imports

import "strings"

// VendorFields are the vendor fields a column can fill. A vendor has one
// address: the street, its second line, the postal code and the city are
// joined into it ("Ring 1\n10115 Berlin").
var VendorFields = []string{"name", "contact_first", "contact_last", "email", "vat_id", "iban", "address", "address_2", "postal_code", "city", "country"}

// vendorAliases are the headers of the vendor (supplier) exports of
// Invoice Ninja, Zoho Books and Zoho Invoice, and the contact exports of
// sevDesk and lexoffice with suppliers in them (testdata/vendors), and the
// plain words, normalized (normHeader). A customer's alias of the same
// field is the rest.
var vendorAliases = map[string][]string{
	"name": append([]string{"vendorname", "suppliername", "lieferant", "lieferantenname", "fournisseur", "proveedor", "المورد"},
		customerAliases["name"]...),
	"contact_first": customerAliases["contact_first"],
	"contact_last":  customerAliases["contact_last"],
	"email":         append([]string{"vendoremail"}, customerAliases["email"]...),
	"vat_id":        append([]string{"vendorvatnumber"}, customerAliases["tax_id"]...),
	"iban":          {"iban", "ibannummer", "bankaccountiban", "bankiban"},
	"address":       append([]string{"vendoraddress1"}, customerAliases["address"]...),
	"address_2":     append([]string{"vendoraddress2"}, customerAliases["address_2"]...),
	"postal_code":   append([]string{"vendorpostalcode"}, customerAliases["postal_code"]...),
	"city":          append([]string{"vendorcity"}, customerAliases["city"]...),
	"country":       append([]string{"vendorcountry"}, customerAliases["country"]...),
}

// decideVendorRow turns a row into a vendor's values: the name (a
// person's name when the file has no company), one address of the street,
// its second line, the postal code and the city, the country as a code.
// The vendor's own rules (the IBAN's check digits, the VAT ID, the
// country, the email) run when it is saved, as for a typed vendor.
func decideVendorRow(m Mapping, n int, cells []string, _ string) (map[string]any, []Problem) {
	cell := cellOf(m, cells)
	v := map[string]any{}
	set := setIn(v)
	set("name", cell("name"))
	if v["name"] == nil {
		set("name", joinSet(" ", cell("contact_first"), cell("contact_last")))
	}
	for _, f := range []string{"email", "vat_id", "iban"} {
		set(f, cell(f))
	}
	set("address", joinSet("\n", cell("address"), cell("address_2"), joinSet(" ", cell("postal_code"), cell("city"))))
	set("country", countryCode(cell("country")))
	var problems []Problem
	if v["name"] == nil {
		problems = append(problems, Problem{Row: n, Field: "name", Code: problemRequired})
	}
	return v, problems
}

// joinSet joins the parts that are not empty with sep.
func joinSet(sep string, parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, sep)
}

// setIn sets a field of v to a value that is not empty.
func setIn(v map[string]any) func(field, value string) {
	return func(field, value string) {
		if value != "" {
			v[field] = value
		}
	}
}
