package billing

import (
	"errors"
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/migrations"
)

func TestBusinessBankHook(t *testing.T) {
	patch := http.MethodPatch
	me := "/api/collections/businesses/records/" + alice
	runAPICases(t, []apiCase{
		{name: "an IBAN as printed is stored without spaces, upper case", as: alice, method: patch, url: me,
			body: map[string]any{migrations.FieldIBAN: " de89 3704 0044 0532 0130 00 ", migrations.FieldBIC: "cobadeff",
				migrations.FieldBankHolder: "Alice Martin"},
			status: 200, contains: []string{`"iban":"DE89370400440532013000"`, `"bic":"COBADEFF"`, `"bank_holder":"Alice Martin"`},
			after: expectRecord(migrations.BusinessesCollection, alice, map[string]any{migrations.FieldIBAN: "DE89370400440532013000"})},
		{name: "the EPC example", as: alice, method: patch, url: me, body: map[string]any{migrations.FieldIBAN: "BE72000000001616"},
			status: 200, contains: []string{`"iban":"BE72000000001616"`}},
		{name: "wrong check digits", as: alice, method: patch, url: me, body: map[string]any{migrations.FieldIBAN: "DE88370400440532013000"},
			status: 400, contains: []string{msg(msgInvalidIBAN), `"iban":{"code":"folio_invalid_iban","message":"` + msgInvalidIBAN + `"}`},
			after: expectRecord(migrations.BusinessesCollection, alice, map[string]any{migrations.FieldIBAN: ""})},
		{name: "a BIC of 9 characters", as: alice, method: patch, url: me, body: map[string]any{migrations.FieldBIC: "COBADEFF1"},
			status: 400, contains: []string{msg(msgInvalidBIC), `"bic":{"code":"folio_invalid_bic"`}},
		{name: "clearing the account", as: alice, method: patch, url: me,
			before: setBusiness(alice, map[string]any{migrations.FieldIBAN: "BE72000000001616"}),
			body:   map[string]any{migrations.FieldIBAN: "", migrations.FieldBIC: ""}, status: 200, contains: []string{`"iban":""`}},
		{name: "nobody else reads the bank account", as: bob, method: http.MethodGet, url: me, status: 404,
			before: setBusiness(alice, map[string]any{migrations.FieldIBAN: "BE72000000001616"}),
			absent: []string{"BE72000000001616"}},
	})
}

// A new business (made by the team routes or Go code) is checked like a
// saved one: its bank details, its e-invoicing seller fields and its
// prefixes.
func TestNewBusinessSettingsAreChecked(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		fields map[string]any
		want   string // the refused field
	}{
		{"a bad IBAN", map[string]any{migrations.FieldIBAN: "BE72000000001617"}, migrations.FieldIBAN},
		{"e-invoicing on and nothing else", map[string]any{migrations.FieldEInvoicing: true}, migrations.FieldCompanyName},
		{"credit notes numbered like the invoices", map[string]any{migrations.FieldInvoicePrefix: "INV-",
			migrations.FieldCreditNotePrefix: "inv-"}, migrations.FieldInvoicePrefix},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			app := factory(t)
			defer app.Cleanup()
			_, err := create(app, migrations.BusinessesCollection, "", c.fields)
			var refused *router.ApiError
			if !errors.As(err, &refused) || refused.Data[c.want] == nil {
				t.Errorf("save = %v, want a refusal at %s", err, c.want)
			}
		})
	}
	app := factory(t)
	defer app.Cleanup()
	if _, err := create(app, migrations.BusinessesCollection, "", map[string]any{migrations.FieldIBAN: "be72 0000 0000 1616"}); err != nil {
		t.Errorf("a good IBAN: %v", err)
	}
}
