package money

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// ParseLines reads the items JSON of a quote or invoice as a client sent
// it, checking every field with a message a person can act on. Unknown
// keys are dropped and net_cents is ignored (ComputeTotals sets it). An
// empty or null value is an empty list: a draft may have no lines yet.
func ParseLines(raw []byte) ([]Line, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return []Line{}, nil
	}

	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var items []map[string]any
	if err := dec.Decode(&items); err != nil {
		return nil, &InputError{Field: "items", Code: "folio_lines_not_list", Message: msgLinesNotList}
	}
	if len(items) > MaxLines {
		return nil, &InputError{Field: "items", Code: "folio_too_many_lines", Message: fmt.Sprintf(fmtTooManyLines, MaxLines), Max: MaxLines}
	}

	lines := make([]Line, len(items))
	for i, it := range items {
		l, err := parseLine(it)
		if err != nil {
			err.Line = i + 1
			return nil, err
		}
		lines[i] = l
	}
	return lines, nil
}

func parseLine(it map[string]any) (Line, *InputError) {
	var l Line
	var bad *InputError

	str := func(key string, max int, required bool) string {
		if bad != nil {
			return ""
		}
		v, ok := it[key]
		if !ok || v == nil {
			if required {
				bad = &InputError{Field: key, Code: "folio_line_required", Message: fmt.Sprintf(fmtLineRequired, lineWords[key])}
			}
			return ""
		}
		s, ok := v.(string)
		if !ok {
			bad = &InputError{Field: key, Code: "folio_line_not_text", Message: fmt.Sprintf(fmtLineNotText, lineWords[key])}
			return ""
		}
		s = strings.TrimSpace(s)
		if required && s == "" {
			bad = &InputError{Field: key, Code: "folio_line_required", Message: fmt.Sprintf(fmtLineRequired, lineWords[key])}
		} else if utf8.RuneCountInString(s) > max {
			bad = &InputError{Field: key, Code: "folio_line_too_long",
				Message: fmt.Sprintf(fmtLineTooLong, lineWords[key], max), Max: max}
		}
		return s
	}
	num := func(key string, required bool) float64 {
		if bad != nil {
			return 0
		}
		v, ok := it[key]
		if !ok || v == nil {
			if required {
				bad = &InputError{Field: key, Code: "folio_line_required", Message: fmt.Sprintf(fmtLineRequired, lineWords[key])}
			}
			return 0
		}
		n, ok := v.(json.Number)
		if !ok {
			bad = &InputError{Field: key, Code: "folio_line_not_number", Message: fmt.Sprintf(fmtLineNotNumber, lineWords[key])}
			return 0
		}
		f, err := n.Float64()
		if err != nil || math.IsInf(f, 0) {
			bad = &InputError{Field: key, Code: "folio_line_not_number", Message: fmt.Sprintf(fmtLineNotNumber, lineWords[key])}
		}
		return f
	}

	l.ID = str("id", MaxLineID, false)
	l.Description = str("description", MaxDescription, true)
	l.Unit = str("unit", MaxUnit, false)
	l.UnitCode = str("unit_code", MaxUnit, false)
	if bad == nil && l.UnitCode != "" && !validUnitCode(l.UnitCode) {
		bad = &InputError{Field: "unit_code", Code: "folio_invalid_unit_code", Message: MessageUnitCode}
	}
	l.Quantity = num("quantity", true)
	price := num("unit_price_cents", true)
	l.DiscountPercent = num("discount_percent", false)
	l.TaxRate = num("tax_rate", false)
	if bad != nil {
		return Line{}, bad
	}

	if price != math.Trunc(price) {
		return Line{}, &InputError{Field: "unit_price_cents", Code: "folio_line_price_not_whole", Message: msgLinePriceNotWhole}
	}
	if math.Abs(price) > MaxUnitPriceCents {
		return Line{}, &InputError{Field: "unit_price_cents", Code: "folio_line_price_too_large", Message: msgLinePriceTooLarge}
	}
	l.UnitPriceCents = int64(price)

	if _, bad := quantityMilli(l.Quantity); bad != nil {
		return Line{}, bad
	}
	if _, ok := basisPoints(l.DiscountPercent); !ok {
		return Line{}, &InputError{Field: "discount_percent", Code: "folio_line_discount_invalid", Message: msgLineDiscount}
	}
	if _, bad := rateMilli(l.TaxRate); bad != nil {
		return Line{}, bad
	}
	return l, nil
}

// validUnitCode accepts the shape of a UN/ECE Recommendation 20 code: 2 or
// 3 capital letters and digits. The web app offers a short list; any code
// of that shape is kept as given.
func validUnitCode(s string) bool {
	if len(s) < 2 || len(s) > 3 {
		return false
	}
	for _, c := range s {
		if (c < 'A' || c > 'Z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}
