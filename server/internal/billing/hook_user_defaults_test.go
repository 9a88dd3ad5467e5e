package billing

import (
	"net/http"
	"testing"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestUserDefaults(t *testing.T) {
	signUp := func(extra map[string]any) map[string]any {
		m := map[string]any{"email": "new@folio.test", "password": testapp.Password, "passwordConfirm": testapp.Password}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	runAPICases(t, []apiCase{
		{name: "sign-up gets the defaults", method: http.MethodPost, url: "/api/collections/users/records", body: signUp(nil),
			status: 200, contains: []string{`"default_currency":"EUR"`, `"invoice_prefix":"INV-"`, `"quote_prefix":"QUO-"`,
				`"payment_prefix":"PAY-"`, `"default_terms_days":30`, `"notify_overdue":true`, `"notify_quote_expiring":false`,
				`"view_tracking":true`, `"send_subject_template":"{kind} {number} from {business}"`,
				`"send_message_template":"Hello {customer},\n\n`, `"iban":""`, `"bic":""`, `"bank_holder":""`}},
		{name: "view tracking starts on even when the sign-up says off; a template sent is kept", method: http.MethodPost,
			url:    "/api/collections/users/records",
			body:   signUp(map[string]any{migrations.FieldViewTracking: false, migrations.FieldSendSubjectTemplate: "{number}"}),
			status: 200, contains: []string{`"view_tracking":true`, `"send_subject_template":"{number}"`}},
		{name: "view tracking is the owner's to switch off", as: alice, method: http.MethodPatch, url: "/api/collections/users/records/" + alice,
			body: map[string]any{migrations.FieldViewTracking: false}, status: 200, contains: []string{`"view_tracking":false`}},
		{name: "sign-up values are kept", method: http.MethodPost, url: "/api/collections/users/records",
			body:   signUp(map[string]any{"default_currency": "USD", "invoice_prefix": "F", "default_terms_days": 14, "default_tax_rate": 8.5}),
			status: 200, contains: []string{`"default_currency":"USD"`, `"invoice_prefix":"F"`, `"default_terms_days":14`, `"default_tax_rate":8.5`, `"quote_prefix":"QUO-"`}},
		{name: "settings are the owner's to change", as: alice, method: http.MethodPatch, url: "/api/collections/users/records/" + alice,
			body: map[string]any{migrations.FieldNotifyOverdue: false, migrations.FieldCompanyName: "Alice & Co"}, status: 200,
			contains: []string{`"notify_overdue":false`, `"company_name":"Alice \u0026 Co"`}},
		{name: "bad currency code", as: alice, method: http.MethodPatch, url: "/api/collections/users/records/" + alice,
			body: map[string]any{migrations.FieldDefaultCurrency: "euro"}, status: 400, contains: []string{`"default_currency":{`}},
	})
}
