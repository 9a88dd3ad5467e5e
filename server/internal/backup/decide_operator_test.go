package backup

import "testing"

func TestDecideOperator(t *testing.T) {
	cases := []struct {
		name, operator, email string
		verified, want        bool
	}{
		{"the named, verified account", "boss@example.com", "boss@example.com", true, true},
		{"case does not matter", "boss@example.com", "Boss@Example.COM", true, true},
		{"not verified: maybe not the operator's", "boss@example.com", "boss@example.com", false, false},
		{"another account", "boss@example.com", "alice@example.com", true, false},
		{"nobody named", "", "boss@example.com", true, false},
		{"no email", "boss@example.com", "", true, false},
	}
	for _, c := range cases {
		if got := decideOperator(c.operator, c.email, c.verified); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
