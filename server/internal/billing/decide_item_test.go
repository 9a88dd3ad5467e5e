package billing

import (
	"reflect"
	"testing"
)

func TestDecideItem(t *testing.T) {
	cases := []struct {
		name   string
		in     itemInput
		want   itemDecision
		code   string // "" when accepted
		prices []ItemPrice
	}{
		{name: "no prices is an empty list, 0 % gets Z", in: itemInput{name: " Design ", sku: " D-1 "},
			want: itemDecision{name: "Design", sku: "D-1", vatCategory: "Z"}, prices: []ItemPrice{}},
		{name: "null prices", in: itemInput{name: "A", prices: []byte("null"), taxRate: 19},
			want: itemDecision{name: "A"}, prices: []ItemPrice{}},
		{name: "two currencies, lower case normalized", in: itemInput{name: "A", taxRate: 20,
			prices: []byte(`[{"currency":"eur","cents":1500},{"currency":" USD","cents":1700}]`)},
			want: itemDecision{name: "A"}, prices: []ItemPrice{{"EUR", 1500}, {"USD", 1700}}},
		{name: "a taxed item drops its VAT category", in: itemInput{name: "A", taxRate: 7, vatCategory: "E"},
			want: itemDecision{name: "A"}, prices: []ItemPrice{}},
		{name: "an exempt item keeps its category", in: itemInput{name: "A", vatCategory: "E"},
			want: itemDecision{name: "A", vatCategory: "E"}, prices: []ItemPrice{}},
		{name: "unknown category", in: itemInput{name: "A", vatCategory: "S"}, code: "folio_invalid_vat_category"},
		{name: "same currency twice", in: itemInput{prices: []byte(`[{"currency":"EUR","cents":1},{"currency":"eur","cents":2}]`)},
			code: "folio_item_price_twice"},
		{name: "no currency", in: itemInput{prices: []byte(`[{"cents":1}]`)}, code: "folio_item_price_currency"},
		{name: "a currency of 4 letters", in: itemInput{prices: []byte(`[{"currency":"EURO","cents":1}]`)}, code: "folio_item_price_currency"},
		{name: "fractions of a cent", in: itemInput{prices: []byte(`[{"currency":"EUR","cents":1.5}]`)}, code: "folio_item_price_invalid"},
		{name: "too large", in: itemInput{prices: []byte(`[{"currency":"EUR","cents":90000001}]`)}, code: "folio_item_price_invalid"},
		{name: "not a list", in: itemInput{prices: []byte(`{"EUR":1}`)}, code: "folio_item_price_invalid"},
		{name: "too many", in: itemInput{prices: []byte(`[` + repeatPrices(21) + `]`)}, code: "folio_item_price_invalid"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, rerr := decideItem(c.in)
			if c.code != "" {
				if rerr == nil || rerr.code != c.code {
					t.Fatalf("decideItem = %v, want %s", rerr, c.code)
				}
				return
			}
			if rerr != nil {
				t.Fatalf("decideItem refused: %v", rerr)
			}
			c.want.prices = c.prices
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("decideItem = %+v, want %+v", got, c.want)
			}
		})
	}
}

// repeatPrices is n prices in n different currencies.
func repeatPrices(n int) string {
	s := ""
	for i := range n {
		if i > 0 {
			s += ","
		}
		s += `{"currency":"A` + string(rune('A'+i/26)) + string(rune('A'+i%26)) + `","cents":1}`
	}
	return s
}
