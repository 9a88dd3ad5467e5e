package inbound

import (
	"math/big"
	"strings"
)

// Problem is one thing wrong with a received e-invoice: a code the web
// app says in a sentence (src/locales/*/inbound.json, "problem.<code>")
// and the values the sentence is filled in with. Amounts in params are
// decimal strings with two decimals, as the invoice gives them.
type Problem struct {
	Code   string         `json:"code"`
	Params map[string]any `json:"params,omitempty"`
}

// The problem codes (ProblemCodes lists them for the catalogue's test).
const (
	// A required field is missing; params.field names it.
	problemMissing = "missing"
	// An amount or rate is not a number; params.field names it.
	problemNotNumber = "not_number"
	// A date is not a date; params.field, params.value.
	problemBadDate = "bad_date"
	// BR-CO-10: the lines' net amounts don't add up to the line total.
	problemLinesSum = "lines_sum"
	// BR-CO-13: net total ≠ line total − allowances + charges.
	problemNetTotal = "net_total"
	// BR-CO-17: a rate's VAT ≠ its taxable amount × rate.
	problemVATRate = "vat_rate"
	// BR-CO-14: the rates' VAT doesn't add up to the VAT total.
	problemVATSum = "vat_sum"
	// The rates' taxable amounts don't add up to the net total.
	problemVATBasis = "vat_basis"
	// BR-CO-15: gross ≠ net + VAT.
	problemGross = "gross"
	// BR-CO-16: payable ≠ gross − prepaid + rounding.
	problemPayable = "payable"
	// A line's rate has no line in the VAT breakdown.
	problemRateMissing = "rate_not_in_breakdown"
)

// ProblemCodes are every code Check can answer.
var ProblemCodes = []string{
	problemMissing, problemNotNumber, problemBadDate, problemLinesSum, problemNetTotal,
	problemVATRate, problemVATSum, problemVATBasis, problemGross, problemPayable, problemRateMissing,
}

// The fields a problem may name (params.field).
const (
	fieldNumber   = "number"
	fieldDate     = "issue_date"
	fieldDueDate  = "due_date"
	fieldSeller   = "seller_name"
	fieldCurrency = "currency"
	fieldLines    = "lines"
	fieldVAT      = "vat"
	fieldLineNet  = "line_net"
	fieldRate     = "vat_rate"
	fieldLineSum  = "line_total"
	fieldNet      = "net_total"
	fieldVATTotal = "vat_total"
	fieldGross    = "gross_total"
	fieldPrepaid  = "prepaid"
	fieldRounding = "rounding"
	fieldPayable  = "payable"
	fieldAllow    = "allowances"
	fieldCharges  = "charges"
	fieldTaxable  = "taxable"
	fieldTax      = "tax"
)

// problemFields are every field a problem may name.
var problemFields = []string{
	fieldNumber, fieldDate, fieldDueDate, fieldSeller, fieldCurrency, fieldLines, fieldVAT, fieldLineNet,
	fieldRate, fieldLineSum, fieldNet, fieldVATTotal, fieldGross, fieldPrepaid, fieldRounding, fieldPayable,
	fieldAllow, fieldCharges, fieldTaxable, fieldTax,
}

// tolerance is how far a computed amount may be from the given one, in
// hundredths: one cent, the rounding of one step.
const tolerance = 1

// Check answers what is wrong with d: the fields EN 16931 requires that
// the reader found empty, and the arithmetic of its totals (checked only
// where the amounts it needs are numbers). No problem means the invoice's
// figures agree with each other.
func Check(d Document) []Problem {
	var out []Problem
	add := func(code string, params map[string]any) { out = append(out, Problem{Code: code, Params: params}) }
	missing := func(field, value string) bool {
		if strings.TrimSpace(value) == "" {
			add(problemMissing, map[string]any{"field": field})
			return true
		}
		return false
	}
	missing(fieldNumber, d.Number)
	if !missing(fieldDate, d.IssueDate) && !isDate(d.IssueDate) {
		add(problemBadDate, map[string]any{"field": fieldDate, "value": d.IssueDate})
	}
	if d.DueDate != "" && !isDate(d.DueDate) {
		add(problemBadDate, map[string]any{"field": fieldDueDate, "value": d.DueDate})
	}
	missing(fieldSeller, d.Seller.Name)
	missing(fieldCurrency, d.Currency)
	if len(d.Lines) == 0 {
		add(problemMissing, map[string]any{"field": fieldLines})
	}
	if len(d.VAT) == 0 {
		add(problemMissing, map[string]any{"field": fieldVAT})
	}

	// Amounts: a number where given; an optional one that is absent is 0,
	// a required one is missing.
	ok := true
	num := func(field, value string, optional bool) int64 {
		if value == "" && optional {
			return 0
		}
		c, good := hundredths(value)
		if !good {
			if value == "" {
				add(problemMissing, map[string]any{"field": field})
			} else {
				add(problemNotNumber, map[string]any{"field": field, "value": value})
			}
			ok = false
		}
		return c
	}
	var lineSum int64
	for _, l := range d.Lines {
		lineSum += num(fieldLineNet, l.Net, false)
	}
	t := d.Totals
	lines := num(fieldLineSum, t.Lines, false)
	allowances := num(fieldAllow, t.Allowances, true)
	charges := num(fieldCharges, t.Charges, true)
	net := num(fieldNet, t.Net, false)
	vat := num(fieldVATTotal, t.VAT, true)
	gross := num(fieldGross, t.Gross, false)
	prepaid := num(fieldPrepaid, t.Prepaid, true)
	rounding := num(fieldRounding, t.Rounding, true)
	payable := num(fieldPayable, t.Payable, false)
	var taxableSum, taxSum int64
	type group struct{ taxable, tax, rate int64 }
	groups := make([]group, 0, len(d.VAT))
	for _, g := range d.VAT {
		rate := rateOf(g.Rate)
		if rate < 0 {
			add(problemNotNumber, map[string]any{"field": fieldRate, "value": g.Rate})
			ok = false
		}
		gr := group{taxable: num(fieldTaxable, g.Taxable, false), tax: num(fieldTax, g.Tax, false), rate: rate}
		taxableSum += gr.taxable
		taxSum += gr.tax
		groups = append(groups, gr)
	}
	if !ok {
		return out
	}
	cur := d.Currency
	differs := func(a, b int64) bool { return a-b > tolerance || b-a > tolerance }
	if len(d.Lines) > 0 && lineSum != lines {
		add(problemLinesSum, map[string]any{"sum": decimal(lineSum), "total": decimal(lines), "currency": cur})
	}
	if want := lines - allowances + charges; differs(net, want) {
		add(problemNetTotal, map[string]any{"net": decimal(net), "expected": decimal(want), "currency": cur})
	}
	for i, g := range groups {
		if want := percentOf(g.taxable, g.rate); differs(g.tax, want) {
			add(problemVATRate, map[string]any{"rate": d.VAT[i].Rate, "tax": decimal(g.tax), "expected": decimal(want), "currency": cur})
		}
	}
	if len(groups) > 0 && taxSum != vat {
		add(problemVATSum, map[string]any{"sum": decimal(taxSum), "total": decimal(vat), "currency": cur})
	}
	if len(groups) > 0 && taxableSum != net {
		add(problemVATBasis, map[string]any{"sum": decimal(taxableSum), "total": decimal(net), "currency": cur})
	}
	if want := net + vat; gross != want {
		add(problemGross, map[string]any{"gross": decimal(gross), "expected": decimal(want), "currency": cur})
	}
	if want := gross - prepaid + rounding; payable != want {
		add(problemPayable, map[string]any{"payable": decimal(payable), "expected": decimal(want), "currency": cur})
	}
	for _, l := range d.Lines {
		r := rateOf(l.VATRate)
		if l.VATRate == "" {
			r = 0
		}
		found := false
		for i, g := range groups {
			if g.rate == r && (l.VATCategory == "" || d.VAT[i].Category == "" || d.VAT[i].Category == l.VATCategory) {
				found = true
				break
			}
		}
		if !found && len(groups) > 0 {
			add(problemRateMissing, map[string]any{"rate": firstOf(l.VATRate, "0"), "line": l.ID})
			break
		}
	}
	return out
}

// hundredths reads a decimal amount ("119.00", "-5", "12.345") in
// hundredths, rounded half away from zero; false if it is not a number.
func hundredths(s string) (int64, bool) {
	return minor(s, 2)
}

// rateOf reads a VAT rate in hundredths of a percent (19 → 1900,
// 5.5 → 550); -1 if it is not a rate from 0 to 100.
func rateOf(s string) int64 {
	if strings.TrimSpace(s) == "" {
		return 0
	}
	c, ok := hundredths(s)
	if !ok || c < 0 || c > 10000 {
		return -1
	}
	return c
}

// percentOf is amount × rate (hundredths of a percent), rounded half away
// from zero.
func percentOf(amount, rate int64) int64 {
	r := new(big.Rat).SetFrac(new(big.Int).Mul(big.NewInt(amount), big.NewInt(rate)), big.NewInt(10000))
	v, _ := roundRat(r)
	return v
}

func roundRat(r *big.Rat) (int64, bool) {
	num, den := new(big.Int).Set(r.Num()), r.Denom()
	neg := num.Sign() < 0
	num.Abs(num)
	q, m := new(big.Int).QuoRem(num, den, new(big.Int))
	if new(big.Int).Mul(m, big.NewInt(2)).Cmp(den) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if !q.IsInt64() {
		return 0, false
	}
	v := q.Int64()
	if neg {
		v = -v
	}
	return v, true
}

// decimal writes hundredths with two decimals: 11900 → "119.00".
func decimal(c int64) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	frac := c % 100
	s := sign + big.NewInt(c/100).String() + "."
	if frac < 10 {
		s += "0"
	}
	return s + big.NewInt(frac).String()
}

// isDate says whether s is a calendar date YYYY-MM-DD.
func isDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' || !allDigits(s[:4]+s[5:7]+s[8:]) {
		return false
	}
	m := int(s[5]-'0')*10 + int(s[6]-'0')
	day := int(s[8]-'0')*10 + int(s[9]-'0')
	if m < 1 || m > 12 || day < 1 {
		return false
	}
	y := int(s[0]-'0')*1000 + int(s[1]-'0')*100 + int(s[2]-'0')*10 + int(s[3]-'0')
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days = 29
	}
	return day <= days
}
