package mailwords

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The embedded copy is the web app's catalogue: every language's
// src/locales/<lang>/mail.json, key for key (run node
// npm run mail-words when this fails).
func TestCatalogueIsTheWebAppsCatalogue(t *testing.T) {
	for _, lang := range Languages() {
		raw, err := os.ReadFile(filepath.Join("..", "..", "..", "src", "locales", lang, "mail.json"))
		if err != nil {
			t.Fatal(err)
		}
		var source map[string]string
		if err := json.Unmarshal(raw, &source); err != nil {
			t.Fatal(err)
		}
		if len(source) != len(catalogue[lang]) {
			t.Errorf("%s: %d messages in mail.json, %d embedded", lang, len(source), len(catalogue[lang]))
		}
		for key, message := range source {
			if got := catalogue[lang][strings.TrimPrefix(key, "mail.")]; got != message {
				t.Errorf("%s %s: embedded %q, mail.json says %q", lang, key, got, message)
			}
		}
	}
}

// Every language has every English key, with the same placeholders, and
// says something.
func TestEveryLanguageHasEveryMessage(t *testing.T) {
	if want := []string{"ar", "de", "en", "es", "fr"}; !slices.Equal(Languages(), want) {
		t.Fatalf("languages %v, want %v", Languages(), want)
	}
	en := catalogue["en"]
	for _, lang := range Languages() {
		w := catalogue[lang]
		if len(w) != len(en) {
			t.Errorf("%s has %d messages, English %d", lang, len(w), len(en))
		}
		for key, message := range en {
			got, ok := w[key]
			if !ok || strings.TrimSpace(got) == "" {
				t.Errorf("%s has no %s", lang, key)
				continue
			}
			if a, b := Placeholders(message), Placeholders(got); !slices.Equal(a, b) {
				t.Errorf("%s %s reads %v, English %v", lang, key, b, a)
			}
		}
	}
}

func TestSectionAndFill(t *testing.T) {
	auth := Section("auth")
	if auth["de"]["hello"] == "" || auth["de"]["hello"] != catalogue["de"]["auth.hello"] {
		t.Errorf("Section(auth)[de][hello] = %q", auth["de"]["hello"])
	}
	if _, ok := auth["en"]["document.subject"]; ok {
		t.Error("a section has another section's keys")
	}
	got := Fill("{a} and {b} and {APP_NAME}", map[string]string{"a": "{b}", "b": "2"})
	if got != "{b} and 2 and {APP_NAME}" {
		t.Errorf("Fill = %q", got)
	}
	if got := Placeholders("{b} {a} {b} {APP_NAME}"); !slices.Equal(got, []string{"APP_NAME", "a", "b"}) {
		t.Errorf("Placeholders = %v", got)
	}
}
