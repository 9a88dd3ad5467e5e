package billing

import "folio/server/migrations"

// Why a save of a quote or invoice ends its public links: a link shows
// only what was sent to the person who got it.
const (
	// linksKept: the save changes nothing a link depends on.
	linksKept = ""
	// linksVoided: the invoice was voided (recorded as "voided").
	linksVoided = "voided"
	// linksDraft: the document went back to draft (a revised quote); the
	// next send, maybe to someone else, mints new links.
	linksDraft = migrations.LinksStoppedDraft
	// linksCustomer: the document now belongs to another customer.
	linksCustomer = migrations.LinksStoppedCustomer
)

// docSide is what a link depends on in a stored or saved document.
type docSide struct{ status, customer string }

// decideLinkStop says whether a save from was to now stops every live
// link of the document, and why. It is the one rule for every kind that
// has links (quotes and invoices; credit notes have none): voiding,
// returning to draft and changing customer each stop them. A new
// document (from.status "") has no links.
func decideLinkStop(from, now docSide) string {
	switch {
	case from.status == "":
		return linksKept
	case now.status == statusVoid && from.status != statusVoid:
		return linksVoided
	case now.status == statusDraft && from.status != statusDraft:
		return linksDraft
	case now.customer != from.customer:
		return linksCustomer
	}
	return linksKept
}
