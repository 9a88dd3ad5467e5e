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
//   - a quote or invoice going back to draft or changing customer has its
//     links revoked and records "links_stopped" {reason} (a link shows
//     only what was sent to the person who got it; see decideLinkStop);
//   - a deleted quote or invoice has its links revoked and its events
//     deleted (they would describe a document that no longer exists);
//   - a new payment records "payment" {amount_cents, currency} on its invoice.
//
// Sent, viewed, downloaded, accepted and rejected are recorded by the
// routes that know who did it (send route, public routes). An event names
// its actor, the member whose request made the change (setActor, left on
// the record by the request hooks); changes made by Folio itself have none.

// trailDocumentCreate records "created" with the new document.
func trailDocumentCreate(e *core.RecordEvent) error {
	return inTx(e, func() error {
		if err := e.Next(); err != nil {
			return err
		}
		k := kindOfCollection(e.Record.Collection().Name)
		return recordEvent(e.App, e.Record.GetString("business"), actorOf(e.Record), k.noun, e.Record.Id, migrations.EventCreated, nil)
	})
}

// trailDocumentUpdate stops the links when the save voids the invoice,
// sends the document back to draft or moves it to another customer
// (decideLinkStop), and says so on its activity: "voided" {reason}, or
// "links_stopped" {reason} when there were live links to stop.
func (s *service) trailDocumentUpdate(e *core.RecordEvent) error {
	return inTx(e, func() error {
		k := kindOfCollection(e.Record.Collection().Name)
		var was struct {
			Status   string `db:"status"`
			Customer string `db:"customer"`
		}
		err := e.App.DB().Select("status", "customer").From(k.collection).
			Where(dbx.HashExp{"id": e.Record.Id}).One(&was)
		if err != nil && !errors.Is(err, dbsql.ErrNoRows) {
			return err
		}
		if err := e.Next(); err != nil {
			return err
		}
		r := e.Record
		why := decideLinkStop(docSide{was.Status, was.Customer}, docSide{r.GetString("status"), r.GetString("customer")})
		if why == linksKept {
			return nil
		}
		stopped, err := revokeLinks(e.App, k.noun, r.Id, s.now())
		if err != nil {
			return err
		}
		switch {
		case why == linksVoided:
			return recordEvent(e.App, r.GetString("business"), actorOf(r), k.noun, r.Id, migrations.EventVoided,
				map[string]any{"reason": r.GetString("void_reason")})
		case stopped > 0:
			return recordEvent(e.App, r.GetString("business"), actorOf(r), k.noun, r.Id, migrations.EventLinksStopped,
				map[string]any{"reason": why})
		}
		return nil
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
		if _, err := revokeLinks(e.App, k.noun, e.Record.Id, s.now()); err != nil {
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
		detail := map[string]any{"amount_cents": r.GetInt("amount_cents"), "currency": r.GetString("currency")}
		if p := r.GetString(migrations.FieldPaymentProvider); p != "" {
			// "Paid by card · Stripe" in the activity.
			detail["method"] = r.GetString("method")
			detail["provider"] = p
			if r.GetBool(migrations.FieldNeedsRefund) {
				detail["needs_refund"] = true
			}
		}
		return recordEvent(e.App, r.GetString("business"), actorOf(r), invoiceKind.noun, r.GetString("invoice"), migrations.EventPayment, detail)
	})
}
