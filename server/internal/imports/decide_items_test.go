package imports

import (
	"reflect"
	"testing"
)

// The header rows of five tools' item exports (testdata/items) map onto
// Folio's item fields; each want is field → header.
func TestDecideItemColumns(t *testing.T) {
	t.Parallel()
	cases := map[string]map[string]string{
		"invoiceninja.csv": {"name": "Product Key", "description": "Notes", "price": "Price", "tax_rate": "Tax Rate 1"},
		"zoho.csv":         {"name": "Item Name", "sku": "SKU", "description": "Description", "price": "Rate", "unit": "Usage unit", "tax_rate": "Tax Percentage"},
		"invoiceshelf.csv": {"name": "name", "description": "description", "price": "price", "unit": "unit_name", "currency": "currency"},
		"sevdesk.csv":      {"sku": "Artikelnummer", "name": "Name", "description": "Beschreibung", "unit": "Einheit", "price": "Preis netto", "tax_rate": "Umsatzsteuer"},
		"lexoffice.csv":    {"sku": "Artikelnummer", "name": "Bezeichnung", "description": "Beschreibung", "unit": "Einheit", "price": "Nettopreis", "tax_rate": "Steuersatz"},
	}
	checkGuesses(t, "items", ItemFields, itemAliases, cases)
}

func TestParseAmount(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]float64{
		"1234.5": 1234.5, "1,234.50": 1234.5, "1.234,50": 1234.5, "12,5": 12.5, "€ 12.50": 12.5, "19 %": 19, "1.000": 1000, "-3,00": -3,
	} {
		if got, ok := parseAmount(in); !ok || got != want {
			t.Errorf("parseAmount(%q) = %v %v, want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "free", "--"} {
		if _, ok := parseAmount(in); ok {
			t.Errorf("parseAmount(%q) read a number", in)
		}
	}
}

func TestDecideItemRow(t *testing.T) {
	t.Parallel()
	m := Mapping{"name": 0, "sku": 1, "price": 2, "currency": 3, "tax_rate": 4, "unit": 5}
	got, problems := decideItemRow(m, 3, []string{" Design hour ", "DH-1", "1.234,50", "", "19 %", "h"}, "EUR")
	want := map[string]any{"name": "Design hour", "sku": "DH-1", "unit": "h", "tax_rate": 19.0,
		"prices": []map[string]any{{"currency": "EUR", "cents": int64(123450)}}}
	if !reflect.DeepEqual(got, want) || problems != nil {
		t.Errorf("%v %v, want %v", got, problems, want)
	}
	got, _ = decideItemRow(m, 3, []string{"X", "", "10", "usd", "", ""}, "EUR")
	if p := got["prices"].([]map[string]any)[0]; p["currency"] != "USD" || p["cents"] != int64(1000) {
		t.Errorf("the row's currency: %v", got)
	}
	_, problems = decideItemRow(m, 3, []string{"", "", "ask us", "", "high", ""}, "EUR")
	if want := []Problem{{3, "name", problemRequired, nil}, {3, "price", problemNotNumber, nil}, {3, "tax_rate", problemNotNumber, nil}}; !reflect.DeepEqual(problems, want) {
		t.Errorf("problems %v, want %v", problems, want)
	}
}
