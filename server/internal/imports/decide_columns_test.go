package imports

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// The header rows of five tools' customer exports (testdata/headers) map
// onto Folio's customer fields; each want is field → header.
func TestDecideColumns(t *testing.T) {
	t.Parallel()
	cases := map[string]map[string]string{
		"invoiceninja.csv": {
			"name": "Client Name", "tax_id": "Client VAT Number", "website": "Client Website", "phone": "Client Phone",
			"address": "Client Address 1", "address_2": "Client Address 2", "city": "Client City",
			"postal_code": "Client Postal Code", "country": "Client Country", "currency": "Client Currency",
			"notes": "Client Private Notes", "payment_terms_days": "Payment Terms",
			"contact_first": "Contact First Name", "contact_last": "Contact Last Name", "email": "Contact Email",
		},
		"zoho.csv": {
			"name": "Display Name", "contact_first": "First Name", "contact_last": "Last Name", "email": "EmailID",
			"phone": "Phone", "website": "Website", "currency": "Currency Code", "payment_terms_days": "Payment Terms",
			"notes": "Notes", "contact_name": "Billing Attention", "address": "Billing Address", "address_2": "Billing Street2",
			"city": "Billing City", "country": "Billing Country", "postal_code": "Billing Code", "tax_id": "VAT Reg No",
		},
		"invoiceshelf.csv": {
			"name": "name", "contact_name": "contact_name", "email": "email", "phone": "phone", "website": "website",
			"currency": "currency", "address": "billing_address_street_1", "address_2": "billing_address_street_2",
			"city": "billing_city", "country": "billing_country", "postal_code": "billing_zip",
		},
		"sevdesk.csv": {
			"name": "Organisation", "contact_first": "Vorname", "contact_last": "Nachname", "tax_id": "Umsatzsteuer-ID",
			"address": "Straße", "postal_code": "PLZ", "city": "Ort", "country": "Land", "phone": "Telefon",
			"email": "E-Mail", "website": "Webseite", "notes": "Bemerkung", "payment_terms_days": "Zahlungsziel (Tage)",
		},
		"lexoffice.csv": {
			"name": "Firmenname", "contact_first": "Vorname", "contact_last": "Nachname", "address": "Straße",
			"address_2": "Adresszusatz", "postal_code": "PLZ", "city": "Ort", "country": "Land", "email": "E-Mail",
			"phone": "Telefon", "tax_id": "USt-IdNr.", "notes": "Notiz",
		},
	}
	checkGuesses(t, "headers", CustomerFields, customerAliases, cases)
}

// checkGuesses checks the mapping guessed for the header row of each file
// of testdata/dir; each want is field → header.
func checkGuesses(t *testing.T, dir string, fields []string, aliases map[string][]string, cases map[string]map[string]string) {
	t.Helper()
	for file, want := range cases {
		t.Run(file, func(t *testing.T) {
			if got := guessed(t, dir, file, fields, aliases); !reflect.DeepEqual(got, want) {
				t.Errorf("%v\nwant %v", got, want)
			}
		})
	}
}

// guessed is the mapping decideColumns guesses for the header row of
// testdata/dir/file, as field → header.
func guessed(t *testing.T, dir, file string, fields []string, aliases map[string][]string) map[string]string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", dir, file))
	if err != nil {
		t.Fatal(err)
	}
	tab, err := openTable(bytesReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]string{}
	for f, i := range decideColumns(fields, aliases, tab.header) {
		named[f] = tab.header[i]
	}
	return named
}

func TestNormHeader(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"E-Mail": "email", "Straße": "strasse", "Währung": "wahrung", " USt-IdNr. ": "ustidnr", "Código postal": "codigopostal"} {
		if got := normHeader(in); got != want {
			t.Errorf("normHeader(%q) = %q, want %q", in, got, want)
		}
	}
}
