package money

import (
	"encoding/json"
	"errors"
	"math/big"
	"os"
	"reflect"
	"testing"
)

// vectorsPath is shared with the web app's TypeScript twin of
// ComputeTotals, so both sides are held to the same cents.
const vectorsPath = "../../../tests/vectors/totals.json"

type vector struct {
	Name            string  `json:"name"`
	Items           []Line  `json:"items"`
	DiscountPercent float64 `json:"discount_percent"`
	Expected        Totals  `json:"expected"`
}

func TestComputeTotalsVectors(t *testing.T) {
	b, err := os.ReadFile(vectorsPath)
	if err != nil {
		t.Fatal(err)
	}
	var vectors []vector
	if err := json.Unmarshal(b, &vectors); err != nil {
		t.Fatal(err)
	}
	if len(vectors) < 10 {
		t.Fatalf("only %d vectors", len(vectors))
	}
	for _, v := range vectors {
		t.Run(v.Name, func(t *testing.T) {
			got, err := ComputeTotals(v.Items, v.DiscountPercent)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, v.Expected) {
				gb, _ := json.Marshal(got)
				wb, _ := json.Marshal(v.Expected)
				t.Errorf("got  %s\nwant %s", gb, wb)
			}
			// The invariants every vector must also satisfy.
			var base int64
			for _, g := range got.TaxBreakdown {
				base += g.NetCents
			}
			if base != got.SubtotalCents-got.DiscountCents {
				t.Errorf("tax bases add up to %d, want subtotal − discount = %d", base, got.SubtotalCents-got.DiscountCents)
			}
		})
	}
}

func TestComputeTotalsRefuses(t *testing.T) {
	ok := Line{Description: "x", Quantity: 1, UnitPriceCents: 100}
	with := func(f func(*Line)) []Line { l := ok; f(&l); return []Line{l} }
	many := make([]Line, MaxLines+1)
	for i := range many {
		many[i] = ok
	}

	cases := []struct {
		name     string
		lines    []Line
		discount float64
		want     InputError
	}{
		{"zero quantity", with(func(l *Line) { l.Quantity = 0 }), 0, InputError{Line: 1, Field: "quantity", Code: "folio_line_quantity_min", Message: "the quantity must be more than 0."}},
		{"negative quantity", with(func(l *Line) { l.Quantity = -1 }), 0, InputError{Line: 1, Field: "quantity", Code: "folio_line_quantity_min", Message: "the quantity must be more than 0."}},
		{"four decimals", with(func(l *Line) { l.Quantity = 1.0005 }), 0, InputError{Line: 1, Field: "quantity", Code: "folio_line_quantity_decimals", Message: "the quantity can have at most 3 decimals."}},
		{"huge quantity", with(func(l *Line) { l.Quantity = MaxQuantity + 1 }), 0, InputError{Line: 1, Field: "quantity", Code: "folio_line_quantity_max", Message: "the quantity can be at most 100000.", Max: MaxQuantity}},
		{"huge price", with(func(l *Line) { l.UnitPriceCents = -MaxUnitPriceCents - 1 }), 0, InputError{Line: 1, Field: "unit_price_cents", Code: "folio_line_price_too_large", Message: "the unit price is too large."}},
		{"line discount over 100", with(func(l *Line) { l.DiscountPercent = 101 }), 0, InputError{Line: 1, Field: "discount_percent", Code: "folio_line_discount_invalid", Message: "the discount must be a percentage from 0 to 100 with at most 2 decimals."}},
		{"line discount 3 decimals", with(func(l *Line) { l.DiscountPercent = 1.125 }), 0, InputError{Line: 1, Field: "discount_percent", Code: "folio_line_discount_invalid", Message: "the discount must be a percentage from 0 to 100 with at most 2 decimals."}},
		{"negative tax", with(func(l *Line) { l.TaxRate = -1 }), 0, InputError{Line: 1, Field: "tax_rate", Code: "folio_line_tax_rate_range", Message: "the tax rate must be from 0 to 100."}},
		{"tax 4 decimals", with(func(l *Line) { l.TaxRate = 9.9751 }), 0, InputError{Line: 1, Field: "tax_rate", Code: "folio_line_tax_rate_decimals", Message: "the tax rate can have at most 3 decimals."}},
		{"document discount over 100", []Line{ok}, 100.5, InputError{Line: 0, Field: "discount_percent", Code: "folio_invalid_discount_percent", Message: "The discount must be a percentage from 0 to 100 with at most 2 decimals."}},
		{"negative subtotal", with(func(l *Line) { l.UnitPriceCents = -1 }), 0, InputError{Line: 0, Field: "items", Code: "folio_negative_total", Message: MessageNegativeTotal}},
		{"too many lines", many, 0, InputError{Line: 0, Field: "items", Code: "folio_too_many_lines", Message: "A document can have at most 200 lines.", Max: MaxLines}},
	}
	for _, c := range cases {
		_, err := ComputeTotals(c.lines, c.discount)
		var ie *InputError
		if !errors.As(err, &ie) || *ie != c.want {
			t.Errorf("%s: got %v, want %+v", c.name, err, c.want)
		}
	}

	// A negative total with a non-negative subtotal is reachable only
	// through tax on a negative group; it is refused the same way.
	_, err := ComputeTotals([]Line{
		{Description: "a", Quantity: 1, UnitPriceCents: 100, TaxRate: 0},
		{Description: "b", Quantity: 1, UnitPriceCents: -100, TaxRate: 100},
		{Description: "c", Quantity: 1, UnitPriceCents: 1, TaxRate: 0},
	}, 0)
	if err == nil || err.Error() != MessageNegativeTotal {
		t.Errorf("negative total: %v", err)
	}
}

func TestDivRound(t *testing.T) {
	cases := []struct{ n, d, want int64 }{
		{5, 10, 1}, {4, 10, 0}, {15, 10, 2}, {25, 10, 3}, {-5, 10, -1}, {-4, 10, 0}, {-25, 10, -3},
		{0, 7, 0}, {7, 7, 1}, {10, 3, 3}, {-10, 3, -3}, {3, 2, 2}, {-3, 2, -2},
	}
	for _, c := range cases {
		if got := divRound(big.NewInt(c.n), big.NewInt(c.d)); got != c.want {
			t.Errorf("divRound(%d, %d) = %d, want %d", c.n, c.d, got, c.want)
		}
	}
}

func TestAllocate(t *testing.T) {
	cases := []struct {
		name   string
		amount int64
		parts  []int64
		want   []int64
	}{
		{"nothing to share", 0, []int64{10, 20}, []int64{0, 0}},
		{"exact shares", 30, []int64{100, 200}, []int64{10, 20}},
		{"largest remainder wins", 300, []int64{1001, 1000}, []int64{150, 150}},
		{"tie to the earlier part", 2, []int64{1, 1, 1}, []int64{1, 1, 0}},
		{"negative part", 8000, []int64{-20000, 100000}, []int64{-2000, 10000}},
		{"negative part with remainder", 7, []int64{-3, 13}, []int64{-2, 9}},
	}
	for _, c := range cases {
		var whole int64
		for _, p := range c.parts {
			whole += p
		}
		got := allocate(c.amount, c.parts, whole)
		var sum int64
		for _, g := range got {
			sum += g
		}
		if !reflect.DeepEqual(got, c.want) || sum != c.amount {
			t.Errorf("%s: got %v (sum %d), want %v", c.name, got, sum, c.want)
		}
	}
}
