package billing

import (
	"reflect"
	"testing"
)

func TestDecideSettlementRowsVectors(t *testing.T) {
	var file struct {
		Cases []struct {
			settlementInput
			Want []settlementRow `json:"want"`
		} `json:"cases"`
	}
	readVectors(t, "settlement-rows.json", &file)
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
