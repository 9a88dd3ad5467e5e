package billing

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/refusal"

	"folio/server/migrations"
)

// serverFields are written only by the hooks and the routes (convert,
// send, the public answers). A
// client's values for them are dropped before the record hooks run, so
// they are ignored rather than refused: a web app may send back the whole
// record it read.
var serverFields = map[string][]string{
	migrations.QuotesCollection: {
		"number", "seq", "currency", "subtotal_cents", "discount_cents", "tax_cents", "total_cents",
		"tax_breakdown", "invoice", "sent_at", "viewed_at", "accepted_at", "rejected_at", "converted_at",
		migrations.FieldAcceptedBy, migrations.FieldAcceptNote, migrations.FieldIssuedPDF, migrations.FieldIssuedFor,
	},
	migrations.InvoicesCollection: {
		"number", "seq", "currency", "subtotal_cents", "discount_cents", "tax_cents", "total_cents",
		"tax_breakdown", "quote", "paid_cents", "balance_cents", "sent_at", "viewed_at", "paid_at", "voided_at",
		migrations.FieldIssuedPDF, migrations.FieldIssuedFor,
		migrations.FieldCreditedCents, migrations.FieldRefundedCents, migrations.FieldCreditCents,
		migrations.FieldInvoiceKind, migrations.FieldWorkQuote, migrations.FieldWorkInvoice,
		migrations.FieldDepositPercent, migrations.FieldDeposits, migrations.FieldDeductedCents,
		migrations.FieldInvoiceImported,
	},
	migrations.PaymentsCollection: {"customer", "currency", "number", "seq",
		migrations.FieldPaymentProvider, migrations.FieldProviderPaymentID, migrations.FieldNeedsRefund,
		migrations.FieldProviderRefundedCents, migrations.FieldReturnedCents},
	migrations.CreditNotesCollection: {
		"customer", "number", "seq", "currency", "discount_percent", "subtotal_cents", "discount_cents",
		"tax_cents", "total_cents", "tax_breakdown", migrations.FieldRefundedCents,
		migrations.FieldVATExemptionCategory, migrations.FieldVATExemptionReason,
		migrations.FieldCreditNoteSentAt, migrations.FieldIssuedPDF,
	},
	migrations.RefundsCollection:  {"invoice", "customer", "currency"},
	migrations.ExpensesCollection: {migrations.FieldNetCents, migrations.FieldVATCents, migrations.FieldTotalCents},
}

// dateFields are the date fields a client may send. PocketBase turns a
// value it can't read into an empty date, which the hooks would then take
// as "today", so the request values as sent are judged here.
var dateFields = map[string][]string{
	migrations.QuotesCollection:      {"issue_date", "expiry_date"},
	migrations.InvoicesCollection:    {"issue_date", "due_date"},
	migrations.PaymentsCollection:    {"date"},
	migrations.CreditNotesCollection: {"issue_date"},
	migrations.RefundsCollection:     {"date"},
	migrations.ExpensesCollection:    {"date", "due_date", migrations.FieldPaidOn},
}

// checkDateInput refuses a date in the request body that is not a real
// day within the bounds (decideDateInput).
func checkDateInput(e *core.RecordRequestEvent) error {
	fields := dateFields[e.Collection.Name]
	if len(fields) == 0 {
		return nil
	}
	// RequestInfo().Body already holds PocketBase's parsed values (an
	// unreadable date is an empty one), so the body is read again as sent.
	body := map[string]any{}
	if err := e.BindBody(&body); err != nil {
		return err
	}
	for _, f := range fields {
		raw, sent := body[f]
		if !sent {
			continue
		}
		if _, rerr := decideDateInput(f, raw); rerr != nil {
			return rerr.api()
		}
	}
	return nil
}

// guardCreateRequest blanks the server fields of a new record, notes who
// is saving it (setActor) and runs the request in one transaction (numbering reads max(seq) and must not race).
func guardCreateRequest(e *core.RecordRequestEvent) error {
	if err := checkDateInput(e); err != nil {
		return err
	}
	for _, f := range serverFields[e.Collection.Name] {
		e.Record.Set(f, nil)
	}
	setActor(e.Record, e.Auth)
	return RequestTx(e)
}

// guardUpdateRequest puts back the stored server fields, notes who is
// saving (setActor) and runs the
// request in one transaction (a payment also updates its invoice).
func guardUpdateRequest(e *core.RecordRequestEvent) error {
	if err := checkDateInput(e); err != nil {
		return err
	}
	orig := e.Record.Original()
	for _, f := range serverFields[e.Collection.Name] {
		e.Record.Set(f, orig.GetRaw(f))
	}
	setActor(e.Record, e.Auth)
	base := e.Request.Header.Get(HeaderBase)
	if base == "" {
		return RequestTx(e)
	}
	app := e.App
	defer func() { e.App = app }()
	return app.RunInTransaction(func(tx core.App) error {
		e.App = tx
		// Read again inside the transaction: two saves from one version are
		// serialised here, and the second one finds the first one's version.
		current, err := tx.FindRecordById(e.Collection, e.Record.Id)
		if err != nil {
			return err
		}
		if rerr := decideBase(base, current.GetString("updated")); rerr != nil {
			return rerr
		}
		return e.Next()
	})
}

// HeaderBase names the version (the record's "updated") an edit started
// from. An update that says it is refused when the record has changed
// since: two tabs, or two devices, editing the same record don't write over
// each other without knowing. An update without it is last-write-wins.
const HeaderBase = "X-Folio-Base"

// decideBase refuses an edit made from a version that is no longer the
// stored one.
func decideBase(base, stored string) *router.ApiError {
	if base == stored {
		return nil
	}
	return refusal.New("folio_changed_elsewhere", msgChangedElsewhere).Answer(http.StatusConflict)
}

// guardDeleteRequest runs a delete in one transaction (deleting a payment
// updates its invoice; deleting a converted draft reopens its quote).
func guardDeleteRequest(e *core.RecordRequestEvent) error {
	setActor(e.Record, e.Auth)
	return RequestTx(e)
}

// RequestTx runs the rest of the request with e.App inside a transaction;
// PocketBase then writes the response only once it has committed.
func RequestTx(e *core.RecordRequestEvent) error {
	orig := e.App
	defer func() { e.App = orig }()
	return orig.RunInTransaction(func(tx core.App) error {
		e.App = tx
		return e.Next()
	})
}
