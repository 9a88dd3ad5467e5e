package billing

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

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

// Receipts typed with a vendor's name only fill the vendor list: the
// vendor of that name is linked (any case) or made once, even for four
// receipts of a new vendor sent at the same moment; a refused receipt
// leaves no vendor behind.
func TestReceiptsFillTheVendors(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()
	receipt := func(vendor string) call {
		return call{http.MethodPost, expensesURL, `{"business":"` + alice + `","date":"2026-03-02","vendor_name":"` + vendor +
			`","vat_lines":[{"rate":19,"gross_cents":1190}]}`, ""}
	}
	// The vendors called name, in any case (whichever receipt came first named it).
	vendorsNamed := func(name string) []*core.Record {
		rs, err := app.FindRecordsByFilter(migrations.VendorsCollection, "business = {:b} && name ~ {:n}", "", 0, 0,
			dbx.Params{"b": alice, "n": name})
		if err != nil {
			t.Fatal(err)
		}
		return rs
	}
	refused := receipt("Ghost GmbH")
	refused.body = `{"business":"` + alice + `","date":"2026-03-02","vendor_name":"Ghost GmbH","vat_lines":[]}`
	answers := atOnce(t, app, []call{receipt("Racy AG"), receipt("Racy AG"), receipt("racy ag "), receipt("Racy AG"), refused})
	if a := answers[4]; a.code != http.StatusBadRequest {
		t.Errorf("a receipt without lines: %d %s", a.code, a.body)
	}
	made := vendorsNamed("Racy AG")
	if len(made) != 1 {
		t.Fatalf("%d vendors Racy AG, want 1; answers %+v", len(made), answers)
	}
	for i, a := range answers[:4] {
		var e struct {
			Vendor string `json:"vendor"`
		}
		if a.code != http.StatusOK || json.Unmarshal([]byte(a.body), &e) != nil || e.Vendor != made[0].Id {
			t.Errorf("receipt %d: %d %s, want the vendor %s", i, a.code, a.body, made[0].Id)
		}
	}
	if ghosts := vendorsNamed("Ghost GmbH"); len(ghosts) != 0 {
		t.Errorf("a refused receipt left %d vendors", len(ghosts))
	}
}
