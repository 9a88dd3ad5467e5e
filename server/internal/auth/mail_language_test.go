package auth

import (
	"net/http/httptest"
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

func TestRequestLanguage(t *testing.T) {
	t.Parallel()
	if LanguageCookie != "folio_lang" { // the web app's PREFERENCE_COOKIES.language
		t.Fatalf("cookie %q", LanguageCookie)
	}
	cases := []struct {
		name, cookie, accept, want string
	}{
		{"nothing", "", "", "en"},
		{"the cookie", "de", "", "de"},
		{"the cookie beats the browser", "es", "fr-FR,fr;q=0.9", "es"},
		{"the cookie may say English", "en", "de-DE", "en"},
		{"an unknown cookie falls back to the browser", "it", "fr-FR,fr;q=0.9", "fr"},
		{"the cookie's exact value only", "DE", "", "en"},
		{"region dropped", "", "fr-FR", "fr"},
		{"underscore", "", "es_419", "es"},
		{"upper case tag", "", "AR-EG", "ar"},
		{"first supported", "", "it-IT, nl;q=0.9, de;q=0.8, fr;q=0.7", "de"},
		{"by weight, not order", "", "fr;q=0.5, de;q=0.8", "de"},
		{"refused with q=0", "", "de;q=0, es;q=0.1", "es"},
		{"English first", "", "en-US,de;q=0.9", "en"},
		{"nothing supported", "", "it, ja;q=0.5, *;q=0.1", "en"},
		{"malformed weight", "", "de;q=abc, fr;q=0.2", "fr"},
	}
	for _, c := range cases {
		r := httptest.NewRequest("POST", "/", nil)
		if c.cookie != "" {
			r.Header.Set("Cookie", "folio_theme=dark; "+LanguageCookie+"="+c.cookie)
		}
		if c.accept != "" {
			r.Header.Set("Accept-Language", c.accept)
		}
		if got := requestLanguage(r); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	if got := requestLanguage(nil); got != "en" {
		t.Errorf("no request: %q", got)
	}
}

func TestRememberedLanguageIsNotSavedOrShown(t *testing.T) {
	t.Parallel()
	users := core.NewAuthCollection("users")
	rec := core.NewRecord(users)
	if got := mailLanguage(rec); got != "en" {
		t.Errorf("nothing remembered: %q", got)
	}
	r := httptest.NewRequest("POST", "/", nil)
	r.Header.Set("Accept-Language", "ar")
	rememberMailLanguage(rec, r)
	if got := mailLanguage(rec); got != "ar" {
		t.Errorf("remembered %q", got)
	}
	if _, ok := rec.PublicExport()[mailLanguageKey]; ok {
		t.Error("the language is in the record's JSON")
	}
	if _, ok := rec.FieldsData()[mailLanguageKey]; ok {
		t.Error("the language is a field")
	}
	rememberMailLanguage(nil, r) // no record: nothing to do, no panic
	if got := mailLanguage(nil); got != "en" {
		t.Errorf("no record: %q", got)
	}
}
