package billing

import "slices"

// decideConvert says whether a quote may become an invoice now. A quote is
// converted at most once (research I11); an expired quote still converts,
// because converting is the business's explicit decision. A draft never sent is
// not converted: the customer has not seen it (it is edited instead, or sent).
func decideConvert(status string, linked bool, lines int) *ruleError {
	switch {
	case linked || status == statusConverted:
		return newRuleError("invoice", "folio_already_converted", msgAlreadyConverted)
	case status == statusRejected:
		return newRuleError("status", "folio_rejected_no_convert", msgRejectedNoConvert)
	case status == statusDraft:
		return newRuleError("status", "folio_convert_needs_send", msgConvertNeedsSend)
	case !slices.Contains(convertibleFrom, status):
		return badTransition("quote", status, statusConverted)
	case lines == 0:
		return newRuleError("items", "folio_convert_needs_lines", msgConvertNeedsLines)
	}
	return nil
}
