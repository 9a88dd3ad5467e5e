package billing

import (
	"strings"
	"testing"
)

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

func TestDecideRecipients(t *testing.T) {
	cases := []struct {
		name, to, cc, customer string
		wantTo                 string
		wantCc                 []string
		code                   string
	}{
		{name: "the customer's email by default", customer: "ap@acme.test", wantTo: "ap@acme.test"},
		{name: "to overrides it", to: " boss@acme.test ", customer: "ap@acme.test", wantTo: "boss@acme.test"},
		{name: "to without a customer email", to: "boss@acme.test", wantTo: "boss@acme.test"},
		{name: "no address at all", code: "folio_no_email"},
		{name: "a bad to", to: "not-an-email", customer: "ap@acme.test", code: "folio_invalid_email"},
		{name: "a display name is not a plain address", to: "Boss <boss@acme.test>", code: "folio_invalid_email"},
		{name: "cc list", cc: "a@x.test, b@x.test;c@x.test", customer: "ap@acme.test",
			wantTo: "ap@acme.test", wantCc: []string{"a@x.test", "b@x.test", "c@x.test"}},
		{name: "cc drops empties, duplicates and the to address", cc: "a@x.test,, A@X.test, AP@acme.test ,", customer: "ap@acme.test",
			wantTo: "ap@acme.test", wantCc: []string{"a@x.test"}},
		{name: "a bad cc", cc: "a@x.test, nope", customer: "ap@acme.test", code: "folio_invalid_cc"},
		{name: "too many cc", cc: "1@x.test,2@x.test,3@x.test,4@x.test,5@x.test,6@x.test,7@x.test,8@x.test,9@x.test,10@x.test,11@x.test",
			customer: "ap@acme.test", code: "folio_too_many_cc"},
	}
	for _, c := range cases {
		to, cc, rerr := decideRecipients(c.to, c.cc, c.customer)
		if c.code != "" {
			if rerr == nil || rerr.code != c.code {
				t.Errorf("%s: got %v, want %s", c.name, rerr, c.code)
			}
			continue
		}
		if rerr != nil {
			t.Errorf("%s: refused: %v", c.name, rerr)
			continue
		}
		if to != c.wantTo || strings.Join(cc, "|") != strings.Join(c.wantCc, "|") {
			t.Errorf("%s: got %q %v, want %q %v", c.name, to, cc, c.wantTo, c.wantCc)
		}
	}
}

func TestDecideSendText(t *testing.T) {
	long := func(n int) string { return strings.Repeat("é", n) }
	cases := []struct {
		subject, message, code string
	}{
		{"", "", ""},
		{long(200), long(5000), ""},
		{long(201), "", "folio_subject_too_long"},
		{"", long(5001), "folio_message_too_long"},
	}
	for _, c := range cases {
		got := ""
		if rerr := decideSendText(c.subject, c.message); rerr != nil {
			got = rerr.code
		}
		if got != c.code {
			t.Errorf("decideSendText(%d, %d runes) = %q, want %q", len([]rune(c.subject)), len([]rune(c.message)), got, c.code)
		}
	}
}

func TestDecidePDF(t *testing.T) {
	pdf := []byte("%PDF-1.7\n")
	cases := []struct {
		name string
		size int64
		head []byte
		ok   bool
	}{
		{"a small PDF", 9, pdf, true},
		{"exactly 10 MB", 10 << 20, pdf, true},
		{"over 10 MB", 10<<20 + 1, pdf, false},
		{"empty", 0, nil, false},
		{"a PNG labelled PDF", 100, []byte("\x89PNG\r\n"), false},
		{"HTML", 100, []byte("<html>%PDF-"), false},
	}
	for _, c := range cases {
		if got := decidePDF(c.size, c.head) == nil; got != c.ok {
			t.Errorf("%s: ok = %v, want %v", c.name, got, c.ok)
		}
	}
}

func TestDecideIssuedCopy(t *testing.T) {
	cases := []struct {
		name             string
		hasKept          bool
		keptFor, current string
		uploaded         bool
		attach           issuedAttachment
		keep             bool
	}{
		{"first send with a PDF keeps it", false, "", "h1", true, attachUploaded, true},
		{"first send without a PDF attaches nothing", false, "", "h1", false, attachNone, false},
		{"resend of the same content attaches the kept copy", true, "h1", "h1", false, attachKept, false},
		{"a new upload for the same content is ignored: the copy never changes", true, "h1", "h1", true, attachKept, false},
		{"changed content with a new PDF replaces the copy", true, "h1", "h2", true, attachUploaded, true},
		{"changed content without a PDF attaches nothing", true, "h1", "h2", false, attachNone, false},
	}
	for _, c := range cases {
		attach, keep := decideIssuedCopy(c.hasKept, c.keptFor, c.current, c.uploaded)
		if attach != c.attach || keep != c.keep {
			t.Errorf("%s: got %v %v, want %v %v", c.name, attach, keep, c.attach, c.keep)
		}
	}
}
