package billing

import (
	dbsql "database/sql"
	"errors"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// The activity of a document and the life of its public links follow its
// writes. These hooks run on the execute step of every save and delete
// (API, admin UI, Go code alike), inside the write's transaction, so an
// event is stored exactly when its change is:
//
//   - a new quote or invoice records "created";
//   - an invoice becoming void records "voided" {reason} and revokes its
//     links (a void invoice is no longer valid for the customer);
//   - a deleted quote or invoice has its links revoked and its events
//     deleted (they would describe a document that no longer exists);
//   - a new payment records "payment" {amount_cents, currency} on its invoice.
//
// Sent, viewed, downloaded, accepted and rejected are recorded by the
// routes that know who did it (send route, public routes).

// trailDocumentCreate records "created" with the new document.
func trailDocumentCreate(e *core.RecordEvent) error {
	return inTx(e, func() error {
		if err := e.Next(); err != nil {
			return err
		}
		k := kindOfCollection(e.Record.Collection().Name)
		return recordEvent(e.App, e.Record.GetString("owner"), k.noun, e.Record.Id, migrations.EventCreated, nil)
	})
}

// trailInvoiceUpdate records "voided" and revokes the links when the save
// voids the invoice.
func (s *service) trailInvoiceUpdate(e *core.RecordEvent) error {
	return inTx(e, func() error {
		var was string
		err := e.App.DB().Select("status").From(migrations.InvoicesCollection).
			Where(dbx.HashExp{"id": e.Record.Id}).Row(&was)
		if err != nil && !errors.Is(err, dbsql.ErrNoRows) {
			return err
		}
		if err := e.Next(); err != nil {
			return err
		}
		if was == statusVoid || e.Record.GetString("status") != statusVoid {
			return nil
		}
		if err := revokeLinks(e.App, invoiceKind.noun, e.Record.Id, s.now()); err != nil {
			return err
		}
		return recordEvent(e.App, e.Record.GetString("owner"), invoiceKind.noun, e.Record.Id, migrations.EventVoided,
			map[string]any{"reason": e.Record.GetString("void_reason")})
	})
}

// trailDocumentDelete revokes the links of a deleted document and deletes
// its events.
func (s *service) trailDocumentDelete(e *core.RecordEvent) error {
	return inTx(e, func() error {
		if err := e.Next(); err != nil {
			return err
		}
		k := kindOfCollection(e.Record.Collection().Name)
		if err := revokeLinks(e.App, k.noun, e.Record.Id, s.now()); err != nil {
			return err
		}
		_, err := e.App.DB().Delete(migrations.DocumentEventsCollection,
			dbx.HashExp{"document": e.Record.Id, "kind": k.noun}).Execute()
		return err
	})
}

// trailPaymentCreate records "payment" on the invoice of a new payment.
func trailPaymentCreate(e *core.RecordEvent) error {
	return inTx(e, func() error {
		if err := e.Next(); err != nil {
			return err
		}
		r := e.Record
		return recordEvent(e.App, r.GetString("owner"), invoiceKind.noun, r.GetString("invoice"), migrations.EventPayment,
			map[string]any{"amount_cents": r.GetInt("amount_cents"), "currency": r.GetString("currency")})
	})
}
