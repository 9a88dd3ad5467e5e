package billing

import (
	"strings"
	"testing"
)

func TestFormatNumber(t *testing.T) {
	cases := []struct {
		prefix string
		seq    int
		want   string
	}{
		{"INV-", 1, "INV-00001"},
		{"INV-", 42, "INV-00042"},
		{"QUO-", 99999, "QUO-99999"},
		{"PAY-", 100000, "PAY-100000"},
		{"", 7, "00007"},
		{"2026/", 12, "2026/00012"},
	}
	for _, c := range cases {
		if got := FormatNumber(c.prefix, c.seq); got != c.want {
			t.Errorf("FormatNumber(%q, %d) = %q, want %q", c.prefix, c.seq, got, c.want)
		}
	}
}

func TestPrefixFor(t *testing.T) {
	cases := []struct{ collection, setting, want string }{
		{"invoices", "", "INV-"},
		{"quotes", "", "QUO-"},
		{"payments", "", "PAY-"},
		{"invoices", "F-", "F-"},
	}
	for _, c := range cases {
		if got := PrefixFor(c.collection, c.setting); got != c.want {
			t.Errorf("PrefixFor(%s, %q) = %q, want %q", c.collection, c.setting, got, c.want)
		}
	}
}

func TestPrefixesClash(t *testing.T) {
	t.Parallel()
	cases := []struct {
		a, b  string
		clash bool
	}{
		{"INV-", "INV-", true},
		{"INV-", "inv-", true},           // letters regardless of case
		{"Rechnung-", "RECHNUNG-", true}, // longer words too
		{"INV-", "INV-2", true},          // INV-200001 is both
		{"INV-2", "INV-", true},          // either way round
		{"INV-", "INV-0", true},          // digits only, a zero too
		{"INV-", "INV-2026-", false},     // a dash after the digits: INV-2026-00001 is never INV-'s
		{"INV-", "INV-CN-", false},       // a letter where INV- has a digit
		{"INV", "INV-", false},           // a dash where INV has a digit
		{"2026/", "2026/1", true},
		{"F", "G", false},
		{"CN-", "INV-", false},
		{"", "INV-", false}, // (an empty setting is its default before it gets here)
		{"", "", true},
		{"", "2026", true}, // 2026 + 00001 is digits only, like an empty prefix's 202600001
	}
	for _, c := range cases {
		if got := prefixesClash(c.a, c.b); got != c.clash {
			t.Errorf("prefixesClash(%q, %q) = %v, want %v", c.a, c.b, got, c.clash)
		}
	}
}

func TestDecidePrefixes(t *testing.T) {
	t.Parallel()
	defaults := func() map[string]string {
		return map[string]string{"invoice_prefix": "INV-", "quote_prefix": "QUO-", "payment_prefix": "PAY-", "credit_note_prefix": "CN-"}
	}
	// Every pair of kinds: one takes the other's prefix, in another case.
	for _, mine := range numbered {
		for _, theirs := range numbered {
			if mine == theirs {
				continue
			}
			p := defaults()
			field := numberings[mine].field
			p[field] = strings.ToLower(p[numberings[theirs].field])
			got := decidePrefixes(p, []string{field})
			if got == nil || got.code != "folio_prefix_clash" || got.field != field ||
				got.params["kind"] != numberings[theirs].kind || got.params["prefix"] != p[numberings[theirs].field] {
				t.Errorf("%s takes %s's prefix: %+v", mine, theirs, got)
			}
		}
	}
	cases := []struct {
		name     string
		settings map[string]string
		changed  []string
		field    string // "" when allowed
		kind     string
	}{
		{"the defaults", defaults(), []string{"invoice_prefix", "quote_prefix", "payment_prefix", "credit_note_prefix"}, "", ""},
		{"credit notes numbered INV-", map[string]string{"credit_note_prefix": "INV-"}, []string{"credit_note_prefix"}, "credit_note_prefix", "invoice"},
		{"an empty invoice prefix is INV-", map[string]string{"invoice_prefix": "", "credit_note_prefix": "INV-"}, []string{"credit_note_prefix"}, "credit_note_prefix", "invoice"},
		{"the invoice prefix changed to CN-", map[string]string{"invoice_prefix": "CN-", "credit_note_prefix": "CN-"}, []string{"invoice_prefix"}, "invoice_prefix", "credit_note"},
		{"an empty prefix changed: it is its default", map[string]string{"quote_prefix": "", "payment_prefix": "QUO-"}, []string{"quote_prefix"}, "quote_prefix", "payment"},
		{"a payment prefix continuing the quotes' with digits", map[string]string{"payment_prefix": "quo-9"}, []string{"payment_prefix"}, "payment_prefix", "quote"},
		{"a credit note prefix continuing the invoices' with letters", map[string]string{"credit_note_prefix": "INV-CN-"}, []string{"credit_note_prefix"}, "", ""},
		{"a clash from before, left unchanged", map[string]string{"credit_note_prefix": "INV-"}, []string{"quote_prefix"}, "", ""},
		{"nothing changed", map[string]string{"credit_note_prefix": "INV-"}, nil, "", ""},
	}
	for _, c := range cases {
		got := decidePrefixes(c.settings, c.changed)
		switch {
		case c.field == "" && got != nil:
			t.Errorf("%s: refused %+v", c.name, got)
		case c.field != "" && (got == nil || got.field != c.field || got.params["kind"] != c.kind):
			t.Errorf("%s: got %+v, want %s about %s", c.name, got, c.field, c.kind)
		}
	}
	if e := decidePrefixes(map[string]string{"credit_note_prefix": "INV-"}, []string{"credit_note_prefix"}); e == nil ||
		e.message != "This prefix could give the same numbers as the prefix of your invoices (INV-). Choose a prefix that differs from it by more than capitals or added digits." {
		t.Errorf("sentence: %v", e)
	}
}
