package imports

import (
	"reflect"
	"testing"
)

// The header rows of four tools' expense (receipt) exports
// (testdata/expenses) map onto Folio's expense fields; each want is
// field → header.
func TestDecideExpenseColumns(t *testing.T) {
	t.Parallel()
	cases := map[string]map[string]string{
		"invoiceninja.csv": {
			"number": "Number", "vendor": "Vendor", "date": "Date", "gross": "Amount", "currency": "Currency",
			"category": "Category", "description": "Public Notes", "vat_rate": "Tax Rate 1", "vat_amount": "Tax Amount",
			"net": "Net Amount", "paid_on": "Payment Date",
		},
		"zoho.csv": {
			"date": "Expense Date", "category": "Expense Account", "vendor": "Vendor", "number": "Reference#",
			"description": "Description", "currency": "Currency Code", "net": "Expense Amount", "vat_rate": "Tax Percentage",
			"vat_amount": "Tax Amount", "gross": "Total", "payment_state": "Status", "vendor_vat_id": "Vendor VAT Reg No",
		},
		"sevdesk.csv": {
			"number": "Belegnummer", "date": "Belegdatum", "vendor": "Lieferant", "vendor_vat_id": "USt-IdNr. Lieferant",
			"description": "Beschreibung", "category": "Kategorie", "currency": "Währung", "net": "Betrag netto",
			"vat_rate": "Steuersatz", "vat_amount": "Steuerbetrag", "gross": "Betrag brutto", "payment_state": "Status",
			"paid_on": "Bezahlt am",
		},
		"lexoffice.csv": {
			"date": "Belegdatum", "number": "Belegnummer", "vendor": "Kontakt", "description": "Beschreibung",
			"category": "Kategorie", "currency": "Währung", "net": "Nettobetrag", "vat_rate": "Steuersatz",
			"vat_amount": "Steuerbetrag", "gross": "Bruttobetrag", "payment_state": "Zahlungsstatus", "paid_on": "Zahlungsdatum",
		},
	}
	checkGuesses(t, "expenses", ExpenseFields, expenseAliases, cases)
}

func TestDecideExpenseRow(t *testing.T) {
	t.Parallel()
	m := Mapping{"date": 0, "vendor": 1, "vendor_vat_id": 2, "number": 3, "currency": 4, "net": 5, "vat_rate": 6,
		"vat_amount": 7, "gross": 8, "payment_state": 9, "paid_on": 10}
	line := func(l map[string]any) []map[string]any { return []map[string]any{l} }
	checkRows(t, func(cells []string) (map[string]any, []Problem) { return decideExpenseRow(m, 7, cells, "EUR") }, []rowCase{
		{"a German receipt, paid",
			[]string{"02.03.2026", " Papier Schmidt ", "DE811111111", "B-1", "eur", "100,00", "19 %", "19,00", "119,00", "bezahlt", "05.03.2026"},
			map[string]any{"date": "2026-03-02", "vendor_name": "Papier Schmidt", "vendor_vat_id": "DE811111111", "number": "B-1",
				"currency": "EUR", "payment_state": "paid", "paid_on": "2026-03-05", lineRowsKey: []int{7},
				"vat_lines": line(map[string]any{"rate": 19.0, "net_cents": int64(10000), "vat_cents": int64(1900), "gross_cents": int64(11900)})}, nil},
		{"a gross amount only, no rate: 0 %; a paid date makes it paid",
			[]string{"2026-03-02", "Bahn", "", "", "", "", "", "", "49.90", "", "2026-03-02"},
			map[string]any{"date": "2026-03-02", "vendor_name": "Bahn", "payment_state": "paid", "paid_on": "2026-03-02", lineRowsKey: []int{7},
				"vat_lines": line(map[string]any{"rate": 0.0, "gross_cents": int64(4990)})}, nil},
		{"a 7,5 % rate, offen",
			[]string{"2026-03-02", "X", "", "", "", "10", "7,5", "", "", "offen", ""},
			map[string]any{"date": "2026-03-02", "vendor_name": "X", "payment_state": "unpaid", lineRowsKey: []int{7},
				"vat_lines": line(map[string]any{"rate": 7.5, "net_cents": int64(1000)})}, nil},
		{"sevDesk's overdue is open",
			[]string{"2026-03-02", "X", "", "", "", "10", "0", "", "", "Überfällig", ""},
			map[string]any{"date": "2026-03-02", "vendor_name": "X", "payment_state": "unpaid", lineRowsKey: []int{7},
				"vat_lines": line(map[string]any{"rate": 0.0, "net_cents": int64(1000)})}, nil},
		{"no date, no amount, a VAT amount without rate, an unknown state",
			[]string{"", "X", "", "", "", "", "", "3,00", "", "vielleicht", ""},
			map[string]any{"vendor_name": "X", lineRowsKey: []int{7}, "vat_lines": line(map[string]any{"vat_cents": int64(300)})},
			[]Problem{{Row: 7, Field: "date", Code: problemRequired}, {Row: 7, Field: "payment_state", Code: problemInvalid},
				{Row: 7, Field: "gross", Code: problemRequired}, {Row: 7, Field: "vat_rate", Code: problemRequired}}},
		{"a date and an amount that can't be read",
			[]string{"31.02.2026", "X", "", "", "", "zehn", "19", "", "", "", ""},
			map[string]any{"vendor_name": "X", lineRowsKey: []int{7}, "vat_lines": line(map[string]any{"rate": 19.0})},
			[]Problem{{Row: 7, Field: "date", Code: problemDate}, {Row: 7, Field: "net", Code: problemNotNumber}}},
	})
}

// Rows of one receipt (same vendor, number and date) are one expense
// with a VAT line each; a row without a number is an expense of its own.
func TestGroupExpenseRows(t *testing.T) {
	t.Parallel()
	m := Mapping{"date": 0, "vendor": 1, "number": 2, "net": 3, "vat_rate": 4}
	req := &request{spec: kinds["expenses"], mapping: m, skip: map[int]bool{6: true}, rows: []sourceRow{
		{n: 2, cells: []string{"2026-03-02", "Papier", "B-1", "100", "19"}},
		{n: 3, cells: []string{"2026-03-02", "papier ", "b-1", "50", "7"}},
		{n: 4, cells: []string{"2026-03-03", "Papier", "B-1", "10", "19"}}, // another day: another receipt
		{n: 5, cells: []string{"2026-03-02", "Papier", "", "10", "19"}},
		{n: 6, cells: []string{"2026-03-02", "Papier", "B-1", "10", "0"}}, // skipped
		{n: 7, cells: []string{"", "Papier", "B-1", "5", "0"}},
		{n: 8, cells: []string{"", "Papier", "B-1", "x", "19"}},
	}}
	got := decideAll(req, "EUR")
	var merged, skipped []int
	for i, d := range got {
		if d.merged {
			merged = append(merged, req.rows[i].n)
		}
		if d.skipped {
			skipped = append(skipped, req.rows[i].n)
		}
	}
	if !reflect.DeepEqual(merged, []int{3, 8}) || !reflect.DeepEqual(skipped, []int{6}) {
		t.Errorf("merged %v, skipped %v", merged, skipped)
	}
	if rows := got[0].values[lineRowsKey]; !reflect.DeepEqual(rows, []int{2, 3}) {
		t.Errorf("the receipt B-1 of 2 March has the lines of rows %v", rows)
	}
	if lines := got[0].values["vat_lines"].([]map[string]any); len(lines) != 2 || lines[1]["rate"] != 7.0 {
		t.Errorf("lines %v", lines)
	}
	// Rows 7 and 8 (no date) are one receipt, which takes row 8's problem.
	if p := got[5].problems; len(p) != 3 || p[2].Row != 8 || p[2].Field != "net" {
		t.Errorf("the receipt of rows 7 and 8 has problems %v", p)
	}
}

// A refused expense's problem is one of the row of the VAT line it names,
// with the line's rate.
func TestExpenseProblems(t *testing.T) {
	t.Parallel()
	v := map[string]any{lineRowsKey: []int{4, 9}, "vat_lines": []map[string]any{{"rate": 19.0}, {"rate": 7.0}}}
	got := expenseProblems(4, v, map[string]any{"vat_lines": map[string]any{
		"code": "folio_expense_vat_mismatch", "params": map[string]any{"line": 2, "amount": "3,50 €"},
	}})
	want := []Problem{{Row: 9, Field: "vat_lines", Code: "folio_expense_vat_mismatch", Params: map[string]any{"line": 2, "amount": "3,50 €", "rate": 7.0}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
}
