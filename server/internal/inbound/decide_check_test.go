package inbound

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// valid is an invoice whose figures agree: 19 % on 100.00 and 7 % on
// 10.05 (0.7035 → 0.70), 20.00 prepaid.
func valid() Document {
	return Document{
		Number: "A-1", IssueDate: "2026-11-02", DueDate: "2026-12-02", Currency: "EUR",
		Seller: Party{Name: "Seller GmbH"},
		Lines: []Line{
			{ID: "1", Net: "60.00", VATCategory: "S", VATRate: "19"},
			{ID: "2", Net: "40.00", VATCategory: "S", VATRate: "19.00"},
			{ID: "3", Net: "10.05", VATCategory: "S", VATRate: "7"},
		},
		VAT: []VATGroup{
			{Category: "S", Rate: "19", Taxable: "100.00", Tax: "19.00"},
			{Category: "S", Rate: "7", Taxable: "10.05", Tax: "0.70"},
		},
		Totals: Totals{Lines: "110.05", Net: "110.05", VAT: "19.70", Gross: "129.75", Prepaid: "20.00", Payable: "109.75"},
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		change func(d *Document)
		want   []Problem
	}{
		{"agreeing figures", func(*Document) {}, nil},
		{"allowance and charge (BR-CO-13)", func(d *Document) {
			d.Totals.Allowances, d.Totals.Charges = "10.00", "10.00"
		}, nil},
		{"a rounding amount (BR-CO-16)", func(d *Document) {
			d.Totals.Rounding, d.Totals.Payable = "0.25", "110.00"
		}, nil},
		{"VAT one cent off is rounding", func(d *Document) {
			d.VAT[1].Tax, d.Totals.VAT, d.Totals.Gross, d.Totals.Payable = "0.71", "19.71", "129.76", "109.76"
		}, nil},
		{"lines don't add up (BR-CO-10)", func(d *Document) { d.Lines[1].Net = "41.00" },
			[]Problem{{problemLinesSum, map[string]any{"sum": "111.05", "total": "110.05", "currency": "EUR"}}}},
		{"net ≠ lines − allowances (BR-CO-13)", func(d *Document) { d.Totals.Allowances = "5.00" },
			[]Problem{{problemNetTotal, map[string]any{"net": "110.05", "expected": "105.05", "currency": "EUR"}}}},
		{"VAT of a rate wrong (BR-CO-17), sum follows", func(d *Document) {
			d.VAT[0].Tax, d.Totals.VAT, d.Totals.Gross, d.Totals.Payable = "17.00", "17.70", "127.75", "107.75"
		}, []Problem{{problemVATRate, map[string]any{"rate": "19", "tax": "17.00", "expected": "19.00", "currency": "EUR"}}}},
		{"rates' VAT ≠ VAT total (BR-CO-14)", func(d *Document) {
			d.Totals.VAT, d.Totals.Gross, d.Totals.Payable = "19.80", "129.85", "109.85"
		}, []Problem{{problemVATSum, map[string]any{"sum": "19.70", "total": "19.80", "currency": "EUR"}}}},
		{"taxable amounts ≠ net", func(d *Document) { d.VAT[1].Taxable, d.VAT[1].Tax = "10.00", "0.70" },
			[]Problem{{problemVATBasis, map[string]any{"sum": "110.00", "total": "110.05", "currency": "EUR"}}}},
		{"gross ≠ net + VAT (BR-CO-15)", func(d *Document) { d.Totals.Gross, d.Totals.Payable = "130.75", "110.75" },
			[]Problem{{problemGross, map[string]any{"gross": "130.75", "expected": "129.75", "currency": "EUR"}}}},
		{"payable ≠ gross − prepaid (BR-CO-16)", func(d *Document) { d.Totals.Payable = "129.75" },
			[]Problem{{problemPayable, map[string]any{"payable": "129.75", "expected": "109.75", "currency": "EUR"}}}},
		{"a line's rate not in the breakdown", func(d *Document) { d.Lines[2].VATRate = "5" },
			[]Problem{{problemRateMissing, map[string]any{"rate": "5", "line": "3"}}}},
		{"required fields", func(d *Document) { d.Number, d.Seller.Name, d.Currency = "", " ", "" },
			[]Problem{
				{problemMissing, map[string]any{"field": fieldNumber}},
				{problemMissing, map[string]any{"field": fieldSeller}},
				{problemMissing, map[string]any{"field": fieldCurrency}},
			}},
		{"no date", func(d *Document) { d.IssueDate = "" }, []Problem{{problemMissing, map[string]any{"field": fieldDate}}}},
		{"dates that are none", func(d *Document) { d.IssueDate, d.DueDate = "2026-02-30", "soon" },
			[]Problem{
				{problemBadDate, map[string]any{"field": fieldDate, "value": "2026-02-30"}},
				{problemBadDate, map[string]any{"field": fieldDueDate, "value": "soon"}},
			}},
		{"no lines, no breakdown", func(d *Document) { d.Lines, d.VAT = nil, nil },
			[]Problem{{problemMissing, map[string]any{"field": fieldLines}}, {problemMissing, map[string]any{"field": fieldVAT}}}},
		{"no totals: no arithmetic", func(d *Document) { d.Totals = Totals{} },
			[]Problem{
				{problemMissing, map[string]any{"field": fieldLineSum}},
				{problemMissing, map[string]any{"field": fieldNet}},
				{problemMissing, map[string]any{"field": fieldGross}},
				{problemMissing, map[string]any{"field": fieldPayable}},
			}},
		{"an amount that is no number: no arithmetic", func(d *Document) { d.Totals.Gross, d.Lines[0].Net = "12,50", "1e3" },
			[]Problem{
				{problemNotNumber, map[string]any{"field": fieldLineNet, "value": "1e3"}},
				{problemNotNumber, map[string]any{"field": fieldGross, "value": "12,50"}},
			}},
		{"a rate over 100", func(d *Document) { d.VAT[0].Rate = "190" },
			[]Problem{{problemNotNumber, map[string]any{"field": fieldRate, "value": "190"}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			d := valid()
			c.change(&d)
			if got := Check(d); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got  %+v\nwant %+v", got, c.want)
			}
		})
	}
}

func TestHundredths(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]int64{"119.00": 11900, "-5": -500, "0.005": 1, "-0.005": -1, "12.344": 1234, " 7.5 ": 750} {
		if got, ok := hundredths(s); !ok || got != want {
			t.Errorf("hundredths(%q) = %d %v, want %d", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "1,5", "1e2", "1/2", "abc"} {
		if _, ok := hundredths(s); ok {
			t.Errorf("hundredths(%q) read a number", s)
		}
	}
}

// TestProblemMessages: the web app says every problem code and names
// every field in each of its languages (src/locales/*/inbound.json).
func TestProblemMessages(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "de", "fr", "es", "ar"} {
		raw, err := os.ReadFile(filepath.Join("..", "..", "..", "src", "locales", lang, "inbound.json"))
		if err != nil {
			t.Fatal(err)
		}
		var messages map[string]string
		if err := json.Unmarshal(raw, &messages); err != nil {
			t.Fatal(err)
		}
		for _, code := range ProblemCodes {
			if messages["problem."+code] == "" {
				t.Errorf("%s: no message for problem %s", lang, code)
			}
		}
		for _, f := range problemFields {
			if messages["field."+f] == "" {
				t.Errorf("%s: no words for field %s", lang, f)
			}
		}
	}
}
