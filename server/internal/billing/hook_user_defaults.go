package billing

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// applyUserDefaults gives a new account its business settings: EUR,
// INV-/QUO-/PAY- numbering, 30-day terms, overdue alerts and view tracking
// on, and the default subject and message of document mails. Values the
// sign-up sent are kept. A bool cannot tell "not sent" from "false", so
// overdue alerts and view tracking always start on; they are switched off
// in settings.
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
	setIfEmpty(migrations.FieldCreditNotePrefix, migrations.DefaultCreditNotePrefix)
	if r.GetInt(migrations.FieldDefaultTermsDays) == 0 {
		r.Set(migrations.FieldDefaultTermsDays, migrations.DefaultTermsDays)
	}
	setIfEmpty(migrations.FieldSendSubjectTemplate, migrations.DefaultSendSubjectTemplate)
	setIfEmpty(migrations.FieldSendMessageTemplate, migrations.DefaultSendMessageTemplate)
	r.Set(migrations.FieldNotifyOverdue, true)
	r.Set(migrations.FieldViewTracking, true)
	return e.Next()
}
