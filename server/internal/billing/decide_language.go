package billing

import (
	"slices"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// decideDocumentLanguage is the language a customer's documents are written
// in: the customer's own, else the business's document language, else
// English. A value Folio does not write documents in counts as none.
func decideDocumentLanguage(customerLang, businessLang string) string {
	for _, lang := range []string{customerLang, businessLang} {
		if slices.Contains(migrations.DocumentLanguages, lang) {
			return lang
		}
	}
	return migrations.DefaultDocumentLanguage
}

// documentLanguage reads decideDocumentLanguage's inputs from the records;
// either may be nil.
func documentLanguage(business, customer *core.Record) string {
	var c, b string
	if customer != nil {
		c = customer.GetString(migrations.FieldCustomerLanguage)
	}
	if business != nil {
		b = business.GetString(migrations.FieldDocumentLanguage)
	}
	return decideDocumentLanguage(c, b)
}

// decideSendTemplate picks the template of a mail's subject or message
// (trimmed): what the person typed, else the business's own template, else
// the built-in default in the document's language. A template that is one
// of the built-in defaults (builtIn: the English one every account starts
// with, or another language's, as the send dialog and the settings show
// them before anyone edits them) is no choice of the business's: it gives way
// to the default of the document's language.
func decideSendTemplate(typed, saved, languageDefault string, builtIn []string) string {
	for _, tmpl := range []string{typed, saved} {
		if tmpl = strings.TrimSpace(tmpl); tmpl != "" && !slices.Contains(builtIn, tmpl) {
			return tmpl
		}
	}
	return languageDefault
}
