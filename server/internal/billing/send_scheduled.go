package billing

import (
	"errors"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/migrations"
)

// ErrMailFailed is SendInvoiceAsServer's answer when everything was
// committed but the mail did not go out (its link and "sent" event are
// removed again, as after a failed send from the route).
var ErrMailFailed = errors.New("the email could not be sent")

// ErrSendLimit is SendInvoiceAsServer's answer when the business reached
// its hourly sending limits (the send route's 429): nothing was
// committed or mailed, and the caller tries again later.
var ErrSendLimit = errors.New("the hourly sending limit is reached")

// SendInvoiceAsServer sends an invoice of a business the way the send route
// does, for work the server does on its own (recurring invoices): the
// customer's address, the business's own subject and message (or the
// defaults in the document's language), a fresh public link on the app
// URL, and a draft marked sent with its "sent" event in one transaction
// (markSent); the mail goes out after the commit. A refusal (no email,
// nothing to send) comes back as the route's error; the hourly sending
// limits, shared with the send route and the reminders, as ErrSendLimit.
func SendInvoiceAsServer(app core.App, now func() time.Time, invoiceID string) error {
	rec, err := app.FindRecordById(migrations.InvoicesCollection, invoiceID)
	if err != nil {
		return err
	}
	business, err := findBusiness(app, rec.GetString("business"))
	if err != nil {
		return err
	}
	// No one signed in: the business's first owner answers for the mail.
	// As in the send route, only a verified address mails customers.
	owner, err := firstOwner(app, business.Id)
	if err != nil {
		return err
	}
	if qerr := decideSendAllowed(owner != nil && owner.Verified(), invoiceKind.noun, 0, 0); qerr != nil {
		return qerr.rule
	}
	token, link, err := createLink(app, business.Id, invoiceKind.noun, rec.Id)
	if err != nil {
		return err
	}
	dropLink := func() {
		if derr := app.Delete(link); derr != nil {
			app.Logger().Error("remove the link of a failed send", "id", link.Id, "error", derr)
		}
	}
	s := &service{now: now}
	e := &core.RequestEvent{App: app}
	by := sender{business: business, replyTo: owner.Email()}
	url := publicURL(decideLinkBase(app.Settings().Meta.AppURL, ""), token)
	var out *preparedSend
	err = app.RunInTransaction(func(tx core.App) error {
		var perr error
		out, perr = s.markSent(e, tx, invoiceKind, rec.Id, by, sendForm{}, nil, url)
		return perr
	})
	if err != nil {
		dropLink()
		var apiErr *router.ApiError
		if errors.As(err, &apiErr) && apiErr.Status == http.StatusTooManyRequests {
			return ErrSendLimit
		}
		return err
	}
	if err := app.NewMailClient().Send(out.msg); err != nil {
		app.Logger().Error("send recurring invoice mail", "id", rec.Id, "error", err)
		dropLink()
		out.undo(app) // a failed mail does not count against the limits
		return ErrMailFailed
	}
	return nil
}
