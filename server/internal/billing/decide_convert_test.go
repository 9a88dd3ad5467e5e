package billing

import "testing"

func TestDecideConvert(t *testing.T) {
	cases := []struct {
		status string
		linked bool
		lines  int
		want   string
	}{
		{"accepted", false, 1, ""},
		{"sent", false, 1, ""},
		{"viewed", false, 2, ""},
		{"draft", false, 1, msgConvertNeedsSend},
		{"accepted", true, 1, msgAlreadyConverted},
		{"converted", false, 1, msgAlreadyConverted},
		{"rejected", false, 1, msgRejectedNoConvert},
		{"accepted", false, 0, msgConvertNeedsLines},
	}
	for _, c := range cases {
		got := ""
		if err := decideConvert(c.status, c.linked, c.lines); err != nil {
			got = err.message
		}
		if got != c.want {
			t.Errorf("%s linked=%v lines=%d: got %q, want %q", c.status, c.linked, c.lines, got, c.want)
		}
	}
}
