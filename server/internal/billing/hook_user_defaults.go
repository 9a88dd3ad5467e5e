package billing

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// applyUserDefaults gives a new account its business settings: EUR,
// INV-/QUO-/PAY- numbering, 30-day terms and overdue alerts on. Values the
// sign-up sent are kept. A bool cannot tell "not sent" from "false", so
// overdue alerts always start on; they are switched off in settings.
func applyUserDefaults(e *core.RecordEvent) error {
	r := e.Record
	setIfEmpty := func(field, value string) {
		if r.GetString(field) == "" {
			r.Set(field, value)
		}
	}
	setIfEmpty(migrations.FieldDefaultCurrency, migrations.DefaultCurrency)
	setIfEmpty(migrations.FieldInvoicePrefix, migrations.DefaultInvoicePrefix)
	setIfEmpty(migrations.FieldQuotePrefix, migrations.DefaultQuotePrefix)
	setIfEmpty(migrations.FieldPaymentPrefix, migrations.DefaultPaymentPrefix)
	if r.GetInt(migrations.FieldDefaultTermsDays) == 0 {
		r.Set(migrations.FieldDefaultTermsDays, migrations.DefaultTermsDays)
	}
	r.Set(migrations.FieldNotifyOverdue, true)
	return e.Next()
}
