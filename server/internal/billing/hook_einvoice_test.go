package billing

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/money"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// sellerReady is a business set up for e-invoices.
var sellerReady = map[string]any{
	migrations.FieldCompanyName: "Alice & Co", migrations.FieldCompanyVATID: "DE123456788",
	migrations.FieldCompanyPostalCode: "20457", migrations.FieldCompanyCity: "Hamburg", migrations.FieldCompanyCountry: "DE",
}

func withFields(base map[string]any, more map[string]any) map[string]any {
	m := map[string]any{}
	for k, v := range base {
		m[k] = v
	}
	for k, v := range more {
		m[k] = v
	}
	return m
}

// refusedField is the API's refusal of one field: `"field":{"code":…,"message":…}`.
func refusedField(name, code, message string) string {
	return `"` + name + `":{"code":"` + code + `","message":"` + message + `"`
}

func TestBusinessEInvoiceSettings(t *testing.T) {
	patch := http.MethodPatch
	me := "/api/collections/businesses/records/" + alice
	runAPICases(t, []apiCase{
		{name: "the settings are stored normalized", as: alice, method: patch, url: me,
			body: map[string]any{
				migrations.FieldCompanyVATID: " de 123 456 788 ", migrations.FieldCompanyCountry: "de",
				migrations.FieldCompanyPostalCode: " 20457 ", migrations.FieldCompanyCity: " Hamburg ",
				migrations.FieldCompanyTaxRegistration: "43/123/45678",
				migrations.FieldSellerEndpointID:       " alice@folio.test ", migrations.FieldSellerEndpointScheme: "EM",
				migrations.FieldSellerContactName: "Alice Martin", migrations.FieldSellerContactPhone: "+49 40 123456",
				migrations.FieldSellerContactEmail: "alice@folio.test",
			},
			status: 200,
			contains: []string{`"company_vat_id":"DE123456788"`, `"company_country":"DE"`, `"company_postal_code":"20457"`,
				`"company_city":"Hamburg"`, `"company_tax_registration":"43/123/45678"`, `"seller_endpoint_id":"alice@folio.test"`,
				`"seller_endpoint_scheme":"EM"`, `"seller_contact_email":"alice@folio.test"`, `"einvoicing":false`}},
		{name: "a VAT ID without its country prefix", as: alice, method: patch, url: me,
			body: map[string]any{migrations.FieldCompanyVATID: "123456789"}, status: 400,
			contains: []string{msg(msgInvalidVATID), refusedField(migrations.FieldCompanyVATID, "folio_invalid_vat_id", msgInvalidVATID)}},
		{name: "a country of three letters", as: alice, method: patch, url: me,
			body: map[string]any{migrations.FieldCompanyCountry: "DEU"}, status: 400,
			contains: []string{refusedField(migrations.FieldCompanyCountry, "folio_invalid_country", msgInvalidCountry)}},
		{name: "an electronic address without its scheme", as: alice, method: patch, url: me,
			body: map[string]any{migrations.FieldSellerEndpointID: "alice@folio.test"}, status: 400,
			contains: []string{refusedField(migrations.FieldSellerEndpointScheme, "folio_endpoint_scheme_missing", msgEndpointScheme)}},
		{name: "a scheme without an address", as: alice, method: patch, url: me,
			body: map[string]any{migrations.FieldSellerEndpointScheme: "0088"}, status: 400,
			contains: []string{refusedField(migrations.FieldSellerEndpointID, "folio_endpoint_id_missing", msgEndpointID)}},
		{name: "a scheme off the list", as: alice, method: patch, url: me,
			body: map[string]any{migrations.FieldSellerEndpointID: "x", migrations.FieldSellerEndpointScheme: "1234"}, status: 400,
			contains: []string{refusedField(migrations.FieldSellerEndpointScheme, "folio_invalid_endpoint_scheme", msgEndpointSchemeUnknown)}},
		{name: "EM needs an email", as: alice, method: patch, url: me,
			body: map[string]any{migrations.FieldSellerEndpointID: "alice at folio", migrations.FieldSellerEndpointScheme: "EM"}, status: 400,
			contains: []string{refusedField(migrations.FieldSellerEndpointID, "folio_invalid_endpoint_email", msgEndpointEmail)}},
		{name: "a contact email that is not one", as: alice, method: patch, url: me,
			body: map[string]any{migrations.FieldSellerContactEmail: "alice"}, status: 400,
			contains: []string{`"` + migrations.FieldSellerContactEmail + `":{"code":"folio_invalid_email"`}},
		{name: "turning e-invoicing on without the essentials names each missing field", as: alice, method: patch, url: me,
			body: map[string]any{migrations.FieldEInvoicing: true, migrations.FieldCompanyName: "Alice & Co"}, status: 400,
			contains: []string{
				msg("Fill in the VAT ID, the postal code, the city and the country to send e-invoices."),
				refusedField(migrations.FieldCompanyVATID, "folio_einvoice_missing", "Fill in the VAT ID to send e-invoices."),
				refusedField(migrations.FieldCompanyPostalCode, "folio_einvoice_missing", "Fill in the postal code to send e-invoices."),
				refusedField(migrations.FieldCompanyCity, "folio_einvoice_missing", "Fill in the city to send e-invoices."),
				refusedField(migrations.FieldCompanyCountry, "folio_einvoice_missing", "Fill in the country to send e-invoices."),
			},
			absent: []string{`"company_name":{`},
			after:  expectRecord(migrations.BusinessesCollection, alice, map[string]any{migrations.FieldEInvoicing: false})},
		{name: "turning e-invoicing on with the essentials", as: alice, method: patch, url: me,
			body:   withFields(sellerReady, map[string]any{migrations.FieldEInvoicing: true}),
			status: 200, contains: []string{`"einvoicing":true`},
			after: expectRecord(migrations.BusinessesCollection, alice, map[string]any{migrations.FieldEInvoicing: true})},
		{name: "clearing an essential while it is on", as: alice, method: patch, url: me,
			before: setBusiness(alice, withFields(sellerReady, map[string]any{migrations.FieldEInvoicing: true})),
			body:   map[string]any{migrations.FieldCompanyCity: " "}, status: 400,
			contains: []string{msg("Fill in the city to send e-invoices."),
				refusedField(migrations.FieldCompanyCity, "folio_einvoice_missing", "Fill in the city to send e-invoices.")}},
		{name: "saving it on again with everything there", as: alice, method: patch, url: me,
			before: setBusiness(alice, withFields(sellerReady, map[string]any{migrations.FieldEInvoicing: true})),
			body:   withFields(sellerReady, map[string]any{migrations.FieldEInvoicing: true, "name": "Alice M."}), status: 200},
		{name: "turning it off needs nothing", as: alice, method: patch, url: me,
			before: setBusiness(alice, withFields(sellerReady, map[string]any{migrations.FieldEInvoicing: true})),
			body:   map[string]any{migrations.FieldEInvoicing: false, migrations.FieldCompanyVATID: ""}, status: 200},
		{name: "nobody else reads them", as: bob, method: http.MethodGet, url: me, status: 404,
			before: setBusiness(alice, sellerReady), absent: []string{"DE123456788"}},
	})
}

func TestCustomerEInvoiceFields(t *testing.T) {
	patch := http.MethodPatch
	acme := customersURL + "/" + custAcme
	runAPICases(t, []apiCase{
		{name: "a German public buyer: Leitweg-ID as buyer reference and endpoint", as: alice, method: patch, url: acme,
			body: map[string]any{migrations.FieldBuyerReference: "04011000-12345-03", migrations.FieldEndpointID: " 04011000-12345-03 ",
				migrations.FieldEndpointScheme: "0204", "tax_id": "DE811569869", "country": "de"},
			status: 200,
			contains: []string{`"buyer_reference":"04011000-12345-03"`, `"endpoint_id":"04011000-12345-03"`, `"endpoint_scheme":"0204"`,
				`"tax_id":"DE811569869"`, `"country":"DE"`}},
		{name: "a Leitweg-ID in lower case is stored upper case", as: alice, method: patch, url: acme,
			body: map[string]any{migrations.FieldBuyerReference: "991-33333test-33"}, status: 200,
			contains: []string{`"buyer_reference":"991-33333TEST-33"`}},
		{name: "a Leitweg-ID with wrong check digits", as: alice, method: patch, url: acme,
			body: map[string]any{migrations.FieldBuyerReference: "04011000-12345-04"}, status: 400,
			contains: []string{msg(msgLeitwegCheck), refusedField(migrations.FieldBuyerReference, "folio_leitweg_check_digits", msgLeitwegCheck)}},
		{name: "a malformed Leitweg-ID", as: alice, method: patch, url: acme,
			body: map[string]any{migrations.FieldBuyerReference: "04011000-12345-3"}, status: 400,
			contains: []string{`"buyer_reference":{"code":"folio_invalid_leitweg_id"`}},
		{name: "another buyer reference is free text", as: alice, method: patch, url: acme,
			body: map[string]any{migrations.FieldBuyerReference: " PO-4711 / Cost centre 12 "}, status: 200,
			contains: []string{`"buyer_reference":"PO-4711 / Cost centre 12"`}},
		{name: "an email endpoint", as: alice, method: patch, url: acme,
			body: map[string]any{migrations.FieldEndpointID: "invoices@acme.example", migrations.FieldEndpointScheme: "EM"}, status: 200},
		{name: "an endpoint without its scheme", as: alice, method: patch, url: acme,
			body: map[string]any{migrations.FieldEndpointID: "invoices@acme.example"}, status: 400,
			contains: []string{refusedField(migrations.FieldEndpointScheme, "folio_endpoint_scheme_missing", msgEndpointScheme)}},
		{name: "an EM endpoint that is not an email", as: alice, method: patch, url: acme,
			body: map[string]any{migrations.FieldEndpointID: "acme", migrations.FieldEndpointScheme: "EM"}, status: 400,
			contains: []string{refusedField(migrations.FieldEndpointID, "folio_invalid_endpoint_email", msgEndpointEmail)}},
		{name: "a 0204 endpoint whose check digits are wrong", as: alice, method: patch, url: acme,
			body: map[string]any{migrations.FieldEndpointID: "04011000-12345-30", migrations.FieldEndpointScheme: "0204"}, status: 400,
			contains: []string{refusedField(migrations.FieldEndpointID, "folio_leitweg_check_digits", msgLeitwegCheck)}},
		{name: "a new customer is checked too", as: alice, method: http.MethodPost, url: customersURL,
			body: map[string]any{"business": alice, "name": "Stadt", migrations.FieldBuyerReference: "991-33333TEST-34"}, status: 400,
			contains: []string{msg(msgLeitwegCheck)}},
	})
}

// docWith is a document of alice's for custAcme with these lines and fields.
func docWith(lines []map[string]any, fields map[string]any) map[string]any {
	m := map[string]any{"business": alice, "customer": custAcme, "issue_date": "2026-03-01", "items": lines}
	for k, v := range fields {
		m[k] = v
	}
	return m
}

// mixedLines are one line at 19 % and one at 0 %.
var mixedLines = []map[string]any{
	{"description": "Consulting", "quantity": 2, "unit": "h", "unit_code": "HUR", "unit_price_cents": 10000, "tax_rate": 19},
	{"description": "Travel", "quantity": 1, "unit_code": "LS", "unit_price_cents": 5000, "tax_rate": 0},
}

// breakdownOf reads a document's stored tax_breakdown.
func breakdownOf(t testing.TB, rec *core.Record) []TaxRow {
	t.Helper()
	var rows []TaxRow
	if err := json.Unmarshal(RawJSON(rec, "tax_breakdown"), &rows); err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestDocumentVATCategory(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()

	cases := []struct {
		name      string
		fields    map[string]any
		wantCat   string
		wantZero  string
		wantTotal int
	}{
		{"no category: Z", nil, "Z", "Z", 20000 + 3800 + 5000},
		{"exempt", map[string]any{migrations.FieldVATExemptionCategory: "E", migrations.FieldVATExemptionReason: "Exempt (§ 4 Nr. 21 UStG)."}, "E", "E", 28800},
		{"reverse charge", map[string]any{migrations.FieldVATExemptionCategory: "AE"}, "AE", "AE", 28800},
	}
	for _, c := range cases {
		for _, col := range []string{"quotes", "invoices"} {
			rec, err := create(app, col, "", docWith(mixedLines, c.fields))
			if err != nil {
				t.Fatalf("%s %s: %v", c.name, col, err)
			}
			expect(t, rec, map[string]any{migrations.FieldVATExemptionCategory: c.wantCat, "total_cents": c.wantTotal})
			want := []TaxRow{{Rate: 0, NetCents: 5000, Category: c.wantZero}, {Rate: 19, NetCents: 20000, TaxCents: 3800, Category: "S"}}
			if got := breakdownOf(t, get(t, app, col, rec.Id)); !slices.Equal(got, want) {
				t.Errorf("%s %s: breakdown %+v, want %+v", c.name, col, got, want)
			}
			// The unit codes are kept on the stored lines.
			lines, _ := money.ParseLines(RawJSON(get(t, app, col, rec.Id), "items"))
			if lines[0].UnitCode != "HUR" || lines[1].UnitCode != "LS" || lines[0].Unit != "h" {
				t.Errorf("%s %s: lines %+v", c.name, col, lines)
			}
		}
	}

	// Changing the category of a draft changes the stored breakdown.
	rec, _ := create(app, "invoices", "", docWith(mixedLines, nil))
	rec.Set(migrations.FieldVATExemptionCategory, "G")
	rec.Set(migrations.FieldVATExemptionReason, "Export outside the EU.")
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	if got := breakdownOf(t, get(t, app, "invoices", rec.Id)); got[0].Category != "G" || got[1].Category != "S" {
		t.Errorf("after the change: %+v", got)
	}
}

func TestExemptionChecks(t *testing.T) {
	patch := http.MethodPatch
	newDoc := func(col, id string, fields map[string]any) func(testing.TB, *tests.TestApp) {
		return func(t testing.TB, app *tests.TestApp) {
			if _, err := create(app, col, id, docWith(mixedLines, fields)); err != nil {
				t.Fatal(err)
			}
		}
	}
	steps := func(fns ...func(testing.TB, *tests.TestApp)) func(testing.TB, *tests.TestApp) {
		return func(t testing.TB, app *tests.TestApp) {
			for _, f := range fns {
				f(t, app)
			}
		}
	}
	setDoc := func(col, id string, fields map[string]any) func(testing.TB, *tests.TestApp) {
		return func(t testing.TB, app *tests.TestApp) {
			rec := get(t, app, col, id)
			for k, v := range fields {
				rec.Set(k, v)
			}
			if err := app.Save(rec); err != nil {
				t.Fatal(err)
			}
		}
	}
	setCustomer := func(fields map[string]any) func(testing.TB, *tests.TestApp) {
		return func(t testing.TB, app *tests.TestApp) {
			c := get(t, app, migrations.CustomersCollection, custAcme)
			for k, v := range fields {
				c.Set(k, v)
			}
			if err := app.Save(c); err != nil {
				t.Fatal(err)
			}
		}
	}
	const inv, quo = "iexempt00000001", "qexempt00000001"
	exempt := map[string]any{migrations.FieldVATExemptionCategory: "E"}
	reverse := map[string]any{migrations.FieldVATExemptionCategory: "AE", migrations.FieldVATExemptionReason: "Reverse charge."}
	reasonMissing := refusedField(migrations.FieldVATExemptionReason, "folio_exemption_reason_missing", msgExemptionReason)
	buyerMissing := "A reverse charge needs the customer's VAT ID. Add it to the customer."
	sellerMissing := "A reverse charge needs your VAT ID. Add it in the business settings."

	runAPICases(t, []apiCase{
		{name: "an exempt draft without a reason is saved", as: alice, method: http.MethodPost, url: invoicesURL,
			body: docWith(mixedLines, exempt), status: 200, contains: []string{`"vat_exemption_category":"E"`, `"category":"E"`}},
		{name: "marking it sent without a reason is refused", as: alice, method: patch, url: invoicesURL + "/" + inv,
			before: newDoc("invoices", inv, exempt), body: map[string]any{"status": "sent"},
			status: 400, contains: []string{msg(msgExemptionReason), reasonMissing},
			after: expectRecord("invoices", inv, map[string]any{"status": "draft"})},
		{name: "a quote too", as: alice, method: patch, url: quotesURL + "/" + quo,
			before: newDoc("quotes", quo, exempt), body: map[string]any{"status": "sent"},
			status: 400, contains: []string{reasonMissing}},
		{name: "with the reason it is sent", as: alice, method: patch, url: invoicesURL + "/" + inv,
			before: newDoc("invoices", inv, exempt),
			body:   map[string]any{"status": "sent", migrations.FieldVATExemptionReason: " Exempt (§ 4 Nr. 21 UStG). "},
			status: 200, contains: []string{`"status":"sent"`, `"vat_exemption_reason":"Exempt (§ 4 Nr. 21 UStG)."`}},
		{name: "without a 0 % line no reason is needed", as: alice, method: patch, url: invoicesURL + "/" + inv,
			before: func(t testing.TB, app *tests.TestApp) {
				if _, err := create(app, "invoices", inv, docWith(oneLine, exempt)); err != nil {
					t.Fatal(err)
				}
			},
			body: map[string]any{"status": "sent"}, status: 200},
		{name: "Z needs no reason", as: alice, method: patch, url: invoicesURL + "/" + inv,
			before: newDoc("invoices", inv, nil), body: map[string]any{"status": "sent"}, status: 200},
		{name: "a sent invoice can't drop its reason", as: alice, method: patch, url: invoicesURL + "/" + inv,
			before: steps(newDoc("invoices", inv, withFields(exempt, map[string]any{migrations.FieldVATExemptionReason: "Exempt."})),
				setDoc("invoices", inv, map[string]any{"status": "sent"})),
			body: map[string]any{migrations.FieldVATExemptionReason: ""}, status: 400, contains: []string{reasonMissing}},
		{name: "a sent invoice can't become exempt without a reason", as: alice, method: patch, url: invoicesURL + "/" + inv,
			before: steps(newDoc("invoices", inv, nil), setDoc("invoices", inv, map[string]any{"status": "sent"})),
			body:   map[string]any{migrations.FieldVATExemptionCategory: "O"}, status: 400, contains: []string{reasonMissing}},
		{name: "a paid invoice's exemption is locked", as: alice, method: patch, url: invoicesURL + "/" + invPaid,
			body:   map[string]any{migrations.FieldVATExemptionCategory: "E", migrations.FieldVATExemptionReason: "Exempt."},
			status: 400, contains: []string{`"folio_locked"`}},
		{name: "reverse charge without the customer's VAT ID", as: alice, method: patch, url: invoicesURL + "/" + inv,
			before: steps(newDoc("invoices", inv, reverse), setBusiness(alice, sellerReady)), body: map[string]any{"status": "sent"},
			status: 400, contains: []string{msg(buyerMissing), refusedField("customer", "folio_buyer_vat_id_missing", buyerMissing)}},
		{name: "reverse charge without the seller's VAT ID", as: alice, method: patch, url: invoicesURL + "/" + inv,
			before: steps(newDoc("invoices", inv, reverse), setCustomer(map[string]any{"tax_id": "FR12345678901"})),
			body:   map[string]any{"status": "sent"},
			status: 400, contains: []string{refusedField(migrations.FieldVATExemptionCategory, "folio_seller_vat_id_missing", sellerMissing)}},
		{name: "reverse charge with both VAT IDs", as: alice, method: patch, url: invoicesURL + "/" + inv,
			before: steps(newDoc("invoices", inv, reverse), setBusiness(alice, sellerReady), setCustomer(map[string]any{"tax_id": "FR12345678901"})),
			body:   map[string]any{"status": "sent"}, status: 200, contains: []string{`"category":"AE"`}},
		{name: "intra-community supply without the customer's VAT ID", as: alice, method: patch, url: quotesURL + "/" + quo,
			before: steps(newDoc("quotes", quo, map[string]any{migrations.FieldVATExemptionCategory: "K", migrations.FieldVATExemptionReason: "Intra-community supply."}),
				setBusiness(alice, sellerReady)),
			body:   map[string]any{"status": "sent"},
			status: 400, contains: []string{msg("An intra-community supply needs the customer's VAT ID. Add it to the customer.")}},
		{name: "the send route refuses before mailing", as: alice, method: http.MethodPost, url: sendURL("invoices", inv),
			before: steps(withEmail(custAcme), newDoc("invoices", inv, exempt)),
			status: 400, contains: []string{reasonMissing},
			after: both(func(t testing.TB, app *tests.TestApp, _ *http.Response) { noMail(t, app) },
				expectRecord("invoices", inv, map[string]any{"status": "draft"}))},
		{name: "the send route sends with the reason", as: alice, method: http.MethodPost, url: sendURL("invoices", inv),
			before: steps(withEmail(custAcme), newDoc("invoices", inv, withFields(exempt, map[string]any{migrations.FieldVATExemptionReason: "Exempt."}))),
			status: 200, after: expectRecord("invoices", inv, map[string]any{"status": "sent"})},
		{name: "an unknown category", as: alice, method: http.MethodPost, url: invoicesURL,
			body: docWith(mixedLines, map[string]any{migrations.FieldVATExemptionCategory: "S"}), status: 400,
			contains: []string{refusedField(migrations.FieldVATExemptionCategory, "folio_invalid_vat_category", msgVATCategory)}},
		{name: "a reason over 300 characters", as: alice, method: http.MethodPost, url: invoicesURL,
			body: docWith(mixedLines, map[string]any{migrations.FieldVATExemptionReason: strings.Repeat("x", 301)}), status: 400,
			contains: []string{`"vat_exemption_reason":{`}},
		{name: "a unit code off the list", as: alice, method: http.MethodPost, url: invoicesURL,
			body: docWith([]map[string]any{{"description": "A", "quantity": 1, "unit_price_cents": 100, "unit_code": "hours"}}, nil), status: 400,
			contains: []string{msg("Line 1: " + money.MessageUnitCode), `"items":{"code":"folio_invalid_unit_code"`}},
		{name: "a paid invoice's unit codes are locked", as: alice, method: patch, url: invoicesURL + "/" + invPaid,
			body:   map[string]any{"items": []map[string]any{{"description": "Consulting", "quantity": 1, "unit_price_cents": 10000, "tax_rate": 20, "unit_code": "HUR"}}},
			status: 400, contains: []string{`"folio_locked"`}},
	})
}

// Convert copies the exemption and the unit codes to the invoice.
func TestConvertCopiesEInvoiceFields(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()

	q, err := create(app, "quotes", "", docWith(mixedLines, map[string]any{
		migrations.FieldVATExemptionCategory: "G", migrations.FieldVATExemptionReason: "Export outside the EU.",
	}))
	if err != nil {
		t.Fatal(err)
	}
	q.Set("status", "sent")
	if err := app.Save(q); err != nil {
		t.Fatal(err)
	}
	_, inv, err := ConvertQuote(app, q.Id, testapp.FixedNow)
	if err != nil {
		t.Fatal(err)
	}
	inv = get(t, app, "invoices", inv.Id)
	expect(t, inv, map[string]any{
		migrations.FieldVATExemptionCategory: "G", migrations.FieldVATExemptionReason: "Export outside the EU.", "total_cents": 28800,
	})
	lines, _ := money.ParseLines(RawJSON(inv, "items"))
	if len(lines) != 2 || lines[0].UnitCode != "HUR" || lines[1].UnitCode != "LS" {
		t.Errorf("invoice lines %+v", lines)
	}
	if rows := breakdownOf(t, inv); rows[0].Category != "G" || rows[1].Category != "S" {
		t.Errorf("invoice breakdown %+v", rows)
	}
}
