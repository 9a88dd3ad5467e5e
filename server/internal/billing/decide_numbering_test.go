package billing

import "testing"

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
