package billing

import (
	"fmt"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/tools/router"
)

// The send route's limits: a business (all its members together) mails at
// most SendsPerAccountHour documents in any hour, and one document at most
// SendsPerDocumentHour times (a resend counts like a first send). They
// keep a fresh account from using Folio as a mail relay. The web app shows the same figures in
// the send dialog (tests/vectors/send-limits.json).
const (
	SendsPerAccountHour  = 20
	SendsPerDocumentHour = 3
	sendWindow           = time.Hour
)

// sendQuotaError is a refusal of the send route that is not about the
// document: the answer's HTTP status and its refusal.
type sendQuotaError struct {
	status int
	rule   *ruleError
}

func (e *sendQuotaError) api() *router.ApiError {
	return e.rule.refusal().Answer(e.status)
}

// decideSendAllowed says whether a document may be mailed now: only from a
// verified email address (403), and within the hourly limits given how
// many mails the business and this document sent in the last hour (429,
// the sentence naming the limit).
func decideSendAllowed(verified bool, kind string, businessSends, documentSends int) *sendQuotaError {
	switch {
	case !verified:
		return &sendQuotaError{status: http.StatusForbidden,
			rule: newRuleError("", "folio_send_unverified", msgSendUnverified)}
	case businessSends >= SendsPerAccountHour:
		return &sendQuotaError{status: http.StatusTooManyRequests,
			rule: &ruleError{code: "folio_send_account_limit", message: fmt.Sprintf(fmtSendAccountLimit, SendsPerAccountHour),
				params: params{"max": SendsPerAccountHour}}}
	case documentSends >= SendsPerDocumentHour:
		return &sendQuotaError{status: http.StatusTooManyRequests,
			rule: &ruleError{code: "folio_send_document_limit",
				message: fmt.Sprintf(fmtSendDocumentLimit, kind, SendsPerDocumentHour),
				params:  params{"kind": kind, "max": SendsPerDocumentHour}}}
	}
	return nil
}
