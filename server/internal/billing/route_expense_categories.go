package billing

import (
	"encoding/json"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/team"
	"folio/server/migrations"
)

// PathExpenseCategories is the expense categories route (?business=<id>).
const PathExpenseCategories = "/api/folio/expenses/categories"

// ExpenseCategoriesResponse is the answer of GET
// /api/folio/expenses/categories.
type ExpenseCategoriesResponse struct {
	// Categories are the business's expense categories: its own list
	// (businesses.expense_categories) or, while it has none, the default
	// list in its document language.
	Categories []string `json:"categories"`
	// Default says the list is the default one (the business has none).
	Default bool `json:"default"`
}

// expenseCategoriesRoute answers the categories of the business the query's
// "business" names to any of its members (team.Read); anyone else gets the
// 404 of a business that does not exist.
func expenseCategoriesRoute(e *core.RequestEvent) error {
	businessID := team.BusinessParam(e)
	if err := team.Require(e, businessID, team.Read); err != nil {
		return err
	}
	business, err := findBusiness(e.App, businessID)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, expenseCategoriesOf(business))
}

// expenseCategoriesOf is a business's own list of categories, or the
// default one in its document language when it has none (an empty list
// counts as none: a business can't record expenses without categories).
func expenseCategoriesOf(business *core.Record) ExpenseCategoriesResponse {
	var own []string
	_ = json.Unmarshal(RawJSON(business, migrations.FieldExpenseCategories), &own)
	if len(own) > 0 {
		return ExpenseCategoriesResponse{Categories: own}
	}
	return ExpenseCategoriesResponse{Categories: DefaultExpenseCategories(business.GetString(migrations.FieldDocumentLanguage)), Default: true}
}
