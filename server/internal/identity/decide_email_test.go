package identity

import "testing"

func TestSameAddress(t *testing.T) {
	t.Parallel()
	const ops = "ops@folio-ops.example"
	cases := []struct {
		name, a, b string
		want       bool
	}{
		{"the same address", ops, ops, true},
		{"case in the domain", ops, "ops@Folio-OPS.Example", true},
		{"case in the local part (PocketBase: one account)", ops, "OPS@folio-ops.example", true},
		{"long s in the domain", ops, "ops@folio-op\u017f.example", false},
		{"long s in the local part", ops, "op\u017f@folio-ops.example", false},
		{"Kelvin sign", "k@folio.example", "\u212a@folio.example", false},
		{"Kelvin sign in the domain", "ops@kit.example", "ops@\u212ait.example", false},
		{"dotless i", "ops@mail.example", "ops@ma\u0131l.example", false},
		{"dotted capital I", "ops@mail.example", "ops@ma\u0130l.example", false},
		{"fullwidth letters", ops, "ops@\uff46olio-ops.example", false},
		{"Cyrillic a", "ops@mail.example", "ops@m\u0430il.example", false},
		{"trailing space", ops, ops + " ", false},
		{"leading space", ops, " " + ops, false},
		{"trailing dot", ops, ops + ".", false},
		{"doubled dot", ops, "ops@folio-ops..example", false},
		{"non-breaking space", ops, ops + "\u00a0", false},
		{"another local part", ops, "opz@folio-ops.example", false},
		{"another domain", ops, "ops@folio-ops.example.net", false},
		{"both non-ASCII, equal strings", "op\u017f@x.example", "op\u017f@x.example", false},
		{"empty", "", "", false},
		{"no at", "ops", "ops", false},
		{"two ats", "a@b@c.example", "a@b@c.example", false},
		{"empty local part", "@x.example", "@x.example", false},
		{"empty domain", "ops@", "ops@", false},
		{"a control character", "ops@x.example\n", "ops@x.example\n", false},
	}
	for _, c := range cases {
		if got := SameAddress(c.a, c.b); got != c.want {
			t.Errorf("%s: SameAddress(%q, %q) = %v, want %v", c.name, c.a, c.b, got, c.want)
		}
		if got := SameAddress(c.b, c.a); got != c.want {
			t.Errorf("%s (swapped): SameAddress(%q, %q) = %v, want %v", c.name, c.b, c.a, got, c.want)
		}
	}
}

func TestLimitKey(t *testing.T) {
	t.Parallel()
	cases := []struct{ addr, want string }{
		{"Boss@Example.COM", "boss@example.com"},
		// A look-alike keeps its own key: never the one it imitates.
		{"\u212a@folio.example", "\u212a@folio.example"},
		{"op\u017f@Folio.example", "op\u017f@Folio.example"},
	}
	for _, c := range cases {
		if got := LimitKey(c.addr); got != c.want {
			t.Errorf("LimitKey(%q) = %q, want %q", c.addr, got, c.want)
		}
	}
}

func TestMailboxKey(t *testing.T) {
	t.Parallel()
	cases := []struct{ addr, want string }{
		{"Boss@Example.COM", "boss@example.com"},
		{"boss+anything@example.com", "boss@example.com"},
		{"Boss+a+b@Example.com", "boss@example.com"},
		{"+tag@example.com", "+tag@example.com"}, // no base address to fall back on
		{"op\u017f+x@example.com", "op\u017f+x@example.com"},
	}
	for _, c := range cases {
		if got := MailboxKey(c.addr); got != c.want {
			t.Errorf("MailboxKey(%q) = %q, want %q", c.addr, got, c.want)
		}
	}
}
