package money

import (
	"fmt"
	"strings"
)

// minorDigits lists the ISO 4217 currencies whose minor
// unit is not the usual hundredth; every other code has 2 decimals, which
// is what the web app's Intl.NumberFormat also assumes for them.
var minorDigits = map[string]int{
	"BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0,
	"RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
	"BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
}

// MinorDigits is the number of decimals of a currency's minor unit.
func MinorDigits(currency string) int {
	if d, ok := minorDigits[strings.ToUpper(currency)]; ok {
		return d
	}
	return 2
}

// Format writes an amount in minor units for a message: 1234 EUR →
// "12.34 EUR", -5 EUR → "-0.05 EUR", 1234 JPY → "1234 JPY". It is for
// error texts, not for display in the UI (which is locale-aware).
func Format(cents int64, currency string) string {
	digits := MinorDigits(currency)
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	if digits == 0 {
		return fmt.Sprintf("%s%d %s", sign, cents, currency)
	}
	unit := int64(1)
	for range digits {
		unit *= 10
	}
	return fmt.Sprintf("%s%d.%0*d %s", sign, cents/unit, digits, cents%unit, currency)
}
