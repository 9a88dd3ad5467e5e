package inbound

import (
	"net/http"

	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/refusal"
)

// Refusal sentences of the e-invoice routes: a file that is no readable
// e-invoice is refused whole and nothing is stored. Each has a stable code
// (Messages), so the web app says it in the person's language
// (src/locales/*/server.json, keyed by code); none is about one field
// (data["@refusal"]). An invoice's Problems are not refusals: the web app
// has their sentences (src/locales/*/inbound.json).
const (
	msgFileMissing   = "Choose an e-invoice file (XML or PDF)."
	msgCreditNote    = "This is a credit note: it lowers what you owe the vendor, so it is not recorded as an expense. Keep it with the expense it corrects."
	msgFileTooLarge  = "This file is larger than 10 MB, so it is not an e-invoice Folio can read."
	msgNotXML        = "This file is neither XML nor PDF, so it can't be read as an e-invoice."
	msgDoctype       = "This XML declares a document type or entities, which e-invoices never do, so it was not read."
	msgUnknownFormat = "This XML is not an e-invoice Folio reads (XRechnung or Peppol UBL, or CII as in XRechnung and Factur-X/ZUGFeRD)."
	msgPDFUnreadable = "This PDF can't be read."
	msgPDFTooLarge   = "This PDF unpacks to far more data than an e-invoice needs (over 40 MB, or an attached XML over 10 MB), so it was not read."
	msgPDFTooComplex = "This PDF has far more objects, or deeper nesting, than an e-invoice needs, so it was not read."
	msgPDFNoInvoice  = "This PDF has no e-invoice inside (no factur-x.xml, zugferd-invoice.xml or xrechnung.xml attached). Ask the sender for the XML file or a Factur-X/ZUGFeRD PDF."
)

// Messages maps each code of this package to its English sentence: one
// code, one sentence.
var Messages = map[string]string{
	"folio_inbound_file_missing":    msgFileMissing,
	"folio_inbound_credit_note":     msgCreditNote,
	"folio_inbound_file_too_large":  msgFileTooLarge,
	"folio_inbound_not_xml":         msgNotXML,
	"folio_inbound_doctype":         msgDoctype,
	"folio_inbound_unknown_format":  msgUnknownFormat,
	"folio_inbound_pdf_unreadable":  msgPDFUnreadable,
	"folio_inbound_pdf_no_invoice":  msgPDFNoInvoice,
	"folio_inbound_pdf_too_large":   msgPDFTooLarge,
	"folio_inbound_pdf_too_complex": msgPDFTooComplex,
}

// refuse is a refusal of this package (a file that can't be read).
func refuse(code, message string) *refusal.Refusal {
	return refusal.New(code, message)
}

// answer is r as an HTTP answer: 413 for a file too large, 400 otherwise.
func answer(r *refusal.Refusal) *router.ApiError {
	if r.Code() == "folio_inbound_file_too_large" {
		return r.Answer(http.StatusRequestEntityTooLarge)
	}
	return r.Answer(http.StatusBadRequest)
}
