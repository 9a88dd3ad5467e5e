package billing

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/tests"
)

// balancesOf checks the route's answer: exactly these customers owe these
// amounts.
func balancesOf(want map[string]int64) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, _ *tests.TestApp, res *http.Response) {
		t.Helper()
		got, _ := decode(t, res)["balances"].(map[string]any)
		if len(got) != len(want) {
			t.Errorf("balances = %v, want %v", got, want)
		}
		for id, cents := range want {
			if got[id] != float64(cents) {
				t.Errorf("balance of %s = %v, want %d (all: %v)", id, got[id], cents, got)
			}
		}
	}
}

func TestCustomerBalancesRoute(t *testing.T) {
	getMethod, url := http.MethodGet, PathCustomerBalances+"?business="+alice
	runAPICases(t, []apiCase{
		// invSent 120.00 + invPartial 70.00 left; drafts, paid and void invoices owe nothing.
		{name: "what each of the business's customers owes", as: alice, method: getMethod, url: url,
			status: 200, after: balancesOf(map[string]int64{custAcme: 19000})},
		{name: "another business's customers are not in it", as: bob, method: getMethod,
			url: PathCustomerBalances + "?business=" + bob, status: 200, after: balancesOf(map[string]int64{custBob: 10000})},
		{name: "another business's balances are not found", as: bob, method: getMethod, url: url, status: 404,
			contains: []string{`"code":"folio_business_not_found"`}, absent: []string{custAcme}},
		{name: "no business named: not found", as: alice, method: getMethod, url: PathCustomerBalances, status: 404},
		{name: "a payment lowers the balance", as: alice, method: getMethod, url: url,
			before: func(t testing.TB, app *tests.TestApp) {
				if _, err := create(app, "payments", "", map[string]any{"business": alice, "invoice": invSent,
					"amount_cents": 2000, "date": "2026-03-15"}); err != nil {
					t.Fatal(err)
				}
			},
			status: 200, after: balancesOf(map[string]int64{custAcme: 17000})},
		{name: "a voided invoice is no longer owed", as: alice, method: getMethod, url: url,
			before: func(t testing.TB, app *tests.TestApp) {
				inv := get(t, app, "invoices", invSent)
				inv.Set("status", "void")
				inv.Set("void_reason", "Issued twice")
				if err := app.Save(inv); err != nil {
					t.Fatal(err)
				}
			},
			status: 200, after: balancesOf(map[string]int64{custAcme: 7000})},
		{name: "a guest is refused", method: getMethod, url: url, status: 401},
	})
}

// Payments made at the same moment on the same customer's invoices: the
// balances add up to what is left of each invoice, none is lost.
func TestCustomerBalancesUnderConcurrentPayments(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()

	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		invoice := invSent
		if i%2 == 1 {
			invoice = invPartial
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := create(app, "payments", "", map[string]any{"business": alice, "invoice": invoice,
				"amount_cents": 1000, "date": fmt.Sprintf("2026-03-%02d", 8+i)})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}

	balances, err := customerBalances(app, alice)
	if err != nil {
		t.Fatal(err)
	}
	// 120.00 − 4 × 10.00 and 70.00 − 4 × 10.00.
	if got, want := balances[custAcme], int64(8000+3000); got != want {
		t.Errorf("balance of %s = %d, want %d", custAcme, got, want)
	}
	for _, id := range []string{invSent, invPartial} {
		inv := get(t, app, "invoices", id)
		if paid := inv.GetInt("paid_cents"); inv.GetInt("balance_cents") != inv.GetInt("total_cents")-paid {
			t.Errorf("%s: balance %d ≠ total − paid", id, inv.GetInt("balance_cents"))
		}
	}
}
