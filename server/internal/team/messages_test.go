package team

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"folio/server/internal/refusal/refusaltest"
)

// TestRefusalCodes: one sentence per code, a message for each in the web
// app, and the samples the web app's tests read.
func TestRefusalCodes(t *testing.T) {
	t.Parallel()
	refusaltest.CheckSources(t, "Messages")
	refusaltest.CheckCatalogue(t, Messages)
	refusaltest.CheckSamples(t, "team", Messages, nil)
}

var placeholder = regexp.MustCompile(`\{[a-z]+\}`)

// TestMailWords: every language has every English key, with the same
// placeholders, and no HTML.
func TestMailWords(t *testing.T) {
	t.Parallel()
	for lang, words := range mailWords {
		if len(words) != len(mailWordsEN) {
			t.Errorf("%s has %d words, English %d", lang, len(words), len(mailWordsEN))
		}
		for key, en := range mailWordsEN {
			w, ok := words[key]
			if !ok || strings.TrimSpace(w) == "" {
				t.Errorf("%s has no %s", lang, key)
				continue
			}
			want, got := placeholder.FindAllString(en, -1), placeholder.FindAllString(w, -1)
			sort.Strings(want)
			sort.Strings(got)
			if strings.Join(want, ",") != strings.Join(got, ",") {
				t.Errorf("%s %s: placeholders %v, English %v", lang, key, got, want)
			}
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
