package billing

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/pocketbase/ozzo-validation/v4/is"

	"folio/server/internal/identity"
	"folio/server/migrations"
)

// decideSend says whether a document in this status may be mailed: not a
// void invoice (nothing is owed on it), not a converted quote (its invoice
// is what the customer gets now), not a rejected quote (revise it first).
// Drafts are sent; every other status is mailed again as it is.
func decideSend(noun, status string) *ruleError {
	switch {
	case noun == "invoice" && status == statusVoid:
		return newRuleError("status", "folio_void_no_send", msgVoidNoSend)
	case noun == "quote" && status == statusConverted:
		return newRuleError("status", "folio_converted_no_send", msgConvertedNoSend)
	case noun == "quote" && status == statusRejected:
		return newRuleError("status", "folio_rejected_no_send", msgRejectedNoSend)
	}
	return nil
}

// maxCc is the most addresses one send may copy.
const maxCc = 10

// decideRecipients reads the send form's addresses: to (the customer's
// email when left empty) and cc, a comma- or semicolon-separated list.
// Each must be a plain address; cc drops duplicates and the to address.
func decideRecipients(to, cc, customerEmail string) (string, []string, *ruleError) {
	to = strings.TrimSpace(to)
	if to == "" {
		to = strings.TrimSpace(customerEmail)
		if to == "" {
			return "", nil, newRuleError("email", "folio_no_email", msgNoCustomerEmail)
		}
	} else if !plainEmail(to) {
		return "", nil, newRuleError("to", "folio_invalid_email", msgInvalidTo)
	}

	var copies []string
	seen := map[string]bool{identity.LimitKey(to): true}
	for _, a := range strings.FieldsFunc(cc, func(r rune) bool { return r == ',' || r == ';' }) {
		a = strings.TrimSpace(a)
		if a == "" {
			continue
		}
		if !plainEmail(a) {
			return "", nil, newRuleError("cc", "folio_invalid_cc", msgInvalidCc)
		}
		if seen[identity.LimitKey(a)] {
			continue
		}
		seen[identity.LimitKey(a)] = true
		copies = append(copies, a)
	}
	if len(copies) > maxCc {
		return "", nil, newRuleError("cc", "folio_too_many_cc", msgTooManyCc)
	}
	return to, copies, nil
}

// plainEmail accepts an address without a display name ("a@b.example").
func plainEmail(s string) bool {
	return s != "" && !strings.ContainsAny(s, " <>\r\n,;") && is.EmailFormat.Validate(s) == nil
}

// decideSendText bounds the subject and message a person typed (empty
// means: from the business's templates).
func decideSendText(subject, message string) *ruleError {
	if utf8.RuneCountInString(subject) > migrations.SendSubjectMax {
		return newRuleError("subject", "folio_subject_too_long", msgSubjectLong)
	}
	if utf8.RuneCountInString(message) > migrations.SendMessageMax {
		return newRuleError("message", "folio_message_too_long", msgMessageLong)
	}
	return nil
}

// decidePDF checks an uploaded PDF: not empty, at most 10 MB, and a PDF by
// its content (it starts with "%PDF-"), whatever the browser labelled it.
func decidePDF(size int64, head []byte) *ruleError {
	if size <= 0 || size > migrations.IssuedPDFMaxBytes || !bytes.HasPrefix(head, []byte("%PDF-")) {
		return newRuleError("pdf", "folio_invalid_pdf", msgInvalidPDF)
	}
	return nil
}

// issuedAttachment is which PDF a send attaches.
type issuedAttachment int

const (
	// attachNone: no PDF (none uploaded, and no issued copy of this content).
	attachNone issuedAttachment = iota
	// attachKept: the issued copy kept on the document.
	attachKept
	// attachUploaded: the PDF uploaded with this send.
	attachUploaded
)

// decideIssuedCopy picks the PDF of a send and whether to keep the upload
// as the document's issued copy. An issued copy never changes while the
// printed content is the same (keptFor == currentFor): a resend attaches
// it, and a new upload is ignored. Once the content changed, an upload
// becomes the new issued copy; without one, nothing is attached.
func decideIssuedCopy(hasKept bool, keptFor, currentFor string, uploaded bool) (attach issuedAttachment, keep bool) {
	switch {
	case hasKept && keptFor == currentFor:
		return attachKept, false
	case uploaded:
		return attachUploaded, true
	default:
		return attachNone, false
	}
}
