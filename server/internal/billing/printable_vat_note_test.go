package billing

import (
	"testing"

	"folio/server/internal/money"
)

func TestVATNote(t *testing.T) {
	zero := []money.TaxGroup{{Rate: 0, NetCents: 100}}
	standard := []money.TaxGroup{{Rate: 19, NetCents: 100, TaxCents: 19}}
	cases := []struct {
		name, category, reason string
		groups                 []money.TaxGroup
		want                   string
	}{
		{"reverse charge on a 0 % line is printed", "AE", " Reverse charge ", zero, "Reverse charge"},
		{"zero-rated needs no note", "Z", "Zero-rated", zero, ""},
		{"no 0 % line, no note", "E", "Exempt under §4", standard, ""},
		{"no reason, nothing to print", "K", "", zero, ""},
		{"no category stored (older documents)", "", "x", zero, ""},
	}
	for _, c := range cases {
		if got := vatNote(c.category, c.reason, c.groups); got != c.want {
			t.Errorf("%s: vatNote = %q, want %q", c.name, got, c.want)
		}
	}
}
