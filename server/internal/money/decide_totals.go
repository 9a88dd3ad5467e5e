package money

import (
	"fmt"
	"math"
	"math/big"
	"sort"
)

// Bounds of one line and of a document. They keep every stored amount far
// below 2^53, so the JSON numbers stay exact in a browser. Intermediate
// products can exceed int64, which is why the arithmetic below uses big.Int.
const (
	// MaxLines is the most lines a quote or invoice may have.
	MaxLines = 200
	// MaxQuantity is the largest quantity of one line.
	MaxQuantity = 100000
	// MaxUnitPriceCents bounds the unit price, either sign (negative prices
	// are deductions).
	MaxUnitPriceCents = 90_000_000
	// MaxDescription is the longest line description, in characters.
	MaxDescription = 500
	// MaxUnit is the longest unit label ("h", "pcs"), in characters.
	MaxUnit = 20
	// MaxLineID is the longest client line id, in characters.
	MaxLineID = 50
)

// Line is one line of a quote or invoice as stored in the items JSON.
// NetCents is always recomputed by the server.
type Line struct {
	ID          string  `json:"id"`
	Description string  `json:"description"`
	Quantity    float64 `json:"quantity"`
	Unit        string  `json:"unit"`
	// UnitCode is the line's UN/ECE Recommendation 20 unit code (BT-130 of
	// an e-invoice), e.g. "HUR" for hours; "" (and absent from the JSON)
	// when the line has none. It never changes the amounts.
	UnitCode        string  `json:"unit_code,omitempty"`
	UnitPriceCents  int64   `json:"unit_price_cents"`
	DiscountPercent float64 `json:"discount_percent"`
	TaxRate         float64 `json:"tax_rate"`
	NetCents        int64   `json:"net_cents"`
}

// TaxGroup is the part of a document taxed at one rate. NetCents is the
// taxable base: the lines' net at that rate after their share of the
// document discount, so the groups' NetCents add up to subtotal − discount.
type TaxGroup struct {
	Rate     float64 `json:"rate"`
	NetCents int64   `json:"net_cents"`
	TaxCents int64   `json:"tax_cents"`
}

// Totals are the server-computed amounts of a document.
type Totals struct {
	LinesNetCents []int64    `json:"lines_net_cents"`
	SubtotalCents int64      `json:"subtotal_cents"`
	DiscountCents int64      `json:"discount_cents"`
	TaxCents      int64      `json:"tax_cents"`
	TotalCents    int64      `json:"total_cents"`
	TaxBreakdown  []TaxGroup `json:"tax_breakdown"`
}

// InputError names what is wrong with the items or the document discount.
// Line is 1-based; 0 means the document itself. Code is the refusal's
// stable code (refusalMessages) and Max the limit its sentence names, if
// any.
type InputError struct {
	Line    int
	Field   string
	Code    string
	Message string
	Max     int
}

// Error returns the message, prefixed with the line when there is one.
func (e *InputError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("Line %d: %s", e.Line, e.Message)
	}
	return e.Message
}

// Params are the values in the sentence: the line and its key (field),
// and the limit (max).
func (e *InputError) Params() map[string]any {
	p := map[string]any{}
	if e.Line > 0 {
		p["line"] = e.Line
		p["field"] = e.Field
	}
	if e.Max > 0 {
		p["max"] = e.Max
	}
	if len(p) == 0 {
		return nil
	}
	return p
}

// ComputeTotals works out a document's amounts from its lines, in integer
// minor units, with one rounding rule everywhere: half away from zero
// (2.5 → 3, −2.5 → −3). In order:
//
//  1. Each line: net = round(quantity × unit_price_cents × (1 − discount%/100)),
//     computed exactly and rounded once. Quantity has at most 3 decimals and
//     percentages at most 2, so they are exact integers in thousandths and
//     basis points.
//  2. subtotal = Σ net.
//  3. The document discount applies BEFORE tax:
//     discount = round(subtotal × discount%/100), then it is shared out over
//     the tax-rate groups in proportion to their net (largest remainder,
//     ties to the lower rate), so the shares add up to the discount exactly.
//  4. Each rate group: tax = round((group net − group share) × rate/100).
//  5. total = subtotal − discount + Σ tax.
//
// Step 3 is what most tax authorities expect (the tax base is the
// discounted price) and it keeps "discount = round(subtotal × %)" true.
// A subtotal or total below zero is refused.
func ComputeTotals(lines []Line, discountPercent float64) (Totals, error) {
	if len(lines) > MaxLines {
		return Totals{}, &InputError{Field: "items", Code: "folio_too_many_lines", Message: fmt.Sprintf(fmtTooManyLines, MaxLines), Max: MaxLines}
	}
	docBP, ok := basisPoints(discountPercent)
	if !ok {
		return Totals{}, &InputError{Field: "discount_percent", Code: "folio_invalid_discount_percent", Message: msgDiscountInvalid}
	}

	t := Totals{LinesNetCents: make([]int64, len(lines)), TaxBreakdown: []TaxGroup{}}
	groupNet := map[int64]int64{} // rate in thousandths of a percent → Σ net

	for i, l := range lines {
		milli, bad := quantityMilli(l.Quantity)
		if bad != nil {
			bad.Line = i + 1
			return Totals{}, bad
		}
		if l.UnitPriceCents > MaxUnitPriceCents || l.UnitPriceCents < -MaxUnitPriceCents {
			return Totals{}, &InputError{Line: i + 1, Field: "unit_price_cents", Code: "folio_line_price_too_large", Message: msgLinePriceTooLarge}
		}
		bp, ok := basisPoints(l.DiscountPercent)
		if !ok {
			return Totals{}, &InputError{Line: i + 1, Field: "discount_percent", Code: "folio_line_discount_invalid", Message: msgLineDiscount}
		}
		rate, bad := rateMilli(l.TaxRate)
		if bad != nil {
			bad.Line = i + 1
			return Totals{}, bad
		}

		// qty_milli × price × (10000 − bp) / (1000 × 10000)
		num := new(big.Int).Mul(big.NewInt(milli), big.NewInt(l.UnitPriceCents))
		num.Mul(num, big.NewInt(10000-bp))
		net := divRound(num, big.NewInt(1000*10000))

		t.LinesNetCents[i] = net
		t.SubtotalCents += net
		groupNet[rate] += net
	}

	if t.SubtotalCents < 0 {
		return Totals{}, &InputError{Field: "items", Code: "folio_negative_total", Message: MessageNegativeTotal}
	}

	t.DiscountCents = mulDivRound(t.SubtotalCents, docBP, 10000)

	rates := make([]int64, 0, len(groupNet))
	for r := range groupNet {
		rates = append(rates, r)
	}
	sort.Slice(rates, func(i, j int) bool { return rates[i] < rates[j] })

	nets := make([]int64, len(rates))
	for i, r := range rates {
		nets[i] = groupNet[r]
	}
	shares := allocate(t.DiscountCents, nets, t.SubtotalCents)

	for i, r := range rates {
		base := nets[i] - shares[i]
		tax := mulDivRound(base, r, 100*1000)
		t.TaxCents += tax
		t.TaxBreakdown = append(t.TaxBreakdown, TaxGroup{Rate: float64(r) / 1000, NetCents: base, TaxCents: tax})
	}

	t.TotalCents = t.SubtotalCents - t.DiscountCents + t.TaxCents
	if t.TotalCents < 0 {
		return Totals{}, &InputError{Field: "items", Code: "folio_negative_total", Message: MessageNegativeTotal}
	}
	return t, nil
}

// Allocate shares amount over parts in proportion to part/whole, to the
// cent (largest remainder, the earlier part first on a tie): the document
// discount over the rate groups here, a deposit over its rates in billing.
func Allocate(amount int64, parts []int64, whole int64) []int64 {
	return allocate(amount, parts, whole)
}

// MulDivRound returns round(a × b / d), half away from zero, for d > 0.
func MulDivRound(a, b, d int64) int64 { return mulDivRound(a, b, d) }

// allocate shares amount over parts in proportion to part/whole, with the
// largest-remainder method: every share is floor(amount × part / whole),
// then the cents left over go one each to the largest remainders, the
// earlier (lower-rate) part first on a tie. whole is Σ parts and ≥ 0.
func allocate(amount int64, parts []int64, whole int64) []int64 {
	shares := make([]int64, len(parts))
	if amount == 0 || whole == 0 {
		return shares
	}

	type rem struct {
		i int
		r *big.Int
	}
	rems := make([]rem, len(parts))
	w := big.NewInt(whole)
	left := amount
	for i, p := range parts {
		num := new(big.Int).Mul(big.NewInt(amount), big.NewInt(p))
		q, r := new(big.Int).DivMod(num, w, new(big.Int)) // Euclidean: floor for w > 0, 0 ≤ r < w
		shares[i] = q.Int64()
		left -= shares[i]
		rems[i] = rem{i, r}
	}
	sort.SliceStable(rems, func(a, b int) bool { return rems[a].r.Cmp(rems[b].r) > 0 })
	for k := 0; left > 0 && k < len(rems); k++ {
		shares[rems[k].i]++
		left--
	}
	return shares
}

// mulDivRound returns round(a × b / d), half away from zero, for d > 0.
func mulDivRound(a, b, d int64) int64 {
	num := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
	return divRound(num, big.NewInt(d))
}

// divRound returns n / d rounded half away from zero, for d > 0.
func divRound(n, d *big.Int) int64 {
	q, r := new(big.Int).QuoRem(n, d, new(big.Int)) // truncated toward zero
	twice := new(big.Int).Abs(r)
	twice.Lsh(twice, 1)
	if twice.Cmp(d) >= 0 {
		if n.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	return q.Int64()
}

// quantityMilli turns a quantity into an exact count of thousandths, or
// says what is wrong with it (the caller sets the line).
func quantityMilli(q float64) (int64, *InputError) {
	if math.IsNaN(q) || q <= 0 {
		return 0, &InputError{Field: "quantity", Code: "folio_line_quantity_min", Message: msgLineQuantityMin}
	}
	if q > MaxQuantity {
		return 0, &InputError{Field: "quantity", Code: "folio_line_quantity_max",
			Message: fmt.Sprintf(fmtLineQuantityMax, MaxQuantity), Max: MaxQuantity}
	}
	m, ok := scaled(q, 1000)
	if !ok {
		return 0, &InputError{Field: "quantity", Code: "folio_line_quantity_decimals", Message: msgLineQuantityDecimals}
	}
	return m, nil
}

// basisPoints turns a 0–100 percentage with at most 2 decimals into
// 0–10000; ok is false for any other value.
func basisPoints(p float64) (bp int64, ok bool) {
	if math.IsNaN(p) || p < 0 || p > 100 {
		return 0, false
	}
	return scaled(p, 100)
}

// RateMilli is a 0–100 tax rate with at most 3 decimals in thousandths of
// a percent (19 → 19000, 9.975 → 9975); ok is false for any other value.
func RateMilli(r float64) (milli int64, ok bool) {
	m, bad := rateMilli(r)
	return m, bad == nil
}

// rateMilli turns a 0–100 tax rate with at most 3 decimals (9.975) into
// thousandths of a percent, or says what is wrong with it (the caller sets
// the line).
func rateMilli(r float64) (int64, *InputError) {
	if math.IsNaN(r) || r < 0 || r > 100 {
		return 0, &InputError{Field: "tax_rate", Code: "folio_line_tax_rate_range", Message: msgLineTaxRateRange}
	}
	m, ok := scaled(r, 1000)
	if !ok {
		return 0, &InputError{Field: "tax_rate", Code: "folio_line_tax_rate_decimals", Message: msgLineTaxRateDecimals}
	}
	return m, nil
}

// scaled returns v × factor as an integer when v has no more decimals than
// factor allows. Decimal inputs such as 1.005 are not exact in binary, so
// "integer" means within a millionth of one.
func scaled(v float64, factor float64) (int64, bool) {
	x := v * factor
	r := math.Round(x)
	if math.Abs(x-r) > 1e-6 {
		return 0, false
	}
	return int64(r), true
}
