package backup

import "testing"

func TestDecideOperator(t *testing.T) {
	const ops = "ops@folio-ops.example"
	cases := []struct {
		name, operator, email string
		verified, want        bool
	}{
		{"the named, verified account", "boss@example.com", "boss@example.com", true, true},
		{"case does not matter (ASCII)", "boss@example.com", "Boss@Example.COM", true, true},
		{"not verified: maybe not the operator's", "boss@example.com", "boss@example.com", false, false},
		{"another account", "boss@example.com", "alice@example.com", true, false},
		{"nobody named", "", "boss@example.com", true, false},
		{"no email", "boss@example.com", "", true, false},
		// Look-alikes: other addresses, never the operator.
		{"long s in the domain", ops, "ops@folio-op\u017f.example", true, false},
		{"long s in the local part", ops, "op\u017f@folio-ops.example", true, false},
		{"Kelvin sign", "kim@folio.example", "\u212aim@folio.example", true, false},
		{"dotless i", "ops@mail.example", "ops@ma\u0131l.example", true, false},
		{"fullwidth letters", ops, "\uff4f\uff50\uff53@folio-ops.example", true, false},
		{"Cyrillic a", "ops@mail.example", "ops@m\u0430il.example", true, false},
		{"trailing space", ops, ops + " ", true, false},
		{"trailing dot", ops, ops + ".", true, false},
		{"a non-ASCII operator matches nobody", "op\u017f@folio-ops.example", "op\u017f@folio-ops.example", true, false},
	}
	for _, c := range cases {
		if got := decideOperator(c.operator, c.email, c.verified); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
