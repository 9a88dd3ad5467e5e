package inbound

import (
	"bytes"
	"errors"

	"folio/server/internal/refusal"
)

// MaxFileBytes is the largest file read (the expenses' source_file
// limit). A variable so tests can try it small.
var MaxFileBytes int64 = 10 << 20

// Read reads a received e-invoice: a UBL or CII XML, or a PDF with one
// embedded. name is the file's name as uploaded (unused for detection,
// which goes by content). It answers the document, what the check found
// wrong with it, and a *refusal.Refusal when the file is no readable
// e-invoice.
func Read(name string, data []byte) (Document, []Problem, error) {
	_ = name
	if int64(len(data)) > MaxFileBytes {
		return Document{}, nil, refuse("folio_inbound_file_too_large", msgFileTooLarge)
	}
	facturx := false
	if isPDF(data) {
		xml, err := embeddedXML(data)
		switch {
		case errors.Is(err, errNoEmbedded):
			return Document{}, nil, refuse("folio_inbound_pdf_no_invoice", msgPDFNoInvoice)
		case errors.Is(err, errPDFTooLarge):
			return Document{}, nil, refuse("folio_inbound_pdf_too_large", msgPDFTooLarge)
		case errors.Is(err, errPDFTooComplex):
			return Document{}, nil, refuse("folio_inbound_pdf_too_complex", msgPDFTooComplex)
		case err != nil:
			return Document{}, nil, refuse("folio_inbound_pdf_unreadable", msgPDFUnreadable)
		}
		if int64(len(xml)) > MaxFileBytes {
			return Document{}, nil, refuse("folio_inbound_file_too_large", msgFileTooLarge)
		}
		data, facturx = xml, true
	}
	d, err := readXML(data)
	if err != nil {
		if facturx {
			// The attachment is there but is no invoice Folio reads.
			return Document{}, nil, refuse("folio_inbound_pdf_no_invoice", msgPDFNoInvoice)
		}
		return Document{}, nil, err
	}
	if facturx {
		d.Format = FormatFacturX
	}
	return d, Check(d), nil
}

// readXML tells UBL from CII by the root element and reads it.
func readXML(data []byte) (Document, *refusal.Refusal) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	root, err := parseTree(data)
	switch {
	case errors.Is(err, errDoctype):
		return Document{}, refuse("folio_inbound_doctype", msgDoctype)
	case err != nil:
		return Document{}, refuse("folio_inbound_not_xml", msgNotXML)
	}
	switch {
	case root.space == nsUBLInvoice && root.local == "Invoice",
		root.space == nsUBLCreditNote && root.local == "CreditNote":
		return readUBL(root), nil
	case root.space == nsCII && root.local == "CrossIndustryInvoice":
		return readCII(root), nil
	}
	return Document{}, refuse("folio_inbound_unknown_format", msgUnknownFormat)
}
