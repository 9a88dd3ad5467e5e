package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// A credit note keeps the PDF its first send mailed as its issued copy,
// like an invoice: the same protected issued_pdf field (one PDF of at most
// IssuedPDFMaxBytes, opened only with a file token by the business's
// members). A credit note never changes once saved, so it needs no
// issued_for fingerprint: its first copy is its only one.
func init() {
	m.Register(func(app core.App) error {
		return addFields(app, CreditNotesCollection, issuedCopyFields()[0])
	}, func(app core.App) error {
		return removeFields(app, CreditNotesCollection, FieldIssuedPDF)
	})
}
