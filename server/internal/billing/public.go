package billing

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"folio/server/internal/team"
	"folio/server/migrations"
)

// The public document routes: no account, the token in the path is the
// key. PocketBase's rate limiter holds them to migrations.PublicRateLimitRule
// per client IP.
const (
	// PathPublicDocument answers the printable document of a token.
	PathPublicDocument = "/api/folio/public/documents/{token}"
	// PathPublicLogo serves the seller's logo for the document's page.
	PathPublicLogo = PathPublicDocument + "/logo"
	// PathPublicAccept accepts a quote: {name, note}.
	PathPublicAccept = PathPublicDocument + "/accept"
	// PathPublicReject rejects a quote: {reason}.
	PathPublicReject = PathPublicDocument + "/reject"
	// PathPublicDownloaded records that the customer downloaded the PDF.
	PathPublicDownloaded = PathPublicDocument + "/downloaded"
)

// publicDoc is what a live token leads to.
type publicDoc struct {
	token    string
	kind     docKind
	doc      *core.Record
	business *core.Record
	customer *core.Record
	seller   string // the seller's name (sellerName)
}

// resolvePublic follows a token to its document. It answers nil, and the
// caller the same 404, for every way a link can fail: a malformed,
// unknown or revoked token, a document deleted, voided or back to draft,
// or records that don't belong together. The only lookup that depends on
// the token is by its hash.
func resolvePublic(app core.App, token string) *publicDoc {
	link := findLiveLink(app, token)
	if link == nil {
		return nil
	}
	k := invoiceKind
	if link.GetString("kind") == quoteKind.noun {
		k = quoteKind
	}
	doc, err := app.FindRecordById(k.collection, link.GetString("document"))
	if err != nil || doc.GetString("business") != link.GetString("business") || !publicStatus(k.noun, doc.GetString("status")) {
		return nil
	}
	business, err := findBusiness(app, doc.GetString("business"))
	if err != nil {
		return nil
	}
	customer, err := app.FindRecordById(migrations.CustomersCollection, doc.GetString("customer"))
	if err != nil || customer.GetString("business") != business.Id {
		return nil
	}
	return &publicDoc{token: token, kind: k, doc: doc, business: business, customer: customer,
		seller: sellerName(app, business)}
}

// linkNotValid is the one answer for every token that leads nowhere.
func linkNotValid(e *core.RequestEvent) error {
	return notFound("folio_link_invalid", msgLinkInvalid, nil)
}

// byMember reports whether the request carries the sign-in of a member of
// the document's business (any role, previewing the customer's page): such
// visits are not the customer's and are never recorded.
func (p *publicDoc) byMember(e *core.RequestEvent) bool {
	if e.Auth == nil || e.Auth.Collection().Name != migrations.UsersCollection {
		return false
	}
	role, err := team.RoleOf(e.App, e.Auth.Id, p.business.Id)
	return err == nil && role != ""
}

// tracked reports whether the customer's visits are recorded: the
// business's view_tracking setting, and never its members' own visits.
func (p *publicDoc) tracked(e *core.RequestEvent) bool {
	return p.business.GetBool(migrations.FieldViewTracking) && !p.byMember(e)
}

// logoURL is the path of the seller's logo for this token, "" for none.
func (p *publicDoc) logoURL() string {
	if p.business.GetString(migrations.FieldLogo) == "" {
		return ""
	}
	return "/api/folio/public/documents/" + p.token + "/logo"
}

// printable is the document as the customer sees it.
func (s *service) printable(p *publicDoc) (PrintableDocument, error) {
	return buildPrintable(printableSource{kind: p.kind, doc: p.doc, business: p.business, customer: p.customer,
		seller:  p.seller,
		logoURL: p.logoURL(), today: s.now()})
}

// publicHeaders keep the public answers out of search engines, out of
// Referer headers (the URL holds the token) and out of shared caches. It
// runs after the app-wide header middlewares (priority 0), so its
// Referrer-Policy is the one sent.
func publicHeaders() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "folioPublicHeaders",
		Priority: 10,
		Func: func(e *core.RequestEvent) error {
			h := e.Response.Header()
			h.Set("Referrer-Policy", "no-referrer")
			h.Set("X-Robots-Tag", "noindex")
			h.Set("Cache-Control", "no-store")
			return e.Next()
		},
	}
}

// answerPrintable writes the document as it now is.
func (s *service) answerPrintable(e *core.RequestEvent, p *publicDoc) error {
	doc, err := s.printable(p)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, doc)
}
