package billing

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// checkBusinessBank normalizes the bank account of the business settings on
// every save of a business (settings, admin UI, Go code): the IBAN
// without spaces and upper case, the BIC upper case. It refuses an IBAN
// whose ISO 13616 check digits are wrong and a BIC that is not 8 or 11
// letters and digits (decideBank).
func checkBusinessBank(e *core.RecordEvent) error {
	r := e.Record
	iban, bic, rerr := decideBank(r.GetString(migrations.FieldIBAN), r.GetString(migrations.FieldBIC))
	if rerr != nil {
		return rerr.api()
	}
	r.Set(migrations.FieldIBAN, iban)
	r.Set(migrations.FieldBIC, bic)
	return e.Next()
}
