package auth

import (
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// LanguageCookie is the web app's language choice (src/lib/preferences.ts):
// one of the catalogue's languages, kept for a year.
const LanguageCookie = "folio_lang"

// defaultMailLanguage is the language of an account mail when the request
// names none Folio speaks. English mail is PocketBase's message untouched.
const defaultMailLanguage = "en"

// mailLanguageKey holds the language on the user record the request hands
// to PocketBase's mail functions. It is custom data, never a column: it is
// not saved, not serialised (custom data is exported only on request), and
// "@" can't start a field name.
const mailLanguageKey = "@folioMailLanguage"

// requestLanguage is the language the person behind r reads: the web app's
// choice (the cookie), else the first language of Accept-Language that
// Folio speaks (de-AT → de), else English — the same order the web app
// uses to pick its own language.
func requestLanguage(r *http.Request) string {
	if r == nil {
		return defaultMailLanguage
	}
	if c, err := r.Cookie(LanguageCookie); err == nil {
		if isMailLanguage(c.Value) {
			return c.Value
		}
	}
	for _, tag := range acceptedLanguages(r.Header.Values("Accept-Language")) {
		if lang := baseLanguage(tag); isMailLanguage(lang) {
			return lang
		}
	}
	return defaultMailLanguage
}

// RequestLanguage is the language the person behind r reads (see
// requestLanguage); the app's pages are served in it (internal/spa).
func RequestLanguage(r *http.Request) string { return requestLanguage(r) }

// acceptedLanguages lists the tags of Accept-Language headers, most wanted
// first (by q, then by order), without those refused with q=0.
func acceptedLanguages(headers []string) []string {
	type weighted struct {
		tag string
		q   float64
	}
	var tags []weighted
	for _, h := range headers {
		for _, part := range strings.Split(h, ",") {
			fields := strings.Split(part, ";")
			tag := strings.TrimSpace(fields[0])
			if tag == "" || tag == "*" {
				continue
			}
			q := 1.0
			for _, p := range fields[1:] {
				name, value, ok := strings.Cut(strings.TrimSpace(p), "=")
				if !ok || !strings.EqualFold(strings.TrimSpace(name), "q") {
					continue
				}
				v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
				if err != nil || v < 0 || v > 1 {
					v = 0 // a malformed weight: as good as refused
				}
				q = v
			}
			if q > 0 {
				tags = append(tags, weighted{tag, q})
			}
		}
	}
	sort.SliceStable(tags, func(i, j int) bool { return tags[i].q > tags[j].q })
	out := make([]string, len(tags))
	for i, t := range tags {
		out[i] = t.tag
	}
	return out
}

// baseLanguage is a tag's language, lower case: "fr-FR" → "fr", "es_419" → "es".
func baseLanguage(tag string) string {
	base, _, _ := strings.Cut(strings.ReplaceAll(tag, "_", "-"), "-")
	return strings.ToLower(strings.TrimSpace(base))
}

// rememberMailLanguage puts the request's language on rec, the record the
// request's mail is written for. The mail may leave after the answer (a
// password reset is mailed in the background), so it can't read the
// request; it reads the record it is given, which is this one.
func rememberMailLanguage(rec *core.Record, r *http.Request) {
	if rec != nil {
		rec.Set(mailLanguageKey, requestLanguage(r))
	}
}

// mailLanguage is the language remembered on rec, English when none was.
func mailLanguage(rec *core.Record) string {
	if rec == nil {
		return defaultMailLanguage
	}
	if lang, ok := rec.GetRaw(mailLanguageKey).(string); ok && isMailLanguage(lang) {
		return lang
	}
	return defaultMailLanguage
}
