package billing

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"folio/server/internal/money"
)

// depositVectorsPath is shared with the web app's twin (src/billing/deposits.ts).
const depositVectorsPath = "../../../tests/vectors/deposits.json"

type depositVectors struct {
	Final []struct {
		Name           string           `json:"name"`
		Work           []money.TaxGroup `json:"work"`
		WorkTotalCents int64            `json:"work_total_cents"`
		Deposits       []finalDeposit   `json:"deposits"`
		Want           *finalDeduction  `json:"want"`
		Code           string           `json:"code"`
	} `json:"final"`
	Deposit []struct {
		Name           string           `json:"name"`
		Work           []money.TaxGroup `json:"work"`
		WorkTotalCents int64            `json:"work_total_cents"`
		Percent        float64          `json:"percent"`
		AmountCents    int64            `json:"amount_cents"`
		Want           []struct {
			Rate     float64 `json:"rate"`
			NetCents int64   `json:"net_cents"`
		} `json:"want"`
		Code string `json:"code"`
	} `json:"deposit"`
}

func readDepositVectors(t *testing.T) depositVectors {
	t.Helper()
	b, err := os.ReadFile(depositVectorsPath)
	if err != nil {
		t.Fatal(err)
	}
	var v depositVectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Final) < 5 || len(v.Deposit) < 3 {
		t.Fatalf("too few vectors: %d final, %d deposit", len(v.Final), len(v.Deposit))
	}
	return v
}

func TestDecideFinalVectors(t *testing.T) {
	for _, c := range readDepositVectors(t).Final {
		t.Run(c.Name, func(t *testing.T) {
			got, rerr := decideFinal(c.Work, c.WorkTotalCents, c.Deposits)
			if !wantRefusal(t, c.Want == nil, c.Code, rerr, got) {
				return
			}
			if !reflect.DeepEqual(got, *c.Want) {
				g, _ := json.Marshal(got)
				w, _ := json.Marshal(c.Want)
				t.Fatalf("\n got %s\nwant %s", g, w)
			}
			// The law's rule, whatever the case: per rate, due VAT = work VAT − deducted VAT.
			for _, r := range got.Rows {
				if r.DueTaxCents != r.TaxCents-r.DeductedTaxCents {
					t.Fatalf("rate %v: due VAT %d ≠ %d − %d", r.Rate, r.DueTaxCents, r.TaxCents, r.DeductedTaxCents)
				}
			}
		})
	}
}

func TestDecideDepositNetsVectors(t *testing.T) {
	for _, c := range readDepositVectors(t).Deposit {
		t.Run(c.Name, func(t *testing.T) {
			got, rerr := decideDepositNets(c.Work, c.WorkTotalCents, depositRequest{Percent: c.Percent, AmountCents: c.AmountCents})
			if !wantRefusal(t, c.Want == nil, c.Code, rerr, got) {
				return
			}
			if len(got) != len(c.Want) {
				t.Fatalf("got %+v, want %+v", got, c.Want)
			}
			for i, w := range c.Want {
				if got[i].Rate != w.Rate || got[i].NetCents != w.NetCents {
					t.Fatalf("rate %d: got %+v, want %+v", i, got[i], w)
				}
			}
		})
	}
}

// An amount asked is what the deposit invoice totals once the totals
// engine computes its VAT, within a cent per rate.
func TestDepositAmountTotalsWithinACentPerRate(t *testing.T) {
	work := []money.TaxGroup{{Rate: 7, NetCents: 20000, TaxCents: 1400}, {Rate: 19, NetCents: 50000, TaxCents: 9500}}
	for _, amount := range []int64{1, 99, 10000, 33333, 80900} {
		nets, rerr := decideDepositNets(work, 80900, depositRequest{AmountCents: amount})
		if rerr != nil {
			t.Fatal(rerr.message)
		}
		lines := make([]money.Line, len(nets))
		for i, n := range nets {
			lines[i] = money.Line{Description: "d", Quantity: 1, UnitPriceCents: n.NetCents, TaxRate: n.Rate}
		}
		tot, err := money.ComputeTotals(lines, 0)
		if err != nil {
			t.Fatal(err)
		}
		if d := tot.TotalCents - amount; d < -int64(len(nets)) || d > int64(len(nets)) {
			t.Fatalf("amount %d: deposit totals %d", amount, tot.TotalCents)
		}
	}
}

// wantRefusal checks a vector's refusal: refused with code when refused
// is true, else not refused at all. It answers whether to go on and
// compare the result.
func wantRefusal(t *testing.T, refused bool, code string, rerr *ruleError, got any) bool {
	t.Helper()
	if refused {
		if rerr == nil || rerr.code != code {
			t.Fatalf("want refusal %s, got %v %+v", code, rerr, got)
		}
		return false
	}
	if rerr != nil {
		t.Fatalf("refused: %v", rerr.message)
	}
	return true
}
