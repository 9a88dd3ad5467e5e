package billing

import (
	"net/http"
	"testing"

	"folio/server/migrations"
)

func TestUserBankHook(t *testing.T) {
	patch := http.MethodPatch
	me := "/api/collections/users/records/" + alice
	runAPICases(t, []apiCase{
		{name: "an IBAN as printed is stored without spaces, upper case", as: alice, method: patch, url: me,
			body: map[string]any{migrations.FieldIBAN: " de89 3704 0044 0532 0130 00 ", migrations.FieldBIC: "cobadeff",
				migrations.FieldBankHolder: "Alice Martin"},
			status: 200, contains: []string{`"iban":"DE89370400440532013000"`, `"bic":"COBADEFF"`, `"bank_holder":"Alice Martin"`},
			after: expectRecord(migrations.UsersCollection, alice, map[string]any{migrations.FieldIBAN: "DE89370400440532013000"})},
		{name: "the EPC example", as: alice, method: patch, url: me, body: map[string]any{migrations.FieldIBAN: "BE72000000001616"},
			status: 200, contains: []string{`"iban":"BE72000000001616"`}},
		{name: "wrong check digits", as: alice, method: patch, url: me, body: map[string]any{migrations.FieldIBAN: "DE88370400440532013000"},
			status: 400, contains: []string{msg(msgInvalidIBAN), `"iban":{"code":"folio_invalid_iban","message":"` + msgInvalidIBAN + `"}`},
			after: expectRecord(migrations.UsersCollection, alice, map[string]any{migrations.FieldIBAN: ""})},
		{name: "a BIC of 9 characters", as: alice, method: patch, url: me, body: map[string]any{migrations.FieldBIC: "COBADEFF1"},
			status: 400, contains: []string{msg(msgInvalidBIC), `"bic":{"code":"folio_invalid_bic"`}},
		{name: "clearing the account", as: alice, method: patch, url: me,
			before: setUser(alice, map[string]any{migrations.FieldIBAN: "BE72000000001616"}),
			body:   map[string]any{migrations.FieldIBAN: "", migrations.FieldBIC: ""}, status: 200, contains: []string{`"iban":""`}},
		{name: "a sign-up with a bad IBAN", method: http.MethodPost, url: "/api/collections/users/records",
			body: map[string]any{"email": "new@folio.test", "password": "correct-horse-42", "passwordConfirm": "correct-horse-42",
				migrations.FieldIBAN: "BE72000000001617"},
			status: 400, contains: []string{msg(msgInvalidIBAN)}},
		{name: "nobody else reads the bank account", as: bob, method: http.MethodGet, url: me, status: 404,
			before: setUser(alice, map[string]any{migrations.FieldIBAN: "BE72000000001616"}),
			absent: []string{"BE72000000001616"}},
	})
}
