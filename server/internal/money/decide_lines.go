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
		return nil, &InputError{Field: "items", Message: "The lines must be a list of objects."}
	}
	if len(items) > MaxLines {
		return nil, &InputError{Field: "items", Message: fmt.Sprintf("A document can have at most %d lines.", MaxLines)}
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

	str := func(key string, max int, required bool, what string) string {
		if bad != nil {
			return ""
		}
		v, ok := it[key]
		if !ok || v == nil {
			if required {
				bad = &InputError{Field: key, Message: "add a " + what + "."}
			}
			return ""
		}
		s, ok := v.(string)
		if !ok {
			bad = &InputError{Field: key, Message: "the " + what + " must be text."}
			return ""
		}
		s = strings.TrimSpace(s)
		if required && s == "" {
			bad = &InputError{Field: key, Message: "add a " + what + "."}
		} else if utf8.RuneCountInString(s) > max {
			bad = &InputError{Field: key, Message: fmt.Sprintf("the %s is too long (%d characters at most).", what, max)}
		}
		return s
	}
	num := func(key string, required bool, what string) float64 {
		if bad != nil {
			return 0
		}
		v, ok := it[key]
		if !ok || v == nil {
			if required {
				bad = &InputError{Field: key, Message: "add a " + what + "."}
			}
			return 0
		}
		n, ok := v.(json.Number)
		if !ok {
			bad = &InputError{Field: key, Message: "the " + what + " must be a number."}
			return 0
		}
		f, err := n.Float64()
		if err != nil || math.IsInf(f, 0) {
			bad = &InputError{Field: key, Message: "the " + what + " must be a number."}
		}
		return f
	}

	l.ID = str("id", MaxLineID, false, "line id")
	l.Description = str("description", MaxDescription, true, "description")
	l.Unit = str("unit", MaxUnit, false, "unit")
	l.UnitCode = str("unit_code", MaxUnit, false, "unit code")
	if bad == nil && l.UnitCode != "" && !validUnitCode(l.UnitCode) {
		bad = &InputError{Field: "unit_code", Message: MessageUnitCode}
	}
	l.Quantity = num("quantity", true, "quantity")
	price := num("unit_price_cents", true, "unit price")
	l.DiscountPercent = num("discount_percent", false, "discount")
	l.TaxRate = num("tax_rate", false, "tax rate")
	if bad != nil {
		return Line{}, bad
	}

	if price != math.Trunc(price) {
		return Line{}, &InputError{Field: "unit_price_cents", Message: "the unit price must be a whole number of cents."}
	}
	if math.Abs(price) > MaxUnitPriceCents {
		return Line{}, &InputError{Field: "unit_price_cents", Message: "the unit price is too large."}
	}
	l.UnitPriceCents = int64(price)

	if _, err := quantityMilli(l.Quantity); err != nil {
		return Line{}, &InputError{Field: "quantity", Message: err.Error() + "."}
	}
	if _, err := basisPoints(l.DiscountPercent); err != nil {
		return Line{}, &InputError{Field: "discount_percent", Message: "the discount must be a percentage from 0 to 100 with at most 2 decimals."}
	}
	if _, err := rateMilli(l.TaxRate); err != nil {
		return Line{}, &InputError{Field: "tax_rate", Message: err.Error() + "."}
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
