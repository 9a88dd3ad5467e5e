package billing

// The rules of this package that the reports (package reports) read, so
// they count what billing counts instead of a copy of it.

// RateKey is a VAT rate as a map key: thousandths of a percent, so that
// 7.7 and 7.70 are one rate.
func RateKey(rate float64) int64 { return rateKey(rate) }

// BalanceDue is what the customer still owes on an invoice of this status
// and stored balance: nothing on a draft, a void or a paid invoice, else
// its balance (total less payments and credit notes).
func BalanceDue(status string, balanceCents int64) int64 {
	switch status {
	case statusDraft, statusVoid, statusPaid:
		return 0
	}
	return balanceCents
}

// Issued reports whether an invoice of this status counts as issued in
// the books: anything but a draft and a void invoice.
func Issued(status string) bool {
	return status != "" && status != statusDraft && status != statusVoid
}
