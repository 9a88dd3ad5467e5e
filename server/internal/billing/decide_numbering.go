package billing

import (
	"fmt"
	"slices"
	"strings"

	"folio/server/migrations"
)

// numberDigits is the zero padding of the sequence in a number.
const numberDigits = 5

// FormatNumber builds a document number from the business's prefix and the
// per-business sequence: ("INV-", 42) → "INV-00042". Sequences past 99999
// simply grow wider. The seeder uses it too, so bulk data looks the same.
func FormatNumber(prefix string, seq int) string {
	return fmt.Sprintf("%s%0*d", prefix, numberDigits, seq)
}

// numbering says where a collection's prefix comes from, and how the
// refusals name its documents: kind is the code's param, plural the
// English words.
type numbering struct {
	field, fallback string
	kind, plural    string
}

// numberings maps each numbered collection to the users setting holding
// its prefix. An empty setting falls back to the default, so a number
// always has a prefix.
var numberings = map[string]numbering{
	migrations.QuotesCollection:      {migrations.FieldQuotePrefix, migrations.DefaultQuotePrefix, "quote", "quotes"},
	migrations.InvoicesCollection:    {migrations.FieldInvoicePrefix, migrations.DefaultInvoicePrefix, "invoice", "invoices"},
	migrations.PaymentsCollection:    {migrations.FieldPaymentPrefix, migrations.DefaultPaymentPrefix, "payment", "payments"},
	migrations.CreditNotesCollection: {migrations.FieldCreditNotePrefix, migrations.DefaultCreditNotePrefix, "credit_note", "credit notes"},
}

// numbered lists the numbered collections in the order the prefix rule
// reads them (the settings form's order).
var numbered = []string{
	migrations.InvoicesCollection, migrations.QuotesCollection,
	migrations.PaymentsCollection, migrations.CreditNotesCollection,
}

// PrefixFor returns the number prefix for a collection from the business's
// settings (the value of the users field, possibly empty).
func PrefixFor(collection, setting string) string {
	if setting != "" {
		return setting
	}
	return numberings[collection].fallback
}

// Numbers of one business are unique across every kind of document: an
// invoice, a quote, a payment and a credit note never share a number
// (issue 24). A number is prefix + digits (FormatNumber: at least
// numberDigits of them). Two prefixes a and b, a no longer than b, can
// give the same number exactly when b is a followed by digits only: then
// b + D' = a + (rest + D'), and rest + D' is a run of digits that a's
// sequence reaches or could be mistaken for (INV- and INV-2: INV-200001
// is both). When b goes on with anything but digits (INV- and INV-CN-),
// a's numbers continue with a digit where b's have a letter, so they never
// meet. Letters compare regardless of case (INV-00001 and inv-00001 read as
// one number on paper and in a search), and an empty setting is its
// default prefix, as PrefixFor numbers it.

// prefixesClash reports whether numbers with prefixes a and b could be
// the same (see above).
func prefixesClash(a, b string) bool {
	a, b = strings.ToLower(a), strings.ToLower(b)
	if len(a) > len(b) {
		a, b = b, a
	}
	rest, ok := strings.CutPrefix(b, a)
	return ok && strings.Trim(rest, "0123456789") == ""
}

// decidePrefixes refuses settings whose changed prefixes could number two
// kinds of document alike. prefixes are the settings by businesses field (an
// empty one is its default); changed are the fields whose value the save
// changes. Prefixes that already clash and stay as they are pass (a
// business from before the rule); assignNumber still refuses a number
// another kind holds. The refusal is about the changed field and names
// the other kind and its prefix.
func decidePrefixes(prefixes map[string]string, changed []string) *ruleError {
	for _, c := range numbered {
		n := numberings[c]
		if !slices.Contains(changed, n.field) {
			continue
		}
		mine := PrefixFor(c, prefixes[n.field])
		for _, o := range numbered {
			other := numberings[o]
			theirs := PrefixFor(o, prefixes[other.field])
			if o != c && prefixesClash(mine, theirs) {
				return &ruleError{field: n.field, code: "folio_prefix_clash",
					message: fmt.Sprintf(fmtPrefixClash, other.plural, theirs),
					params:  params{"kind": other.kind, "prefix": theirs}}
			}
		}
	}
	return nil
}

// numberTaken is the refusal of a new document whose number another kind
// of document of the business already holds.
func numberTaken(number string) *ruleError {
	return &ruleError{field: "number", code: "folio_number_taken", message: fmt.Sprintf(fmtNumberTaken, number),
		params: params{"number": number}}
}

// decideImportedNumber checks the number an imported invoice keeps (issue
// 31, open invoices): it must be there, and it must not be one Folio's own
// sequence could reach. A number that is a prefix of the business (any
// kind's, whatever its case) followed by digits only is refused:
// INV-00099 with the prefix INV- would be the 99th invoice's number later,
// INV-2023-0099 is not (the "-" after 2023 is no digit). prefixes are the
// business's prefixes as PrefixFor gives them.
func decideImportedNumber(number string, prefixes []string) *ruleError {
	number = strings.TrimSpace(number)
	if number == "" {
		return newRuleError("number", "folio_imported_number_missing", msgImportedNumberMissing)
	}
	for _, p := range prefixes {
		rest, ok := strings.CutPrefix(strings.ToLower(number), strings.ToLower(p))
		if ok && rest != "" && strings.Trim(rest, "0123456789") == "" {
			return &ruleError{field: "number", code: "folio_imported_number_in_sequence",
				message: fmt.Sprintf(fmtImportedNumberInSequence, number, p), params: params{"number": number, "prefix": p}}
		}
	}
	return nil
}

// importedNumberExists is the refusal of an imported invoice whose number
// a document of the business already holds.
func importedNumberExists(number string) *ruleError {
	return &ruleError{field: "number", code: "folio_imported_number_exists",
		message: fmt.Sprintf(fmtImportedNumberExists, number), params: params{"number": number}}
}
