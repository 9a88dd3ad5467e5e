package billing

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"folio/server/migrations"
)

// Two changes of one expense's VAT lines at the same moment (two devices)
// each answer 200 with totals that are the sums of their own lines, and
// the stored expense is one of them whole: its totals are the sums of the
// lines stored with them, never one save's lines with the other's totals.
func TestExpenseLinesChangedTwiceAtOnce(t *testing.T) {
	t.Parallel()
	type stored struct {
		Lines      []ExpenseLine `json:"vat_lines"`
		NetCents   int64         `json:"net_cents"`
		VATCents   int64         `json:"vat_cents"`
		TotalCents int64         `json:"total_cents"`
	}
	sums := func(s stored) (net, vat, total int64) {
		for _, l := range s.Lines {
			net, vat, total = net+l.NetCents, vat+l.VATCents, total+l.GrossCents
		}
		return
	}
	for round := range 4 {
		t.Run(fmt.Sprint(round), func(t *testing.T) {
			app := factory(t)
			defer app.Cleanup()
			withExpense(t, app)
			url := expensesURL + "/expalice0000001"
			one := call{http.MethodPatch, url, `{"vat_lines":[{"rate":19,"gross_cents":2380},{"rate":7,"net_cents":1250}]}`, ""}
			other := call{http.MethodPatch, url, `{"vat_lines":[{"rate":0,"gross_cents":999}],"total_cents":1}`, ""}
			for i, a := range atOnce(t, app, []call{one, other, one, other}) {
				var s stored
				if a.code != http.StatusOK || json.Unmarshal([]byte(a.body), &s) != nil {
					t.Fatalf("answer %d: %d %s", i, a.code, a.body)
				}
				if net, vat, total := sums(s); net != s.NetCents || vat != s.VATCents || total != s.TotalCents {
					t.Errorf("answer %d: totals %d/%d/%d, its lines sum to %d/%d/%d", i, s.NetCents, s.VATCents, s.TotalCents, net, vat, total)
				}
			}
			r := get(t, app, migrations.ExpensesCollection, "expalice0000001")
			var s stored
			if err := json.Unmarshal([]byte(r.GetString(migrations.FieldVATLines)), &s.Lines); err != nil {
				t.Fatal(err)
			}
			s.NetCents, s.VATCents, s.TotalCents = int64(r.GetInt(migrations.FieldNetCents)), int64(r.GetInt(migrations.FieldVATCents)), int64(r.GetInt(migrations.FieldTotalCents))
			net, vat, total := sums(s)
			if net != s.NetCents || vat != s.VATCents || total != s.TotalCents {
				t.Errorf("stored totals %d/%d/%d, the stored lines sum to %d/%d/%d", s.NetCents, s.VATCents, s.TotalCents, net, vat, total)
			}
			if total != 3718 && total != 999 {
				t.Errorf("stored lines %+v are neither save's", s.Lines)
			}
		})
	}
}
