package billing

import (
	"strings"
	"testing"
)

func TestDecideAnswerable(t *testing.T) {
	cases := []struct {
		noun, status, code string
	}{
		{"quote", statusSent, ""},
		{"quote", statusViewed, ""},
		{"quote", statusAccepted, "folio_already_answered"},
		{"quote", statusRejected, "folio_already_answered"},
		{"quote", statusConverted, "folio_already_answered"},
		{"invoice", statusSent, "folio_invoice_no_answer"},
		{"invoice", statusPaid, "folio_invoice_no_answer"},
	}
	for _, c := range cases {
		got := ""
		if rerr := decideAnswerable(c.noun, c.status); rerr != nil {
			got = rerr.code
		}
		if got != c.code {
			t.Errorf("decideAnswerable(%s, %s) = %q, want %q", c.noun, c.status, got, c.code)
		}
	}
}

func TestDecideAccept(t *testing.T) {
	cases := []struct {
		name, inName, inNote, wantName, wantNote, code string
	}{
		{"a name and a note", "  Jane   Roe ", " Looks good. ", "Jane Roe", "Looks good.", ""},
		{"no note", "Jo", "", "Jo", "", ""},
		{"unicode counts as characters", "Zoë", "", "Zoë", "", ""},
		{"120 characters", strings.Repeat("é", 120), "", strings.Repeat("é", 120), "", ""},
		{"no name", "", "ok", "", "", "folio_accept_name"},
		{"blank name", "   ", "", "", "", "folio_accept_name"},
		{"one letter", "J", "", "", "", "folio_accept_name"},
		{"121 characters", strings.Repeat("a", 121), "", "", "", "folio_accept_name"},
		{"note of 1000", "Jane Roe", strings.Repeat("n", 1000), "Jane Roe", strings.Repeat("n", 1000), ""},
		{"note of 1001", "Jane Roe", strings.Repeat("n", 1001), "", "", "folio_note_too_long"},
	}
	for _, c := range cases {
		name, note, rerr := decideAccept(c.inName, c.inNote)
		got := ""
		if rerr != nil {
			got = rerr.code
		}
		if got != c.code || (c.code == "" && (name != c.wantName || note != c.wantNote)) {
			t.Errorf("%s: got %q %q %q, want %q %q %q", c.name, name, note, got, c.wantName, c.wantNote, c.code)
		}
	}
}

func TestDecideReject(t *testing.T) {
	cases := []struct {
		in, want, code string
	}{
		{" Too expensive ", "Too expensive", ""},
		{"", "", "folio_reject_reason"},
		{" \n ", "", "folio_reject_reason"},
		{strings.Repeat("r", 1000), strings.Repeat("r", 1000), ""},
		{strings.Repeat("r", 1001), "", "folio_reason_too_long"},
	}
	for _, c := range cases {
		got, rerr := decideReject(c.in)
		code := ""
		if rerr != nil {
			code = rerr.code
		}
		if code != c.code || got != c.want {
			t.Errorf("decideReject(%.20q) = %.20q %q, want %.20q %q", c.in, got, code, c.want, c.code)
		}
	}
}

func TestDecideDisplayStatus(t *testing.T) {
	const today = "2026-03-15"
	cases := []struct {
		name, noun, status string
		balance            int64
		end, want          string
	}{
		{"open invoice past due", "invoice", statusSent, 12000, "2026-03-14", "overdue"},
		{"viewed invoice past due", "invoice", statusViewed, 1, "2026-01-01", "overdue"},
		{"partial invoice past due", "invoice", statusPartial, 7000, "2026-03-01", "overdue"},
		{"due today is not overdue", "invoice", statusSent, 12000, "2026-03-15", statusSent},
		{"due later", "invoice", statusSent, 12000, "2026-04-01", statusSent},
		{"paid is never overdue", "invoice", statusPaid, 0, "2026-03-01", statusPaid},
		{"nothing left to pay", "invoice", statusSent, 0, "2026-03-01", statusSent},
		{"void", "invoice", statusVoid, 0, "2026-03-01", statusVoid},
		{"draft invoice", "invoice", statusDraft, 12000, "2026-03-01", statusDraft},
		{"no due date", "invoice", statusSent, 12000, "", statusSent},
		{"sent quote past expiry", "quote", statusSent, 12000, "2026-03-14", "expired"},
		{"viewed quote past expiry", "quote", statusViewed, 12000, "2026-03-14", "expired"},
		{"draft quote past expiry", "quote", statusDraft, 12000, "2026-03-14", "expired"},
		{"accepted quote stays accepted", "quote", statusAccepted, 12000, "2026-03-14", statusAccepted},
		{"rejected quote", "quote", statusRejected, 12000, "2026-03-14", statusRejected},
		{"quote expiring today", "quote", statusSent, 12000, "2026-03-15", statusSent},
	}
	for _, c := range cases {
		if got := decideDisplayStatus(c.noun, c.status, c.balance, c.end, today); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
