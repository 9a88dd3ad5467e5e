package billing

import (
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/team"
	"folio/server/migrations"
)

// PathCustomerBalances is the customers' balances route (?business=<id>).
const PathCustomerBalances = "/api/folio/customers/balances"

// BalancesResponse is the answer of GET /api/folio/customers/balances.
type BalancesResponse struct {
	// Balances are what each customer of the business owes, in integer
	// minor units of the customer's currency (every invoice of a customer
	// is in its currency), by customer id. A customer who owes nothing is
	// left out.
	Balances map[string]int64 `json:"balances"`
}

// customerBalancesRoute sums the balances of the open invoices (sent,
// viewed, partly paid) of the business the query's "business" names, per
// customer; any member may read them (team.Read), anyone else gets the
// 404 of a business that does not exist. It is read from the invoices
// at the time of the request, whose balances the payment hooks recompute
// from the payments in the payment's own transaction: the answer is never
// behind a committed payment, however many are made at once, and nothing
// is stored that could drift. One query on the (business, …) indexes.
func customerBalancesRoute(e *core.RequestEvent) error {
	businessID := team.BusinessParam(e)
	if err := team.Require(e, businessID, team.Read); err != nil {
		return err
	}
	balances, err := customerBalances(e.App, businessID)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, BalancesResponse{Balances: balances})
}

// customerBalances is Σ balance of the business's open invoices, by
// customer.
func customerBalances(app core.App, business string) (map[string]int64, error) {
	var rows []struct {
		Customer string `db:"customer"`
		Cents    int64  `db:"cents"`
	}
	err := app.DB().Select("customer", "SUM(balance_cents) AS cents").
		From(migrations.InvoicesCollection).
		Where(dbx.HashExp{"business": business}).
		AndWhere(dbx.In("status", statusSent, statusViewed, statusPartial)).
		AndWhere(dbx.NewExp("balance_cents > 0")).
		GroupBy("customer").
		All(&rows)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int64, len(rows))
	for _, r := range rows {
		out[r.Customer] = r.Cents
	}
	return out, nil
}
