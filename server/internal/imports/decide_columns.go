package imports

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// The customer fields a column can fill, in the order the mapping step
// shows them. contact_first and contact_last are joined into contact_name
// (and into name when the file has no company column); address_2 is
// joined to address on a new line.
var CustomerFields = []string{
	"name", "contact_name", "contact_first", "contact_last", "email", "phone", "website", "tax_id",
	"address", "address_2", "postal_code", "city", "country", "currency", "payment_terms_days", "notes",
}

// customerAliases are the headers each customer field is known under, normalized (see
// normHeader), first the most specific: the exports of Invoice Ninja,
// Zoho Invoice, InvoiceShelf, sevDesk and lexoffice (testdata/headers),
// and the plain words in Folio's five languages.
var customerAliases = map[string][]string{
	"name": {
		"clientname", "displayname", "companyname", "organisation", "organization", "firmenname", "firma",
		"unternehmen", "name", "kunde", "customer", "customername", "client", "company", "raisonsociale",
		"entreprise", "empresa", "nombre", "nom", "الاسم",
	},
	"contact_name":  {"contactname", "contactperson", "ansprechpartner", "billingaddressname", "billingattention", "contacto", "contact"},
	"contact_first": {"contactfirstname", "firstname", "vorname", "prenom", "givenname"},
	"contact_last":  {"contactlastname", "lastname", "nachname", "surname", "familyname", "apellido", "apellidos"},
	"email": {
		"contactemail", "clientemail", "emailid", "email", "emailaddress", "mail", "emailadresse", "courriel",
		"correo", "correoelectronico", "البريدالإلكتروني",
	},
	"phone":   {"clientphone", "phone", "telefon", "telephone", "telefono", "contactphone", "billingphone", "phonenumber", "mobil", "mobilephone", "mobile", "هاتف"},
	"website": {"clientwebsite", "website", "webseite", "internet", "homepage", "url", "siteweb", "sitioweb", "web"},
	"tax_id": {
		"clientvatnumber", "vatnumber", "vatregno", "vatid", "vatregistrationnumber", "taxregistrationnumber",
		"ustidnr", "ustid", "umsatzsteuerid", "umsatzsteueridentifikationsnummer", "taxid", "tvaintracommunautaire",
		"numerotva", "nif", "cif", "nifcif", "taxnumber",
	},
	"address": {
		"clientaddress1", "billingaddress", "billingaddressstreet1", "billingstreet", "address1", "addressline1",
		"street", "strasse", "strassehausnummer", "rechnungsadressestrasse", "address", "adresse", "direccion", "calle", "العنوان",
	},
	"address_2":   {"clientaddress2", "billingstreet2", "billingaddressstreet2", "address2", "addressline2", "adresszusatz"},
	"postal_code": {"clientpostalcode", "billingcode", "billingzip", "zip", "zipcode", "postalcode", "postcode", "plz", "postleitzahl", "codepostal", "codigopostal", "cp"},
	"city":        {"clientcity", "billingcity", "city", "ort", "stadt", "ville", "ciudad", "localidad", "المدينة"},
	"country":     {"clientcountry", "billingcountry", "countrycode", "country", "land", "pays", "pais", "البلد"},
	"currency":    {"clientcurrency", "currencycode", "currency", "wahrung", "devise", "moneda", "العملة"},
	"payment_terms_days": {
		"paymentterms", "paymenttermsdays", "termsdays", "zahlungsziel", "zahlungszieltage", "zahlungszielintagen",
		"delaidepaiement", "plazodepago", "diasdepago",
	},
	"notes": {"clientprivatenotes", "privatenotes", "notes", "note", "notiz", "bemerkung", "bemerkungen", "anmerkung", "remarques", "notas", "comments", "ملاحظات"},
}

// normHeader folds a header for comparison: lower case, accents and
// everything but letters and digits dropped ("E-Mail" → "email",
// "Straße" → "strasse", "Währung" → "wahrung").
func normHeader(h string) string {
	h = strings.ReplaceAll(strings.ToLower(h), "ß", "ss")
	var b strings.Builder
	for _, r := range norm.NFD.String(h) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Mapping says which columns (by index) fill which customer field.
type Mapping map[string]int

// decideColumns guesses the mapping of fields (each known under its
// aliases) from a header row: each field takes the column whose header is
// its first alias found, each column fills one field at most. Fields found
// nowhere are left out.
func decideColumns(fields []string, aliases map[string][]string, header []string) Mapping {
	index := map[string]int{}
	for i, h := range header {
		if n := normHeader(h); n != "" {
			if _, seen := index[n]; !seen {
				index[n] = i
			}
		}
	}
	used := map[int]bool{}
	m := Mapping{}
	// Rank by alias position across fields, so "Contact Email" wins over
	// "E-Mail" and a company column over a person's name.
	for rank := 0; ; rank++ {
		more := false
		for _, field := range fields {
			list := aliases[field]
			if rank >= len(list) {
				continue
			}
			more = true
			if _, done := m[field]; done {
				continue
			}
			if i, ok := index[normHeader(list[rank])]; ok && !used[i] {
				m[field] = i
				used[i] = true
			}
		}
		if !more {
			return m
		}
	}
}
