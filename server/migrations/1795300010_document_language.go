package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The language a customer's documents are written in: the print sheet, the
// PDF, the mail that sends a document and the public document page. Each
// customer may have one; otherwise the business's document language
// applies; otherwise English. Like the other business fields they are plain
// (not hidden) fields, shown by the collections' owner-only rules.
const (
	// FieldCustomerLanguage is the customer's document language (one of
	// DocumentLanguages), "" for the business's.
	FieldCustomerLanguage = "language"
	// FieldDocumentLanguage is the business's document language on users
	// (one of DocumentLanguages), "" for DefaultDocumentLanguage.
	FieldDocumentLanguage = "document_language"
)

// DocumentLanguages are the languages a document can be written in, as
// ISO 639-1 codes: the web app's locales.
var DocumentLanguages = []string{"en", "de", "fr", "es", "ar"}

// DefaultDocumentLanguage is the language of a document when neither the
// customer nor the business chose one.
const DefaultDocumentLanguage = "en"

func documentLanguageField(name string) *core.SelectField {
	return &core.SelectField{Name: name, Values: DocumentLanguages, MaxSelect: 1}
}

func init() {
	m.Register(func(app core.App) error {
		if err := addFields(app, UsersCollection, documentLanguageField(FieldDocumentLanguage)); err != nil {
			return err
		}
		return addFields(app, CustomersCollection, documentLanguageField(FieldCustomerLanguage))
	}, func(app core.App) error {
		if err := removeFields(app, CustomersCollection, FieldCustomerLanguage); err != nil {
			return err
		}
		return removeFields(app, UsersCollection, FieldDocumentLanguage)
	})
}
