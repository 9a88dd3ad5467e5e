package inbound

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"folio/server/internal/refusal"
)

// xmlOfSize is an UBL invoice root holding body repeated to about n bytes.
func xmlOfSize(body string, n int) []byte {
	head := `<Invoice xmlns="` + nsUBLInvoice + `">`
	tail := `</Invoice>`
	return []byte(head + strings.Repeat(body, (n-len(head)-len(tail))/len(body)) + tail)
}

// TestReadXMLBounded: a 10 MB XML made to cost the most (millions of tiny
// elements, one attribute of megabytes, text cut by a million comments)
// is read or refused allocating a small multiple of its size, in a time
// that grows with its size (text was joined piece by piece, quadratic).
func TestReadXMLBounded(t *testing.T) {
	size := int(MaxFileBytes) - 1
	cases := map[string]struct {
		data []byte
		code string // "" when read (with problems)
	}{
		"millions of elements": {xmlOfSize("<a/>", size), "folio_inbound_not_xml"},
		"a long attribute":     {[]byte(`<Invoice xmlns="` + nsUBLInvoice + `" x="` + strings.Repeat("v", size-100) + `"/>`), ""},
		"text cut by comments": {xmlOfSize("x<!---->", size), ""},
		"deep":                 {xmlOfSize("<a>", size/2), "folio_inbound_not_xml"},
	}
	for name, c := range cases {
		if len(c.data) > int(MaxFileBytes) {
			t.Fatalf("%s: %d bytes", name, len(c.data))
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, _, err := Read(name, c.data)
		runtime.ReadMemStats(&after)
		var r *refusal.Refusal
		switch {
		case c.code == "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case c.code != "" && (!errors.As(err, &r) || r.Code() != c.code):
			t.Errorf("%s: %v, want %s", name, err, c.code)
		}
		allocated := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %d KB file, %d KB allocated", name, len(c.data)>>10, allocated>>10)
		if allocated > uint64(8*MaxFileBytes) {
			t.Errorf("%s: %d bytes allocated, want under %d", name, allocated, 8*MaxFileBytes)
		}
	}
}
