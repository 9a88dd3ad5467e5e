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
		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}
		users.Fields.Add(documentLanguageField(FieldDocumentLanguage))
		if err := app.Save(users); err != nil {
			return err
		}
		customers, err := app.FindCollectionByNameOrId(CustomersCollection)
		if err != nil {
			return err
		}
		customers.Fields.Add(documentLanguageField(FieldCustomerLanguage))
		return app.Save(customers)
	}, func(app core.App) error {
		customers, err := app.FindCollectionByNameOrId(CustomersCollection)
		if err != nil {
			return err
		}
		customers.Fields.RemoveByName(FieldCustomerLanguage)
		if err := app.Save(customers); err != nil {
			return err
		}
		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}
		users.Fields.RemoveByName(FieldDocumentLanguage)
		return app.Save(users)
	})
}
