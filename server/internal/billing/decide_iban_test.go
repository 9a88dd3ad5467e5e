package billing

import "testing"

func TestDecideBank(t *testing.T) {
	cases := []struct {
		name, iban, bic   string
		wantIBAN, wantBIC string
		code              string // "" when accepted
	}{
		{name: "EPC069-12 example", iban: "BE72000000001616", wantIBAN: "BE72000000001616"},
		{name: "German example", iban: "DE89370400440532013000", wantIBAN: "DE89370400440532013000"},
		{name: "British example with letters", iban: "GB29NWBK60161331926819", wantIBAN: "GB29NWBK60161331926819"},
		{name: "French example", iban: "FR1420041010050500013M02606", wantIBAN: "FR1420041010050500013M02606"},
		{name: "printed groups and lower case are normalized", iban: "de89 3704 0044 0532 0130 00", wantIBAN: "DE89370400440532013000"},
		{name: "dashes and non-breaking spaces are dropped", iban: "BE72-0000\u00a00000-1616", wantIBAN: "BE72000000001616"},
		{name: "empty is allowed", iban: "", bic: "", wantIBAN: "", wantBIC: ""},
		{name: "wrong check digits", iban: "DE88370400440532013000", code: "folio_invalid_iban"},
		{name: "one digit changed", iban: "BE72000000001617", code: "folio_invalid_iban"},
		{name: "two digits swapped", iban: "DE89370400440532010300", code: "folio_invalid_iban"},
		{name: "no country", iban: "7200000000161612", code: "folio_invalid_iban"},
		{name: "letters as check digits", iban: "BEAB000000001616", code: "folio_invalid_iban"},
		{name: "symbols", iban: "BE72.0000.0000.1616", code: "folio_invalid_iban"},
		{name: "too short", iban: "BE72", code: "folio_invalid_iban"},
		{name: "too long", iban: "BE72000000001616000000000000000000000", code: "folio_invalid_iban"},
		{name: "BIC of 8", iban: "BE72000000001616", bic: "gebabebb", wantIBAN: "BE72000000001616", wantBIC: "GEBABEBB"},
		{name: "BIC of 11", bic: "DEUTDEFF500", wantBIC: "DEUTDEFF500"},
		{name: "BIC of 9", bic: "DEUTDEFF5", code: "folio_invalid_bic"},
		{name: "BIC with a symbol", bic: "DEUT-DEFF", code: "folio_invalid_bic"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			iban, bic, rerr := decideBank(c.iban, c.bic)
			if c.code != "" {
				if rerr == nil || rerr.code != c.code {
					t.Fatalf("decideBank(%q, %q) = %v, want %s", c.iban, c.bic, rerr, c.code)
				}
				return
			}
			if rerr != nil {
				t.Fatalf("decideBank(%q, %q) refused: %v", c.iban, c.bic, rerr)
			}
			if iban != c.wantIBAN || bic != c.wantBIC {
				t.Errorf("decideBank(%q, %q) = %q, %q; want %q, %q", c.iban, c.bic, iban, bic, c.wantIBAN, c.wantBIC)
			}
		})
	}
}
