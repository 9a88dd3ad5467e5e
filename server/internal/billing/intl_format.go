package billing

import (
	_ "embed"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"folio/server/internal/money"
)

// How the web app's Intl writes money and dates in each document language
// (the sheet, the PDF and the customer's page), so that the mails say every
// figure alike: "€4,997.75" and "Dec 27, 2026" in English, "4.997,75 €"
// and "27.12.2026" in German. intl_formats.json is written from Intl by
// scripts/intl-formats.mjs; the vectors it writes too
// (tests/vectors/mail-values.json) hold both sides to it.

//go:embed intl_formats.json
var intlFormatsJSON []byte

// intlMoney is one currency's text around the number, positive and
// negative ([prefix, suffix]).
type intlMoney struct {
	Digits int       `json:"digits"`
	Pos    [2]string `json:"pos"`
	Neg    [2]string `json:"neg"`
}

// intlDateToken is a literal or a field: day, day2 (two digits), month,
// month2, monthName, year.
type intlDateToken struct {
	Literal string `json:"literal"`
	Field   string `json:"field"`
}

type intlLanguage struct {
	// Percent is a rate's text around its number ([prefix, suffix]).
	Percent [2]string `json:"percent"`
	Group   string    `json:"group"`
	Decimal string    `json:"decimal"`
	// Group4 groups a 4-digit whole part (1,234); Spanish does from 5 on.
	Group4 bool                 `json:"group4"`
	Money  map[string]intlMoney `json:"money"`
	// Other is the pattern of a currency not listed, Code standing for it.
	Other struct {
		Code string    `json:"code"`
		Pos  [2]string `json:"pos"`
		Neg  [2]string `json:"neg"`
	} `json:"other"`
	Date struct {
		Tokens []intlDateToken `json:"tokens"`
		Months []string        `json:"months"`
	} `json:"date"`
}

var intlFormats = func() map[string]intlLanguage {
	var out map[string]intlLanguage
	if err := json.Unmarshal(intlFormatsJSON, &out); err != nil {
		panic("intl_formats.json: " + err.Error())
	}
	return out
}()

// intlFormatOf is a document language's formats, English for another.
func intlFormatOf(lang string) intlLanguage {
	if f, ok := intlFormats[lang]; ok {
		return f
	}
	return intlFormats["en"]
}

// money writes an amount as Intl.NumberFormat's currency style does.
func (f intlLanguage) money(cents int64, currency string) string {
	m, ok := f.Money[currency]
	if !ok {
		other := f.Other
		fill := func(s string) string { return strings.ReplaceAll(s, other.Code, currency) }
		m = intlMoney{Digits: money.MinorDigits(currency),
			Pos: [2]string{fill(other.Pos[0]), fill(other.Pos[1])}, Neg: [2]string{fill(other.Neg[0]), fill(other.Neg[1])}}
	}
	around := m.Pos
	abs := cents
	if cents < 0 {
		around, abs = m.Neg, -cents
	}
	digits := strconv.FormatInt(abs, 10)
	whole, frac := digits, ""
	if m.Digits > 0 {
		digits = strings.Repeat("0", max(0, m.Digits+1-len(digits))) + digits
		whole, frac = digits[:len(digits)-m.Digits], digits[len(digits)-m.Digits:]
	}
	out := f.group(whole)
	if frac != "" {
		out += f.Decimal + frac
	}
	return around[0] + out + around[1]
}

// group puts the group separator into a whole part.
func (f intlLanguage) group(digits string) string {
	if len(digits) <= 3 || (len(digits) == 4 && !f.Group4) {
		return digits
	}
	var b strings.Builder
	head := len(digits) % 3
	if head > 0 {
		b.WriteString(digits[:head])
	}
	for i := head; i < len(digits); i += 3 {
		if b.Len() > 0 {
			b.WriteString(f.Group)
		}
		b.WriteString(digits[i : i+3])
	}
	return b.String()
}

// date writes a YYYY-MM-DD day as Intl.DateTimeFormat's medium style does;
// anything unreadable is left as it is.
func (f intlLanguage) date(day string) string {
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	var b strings.Builder
	for _, t := range f.Date.Tokens {
		switch t.Field {
		case "":
			b.WriteString(t.Literal)
		case "day":
			b.WriteString(strconv.Itoa(d.Day()))
		case "day2":
			b.WriteString(d.Format("02"))
		case "month":
			b.WriteString(strconv.Itoa(int(d.Month())))
		case "month2":
			b.WriteString(d.Format("01"))
		case "monthName":
			b.WriteString(f.Date.Months[d.Month()-1])
		case "year":
			b.WriteString(strconv.Itoa(d.Year()))
		}
	}
	return b.String()
}
