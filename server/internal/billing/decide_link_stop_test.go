package billing

import "testing"

func TestDecideLinkStop(t *testing.T) {
	cases := []struct {
		name      string
		from, now docSide
		want      string
	}{
		{"a new document has no links", docSide{}, docSide{statusDraft, "a"}, linksKept},
		{"an edit keeps them", docSide{statusSent, "a"}, docSide{statusSent, "a"}, linksKept},
		{"sent to viewed keeps them", docSide{statusSent, "a"}, docSide{statusViewed, "a"}, linksKept},
		{"a declined quote keeps them (the customer sees the answer)", docSide{statusViewed, "a"}, docSide{statusRejected, "a"}, linksKept},
		{"an accepted quote keeps them", docSide{statusSent, "a"}, docSide{statusAccepted, "a"}, linksKept},
		{"a paid invoice keeps them", docSide{statusPartial, "a"}, docSide{statusPaid, "a"}, linksKept},
		{"a draft sent keeps them", docSide{statusDraft, "a"}, docSide{statusSent, "a"}, linksKept},
		{"a draft edited keeps them", docSide{statusDraft, "a"}, docSide{statusDraft, "a"}, linksKept},
		{"a declined quote revised: back to draft", docSide{statusRejected, "a"}, docSide{statusDraft, "a"}, linksDraft},
		{"back to draft from sent", docSide{statusSent, "a"}, docSide{statusDraft, "a"}, linksDraft},
		{"back to draft and another customer at once: draft says it", docSide{statusRejected, "a"}, docSide{statusDraft, "b"}, linksDraft},
		{"a draft moved to another customer", docSide{statusDraft, "a"}, docSide{statusDraft, "b"}, linksCustomer},
		{"a sent document moved to another customer", docSide{statusSent, "a"}, docSide{statusSent, "b"}, linksCustomer},
		{"voided", docSide{statusSent, "a"}, docSide{statusVoid, "a"}, linksVoided},
		{"voided from viewed", docSide{statusViewed, "a"}, docSide{statusVoid, "a"}, linksVoided},
		{"a void invoice saved again", docSide{statusVoid, "a"}, docSide{statusVoid, "a"}, linksKept},
	}
	for _, c := range cases {
		if got := decideLinkStop(c.from, c.now); got != c.want {
			t.Errorf("%s: decideLinkStop(%v, %v) = %q, want %q", c.name, c.from, c.now, got, c.want)
		}
	}
}
