package team

import (
	"strings"
	"testing"

	"folio/server/internal/refusal/refusaltest"
)

// TestRefusalCodes: one sentence per code, a message for each in the web
// app, and the samples the web app's tests read.
func TestRefusalCodes(t *testing.T) {
	t.Parallel()
	refusaltest.Check(t, "Messages", "team", Messages, nil)
}

// TestMailWords: the team mails speak every language and write no markup
// of their own (that every language has every key, with English's
// placeholders, is package mailwords' test).
func TestMailWords(t *testing.T) {
	t.Parallel()
	for lang, words := range mailWords {
		if len(words) == 0 || len(words) != len(mailWordsEN) {
			t.Errorf("%s has %d words, English %d", lang, len(words), len(mailWordsEN))
		}
		for key, w := range words {
			if strings.ContainsAny(w, "<>&") {
				t.Errorf("%s %s has markup", lang, key)
			}
		}
	}
	for _, role := range []string{"owner", "admin", "member", "accountant"} {
		if roleWords[role] == "" {
			t.Errorf("no word for %s", role)
		}
	}
}
