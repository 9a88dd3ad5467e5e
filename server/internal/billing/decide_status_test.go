package billing

import (
	"reflect"
	"testing"
)

func TestDecideQuoteStatus(t *testing.T) {
	ok := quoteMove{lines: 1, totalCents: 100}
	mv := func(from, to string, f ...func(*quoteMove)) quoteMove {
		m := ok
		m.from, m.to = from, to
		for _, fn := range f {
			fn(&m)
		}
		return m
	}
	expired := func(m *quoteMove) { m.expired = true }
	empty := func(m *quoteMove) { m.lines, m.totalCents = 0, 0 }
	linking := func(m *quoteMove) { m.linking = true }
	unlinking := func(m *quoteMove) { m.unlinking = true }

	cases := []struct {
		name string
		m    quoteMove
		want string // status, or the refusal message
	}{
		{"new is a draft", mv("", ""), "draft"},
		{"new as draft", mv("", "draft"), "draft"},
		{"new as sent", mv("", "sent"), msgNewQuoteDraft},
		{"no change", mv("accepted", "accepted"), "accepted"},
		{"empty status keeps the stored one", mv("sent", ""), "sent"},
		{"draft → sent", mv("draft", "sent"), "sent"},
		{"draft → sent without lines", mv("draft", "sent", empty), msgSendNeedsLines},
		{"draft → sent with a zero total", mv("draft", "sent", func(m *quoteMove) { m.totalCents = 0 }), msgSendNeedsLines},
		{"sent → viewed", mv("sent", "viewed"), "viewed"},
		{"sent → accepted", mv("sent", "accepted"), "accepted"},
		{"viewed → accepted", mv("viewed", "accepted"), "accepted"},
		{"sent → accepted, expired", mv("sent", "accepted", expired), msgQuoteExpired},
		{"sent → rejected", mv("sent", "rejected"), "rejected"},
		{"viewed → rejected", mv("viewed", "rejected"), "rejected"},
		{"sent → rejected, expired is fine", mv("sent", "rejected", expired), "rejected"},
		{"rejected → draft (revise)", mv("rejected", "draft"), "draft"},
		{"draft → accepted", mv("draft", "accepted"), "A draft quote can't be marked accepted."},
		{"draft → viewed", mv("draft", "viewed"), "A draft quote can't be marked viewed."},
		{"accepted → rejected", mv("accepted", "rejected"), "An accepted quote can't be marked rejected."},
		{"accepted → draft", mv("accepted", "draft"), "An accepted quote can't be marked draft."},
		{"viewed → sent", mv("viewed", "sent"), "A viewed quote can't be marked sent."},
		{"rejected → accepted", mv("rejected", "accepted"), "A rejected quote can't be marked accepted."},
		{"converted → draft", mv("converted", "draft"), "A converted quote can't be marked draft."},
		{"converted stays", mv("converted", "converted"), "converted"},
		{"→ converted by hand", mv("accepted", "converted"), msgUseConvert},
		{"unknown status", mv("draft", "expired"), `Unknown status "expired".`},
		{"convert from accepted", mv("accepted", "converted", linking), "converted"},
		{"convert from draft: never sent", mv("draft", "converted", linking), msgLinkFixed},
		{"convert from sent", mv("sent", "converted", linking), "converted"},
		{"convert from viewed, expired", mv("viewed", "converted", linking, expired), "converted"},
		{"link without converting", mv("accepted", "accepted", linking), msgLinkFixed},
		{"link a rejected quote", mv("rejected", "converted", linking), msgLinkFixed},
		{"its invoice was deleted", mv("converted", "converted", unlinking), "accepted"},
	}
	for _, c := range cases {
		got, err := decideQuoteStatus(c.m)
		if err != nil {
			got = err.message
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestDecideInvoiceStatus(t *testing.T) {
	ok := invoiceMove{lines: 1, totalCents: 1000}
	mv := func(from, to string, paid int64, f ...func(*invoiceMove)) invoiceMove {
		m := ok
		m.from, m.to, m.paidCents = from, to, paid
		for _, fn := range f {
			fn(&m)
		}
		return m
	}
	viewed := func(m *invoiceMove) { m.viewedBefore = true }
	reason := func(m *invoiceMove) { m.voidReason = "Duplicate" }
	empty := func(m *invoiceMove) { m.lines, m.totalCents = 0, 0 }

	cases := []struct {
		name string
		m    invoiceMove
		want string
	}{
		{"new is a draft", mv("", "", 0), "draft"},
		{"new as paid", mv("", "paid", 0), msgNewInvoiceDraft},
		{"draft → sent", mv("draft", "sent", 0), "sent"},
		{"draft → sent, empty", mv("draft", "sent", 0, empty), msgSendNeedsLines},
		{"sent → viewed", mv("sent", "viewed", 0), "viewed"},
		{"sent → void", mv("sent", "void", 0, reason), "void"},
		{"viewed → void", mv("viewed", "void", 0, reason), "void"},
		{"void without reason", mv("sent", "void", 0), msgVoidNeedsReason},
		{"void with a blank reason", mv("sent", "void", 0, func(m *invoiceMove) { m.voidReason = "  " }), msgVoidNeedsReason},
		{"void with payments", mv("partial", "void", 10, reason), msgVoidHasPayments},
		{"void a paid invoice", mv("paid", "void", 1000, reason), msgVoidHasPayments},
		{"void a draft", mv("draft", "void", 0, reason), msgDraftCantVoid},
		{"void → sent", mv("void", "sent", 0), msgVoidFinal},
		{"void stays void", mv("void", "void", 0), "void"},
		{"→ paid by hand", mv("sent", "paid", 0), msgStatusFromPayments},
		{"→ partial by hand", mv("viewed", "partial", 0), msgStatusFromPayments},
		{"sent → draft", mv("sent", "draft", 0), "A sent invoice can't be marked draft."},
		{"viewed → sent", mv("viewed", "sent", 0), "A viewed invoice can't be marked sent."},
		{"partial → sent", mv("partial", "sent", 10), "A partial invoice can't be marked sent."},
		{"paid → viewed", mv("paid", "viewed", 1000), "A paid invoice can't be marked viewed."},
		{"unknown", mv("sent", "overdue", 0), `Unknown status "overdue".`},
		// Payments speak once the machine allows the status.
		{"sent + payment → partial", mv("sent", "sent", 10), "partial"},
		{"viewed + full payment → paid", mv("viewed", "viewed", 1000), "paid"},
		{"draft + payment → partial (issued)", mv("draft", "draft", 10), "partial"},
		{"draft + full payment → paid", mv("draft", "draft", 1000), "paid"},
		{"partial + rest → paid", mv("partial", "partial", 1000), "paid"},
		{"paid − some → partial", mv("paid", "paid", 999), "partial"},
		{"partial − all → sent", mv("partial", "partial", 0), "sent"},
		{"partial − all, had been viewed → viewed", mv("partial", "partial", 0, viewed), "viewed"},
		{"paid − all → sent", mv("paid", "paid", 0), "sent"},
		{"sent → viewed with nothing paid", mv("sent", "viewed", 0), "viewed"},
	}
	for _, c := range cases {
		got, err := decideInvoiceStatus(c.m)
		if err != nil {
			got = err.message
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestStamps(t *testing.T) {
	cases := []struct {
		kind, from, to string
		set, clear     []string
	}{
		{"quote", "draft", "draft", nil, nil},
		{"quote", "draft", "sent", []string{"sent_at"}, nil},
		{"quote", "sent", "viewed", []string{"viewed_at"}, nil},
		{"quote", "viewed", "accepted", []string{"accepted_at"}, nil},
		{"quote", "sent", "rejected", []string{"rejected_at"}, nil},
		{"quote", "accepted", "converted", []string{"converted_at", "accepted_at"}, nil},
		{"quote", "rejected", "draft", nil, []string{"sent_at", "viewed_at", "rejected_at", "reject_reason"}},
		{"quote", "converted", "accepted", nil, []string{"converted_at"}},
		{"invoice", "draft", "sent", []string{"sent_at"}, nil},
		{"invoice", "sent", "viewed", []string{"viewed_at"}, nil},
		{"invoice", "viewed", "void", []string{"voided_at"}, nil},
		{"invoice", "draft", "partial", []string{"sent_at"}, nil},
		{"invoice", "sent", "paid", []string{"sent_at"}, nil},
		{"invoice", "partial", "sent", []string{"sent_at"}, nil}, // already set: kept
		{"invoice", "paid", "paid", nil, nil},
	}
	for _, c := range cases {
		set, clear := stamps(c.kind, c.from, c.to)
		if !reflect.DeepEqual(set, c.set) || !reflect.DeepEqual(clear, c.clear) {
			t.Errorf("%s %s → %s: set %v clear %v", c.kind, c.from, c.to, set, clear)
		}
	}
}
