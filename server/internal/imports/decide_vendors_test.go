package imports

import (
	"reflect"
	"testing"
)

// The header rows of four tools' vendor exports (testdata/vendors) map
// onto Folio's vendor fields; each want is field → header.
func TestDecideVendorColumns(t *testing.T) {
	t.Parallel()
	cases := map[string]map[string]string{
		"invoiceninja.csv": {
			"name": "Name", "vat_id": "VAT Number", "address": "Address 1", "address_2": "Address 2", "city": "City",
			"postal_code": "Postal Code", "country": "Country", "contact_first": "First Name", "contact_last": "Last Name", "email": "Email",
		},
		"zoho.csv": {
			"name": "Display Name", "contact_first": "First Name", "contact_last": "Last Name", "email": "EmailID",
			"address": "Billing Address", "address_2": "Billing Street2", "city": "Billing City", "country": "Billing Country",
			"postal_code": "Billing Code", "vat_id": "VAT Reg No",
		},
		"sevdesk.csv": {
			"name": "Organisation", "contact_first": "Vorname", "contact_last": "Nachname", "iban": "IBAN", "vat_id": "Umsatzsteuer-ID",
			"address": "Straße", "postal_code": "PLZ", "city": "Ort", "country": "Land", "email": "E-Mail",
		},
		"lexoffice.csv": {
			"name": "Firmenname", "contact_first": "Vorname", "contact_last": "Nachname", "address": "Straße", "address_2": "Adresszusatz",
			"postal_code": "PLZ", "city": "Ort", "country": "Land", "email": "E-Mail", "vat_id": "USt-IdNr.", "iban": "IBAN",
		},
	}
	checkGuesses(t, "vendors", VendorFields, vendorAliases, cases)
}

func TestDecideVendorRow(t *testing.T) {
	t.Parallel()
	m := Mapping{"name": 0, "contact_first": 1, "contact_last": 2, "address": 3, "address_2": 4, "postal_code": 5, "city": 6,
		"country": 7, "vat_id": 8, "iban": 9, "email": 10}
	checkRows(t, func(cells []string) (map[string]any, []Problem) { return decideVendorRow(m, 14, cells, "EUR") }, []rowCase{
		{"a company, its address in one field, the country by name",
			[]string{" Büro Lang KG ", "Eva", "Lang", "Hauptstr. 5", "Hinterhaus", "80331", "München", "Deutschland", "DE 222 222 222", "DE89 3704 0044 0532 0130 00", "buero@lang.test"},
			map[string]any{"name": "Büro Lang KG", "address": "Hauptstr. 5\nHinterhaus\n80331 München", "country": "DE",
				"vat_id": "DE 222 222 222", "iban": "DE89 3704 0044 0532 0130 00", "email": "buero@lang.test"}, nil},
		{"a person without a company, a city without a street",
			[]string{"", "Jane", "Doe", "", "", "", "Paris", "fr", "", "", ""},
			map[string]any{"name": "Jane Doe", "address": "Paris", "country": "FR"}, nil},
		{"no name at all",
			[]string{"", "", "", "Ring 1", "", "", "", "", "", "", ""},
			map[string]any{"address": "Ring 1"}, []Problem{{Row: 14, Field: "name", Code: problemRequired}}},
	})
}

// A row is matched to a vendor as a receipt is: VAT ID before IBAN before
// name, each compared as stored.
func TestVendorSameOrder(t *testing.T) {
	t.Parallel()
	var fields []string
	for _, f := range kinds["vendors"].same {
		fields = append(fields, f.field)
	}
	if want := []string{"vat_id", "iban", "name"}; !reflect.DeepEqual(fields, want) {
		t.Errorf("matched on %v, want %v", fields, want)
	}
	same := kinds["vendors"].same
	if same[0].key(" de 123 456 789") != "DE123456789" || same[1].key("de89 3704-0044") != "DE8937040044" || same[2].key(" Papier GmbH ") != "papier gmbh" {
		t.Error("the keys don't compare as stored")
	}
}
