// Package mailwords holds the words of every mail the server writes
// (documents, reminders, account and team mails, the replica alert), in
// every language the web app speaks. They are written once, in the web
// app's message catalogue (src/locales/<lang>/mail.json, the "mail"
// namespace); scripts/mail-words.mjs copies them into catalogue.json,
// which is embedded so the binary needs nothing beside it, and a unit
// test fails while the copy is stale.
//
// A message is plain text with {name} placeholders that the mail's code
// fills (Fill); the generator refuses anything else of ICU MessageFormat,
// so a message reads the same here as in the web app.
package mailwords

import (
	_ "embed"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
)

//go:embed catalogue.json
var catalogueJSON []byte

// catalogue is language → key (without "mail.") → message.
var catalogue = func() map[string]map[string]string {
	var c map[string]map[string]string
	if err := json.Unmarshal(catalogueJSON, &c); err != nil {
		panic("mailwords: catalogue.json: " + err.Error())
	}
	return c
}()

// Words is one language's messages of one section, keyed without the
// section's prefix ("hello" for "auth.hello").
type Words = map[string]string

// Section is every language's messages whose key starts with prefix and a
// dot ("auth" → "auth.hello" as "hello"), keyed by language.
func Section(prefix string) map[string]Words {
	out := make(map[string]Words, len(catalogue))
	for lang, messages := range catalogue {
		w := Words{}
		for key, message := range messages {
			if rest, ok := strings.CutPrefix(key, prefix+"."); ok {
				w[rest] = message
			}
		}
		out[lang] = w
	}
	return out
}

// Languages are the catalogue's languages, sorted.
func Languages() []string {
	langs := make([]string, 0, len(catalogue))
	for lang := range catalogue {
		langs = append(langs, lang)
	}
	slices.Sort(langs)
	return langs
}

var placeholder = regexp.MustCompile(`\{([A-Za-z_]+)\}`)

// Placeholders are the names a message reads ({customer} → "customer"),
// sorted, each once.
func Placeholders(message string) []string {
	var names []string
	for _, m := range placeholder.FindAllStringSubmatch(message, -1) {
		names = append(names, m[1])
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// Fill puts values into a message's placeholders, in one pass (a value
// that looks like a placeholder stays as it is); a placeholder without a
// value is left for a later step (PocketBase's {APP_NAME}, for instance).
func Fill(message string, values map[string]string) string {
	return placeholder.ReplaceAllStringFunc(message, func(m string) string {
		if v, ok := values[m[1:len(m)-1]]; ok {
			return v
		}
		return m
	})
}
