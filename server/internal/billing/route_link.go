package billing

import (
	"errors"
	"net/http"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/refusal"
	"folio/server/internal/team"
	"folio/server/migrations"
)

// PathLink is the "new link" route; {collection} is quotes or invoices.
const PathLink = "/api/folio/{collection}/{id}/link"

// LinkResponse is the answer of POST /api/folio/{collection}/{id}/link.
type LinkResponse struct {
	// Token is the new link's token; the server keeps only its hash, so
	// this is the only time it can be read.
	Token string `json:"token"`
	// URL is the public page of the document: {app URL}/d/{token}.
	URL string `json:"url"`
}

// linkRoute gives a sent document of the caller's business a fresh public
// link (owners, admins and members; team.Write): it revokes every live
// link of the document (the ones mailed before stop working) and mints a
// new one, in one transaction. Drafts and void invoices have no public
// link. A document of a business the caller is not a member of is answered
// like a missing one.
func (s *service) linkRoute(e *core.RequestEvent) error {
	k, rec, err := teamDocument(e, team.Write)
	if err != nil {
		return err
	}
	if rerr := decideLink(k.noun, rec.GetString("status")); rerr != nil {
		return rerr.api()
	}

	var token string
	err = e.App.RunInTransaction(func(tx core.App) error {
		if _, err := revokeLinks(tx, k.noun, rec.Id, s.now()); err != nil {
			return err
		}
		var err error
		token, _, err = createLink(tx, rec.GetString("business"), k.noun, rec.Id)
		return err
	})
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, LinkResponse{Token: token, URL: publicURL(linkBase(e), token)})
}

// teamDocument is the quote or invoice the route's {collection} and {id}
// name, when the caller may do action in its business (team.Require): a
// document of a business the caller is not a member of is answered like a
// missing one, a role that may not act gets the 403 naming who can, and a
// collection that is neither is nothing here.
func teamDocument(e *core.RequestEvent, action team.Action) (docKind, *core.Record, error) {
	k, missing, ok := documentKindOf(e.Request.PathValue("collection"))
	if !ok {
		return k, nil, refusal.NothingHere()
	}
	rec, err := e.App.FindRecordById(k.collection, e.Request.PathValue("id"))
	if err != nil {
		return k, nil, missing
	}
	if err := requireOn(e, rec.GetString("business"), action, missing); err != nil {
		return k, nil, err
	}
	return k, rec, nil
}

// requireOn is team.Require for a route that acts on one record of
// businessID: to someone who is not a member the record is answered as
// missing (the record's own 404, so ids reveal nothing), and a member
// whose role may not do action gets Require's 403.
func requireOn(e *core.RequestEvent, businessID string, action team.Action, missing error) error {
	err := team.Require(e, businessID, action)
	var apiErr *router.ApiError
	if errors.As(err, &apiErr) && apiErr.Status == http.StatusNotFound {
		return missing
	}
	return err
}

// documentKindOf reads the {collection} of a document route: the kind and
// its "not found" answer, or ok false for anything but quotes and invoices.

func documentKindOf(collection string) (k docKind, missing *router.ApiError, ok bool) {
	switch collection {
	case migrations.InvoicesCollection:
		return invoiceKind, notFound("folio_invoice_not_found", msgInvoiceNotFound, nil), true
	case migrations.QuotesCollection:
		return quoteKind, notFound("folio_quote_not_found", msgQuoteNotFound, nil), true
	}
	return docKind{}, nil, false
}

// linkBase is the origin of the public links minted by this request (see
// decideLinkBase): the Origin header of the member's browser, else the
// scheme and host the request came to.
func linkBase(e *core.RequestEvent) string {
	origin := e.Request.Header.Get("Origin")
	if origin == "" && e.Request.Host != "" {
		scheme := "http"
		if e.IsTLS() {
			scheme = "https"
		}
		origin = scheme + "://" + e.Request.Host
	}
	return decideLinkBase(e.App.Settings().Meta.AppURL, origin)
}
