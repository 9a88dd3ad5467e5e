package billing

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// settlementRowsVector is one case of tests/vectors/settlement-rows.json,
// which the web app's settlementRows passes too.
type settlementRowsVector struct {
	Name     string          `json:"name"`
	Total    int64           `json:"total_cents"`
	Paid     int64           `json:"paid_cents"`
	Credited int64           `json:"credited_cents"`
	Refunded int64           `json:"refunded_cents"`
	Void     bool            `json:"void"`
	Want     []settlementRow `json:"want"`
}

func TestDecideSettlementRowsVectors(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "tests", "vectors", "settlement-rows.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []settlementRowsVector `json:"cases"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 10 {
		t.Fatalf("only %d cases", len(file.Cases))
	}
	for _, c := range file.Cases {
		got := decideSettlementRows(c.Total, c.Paid, c.Credited, c.Refunded, c.Void)
		if !reflect.DeepEqual(got, c.Want) && !(len(got) == 0 && len(c.Want) == 0) {
			t.Errorf("%s: got %+v, want %+v", c.Name, got, c.Want)
		}
		// The column adds up: the total and every row but the last make the last.
		if len(got) > 0 {
			sum := c.Total
			for _, r := range got[:len(got)-1] {
				sum += r.Cents
			}
			if last := got[len(got)-1]; sum != last.Cents {
				t.Errorf("%s: %d and the rows make %d, the last row says %d", c.Name, c.Total, sum, last.Cents)
			}
		}
	}
}
