package reports

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// reportVectors are the cases the web app's twin (src/billing/reports.ts)
// passes too.
type reportVectors struct {
	Period []struct {
		Name  string  `json:"name"`
		Kind  string  `json:"kind"`
		Date  string  `json:"date"`
		Today string  `json:"today"`
		Want  *Period `json:"want"`
		Code  string  `json:"code"`
	} `json:"period"`
	VAT []struct {
		Name   string    `json:"name"`
		Period Period    `json:"period"`
		Books  Books     `json:"books"`
		Want   VATReport `json:"want"`
	} `json:"vat"`
	Profit []struct {
		Name   string       `json:"name"`
		Period Period       `json:"period"`
		Books  Books        `json:"books"`
		Want   ProfitReport `json:"want"`
	} `json:"profit"`
	Aging []struct {
		Name     string      `json:"name"`
		Today    string      `json:"today"`
		Invoices []Invoice   `json:"invoices"`
		Want     AgingReport `json:"want"`
	} `json:"aging"`
}

func readVectors(t *testing.T) reportVectors {
	t.Helper()
	b, err := os.ReadFile("../../../tests/vectors/reports.json")
	if err != nil {
		t.Fatal(err)
	}
	var v reportVectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Period) < 5 || len(v.VAT) < 5 || len(v.Profit) < 2 || len(v.Aging) < 2 {
		t.Fatalf("too few vectors: %d period, %d vat, %d profit, %d aging", len(v.Period), len(v.VAT), len(v.Profit), len(v.Aging))
	}
	return v
}

// same compares as JSON, so an empty list and a missing one differ as
// they do for the web app.
func same(t *testing.T, name string, got, want any) {
	t.Helper()
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	var gv, wv any
	_ = json.Unmarshal(g, &gv)
	_ = json.Unmarshal(w, &wv)
	if !reflect.DeepEqual(gv, wv) {
		t.Errorf("%s:\n got %s\nwant %s", name, g, w)
	}
}

func TestPeriodVectors(t *testing.T) {
	for _, c := range readVectors(t).Period {
		got, code := decidePeriod(c.Kind, c.Date, c.Today)
		if code != c.Code {
			t.Errorf("%s: code %q, want %q", c.Name, code, c.Code)
			continue
		}
		if c.Want != nil {
			same(t, c.Name, got, *c.Want)
		}
	}
}

func TestVATVectors(t *testing.T) {
	for _, c := range readVectors(t).VAT {
		same(t, c.Name, decideVAT(c.Books, c.Period), c.Want)
	}
}

func TestProfitVectors(t *testing.T) {
	for _, c := range readVectors(t).Profit {
		same(t, c.Name, decideProfit(c.Books, c.Period), c.Want)
	}
}

func TestAgingVectors(t *testing.T) {
	for _, c := range readVectors(t).Aging {
		same(t, c.Name, decideAging(c.Invoices, c.Today), c.Want)
	}
}
