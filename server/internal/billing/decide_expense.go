package billing

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"folio/server/internal/money"
	"folio/server/migrations"
)

// ExpenseAmountMax bounds each amount of an expense's VAT line, in cents
// (a billion in the currency's unit: ten lines stay exact in a JSON number).
const ExpenseAmountMax = 100_000_000_000

// ExpenseLine is one VAT line of an expense, as stored: the rate and the
// three amounts, net + VAT = gross.
type ExpenseLine struct {
	Rate       float64 `json:"rate"`
	NetCents   int64   `json:"net_cents"`
	VATCents   int64   `json:"vat_cents"`
	GrossCents int64   `json:"gross_cents"`
}

// ExpenseTotals are an expense's lines as stored and their sums.
type ExpenseTotals struct {
	Lines      []ExpenseLine
	NetCents   int64
	VATCents   int64
	TotalCents int64
}

// DecideExpense is decideExpense for the other packages (the received
// e-invoice reader, the reports): the lines of raw (the vat_lines JSON)
// checked and completed, or the refusal's code and sentence.
func DecideExpense(raw []byte, currency string) (ExpenseTotals, error) {
	t, rerr := decideExpense(raw, currency)
	if rerr != nil {
		return t, rerr
	}
	return t, nil
}

// decideExpense checks an expense's VAT lines and completes them. Each
// line has a rate (0–100, at most 3 decimals) and the gross or the net
// amount as the receipt shows it, in whole cents ≥ 0; the VAT is computed
// from it, half away from zero:
//
//	from gross: vat = round(gross × rate / (100 + rate)), net = gross − vat
//	from net:   vat = round(net × rate / 100),           gross = net + vat
//
// A VAT amount given too (printed on the receipt) is kept when it is
// within 1 cent of the computed one, and refused otherwise. A line that
// gives gross and net (a stored line sent back) must add up: net + VAT =
// gross. An expense has 1 to 10 lines, one per rate (a second line at a
// rate is refused, not merged: the receipt's lines are kept as typed).
// The totals are the sums of the lines.
func decideExpense(raw []byte, currency string) (ExpenseTotals, *ruleError) {
	out := ExpenseTotals{Lines: []ExpenseLine{}}
	field := migrations.FieldVATLines
	var lines []map[string]any
	text := strings.TrimSpace(string(raw))
	if text == "" || text == "null" {
		lines = nil
	} else if err := json.Unmarshal([]byte(text), &lines); err != nil {
		return out, newRuleError(field, "folio_expense_lines_invalid", msgExpenseLinesInvalid)
	}
	if len(lines) == 0 || len(lines) > migrations.ExpenseLinesMax {
		return out, &ruleError{field: field, code: "folio_expense_lines_count",
			message: fmt.Sprintf(fmtExpenseLinesCount, migrations.ExpenseLinesMax), params: params{"max": migrations.ExpenseLinesMax}}
	}
	var rates []int64
	for i, l := range lines {
		n := i + 1
		lineErr := func(code, format string) *ruleError {
			return &ruleError{field: field, code: code, message: fmt.Sprintf(format, n), params: params{"line": n}}
		}
		if l == nil {
			return out, newRuleError(field, "folio_expense_lines_invalid", msgExpenseLinesInvalid)
		}
		rate, isNumber := l["rate"].(float64)
		milli, ok := money.RateMilli(rate)
		if !isNumber || !ok {
			return out, lineErr("folio_expense_rate_invalid", fmtExpenseRateInvalid)
		}
		if slices.Contains(rates, milli) {
			return out, lineErr("folio_expense_rate_twice", fmtExpenseRateTwice)
		}
		rates = append(rates, milli)

		gross, hasGross, okG := centsOf(l["gross_cents"])
		net, hasNet, okN := centsOf(l["net_cents"])
		vat, hasVAT, okV := centsOf(l["vat_cents"])
		if !okG || !okN || !okV {
			return out, lineErr("folio_expense_amount_invalid", fmtExpenseAmountInvalid)
		}
		var computed int64
		switch {
		case hasGross:
			computed = money.MulDivRound(gross, milli, 100_000+milli)
		case hasNet:
			computed = money.MulDivRound(net, milli, 100_000)
		default:
			return out, lineErr("folio_expense_amount_missing", fmtExpenseAmountMissing)
		}
		if !hasVAT {
			vat = computed
		} else if vat-computed > 1 || computed-vat > 1 {
			return out, &ruleError{field: field, code: "folio_expense_vat_mismatch",
				message: fmt.Sprintf(fmtExpenseVATMismatch, n, money.Format(computed, currency)),
				params:  params{"line": n, "amount": money.Format(computed, currency), "amount_cents": computed, "currency": currency}}
		}
		switch {
		case hasGross && hasNet:
			if net+vat != gross {
				return out, lineErr("folio_expense_line_mismatch", fmtExpenseLineMismatch)
			}
		case hasGross:
			net = gross - vat
		default:
			gross = net + vat
		}
		if net < 0 || gross > ExpenseAmountMax {
			return out, lineErr("folio_expense_line_mismatch", fmtExpenseLineMismatch)
		}
		out.Lines = append(out.Lines, ExpenseLine{Rate: float64(milli) / 1000, NetCents: net, VATCents: vat, GrossCents: gross})
		out.NetCents += net
		out.VATCents += vat
		out.TotalCents += gross
	}
	return out, nil
}

// centsOf reads an amount of a line: absent (or null), or a whole number
// of cents from 0 to ExpenseAmountMax (ok false otherwise).
func centsOf(v any) (cents int64, present, ok bool) {
	if v == nil {
		return 0, false, true
	}
	f, isNumber := v.(float64)
	if !isNumber || f != math.Trunc(f) || f < 0 || f > ExpenseAmountMax {
		return 0, true, false
	}
	return int64(f), true, true
}

// decideExpenseCategories checks a business's expense categories: a list
// of at most migrations.ExpenseCategoriesMax names, each trimmed, not empty
// and at most migrations.ExpenseCategoryMax characters, each once. An
// absent list stays absent (the business gets the default one).
func decideExpenseCategories(raw []byte) ([]string, *ruleError) {
	text := strings.TrimSpace(string(raw))
	if text == "" || text == "null" {
		return nil, nil
	}
	bad := newRuleError(migrations.FieldExpenseCategories, "folio_expense_categories_invalid", msgExpenseCategories)
	var names []string
	if err := json.Unmarshal([]byte(text), &names); err != nil || len(names) > migrations.ExpenseCategoriesMax {
		return nil, bad
	}
	out := make([]string, 0, len(names))
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "" || len([]rune(n)) > migrations.ExpenseCategoryMax {
			return nil, bad
		}
		if !slices.ContainsFunc(out, func(o string) bool { return strings.EqualFold(o, n) }) {
			out = append(out, n)
		}
	}
	return out, nil
}
