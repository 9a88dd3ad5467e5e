package billing

import "time"

// quoteValidityDays is how long a quote stays open when no expiry date is given.
const quoteValidityDays = 30

// decideDueDate is the default due date: the customer's own payment terms
// when set (above 0), else the owner's. 0 owner days means due on receipt.
func decideDueDate(issue time.Time, customerTerms, ownerTerms int) time.Time {
	days := ownerTerms
	if customerTerms > 0 {
		days = customerTerms
	}
	return issue.AddDate(0, 0, days)
}

// decideExpiryDate is the default expiry date of a quote.
func decideExpiryDate(issue time.Time) time.Time {
	return issue.AddDate(0, 0, quoteValidityDays)
}
