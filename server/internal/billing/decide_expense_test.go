package billing

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"
)

// expenseVector is one case of tests/vectors/expenses.json, which the web
// app's tests read too (src/billing/expense.ts).
type expenseVector struct {
	Name     string          `json:"name"`
	Currency string          `json:"currency"`
	Lines    json.RawMessage `json:"lines"`
	Want     *struct {
		Lines      []ExpenseLine `json:"lines"`
		NetCents   int64         `json:"net_cents"`
		VATCents   int64         `json:"vat_cents"`
		TotalCents int64         `json:"total_cents"`
	} `json:"want"`
	Refusal *struct {
		Code   string         `json:"code"`
		Params map[string]any `json:"params"`
	} `json:"refusal"`
}

// The expense rules on the shared vectors: several rates on one receipt,
// from gross or from net, half away from zero, the VAT printed kept within
// a cent, and each refusal with its params.
func TestExpenseVectors(t *testing.T) {
	t.Parallel()
	var file struct {
		Cases []expenseVector `json:"cases"`
	}
	readVectors(t, "expenses.json", &file)
	if len(file.Cases) < 20 {
		t.Fatalf("only %d vectors", len(file.Cases))
	}
	for _, c := range file.Cases {
		got, rerr := decideExpense(c.Lines, c.Currency)
		switch {
		case c.Refusal != nil:
			if rerr == nil {
				t.Errorf("%s: accepted %+v, want %s", c.Name, got, c.Refusal.Code)
				continue
			}
			// Params as a client reads them (numbers are JSON numbers).
			var params map[string]any
			if rerr.params != nil {
				b, _ := json.Marshal(rerr.params)
				_ = json.Unmarshal(b, &params)
			}
			if rerr.code != c.Refusal.Code || !reflect.DeepEqual(params, c.Refusal.Params) || rerr.field != "vat_lines" {
				t.Errorf("%s: refused %s %v (%s), want %s %v", c.Name, rerr.code, params, rerr.field, c.Refusal.Code, c.Refusal.Params)
			}
		case rerr != nil:
			t.Errorf("%s: refused %s (%s)", c.Name, rerr.code, rerr.message)
		case !slices.Equal(got.Lines, c.Want.Lines) || got.NetCents != c.Want.NetCents ||
			got.VATCents != c.Want.VATCents || got.TotalCents != c.Want.TotalCents:
			t.Errorf("%s: got %+v, want %+v", c.Name, got, *c.Want)
		}
	}
}

// The expense categories: trimmed, each once (whatever its case), at most
// 30 names of 60 characters; none stays none.
func TestDecideExpenseCategories(t *testing.T) {
	t.Parallel()
	sixtyOne := ""
	for range 61 {
		sixtyOne += "é"
	}
	thirtyOne := make([]string, 31)
	for i := range thirtyOne {
		thirtyOne[i] = string(rune('a' + i%26))
		if i >= 26 {
			thirtyOne[i] += "x"
		}
	}
	tooMany, _ := json.Marshal(thirtyOne)
	for _, c := range []struct {
		raw  string
		want []string
		bad  bool
	}{
		{raw: "", want: nil},
		{raw: "null", want: nil},
		{raw: `[" Rent ","Travel","rent"]`, want: []string{"Rent", "Travel"}},
		{raw: `[]`, want: []string{}},
		{raw: `["Rent",""]`, bad: true},
		{raw: `["` + sixtyOne + `"]`, bad: true},
		{raw: `["Rent",3]`, bad: true},
		{raw: `{"a":1}`, bad: true},
		{raw: string(tooMany), bad: true},
	} {
		got, rerr := decideExpenseCategories([]byte(c.raw))
		if (rerr != nil) != c.bad {
			t.Errorf("%s: refused = %v, want %v", c.raw, rerr, c.bad)
			continue
		}
		if rerr != nil {
			if rerr.code != "folio_expense_categories_invalid" {
				t.Errorf("%s: code %s", c.raw, rerr.code)
			}
			continue
		}
		if !slices.Equal(got, c.want) || (got == nil) != (c.want == nil) {
			t.Errorf("%s: got %q, want %q", c.raw, got, c.want)
		}
	}
}

// A vendor's identifiers are normalized and checked like the business's
// own: the IBAN's check digits, the VAT ID's country prefix, the country's
// two letters.
func TestDecideVendor(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, iban, vatID, country string
		want                       vendorFields
		code                       string
	}{
		{name: " Office Supply GmbH ", iban: "de89 3704 0044 0532 0130 00", vatID: "de 123456789", country: "de",
			want: vendorFields{name: "Office Supply GmbH", iban: "DE89370400440532013000", vatID: "DE123456789", country: "DE"}},
		{name: "Bakery", want: vendorFields{name: "Bakery"}},
		{name: "X", iban: "DE89370400440532013001", code: "folio_invalid_iban"},
		{name: "X", vatID: "123456789", code: "folio_invalid_vat_id"},
		{name: "X", country: "DEU", code: "folio_invalid_country"},
	} {
		got, rerr := decideVendor(c.name, c.iban, c.vatID, c.country)
		switch {
		case c.code != "":
			if rerr == nil || rerr.code != c.code {
				t.Errorf("%+v: got %v, want %s", c, rerr, c.code)
			}
		case rerr != nil:
			t.Errorf("%+v: refused %s", c, rerr.code)
		case got != c.want:
			t.Errorf("%+v: got %+v", c, got)
		}
	}
}
