package billing

// The rows under an invoice's total, as the sheet, the PDF and the
// customer's page print them: each amount that moved the total towards
// what is left, with its sign, and then what is left. The total plus the
// rows' amounts is always the last row, so the column adds up on paper
// (after a refund too). Its twin is settlementRows in
// src/billing/settlement-rows.ts; both pass tests/vectors/settlement-rows.json.

// Row kinds, in the order they print.
const (
	rowPaid       = "paid"        // payments (money, and credit applied from other invoices)
	rowCredited   = "credited"    // credit notes
	rowGivenBack  = "given_back"  // credit refunded, or applied to other invoices
	rowBalanceDue = "balance_due" // what the customer still owes
	rowCreditOwed = "credit_owed" // what the business owes the customer back, as a negative amount
)

// settlementRow is one printed row: its kind and its signed amount.
type settlementRow struct {
	Kind  string `json:"kind"`
	Cents int64  `json:"cents"`
}

// decideSettlementRows is the rows printed under an invoice's total: none
// when nothing was paid or credited (the total is what is due), else the
// payments and credit notes as minus, what was given back as plus, and last
// the balance due, or the credit still owed to the customer as a minus.
func decideSettlementRows(total, paid, credited, refunded int64, void bool) []settlementRow {
	if void || (paid == 0 && credited == 0) {
		return nil
	}
	var rows []settlementRow
	if paid != 0 {
		rows = append(rows, settlementRow{rowPaid, -paid})
	}
	if credited != 0 {
		rows = append(rows, settlementRow{rowCredited, -credited})
	}
	if refunded != 0 {
		rows = append(rows, settlementRow{rowGivenBack, refunded})
	}
	s := decideSettlement(total, paid, credited, refunded, void)
	if s.creditCents > 0 {
		return append(rows, settlementRow{rowCreditOwed, -s.creditCents})
	}
	return append(rows, settlementRow{rowBalanceDue, s.balanceCents})
}
