package billing

import (
	"github.com/pocketbase/pocketbase/core"
)

// PublicInvoice is what the card routes (internal/card) need of a public
// link: the invoice a live token leads to, its business, and the address
// of the customer's page.
type PublicInvoice struct {
	Invoice  *core.Record
	Business *core.Record
	// PageURL is the customer's page of the token (base/d/token).
	PageURL string
}

// FindPublicInvoice follows the request's {token} to its invoice, with
// the same checks and the same 404 as the other public routes: a token
// that leads nowhere, or to a quote, answers the error to return.
func FindPublicInvoice(e *core.RequestEvent) (*PublicInvoice, error) {
	p := resolvePublic(e.App, e.Request.PathValue("token"))
	if p == nil || p.kind.noun != invoiceKind.noun {
		return nil, linkNotValid(e)
	}
	return &PublicInvoice{Invoice: p.doc, Business: p.business, PageURL: publicURL(linkBase(e), p.token)}, nil
}

// RecordInvoiceEvent adds an event done by Folio (no member) to an
// invoice's activity, with app the transaction that makes the change.
func RecordInvoiceEvent(app core.App, business, invoiceID, typ string, detail any) error {
	return recordEvent(app, business, nil, invoiceKind.noun, invoiceID, typ, detail)
}
