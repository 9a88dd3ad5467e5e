package billing

import (
	"fmt"

	"folio/server/migrations"
)

// numberDigits is the zero padding of the sequence in a number.
const numberDigits = 5

// FormatNumber builds a document number from the owner's prefix and the
// per-owner sequence: ("INV-", 42) → "INV-00042". Sequences past 99999
// simply grow wider. The seeder uses it too, so bulk data looks the same.
func FormatNumber(prefix string, seq int) string {
	return fmt.Sprintf("%s%0*d", prefix, numberDigits, seq)
}

// numbering says where a collection's prefix comes from.
type numbering struct {
	field, fallback string
}

// numberings maps each numbered collection to the users setting holding
// its prefix. An empty setting falls back to the default, so a number
// always has a prefix.
var numberings = map[string]numbering{
	migrations.QuotesCollection:      {migrations.FieldQuotePrefix, migrations.DefaultQuotePrefix},
	migrations.InvoicesCollection:    {migrations.FieldInvoicePrefix, migrations.DefaultInvoicePrefix},
	migrations.PaymentsCollection:    {migrations.FieldPaymentPrefix, migrations.DefaultPaymentPrefix},
	migrations.CreditNotesCollection: {migrations.FieldCreditNotePrefix, migrations.DefaultCreditNotePrefix},
}

// PrefixFor returns the number prefix for a collection from the owner's
// settings (the value of the users field, possibly empty).
func PrefixFor(collection, setting string) string {
	if setting != "" {
		return setting
	}
	return numberings[collection].fallback
}
