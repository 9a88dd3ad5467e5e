package billing

// decideSend says whether a document in this status may be mailed: not a
// void invoice (nothing is owed on it), not a converted quote (its invoice
// is what the customer gets now), not a rejected quote (revise it first).
// Drafts are sent; every other status is mailed again as it is.
func decideSend(noun, status string) *ruleError {
	switch {
	case noun == "invoice" && status == statusVoid:
		return &ruleError{"status", "folio_void_no_send", msgVoidNoSend}
	case noun == "quote" && status == statusConverted:
		return &ruleError{"status", "folio_converted_no_send", msgConvertedNoSend}
	case noun == "quote" && status == statusRejected:
		return &ruleError{"status", "folio_rejected_no_send", msgRejectedNoSend}
	}
	return nil
}
