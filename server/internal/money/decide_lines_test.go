package money

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseLines(t *testing.T) {
	good := Line{ID: "l1", Description: "Design", Quantity: 1.5, Unit: "h", UnitPriceCents: 8000, DiscountPercent: 10, TaxRate: 20}

	cases := []struct {
		name    string
		raw     string
		want    []Line
		wantErr string
	}{
		{"null is no lines", `null`, []Line{}, ""},
		{"empty is no lines", ``, []Line{}, ""},
		{"empty list", `[]`, []Line{}, ""},
		{"full line; net_cents and unknown keys dropped, text trimmed",
			`[{"id":"l1","description":"  Design ","quantity":1.5,"unit":"h","unit_price_cents":8000,"discount_percent":10,"tax_rate":20,"net_cents":999,"x":1}]`,
			[]Line{good}, ""},
		{"optional fields default to zero", `[{"description":"A","quantity":2,"unit_price_cents":-150}]`,
			[]Line{{Description: "A", Quantity: 2, UnitPriceCents: -150}}, ""},
		{"not a list", `{"a":1}`, nil, "The lines must be a list of objects."},
		{"missing description", `[{"quantity":1,"unit_price_cents":1}]`, nil, "Line 1: add a description."},
		{"blank description", `[{"description":"A","quantity":1,"unit_price_cents":1},{"description":"  ","quantity":1,"unit_price_cents":1}]`, nil, "Line 2: add a description."},
		{"long description", `[{"description":"` + strings.Repeat("é", 501) + `","quantity":1,"unit_price_cents":1}]`, nil, "Line 1: the description is too long (500 characters at most)."},
		{"quantity as text", `[{"description":"A","quantity":"1","unit_price_cents":1}]`, nil, "Line 1: the quantity must be a number."},
		{"missing quantity", `[{"description":"A","unit_price_cents":1}]`, nil, "Line 1: add a quantity."},
		{"zero quantity", `[{"description":"A","quantity":0,"unit_price_cents":1}]`, nil, "Line 1: the quantity must be more than 0."},
		{"quantity decimals", `[{"description":"A","quantity":0.0001,"unit_price_cents":1}]`, nil, "Line 1: the quantity can have at most 3 decimals."},
		{"fractional cents", `[{"description":"A","quantity":1,"unit_price_cents":12.5}]`, nil, "Line 1: the unit price must be a whole number of cents."},
		{"missing price", `[{"description":"A","quantity":1}]`, nil, "Line 1: add a unit price."},
		{"price too large", `[{"description":"A","quantity":1,"unit_price_cents":90000001}]`, nil, "Line 1: the unit price is too large."},
		{"price past int64", `[{"description":"A","quantity":1,"unit_price_cents":1e20}]`, nil, "Line 1: the unit price is too large."},
		{"negative price past int64", `[{"description":"A","quantity":1,"unit_price_cents":-9.3e18}]`, nil, "Line 1: the unit price is too large."},
		{"quantity past int64", `[{"description":"A","quantity":1e20,"unit_price_cents":1}]`, nil, "Line 1: the quantity can be at most 100000."},
		{"discount over 100", `[{"description":"A","quantity":1,"unit_price_cents":1,"discount_percent":120}]`, nil, "Line 1: the discount must be a percentage from 0 to 100 with at most 2 decimals."},
		{"tax rate text", `[{"description":"A","quantity":1,"unit_price_cents":1,"tax_rate":"20"}]`, nil, "Line 1: the tax rate must be a number."},
		{"tax rate decimals", `[{"description":"A","quantity":1,"unit_price_cents":1,"tax_rate":9.9755}]`, nil, "Line 1: the tax rate can have at most 3 decimals."},
		{"unit too long", `[{"description":"A","unit":"` + strings.Repeat("u", 21) + `","quantity":1,"unit_price_cents":1}]`, nil, "Line 1: the unit is too long (20 characters at most)."},
		{"a unit code is kept as given", `[{"description":"A","unit":"h","unit_code":"HUR","quantity":1,"unit_price_cents":1}]`,
			[]Line{{Description: "A", Unit: "h", UnitCode: "HUR", Quantity: 1, UnitPriceCents: 1}}, ""},
		{"a two-character and a digit unit code", `[{"description":"A","unit_code":"LS","quantity":1,"unit_price_cents":1},{"description":"B","unit_code":"C62","quantity":1,"unit_price_cents":1}]`,
			[]Line{{Description: "A", UnitCode: "LS", Quantity: 1, UnitPriceCents: 1}, {Description: "B", UnitCode: "C62", Quantity: 1, UnitPriceCents: 1}}, ""},
		{"an empty unit code is none", `[{"description":"A","unit_code":"","quantity":1,"unit_price_cents":1}]`,
			[]Line{{Description: "A", Quantity: 1, UnitPriceCents: 1}}, ""},
		{"a lower-case unit code", `[{"description":"A","unit_code":"hur","quantity":1,"unit_price_cents":1}]`, nil, "Line 1: choose a unit from the list."},
		{"a unit code of 4", `[{"description":"A","unit_code":"HOUR","quantity":1,"unit_price_cents":1}]`, nil, "Line 1: choose a unit from the list."},
		{"a unit code of 1", `[{"description":"A","quantity":1,"unit_price_cents":1},{"description":"A","unit_code":"H","quantity":1,"unit_price_cents":1}]`, nil, "Line 2: choose a unit from the list."},
		{"a unit code with a symbol", `[{"description":"A","unit_code":"H-R","quantity":1,"unit_price_cents":1}]`, nil, "Line 1: choose a unit from the list."},
		{"a unit code as a number", `[{"description":"A","unit_code":62,"quantity":1,"unit_price_cents":1}]`, nil, "Line 1: the unit code must be text."},
		{"id not text", `[{"id":5,"description":"A","quantity":1,"unit_price_cents":1}]`, nil, "Line 1: the line id must be text."},
	}
	for _, c := range cases {
		got, err := ParseLines([]byte(c.raw))
		if c.wantErr != "" {
			var ie *InputError
			if !errors.As(err, &ie) || err.Error() != c.wantErr {
				t.Errorf("%s: err = %v, want %q", c.name, err, c.wantErr)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %+v, %v", c.name, got, err)
		}
	}

	tooMany := "[" + strings.TrimSuffix(strings.Repeat(`{"description":"A","quantity":1,"unit_price_cents":1},`, MaxLines+1), ",") + "]"
	if _, err := ParseLines([]byte(tooMany)); err == nil || err.Error() != "A document can have at most 200 lines." {
		t.Errorf("too many lines: %v", err)
	}
}

func TestFormat(t *testing.T) {
	cases := []struct {
		cents    int64
		currency string
		want     string
	}{
		{1234, "EUR", "12.34 EUR"},
		{5, "EUR", "0.05 EUR"},
		{-5, "USD", "-0.05 USD"},
		{0, "GBP", "0.00 GBP"},
		{1234, "JPY", "1234 JPY"},
		{1234, "KWD", "1.234 KWD"},
		{100000000, "CHF", "1000000.00 CHF"},
	}
	for _, c := range cases {
		if got := Format(c.cents, c.currency); got != c.want {
			t.Errorf("Format(%d, %s) = %q, want %q", c.cents, c.currency, got, c.want)
		}
	}
	if MinorDigits("jpy") != 0 || MinorDigits("EU") != 2 {
		t.Error("MinorDigits must be case-insensitive and default to 2")
	}
}
