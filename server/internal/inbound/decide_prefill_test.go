package inbound

import (
	"encoding/json"
	"testing"
)

func TestDecidePrefill(t *testing.T) {
	t.Parallel()
	d, _, err := Read("x.xml", sample(t, "xrechnung-ubl.xml"))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(DecidePrefill(d))
	want := `{"vendor":{"name":"Bürobedarf Schulz GmbH","address":"Hauptstraße 12\n10115 Berlin","country":"DE","vat_id":"DE136695976","iban":"DE02120300000000202051","email":"rechnung@buero-schulz.example"},` +
		`"vendor_name":"Bürobedarf Schulz GmbH","number":"RE-2026-0815","date":"2026-11-02","due_date":"2026-12-02","currency":"EUR",` +
		`"description":"Kopierpapier A4, Toner schwarz, Fachbuch Umsatzsteuer 2026",` +
		`"vat_lines":[{"rate":19,"net_cents":17000,"vat_cents":3230,"gross_cents":20230},{"rate":7,"net_cents":3990,"vat_cents":279,"gross_cents":4269}],` +
		`"net_cents":20990,"vat_cents":3509,"total_cents":24499,"note":"Vielen Dank für Ihren Auftrag.\nZahlbar innerhalb von 30 Tagen ohne Abzug."}`
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A due date before the invoice's own is not prefilled (the expense would
// refuse it); one on the same day is.
func TestDecidePrefillDueDate(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ issue, due, want string }{
		{"2026-11-02", "2026-12-02", "2026-12-02"},
		{"2026-11-02", "2026-11-02", "2026-11-02"},
		{"2026-11-02", "2026-11-01", ""},
		{"", "2026-11-01", "2026-11-01"},
	} {
		if got := DecidePrefill(Document{IssueDate: c.issue, DueDate: c.due}).DueDate; got != c.want {
			t.Errorf("issued %q due %q: %q, want %q", c.issue, c.due, got, c.want)
		}
	}
}

func TestDecidePrefillLines(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		doc  Document
		want string
	}{
		{"two categories at 0 % are one line; 5.5 %", Document{Currency: "EUR", VAT: []VATGroup{
			{Category: "E", Rate: "0", Taxable: "100.00", Tax: "0.00"},
			{Category: "S", Rate: "5.5", Taxable: "10.00", Tax: "0.55"},
			{Category: "Z", Rate: "0", Taxable: "50.00", Tax: "0"},
		}}, `[{"rate":5.5,"net_cents":1000,"vat_cents":55,"gross_cents":1055},{"rate":0,"net_cents":15000,"vat_cents":0,"gross_cents":15000}]`},
		{"VAT off by more than a cent: computed, not kept", Document{Currency: "EUR", VAT: []VATGroup{
			{Category: "S", Rate: "19", Taxable: "100.00", Tax: "17.00"},
		}}, `[{"rate":19,"net_cents":10000,"gross_cents":11900}]`},
		{"yen have no decimals", Document{Currency: "jpy", VAT: []VATGroup{
			{Category: "S", Rate: "10", Taxable: "1200", Tax: "120"},
		}}, `[{"rate":10,"net_cents":1200,"vat_cents":120,"gross_cents":1320}]`},
		{"no breakdown: the lines per rate", Document{Currency: "EUR", Lines: []Line{
			{Net: "10.00", VATRate: "19"}, {Net: "5.00", VATRate: "19"}, {Net: "3.33", VATRate: "7"},
		}}, `[{"rate":19,"net_cents":1500,"vat_cents":285,"gross_cents":1785},{"rate":7,"net_cents":333,"vat_cents":23,"gross_cents":356}]`},
	}
	for _, c := range cases {
		got, _ := json.Marshal(DecidePrefill(c.doc).VATLines)
		if string(got) != c.want {
			t.Errorf("%s:\ngot  %s\nwant %s", c.name, got, c.want)
		}
	}
}
