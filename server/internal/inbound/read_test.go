package inbound

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"folio/server/internal/refusal"
)

func sample(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestReadSamples reads each valid sample and compares what the readable
// view and the expense are made of.
func TestReadSamples(t *testing.T) {
	t.Parallel()
	type want struct {
		format, kind, number, issue, due, currency string
		seller                                     Party
		buyer                                      string
		lines                                      []Line
		vat                                        []VATGroup
		totals                                     Totals
		terms, reference                           string
		notes, preceding                           []string
	}
	cases := map[string]want{
		"xrechnung-ubl.xml": {
			format: FormatUBL, kind: KindInvoice, number: "RE-2026-0815", issue: "2026-11-02", due: "2026-12-02", currency: "EUR",
			seller: Party{Name: "Bürobedarf Schulz GmbH", Street: "Hauptstraße 12", Postcode: "10115", City: "Berlin", Country: "DE",
				VATID: "DE136695976", Email: "rechnung@buero-schulz.example", IBAN: "DE02120300000000202051", BIC: "BYLADEM1001", AccountName: "Bürobedarf Schulz GmbH"},
			buyer: "Folio Demo GmbH",
			lines: []Line{
				{ID: "1", Name: "Kopierpapier A4", Description: "500 Blatt, 80 g/m²", Quantity: "10", UnitCode: "H87", Price: "4.50", Net: "45.00", VATCategory: "S", VATRate: "19"},
				{ID: "2", Name: "Toner schwarz", Quantity: "2", UnitCode: "H87", Price: "62.50", Net: "125.00", VATCategory: "S", VATRate: "19"},
				{ID: "3", Name: "Fachbuch Umsatzsteuer 2026", Quantity: "1", UnitCode: "H87", Price: "39.90", Net: "39.90", VATCategory: "S", VATRate: "7"},
			},
			vat:    []VATGroup{{Category: "S", Rate: "19", Taxable: "170.00", Tax: "32.30"}, {Category: "S", Rate: "7", Taxable: "39.90", Tax: "2.79"}},
			totals: Totals{Lines: "209.90", Net: "209.90", VAT: "35.09", Gross: "244.99", Payable: "244.99"},
			terms:  "Zahlbar innerhalb von 30 Tagen ohne Abzug.", reference: "RE-2026-0815",
			notes: []string{"Vielen Dank für Ihren Auftrag."},
		},
		"xrechnung-cii.xml": {
			format: FormatCII, kind: KindInvoice, number: "2026-1187", issue: "2026-11-15", due: "2026-12-15", currency: "EUR",
			seller: Party{Name: "Netzwerk Weber e.K.", Street: "Venloer Straße 200", Street2: "Hinterhaus", Postcode: "50823", City: "Köln", Country: "DE",
				VATID: "DE811128135", Email: "buchhaltung@netzwerk-weber.example", IBAN: "DE75512108001245126199", AccountName: "Netzwerk Weber e.K."},
			buyer: "Folio Demo GmbH",
			lines: []Line{
				{ID: "1", Name: "Wartungspauschale November 2026", Description: "Server und Netzwerk, monatlich", Quantity: "1", UnitCode: "C62", Price: "250.00", Net: "250.00", VATCategory: "S", VATRate: "19"},
				{ID: "2", Name: "Vor-Ort-Einsatz", Quantity: "3.5", UnitCode: "HUR", Price: "80.00", Net: "280.00", VATCategory: "S", VATRate: "19"},
			},
			vat:    []VATGroup{{Category: "S", Rate: "19", Taxable: "530.00", Tax: "100.70"}},
			totals: Totals{Lines: "530.00", Net: "530.00", VAT: "100.70", Gross: "630.70", Prepaid: "200.00", Payable: "430.70"},
			terms:  "Zahlbar bis 15.12.2026 ohne Abzug.", reference: "2026-1187",
			notes: []string{"Abschlagszahlung vom 01.11.2026 ist abgezogen."},
		},
		"peppol-invoice.xml": {
			format: FormatUBL, kind: KindInvoice, number: "INV-77231", issue: "2026-10-15", due: "2026-11-14", currency: "EUR",
			seller: Party{Name: "Fabrikam Koffie B.V.", Street: "Keizersgracht 100", Postcode: "1015 CW", City: "Amsterdam", Country: "NL",
				VATID: "NL123456789B01", Email: "billing@fabrikam.example", IBAN: "NL91ABNA0417164300", AccountName: "Fabrikam Koffie B.V."},
			buyer: "Folio Demo GmbH",
			lines: []Line{
				{ID: "1", Name: "Espresso machine rental, October", Quantity: "1", UnitCode: "C62", Price: "360.00", Net: "360.00", VATCategory: "S", VATRate: "21"},
				{ID: "2", Name: "Coffee beans", Quantity: "4", UnitCode: "KGM", Price: "20.00", Net: "80.00", VATCategory: "S", VATRate: "9"},
			},
			vat:    []VATGroup{{Category: "S", Rate: "21", Taxable: "360.00", Tax: "75.60"}, {Category: "S", Rate: "9", Taxable: "80.00", Tax: "7.20"}},
			totals: Totals{Lines: "440.00", Net: "440.00", VAT: "82.80", Gross: "522.80", Payable: "522.80"},
			terms:  "30 days net", reference: "77231",
		},
		"peppol-credit-note.xml": {
			format: FormatUBL, kind: KindCreditNote, number: "CN-1029", issue: "2026-10-20", currency: "EUR",
			seller: Party{Name: "Fabrikam Koffie B.V.", Street: "Keizersgracht 100", Postcode: "1015 CW", City: "Amsterdam", Country: "NL", VATID: "NL123456789B01"},
			buyer:  "Folio Demo GmbH",
			lines: []Line{
				{ID: "1", Name: "Coffee beans (damaged)", Quantity: "2", UnitCode: "KGM", Price: "20.00", Net: "40.00", VATCategory: "S", VATRate: "9"},
			},
			vat:       []VATGroup{{Category: "S", Rate: "9", Taxable: "40.00", Tax: "3.60"}},
			totals:    Totals{Lines: "40.00", Net: "40.00", VAT: "3.60", Gross: "43.60", Payable: "43.60"},
			notes:     []string{"Two bags of coffee beans arrived damaged."},
			preceding: []string{"INV-77231"},
		},
	}
	for name, w := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			d, problems, err := Read(name, sample(t, name))
			if err != nil {
				t.Fatal(err)
			}
			if len(problems) != 0 {
				t.Errorf("problems %+v, want none", problems)
			}
			got := want{d.Format, d.Kind, d.Number, d.IssueDate, d.DueDate, d.Currency, d.Seller, d.Buyer.Name, d.Lines, d.VAT, d.Totals,
				d.PaymentTerms, d.PaymentReference, d.Notes, d.Preceding}
			if !reflect.DeepEqual(got, w) {
				t.Errorf("read\n%+v\nwant\n%+v", got, w)
			}
		})
	}
}

// TestReadFacturX finds factur-x.xml in the PDF Folio's own writer made
// and reads it as Factur-X.
func TestReadFacturX(t *testing.T) {
	t.Parallel()
	d, problems, err := Read("INV-00102.pdf", sample(t, "facturx-en16931.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) != 0 {
		t.Errorf("problems %+v, want none", problems)
	}
	if d.Format != FormatFacturX || d.Number != "INV-00102" || d.Seller.Name != "Atelier Lumière GmbH" || d.Specification != "urn:cen.eu:en16931:2017" {
		t.Errorf("read %s %q %q %q", d.Format, d.Number, d.Seller.Name, d.Specification)
	}
	if len(d.Lines) != 3 || len(d.VAT) != 2 || d.Totals.Payable == "" {
		t.Errorf("lines %d, VAT groups %d, payable %q", len(d.Lines), len(d.VAT), d.Totals.Payable)
	}
}

// TestReadBroken: a file that is no e-invoice is refused with its code; a
// readable one with errors is read and its problems listed.
func TestReadBroken(t *testing.T) {
	t.Parallel()
	refused := map[string]string{
		"not-xml.xml":      "folio_inbound_not_xml",
		"doctype.xml":      "folio_inbound_doctype",
		"unknown-root.xml": "folio_inbound_unknown_format",
		"no-invoice.pdf":   "folio_inbound_pdf_no_invoice",
	}
	for name, code := range refused {
		_, _, err := Read(name, sample(t, name))
		var r *refusal.Refusal
		if !errors.As(err, &r) || r.Code() != code {
			t.Errorf("%s: %v, want %s", name, err, code)
		}
	}
	other := map[string][]byte{
		"folio_inbound_not_xml":        []byte("<Invoice><unclosed></Invoice>"),
		"folio_inbound_pdf_unreadable": []byte("%PDF-1.7\nnot really a PDF"),
		"folio_inbound_pdf_no_invoice": embedInPDF(t, "factur-x.xml", []byte("<html/>")),
	}
	for code, data := range other {
		_, _, err := Read("x", data)
		var r *refusal.Refusal
		if !errors.As(err, &r) || r.Code() != code {
			t.Errorf("%s: got %v", code, err)
		}
	}

	_, problems, err := Read("bad-arithmetic.xml", sample(t, "bad-arithmetic.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if codes := problemCodes(problems); !reflect.DeepEqual(codes, []string{problemLinesSum}) {
		t.Errorf("bad arithmetic: %v", codes)
	}
	_, problems, err = Read("missing-number.xml", sample(t, "missing-number.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) != 1 || problems[0].Code != problemMissing || problems[0].Params["field"] != fieldNumber {
		t.Errorf("missing number: %+v", problems)
	}
}

// TestReadTooLarge refuses a file over the limit before reading it.
func TestReadTooLarge(t *testing.T) {
	data := sample(t, "xrechnung-ubl.xml")
	big := append(bytes.Clone(data), bytes.Repeat([]byte(" "), int(MaxFileBytes)-len(data)+1)...)
	_, _, err := Read("big.xml", big)
	var r *refusal.Refusal
	if !errors.As(err, &r) || r.Code() != "folio_inbound_file_too_large" {
		t.Errorf("got %v", err)
	}
	if _, _, err := Read("ok.xml", data); err != nil {
		t.Errorf("the sample itself: %v", err)
	}
}

// TestReadDeepOrHuge: nesting past maxDepth is refused, not recursed into.
func TestReadDeepOrHuge(t *testing.T) {
	t.Parallel()
	deep := `<Invoice xmlns="` + nsUBLInvoice + `">` + strings.Repeat("<a>", maxDepth+1) + strings.Repeat("</a>", maxDepth+1) + `</Invoice>`
	_, _, err := Read("deep.xml", []byte(deep))
	var r *refusal.Refusal
	if !errors.As(err, &r) || r.Code() != "folio_inbound_not_xml" {
		t.Errorf("got %v", err)
	}
}

func problemCodes(ps []Problem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Code)
	}
	return out
}
