package reports

import "testing"

func TestDecideRange(t *testing.T) {
	cases := []struct {
		name, from, to string
		want           Period
		code           string
	}{
		{name: "a quarter", from: "2026-10-01", to: "2026-12-31",
			want: Period{From: "2026-10-01", To: "2026-12-31", Previous: "2026-07-01", Next: "2027-01-01"}},
		{name: "one day", from: "2026-10-01", to: "2026-10-01",
			want: Period{From: "2026-10-01", To: "2026-10-01", Previous: "2026-09-30", Next: "2026-10-02"}},
		{name: "to before from", from: "2026-10-02", to: "2026-10-01", code: codeBadRange},
		{name: "more than 10 years", from: "2016-01-01", to: "2026-01-10", code: codeBadRange},
		{name: "no from", from: "", to: "2026-10-01", code: codeBadDate},
		{name: "not a day", from: "2026-02-30", to: "2026-03-01", code: codeBadDate},
	}
	for _, c := range cases {
		got, code := decideRange(c.from, c.to)
		if code != c.code || (code == "" && got != c.want) {
			t.Errorf("%s: %+v %q, want %+v %q", c.name, got, code, c.want, c.code)
		}
	}
	if got := (Period{To: "2026-12-31"}).after(); got != "2027-01-01" {
		t.Errorf("after = %s", got)
	}
}
