package billing

import (
	"net/http"
	"slices"
	"testing"

	"folio/server/migrations"
)

// Every document language has a default list the categories' own checks
// accept.
func TestDefaultExpenseCategories(t *testing.T) {
	t.Parallel()
	for _, lang := range migrations.DocumentLanguages {
		list := defaultExpenseCategories[lang]
		raw := []byte(`["` + list[0] + `"`)
		for _, n := range list[1:] {
			raw = append(raw, []byte(`,"`+n+`"`)...)
		}
		raw = append(raw, ']')
		got, rerr := decideExpenseCategories(raw)
		if len(list) != 10 || rerr != nil || !slices.Equal(got, list) {
			t.Errorf("%s: %d categories %q, checked %q %v", lang, len(list), list, got, rerr)
		}
	}
	if got := DefaultExpenseCategories("xx"); got[0] != "Rent" {
		t.Errorf("an unknown language: %q", got)
	}
}

// The categories route: every member of the business reads its list —
// the default one in its document language while it has none, its own
// once it has one; anyone else gets nothing.
func TestExpenseCategoriesRoute(t *testing.T) {
	url := PathExpenseCategories + "?business=" + alice
	cases := byRole(apiCase{name: "the default list", method: http.MethodGet, url: url,
		before:   setBusiness(alice, map[string]any{migrations.FieldDocumentLanguage: "de"}),
		contains: []string{`"categories":["Miete","Reisekosten",`, `"default":true`}},
		readers, nil)
	cases = append(cases,
		apiCase{name: "the business's own list", as: alice, method: http.MethodGet, url: url,
			before: setBusiness(alice, map[string]any{migrations.FieldExpenseCategories: []string{"Studio", "Travel"}}),
			status: 200, contains: []string{`{"categories":["Studio","Travel"],"default":false}`}},
		apiCase{name: "an empty list is none", as: alice, method: http.MethodGet, url: url,
			before: setBusiness(alice, map[string]any{migrations.FieldExpenseCategories: []string{}}),
			status: 200, contains: []string{`"categories":["Rent","Travel","Software",`, `"default":true`}},
		apiCase{name: "no business named", as: alice, method: http.MethodGet, url: PathExpenseCategories, status: 404},
		apiCase{name: "a guest", method: http.MethodGet, url: url, status: 401},
	)
	runAPICases(t, cases)
}
