package billing

import (
	"reflect"
	"testing"

	"folio/server/internal/money"
	"folio/server/migrations"
)

func TestDecideVATID(t *testing.T) {
	cases := []struct {
		name, in, want, code string
	}{
		{name: "German", in: "DE123456788", want: "DE123456788"},
		{name: "spaces and lower case are normalized", in: " de 123 456 788 ", want: "DE123456788"},
		{name: "French with letters", in: "FRXX999999999", want: "FRXX999999999"},
		{name: "Dutch with a B", in: "NL123456789B01", want: "NL123456789B01"},
		{name: "Spanish starting with a letter", in: "ESX1234567X", want: "ESX1234567X"},
		{name: "Irish", in: "IE1234567T", want: "IE1234567T"},
		{name: "plus, star and dot are allowed", in: "IE1+34*67.T", want: "IE1+34*67.T"},
		{name: "shortest", in: "AT12", want: "AT12"},
		{name: "longest", in: "AB123456789012", want: "AB123456789012"},
		{name: "empty is allowed", in: "  ", want: ""},
		{name: "no country prefix", in: "123456789", code: "folio_invalid_vat_id"},
		{name: "one letter prefix", in: "D123456789", code: "folio_invalid_vat_id"},
		{name: "too short", in: "DE1", code: "folio_invalid_vat_id"},
		{name: "too long", in: "DE1234567890123", code: "folio_invalid_vat_id"},
		{name: "a dash", in: "DE-123456789", code: "folio_invalid_vat_id"},
		{name: "an umlaut", in: "DEÄ23456789", code: "folio_invalid_vat_id"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, rerr := decideVATID(migrations.FieldCompanyVATID, c.in)
			if c.code != "" {
				if rerr == nil || rerr.code != c.code || rerr.field != migrations.FieldCompanyVATID || rerr.message != msgInvalidVATID {
					t.Fatalf("decideVATID(%q) = %q, %v; want %s", c.in, got, rerr, c.code)
				}
				return
			}
			if rerr != nil || got != c.want {
				t.Errorf("decideVATID(%q) = %q, %v; want %q", c.in, got, rerr, c.want)
			}
		})
	}
}

func TestDecideCountry(t *testing.T) {
	cases := []struct{ in, want, code string }{
		{"DE", "DE", ""}, {" fr ", "FR", ""}, {"", "", ""},
		{"DEU", "", "folio_invalid_country"}, {"D", "", "folio_invalid_country"}, {"D1", "", "folio_invalid_country"},
	}
	for _, c := range cases {
		got, rerr := decideCountry(migrations.FieldCompanyCountry, c.in)
		code := ""
		if rerr != nil {
			code = rerr.code
		}
		if got != c.want || code != c.code {
			t.Errorf("decideCountry(%q) = %q, %s; want %q, %s", c.in, got, code, c.want, c.code)
		}
	}
}

func TestLeitwegCheckDigits(t *testing.T) {
	// Published examples (KoSIT, XRechnung test suite) and the demo's.
	for body, want := range map[string]string{
		"04011000-1234512345": "06",
		"991-33333TEST":       "33",
		"992-90009":           "96",
		"04011000-12345":      "03",
		"991-33333test":       "33", // letters count the same in either case
	} {
		if got := leitwegCheckDigits(body); got != want {
			t.Errorf("leitwegCheckDigits(%q) = %s, want %s", body, got, want)
		}
	}
	if got := LeitwegID("04011000-12345"); got != "04011000-12345-03" {
		t.Errorf("LeitwegID = %s", got)
	}
}

func TestDecideLeitwegID(t *testing.T) {
	cases := []struct {
		name, in, want, code string
	}{
		{name: "coarse, fine and check", in: "04011000-1234512345-06", want: "04011000-1234512345-06"},
		{name: "with letters", in: "991-33333TEST-33", want: "991-33333TEST-33"},
		{name: "lower case is upper-cased", in: " 991-33333test-33 ", want: "991-33333TEST-33"},
		{name: "without a fine address", in: "04011000-" + leitwegCheckDigits("04011000"), want: "04011000-" + leitwegCheckDigits("04011000")},
		{name: "demo", in: "04011000-12345-03", want: "04011000-12345-03"},
		{name: "wrong check digits", in: "04011000-1234512345-07", code: "folio_leitweg_check_digits"},
		{name: "swapped digits", in: "04011000-1234512354-06", code: "folio_leitweg_check_digits"},
		{name: "letters changed", in: "991-33333TESS-33", code: "folio_leitweg_check_digits"},
		{name: "one check digit", in: "04011000-12345-3", code: "folio_invalid_leitweg_id"},
		{name: "coarse of 1 digit", in: "4-12345-03", code: "folio_invalid_leitweg_id"},
		{name: "coarse of 13 digits", in: "0401100012345-12345-03", code: "folio_invalid_leitweg_id"},
		{name: "letters in the coarse part", in: "04A11000-12345-03", code: "folio_invalid_leitweg_id"},
		{name: "fine part of 31", in: "04011000-1234567890123456789012345678901-03", code: "folio_invalid_leitweg_id"},
		{name: "a symbol in the fine part", in: "04011000-123_45-03", code: "folio_invalid_leitweg_id"},
		{name: "two fine parts", in: "04011000-12-34-03", code: "folio_invalid_leitweg_id"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, rerr := decideLeitwegID(migrations.FieldBuyerReference, c.in)
			if c.code != "" {
				if rerr == nil || rerr.code != c.code {
					t.Fatalf("decideLeitwegID(%q) = %q, %v; want %s", c.in, got, rerr, c.code)
				}
				if c.code == "folio_leitweg_check_digits" && rerr.message != msgLeitwegCheck {
					t.Errorf("message = %q", rerr.message)
				}
				return
			}
			if rerr != nil || got != c.want {
				t.Errorf("decideLeitwegID(%q) = %q, %v; want %q", c.in, got, rerr, c.want)
			}
			if !ValidLeitwegID(c.in) {
				t.Errorf("ValidLeitwegID(%q) = false", c.in)
			}
		})
	}
}

func TestDecideBuyerReference(t *testing.T) {
	cases := []struct{ in, want, code string }{
		{"", "", ""},
		{" PO 4711 ", "PO 4711", ""},                                      // free text
		{"PO-2026-17", "PO-2026-17", ""},                                  // starts with a letter: not a Leitweg-ID
		{"4711", "4711", ""},                                              // no dash: not a Leitweg-ID
		{"04011000-12345-03", "04011000-12345-03", ""},                    // a valid Leitweg-ID
		{"991-33333test-33", "991-33333TEST-33", ""},                      // upper-cased
		{"04011000-12345-04", "", "folio_leitweg_check_digits"},           // looks like one: checked
		{"2026-PO-17", "", "folio_leitweg_check_digits"},                  // looks like one, wrong digits
		{"1-2", "", "folio_invalid_leitweg_id"},                           // looks like one, malformed
		{"04011000 - 12345 - 03", "", "folio_invalid_leitweg_id"},         // spaces inside
		{"04011000-12345-03 (Kulturamt)", "", "folio_invalid_leitweg_id"}, // more text
	}
	for _, c := range cases {
		got, rerr := decideBuyerReference(c.in)
		code := ""
		if rerr != nil {
			code = rerr.code
			if rerr.field != migrations.FieldBuyerReference {
				t.Errorf("%q: field %s", c.in, rerr.field)
			}
		}
		if got != c.want || code != c.code {
			t.Errorf("decideBuyerReference(%q) = %q, %s; want %q, %s", c.in, got, code, c.want, c.code)
		}
	}
}

func TestDecideEndpoint(t *testing.T) {
	const idF, schemeF = "endpoint_id", "endpoint_scheme"
	cases := []struct {
		name, id, scheme     string
		wantID, wantScheme   string
		field, code, message string
	}{
		{name: "neither", id: " ", scheme: ""},
		{name: "email", id: " billing@acme.example ", scheme: "EM", wantID: "billing@acme.example", wantScheme: "EM"},
		{name: "scheme in lower case", id: "billing@acme.example", scheme: "em", wantID: "billing@acme.example", wantScheme: "EM"},
		{name: "GLN", id: "4000001123452", scheme: "0088", wantID: "4000001123452", wantScheme: "0088"},
		{name: "German VAT number", id: "DE123456788", scheme: "9930", wantID: "DE123456788", wantScheme: "9930"},
		{name: "Leitweg-ID", id: "04011000-12345-03", scheme: "0204", wantID: "04011000-12345-03", wantScheme: "0204"},
		{name: "every listed scheme but EM and 0204 takes any id", id: "0123456789", scheme: "0208", wantID: "0123456789", wantScheme: "0208"},
		{name: "id without a scheme", id: "billing@acme.example", field: schemeF, code: "folio_endpoint_scheme_missing", message: msgEndpointScheme},
		{name: "scheme without an id", scheme: "EM", field: idF, code: "folio_endpoint_id_missing", message: msgEndpointID},
		{name: "unknown scheme", id: "x", scheme: "9999", field: schemeF, code: "folio_invalid_endpoint_scheme", message: msgEndpointSchemeUnknown},
		{name: "EM needs an email", id: "acme.example", scheme: "EM", field: idF, code: "folio_invalid_endpoint_email", message: msgEndpointEmail},
		{name: "EM without a display name", id: "Acme <billing@acme.example>", scheme: "EM", field: idF, code: "folio_invalid_endpoint_email", message: msgEndpointEmail},
		{name: "0204 needs a Leitweg-ID", id: "04011000-12345-04", scheme: "0204", field: idF, code: "folio_leitweg_check_digits", message: msgLeitwegCheck},
		{name: "0204 malformed", id: "Kulturamt", scheme: "0204", field: idF, code: "folio_invalid_leitweg_id", message: msgLeitwegFormat},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id, scheme, rerr := decideEndpoint(idF, schemeF, c.id, c.scheme)
			if c.code != "" {
				if rerr == nil || rerr.code != c.code || rerr.field != c.field || rerr.message != c.message {
					t.Fatalf("decideEndpoint(%q, %q) = %v, want %s at %s", c.id, c.scheme, rerr, c.code, c.field)
				}
				return
			}
			if rerr != nil || id != c.wantID || scheme != c.wantScheme {
				t.Errorf("decideEndpoint(%q, %q) = %q, %q, %v", c.id, c.scheme, id, scheme, rerr)
			}
		})
	}
}

func TestDecideEInvoiceEssentials(t *testing.T) {
	full := map[string]string{
		migrations.FieldCompanyName: "Folio Demo Co.", migrations.FieldCompanyVATID: "DE123456788",
		migrations.FieldCompanyPostalCode: "20457", migrations.FieldCompanyCity: "Hamburg", migrations.FieldCompanyCountry: "DE",
	}
	without := func(fields ...string) map[string]string {
		m := map[string]string{}
		for k, v := range full {
			m[k] = v
		}
		for _, f := range fields {
			m[f] = " "
		}
		return m
	}
	cases := []struct {
		name    string
		values  map[string]string
		fields  []string
		message string
	}{
		{"all there", full, nil, ""},
		{"no company name", without(migrations.FieldCompanyName), []string{migrations.FieldCompanyName},
			"Fill in the company name to send e-invoices."},
		{"no VAT ID", without(migrations.FieldCompanyVATID), []string{migrations.FieldCompanyVATID},
			"Fill in the VAT ID to send e-invoices."},
		{"no city and no country", without(migrations.FieldCompanyCity, migrations.FieldCompanyCountry),
			[]string{migrations.FieldCompanyCity, migrations.FieldCompanyCountry},
			"Fill in the city and the country to send e-invoices."},
		{"nothing", map[string]string{},
			[]string{migrations.FieldCompanyName, migrations.FieldCompanyVATID, migrations.FieldCompanyPostalCode,
				migrations.FieldCompanyCity, migrations.FieldCompanyCountry},
			"Fill in the company name, the VAT ID, the postal code, the city and the country to send e-invoices."},
	}
	for _, c := range cases {
		missing := decideEInvoiceEssentials(c.values)
		var fields []string
		for _, m := range missing {
			fields = append(fields, m.field)
			if m.code != "folio_einvoice_missing" {
				t.Errorf("%s: code %s", c.name, m.code)
			}
		}
		if !reflect.DeepEqual(fields, c.fields) {
			t.Errorf("%s: missing %v, want %v", c.name, fields, c.fields)
		}
		if len(missing) > 0 {
			if got := einvoiceMissingMessage(missing); got != c.message {
				t.Errorf("%s: message %q, want %q", c.name, got, c.message)
			}
			if len(missing) == 1 && missing[0].message != c.message {
				t.Errorf("%s: field message %q", c.name, missing[0].message)
			}
		}
	}
}

func TestDecideExemption(t *testing.T) {
	const reason = "Reverse charge (Article 196, Directive 2006/112/EC)."
	cases := []struct {
		name    string
		c       exemptionCase
		field   string
		code    string
		message string
	}{
		{name: "zero rated needs nothing", c: exemptionCase{category: "Z", zeroRated: true}},
		{name: "no 0 % line: the category does not matter", c: exemptionCase{category: "E"}},
		{name: "exempt with a reason", c: exemptionCase{category: "E", reason: "Exempt under § 4 Nr. 21 UStG.", zeroRated: true}},
		{name: "export with a reason", c: exemptionCase{category: "G", reason: "Export outside the EU.", zeroRated: true}},
		{name: "not subject with a reason", c: exemptionCase{category: "O", reason: "Not subject to VAT.", zeroRated: true}},
		{name: "reverse charge with both VAT IDs", c: exemptionCase{category: "AE", reason: reason, zeroRated: true,
			buyerVATID: "FR12345678901", sellerVATID: "DE123456788"}},
		{name: "intra-community supply with both VAT IDs", c: exemptionCase{category: "K", reason: "Intra-community supply.",
			zeroRated: true, buyerVATID: "NL123456789B01", sellerVATID: "DE123456788"}},
		{name: "exempt without a reason", c: exemptionCase{category: "E", zeroRated: true},
			field: migrations.FieldVATExemptionReason, code: "folio_exemption_reason_missing", message: msgExemptionReason},
		{name: "a blank reason", c: exemptionCase{category: "O", reason: "  ", zeroRated: true},
			field: migrations.FieldVATExemptionReason, code: "folio_exemption_reason_missing", message: msgExemptionReason},
		{name: "export without a reason", c: exemptionCase{category: "G", zeroRated: true},
			field: migrations.FieldVATExemptionReason, code: "folio_exemption_reason_missing", message: msgExemptionReason},
		{name: "reverse charge without a reason", c: exemptionCase{category: "AE", zeroRated: true, buyerVATID: "FR1", sellerVATID: "DE1"},
			field: migrations.FieldVATExemptionReason, code: "folio_exemption_reason_missing", message: msgExemptionReason},
		{name: "reverse charge without the customer's VAT ID", c: exemptionCase{category: "AE", reason: reason, zeroRated: true, sellerVATID: "DE123456788"},
			field: "customer", code: "folio_buyer_vat_id_missing",
			message: "A reverse charge needs the customer's VAT ID. Add it to the customer."},
		{name: "reverse charge without the seller's VAT ID", c: exemptionCase{category: "AE", reason: reason, zeroRated: true, buyerVATID: "FR12345678901"},
			field: migrations.FieldVATExemptionCategory, code: "folio_seller_vat_id_missing",
			message: "A reverse charge needs your VAT ID. Add it in the business settings."},
		{name: "intra-community supply without the customer's VAT ID", c: exemptionCase{category: "K", reason: "x", zeroRated: true, sellerVATID: "DE1"},
			field: "customer", code: "folio_buyer_vat_id_missing",
			message: "An intra-community supply needs the customer's VAT ID. Add it to the customer."},
		{name: "intra-community supply without the seller's VAT ID", c: exemptionCase{category: "K", reason: "x", zeroRated: true, buyerVATID: "NL1"},
			field: migrations.FieldVATExemptionCategory, code: "folio_seller_vat_id_missing",
			message: "An intra-community supply needs your VAT ID. Add it in the business settings."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rerr := decideExemption(c.c)
			if c.code == "" {
				if rerr != nil {
					t.Fatalf("refused: %v", rerr)
				}
				return
			}
			if rerr == nil || rerr.field != c.field || rerr.code != c.code || rerr.message != c.message {
				t.Fatalf("decideExemption = %+v, want %s at %s: %q", rerr, c.code, c.field, c.message)
			}
		})
	}
}

func TestExemptionApplies(t *testing.T) {
	cases := []struct {
		from, to string
		changed  []string
		want     bool
	}{
		{"", "draft", nil, false},
		{"draft", "draft", []string{"items", migrations.FieldVATExemptionCategory}, false}, // drafts are never blocked
		{"draft", "sent", nil, true}, // mark sent / send
		{"draft", "accepted", nil, true},
		{"draft", "converted", nil, false}, // the invoice is checked when it is sent
		{"sent", "viewed", nil, false},
		{"sent", "sent", []string{"notes"}, false},
		{"sent", "sent", []string{"items"}, true},
		{"viewed", "viewed", []string{migrations.FieldVATExemptionCategory}, true},
		{"sent", "sent", []string{migrations.FieldVATExemptionReason}, true},
		{"sent", "void", nil, false},
		{"sent", "rejected", []string{"reject_reason"}, false},
		{"partial", "paid", nil, false}, // payments never re-check
	}
	for _, c := range cases {
		if got := exemptionApplies(c.from, c.to, c.changed); got != c.want {
			t.Errorf("exemptionApplies(%q, %q, %v) = %v, want %v", c.from, c.to, c.changed, got, c.want)
		}
	}
}

func TestTaxBreakdownCategory(t *testing.T) {
	groups := []money.TaxGroup{{Rate: 0, NetCents: 500}, {Rate: 7, NetCents: 1000, TaxCents: 70}, {Rate: 19, NetCents: 2000, TaxCents: 380}}
	cases := []struct {
		exemption string
		zero      string
	}{{"", "Z"}, {"Z", "Z"}, {"E", "E"}, {"AE", "AE"}, {"K", "K"}, {"G", "G"}, {"O", "O"}}
	for _, c := range cases {
		got := TaxBreakdown(groups, c.exemption)
		want := []TaxRow{
			{Rate: 0, NetCents: 500, Category: c.zero},
			{Rate: 7, NetCents: 1000, TaxCents: 70, Category: "S"},
			{Rate: 19, NetCents: 2000, TaxCents: 380, Category: "S"},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("TaxBreakdown(%q) = %+v", c.exemption, got)
		}
	}
	if got := TaxBreakdown([]money.TaxGroup{}, "AE"); got == nil || len(got) != 0 {
		t.Errorf("no groups: %#v, want an empty list", got)
	}
}

// The issued PDF copy follows the printed exemption and unit codes: a
// changed reason or unit code is new content, the defaults change nothing.
func TestIssuedFingerprintExtras(t *testing.T) {
	app := factory(t)
	defer app.Cleanup()
	doc := get(t, app, "invoices", invSent)
	p := PrintableDocument{Kind: "invoice", Number: "INV-00003", TotalCents: 12000}
	base := issuedFingerprint(p, "", issuedExtras{})
	lines := []money.Line{{Description: "A"}, {Description: "B"}}

	if got := issuedFingerprint(p, "", issuedExtrasOf(doc, lines)); got != base {
		t.Error("category Z, no reason, no unit codes must keep the fingerprint of documents issued before")
	}
	seen := map[string]string{base: "defaults"}
	steps := []struct {
		name   string
		change func()
	}{
		{"reason", func() { doc.Set(migrations.FieldVATExemptionReason, "Exempt.") }},
		{"category", func() { doc.Set(migrations.FieldVATExemptionCategory, "E") }},
		{"unit code", func() { lines[1].UnitCode = "HUR" }},
		{"unit code moved", func() { lines[0].UnitCode, lines[1].UnitCode = "HUR", "" }},
	}
	for _, step := range steps {
		name := step.name
		step.change()
		got := issuedFingerprint(p, "", issuedExtrasOf(doc, lines))
		if prev, ok := seen[got]; ok {
			t.Errorf("after the %s change the fingerprint is the one of %s", name, prev)
		}
		seen[got] = name
	}
}
