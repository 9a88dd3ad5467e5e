package billing

import (
	"strings"
)

// normalizeIBAN writes an IBAN as it is stored: without spaces (or the
// dashes some people type), upper case.
func normalizeIBAN(s string) string {
	return strings.ToUpper(strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '-', '\u00a0':
			return -1
		}
		return r
	}, s))
}

// validIBAN checks a normalized IBAN with ISO 13616: two letters, two check
// digits, up to 30 letters and digits, and mod 97 of the rearranged number
// (letters as 10..35) equal to 1. It does not know each country's length.
func validIBAN(iban string) bool {
	if len(iban) < 5 || len(iban) > 34 {
		return false
	}
	for i, c := range iban {
		switch {
		case i < 2 && (c < 'A' || c > 'Z'):
			return false
		case i >= 2 && i < 4 && (c < '0' || c > '9'):
			return false
		case (c < '0' || c > '9') && (c < 'A' || c > 'Z'):
			return false
		}
	}
	rest := 0
	for _, c := range iban[4:] + iban[:4] {
		if c >= 'A' {
			rest = (rest*100 + int(c-'A') + 10) % 97
		} else {
			rest = (rest*10 + int(c-'0')) % 97
		}
	}
	return rest == 1
}

// normalizeBIC writes a BIC as stored: trimmed, without spaces, upper case.
func normalizeBIC(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), ""))
}

// validBIC accepts 8 or 11 letters and digits.
func validBIC(bic string) bool {
	if len(bic) != 8 && len(bic) != 11 {
		return false
	}
	for _, c := range bic {
		if (c < '0' || c > '9') && (c < 'A' || c > 'Z') {
			return false
		}
	}
	return true
}

// decideBank normalizes the bank fields of the business settings and
// refuses an IBAN whose check digits are wrong or a malformed BIC. Empty
// values are allowed: the invoices then carry no payment instructions.
func decideBank(iban, bic string) (string, string, *ruleError) {
	iban, bic = normalizeIBAN(iban), normalizeBIC(bic)
	if iban != "" && !validIBAN(iban) {
		return "", "", newRuleError("iban", "folio_invalid_iban", msgInvalidIBAN)
	}
	if bic != "" && !validBIC(bic) {
		return "", "", newRuleError("bic", "folio_invalid_bic", msgInvalidBIC)
	}
	return iban, bic, nil
}
