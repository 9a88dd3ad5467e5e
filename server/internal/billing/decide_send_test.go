package billing

import "testing"

func TestDecideSend(t *testing.T) {
	cases := []struct {
		noun, status, code string
	}{
		{"invoice", "draft", ""}, {"invoice", "sent", ""}, {"invoice", "viewed", ""}, {"invoice", "partial", ""},
		{"invoice", "paid", ""}, {"invoice", "void", "folio_void_no_send"},
		{"quote", "draft", ""}, {"quote", "sent", ""}, {"quote", "viewed", ""}, {"quote", "accepted", ""},
		{"quote", "rejected", "folio_rejected_no_send"}, {"quote", "converted", "folio_converted_no_send"},
	}
	for _, c := range cases {
		got := ""
		if err := decideSend(c.noun, c.status); err != nil {
			got = err.code
		}
		if got != c.code {
			t.Errorf("decideSend(%s, %s) = %q, want %q", c.noun, c.status, got, c.code)
		}
	}
}
