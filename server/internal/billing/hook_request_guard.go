package billing

import (
	"github.com/pocketbase/pocketbase/core"

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
	},
	migrations.PaymentsCollection: {"customer", "currency", "number", "seq"},
}

// guardCreateRequest blanks the server fields of a new record and runs the
// request in one transaction (numbering reads max(seq) and must not race).
func guardCreateRequest(e *core.RecordRequestEvent) error {
	for _, f := range serverFields[e.Collection.Name] {
		e.Record.Set(f, nil)
	}
	return requestTx(e)
}

// guardUpdateRequest puts back the stored server fields and runs the
// request in one transaction (a payment also updates its invoice).
func guardUpdateRequest(e *core.RecordRequestEvent) error {
	orig := e.Record.Original()
	for _, f := range serverFields[e.Collection.Name] {
		e.Record.Set(f, orig.GetRaw(f))
	}
	return requestTx(e)
}

// guardDeleteRequest runs a delete in one transaction (deleting a payment
// updates its invoice; deleting a converted draft reopens its quote).
func guardDeleteRequest(e *core.RecordRequestEvent) error {
	return requestTx(e)
}

// requestTx runs the rest of the request with e.App inside a transaction;
// PocketBase then writes the response only once it has committed.
func requestTx(e *core.RecordRequestEvent) error {
	orig := e.App
	defer func() { e.App = orig }()
	return orig.RunInTransaction(func(tx core.App) error {
		e.App = tx
		return e.Next()
	})
}
