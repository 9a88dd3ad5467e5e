package migrations_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestUserSettingsSchema(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()

	users := mustFind(t, app, migrations.BusinessesCollection)
	wantVisibleFields(t, users, map[string]string{
		migrations.FieldCompanyName: core.FieldTypeText, migrations.FieldCompanyAddress: core.FieldTypeText,
		migrations.FieldCompanyTaxID: core.FieldTypeText, migrations.FieldLogo: core.FieldTypeFile,
		migrations.FieldDefaultCurrency: core.FieldTypeText, migrations.FieldInvoicePrefix: core.FieldTypeText,
		migrations.FieldQuotePrefix: core.FieldTypeText, migrations.FieldPaymentPrefix: core.FieldTypeText,
		migrations.FieldDefaultTermsDays: core.FieldTypeNumber, migrations.FieldDefaultTaxRate: core.FieldTypeNumber,
		migrations.FieldNotifyOverdue: core.FieldTypeBool, migrations.FieldNotifyQuoteExpiring: core.FieldTypeBool,
	})
	logo := users.Fields.GetByName(migrations.FieldLogo).(*core.FileField)
	if logo.MaxSize != 2<<20 || logo.MaxSelect != 1 || slices.Contains(logo.MimeTypes, "image/svg+xml") || !slices.Contains(logo.MimeTypes, "image/png") {
		t.Errorf("logo = %+v", logo)
	}
}

func TestBillingCollections(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()

	users, _ := app.FindCollectionByNameOrId(migrations.BusinessesCollection)

	cases := []struct {
		name    string
		fields  []string
		indexes []string
	}{
		{migrations.CustomersCollection,
			[]string{"name", "contact_name", "email", "phone", "website", "tax_id", "address", "city", "postal_code", "country", "currency", "payment_terms_days", "notes", "archived"},
			[]string{"(`business`, `name`)", "(`business`, `archived`)"}},
		{migrations.QuotesCollection,
			[]string{"customer", "number", "seq", "status", "issue_date", "expiry_date", "currency", "items", "discount_percent", "subtotal_cents", "discount_cents", "tax_cents", "total_cents", "tax_breakdown", "notes", "terms", "invoice", "sent_at", "viewed_at", "accepted_at", "rejected_at", "converted_at", "reject_reason"},
			[]string{"UNIQUE INDEX `idx_quotes_business_number` ON `quotes` (`business`, `number`)", "UNIQUE INDEX `idx_quotes_business_seq`",
				"(`business`, `status`, `issue_date`, `seq`)", "(`business`, `customer`, `issue_date`, `seq`)", "(`business`, `issue_date`, `seq`, `status`, `expiry_date`)"}},
		{migrations.InvoicesCollection,
			[]string{"customer", "quote", "number", "seq", "status", "issue_date", "due_date", "currency", "items", "discount_percent", "subtotal_cents", "discount_cents", "tax_cents", "total_cents", "tax_breakdown", "paid_cents", "balance_cents", "notes", "terms", "void_reason", "sent_at", "viewed_at", "paid_at", "voided_at"},
			[]string{"UNIQUE INDEX `idx_invoices_business_number` ON `invoices` (`business`, `number`)", "(`business`, `status`, `issue_date`, `seq`)", "(`business`, `due_date`)",
				"(`business`, `issue_date`, `currency`, `status`, `total_cents`)", "(`business`, `status`, `due_date`, `currency`, `balance_cents`)",
				"(`business`, `customer`, `issue_date`, `seq`)", "(`business`, `issue_date`, `seq`, `status`, `due_date`)"}},
		{migrations.PaymentsCollection,
			[]string{"invoice", "customer", "number", "seq", "date", "amount_cents", "currency", "method", "reference", "notes"},
			[]string{"UNIQUE INDEX `idx_payments_business_number` ON `payments` (`business`, `number`)", "(`invoice`)",
				"(`business`, `date`, `currency`, `amount_cents`, `seq`)", "(`business`, `date`, `seq`, `method`)", "(`business`, `customer`, `date`, `seq`)"}},
	}
	for _, c := range cases {
		col := mustFind(t, app, c.name)
		for _, f := range append(c.fields, "id", "business", "created", "updated") {
			if col.Fields.GetByName(f) == nil {
				t.Errorf("%s.%s missing", c.name, f)
			}
		}
		owner, _ := col.Fields.GetByName("business").(*core.RelationField)
		if owner == nil || !owner.Required || owner.CascadeDelete || owner.CollectionId != users.Id {
			t.Errorf("%s.owner = %#v", c.name, owner)
		}
		id := col.Fields.GetByName("id").(*core.TextField)
		if id.Pattern != "^[a-z0-9]+$" || id.Min != 15 || id.Max != 15 {
			t.Errorf("%s.id = %+v: client ids must stay 15 × [a-z0-9]", c.name, id)
		}
		rules := map[string]*string{"list": col.ListRule, "view": col.ViewRule, "delete": col.DeleteRule,
			"create": col.CreateRule, "update": col.UpdateRule}
		wantRules := map[string]string{"list": migrations.BusinessReadRule, "view": migrations.BusinessReadRule, "delete": migrations.BusinessWriteRule,
			"create": migrations.BusinessCreateRule, "update": migrations.BusinessUpdateRule}
		for k, r := range rules {
			if r == nil || *r != wantRules[k] {
				t.Errorf("%s %s rule = %v", c.name, k, r)
			}
		}
		all := strings.Join(col.Indexes, "\n")
		for _, idx := range c.indexes {
			if !strings.Contains(all, idx) {
				t.Errorf("%s lacks index %s:\n%s", c.name, idx, all)
			}
		}
	}

	// Relations between money records never cascade.
	for _, ref := range [][2]string{{"quotes", "customer"}, {"invoices", "customer"}, {"invoices", "quote"}, {"quotes", "invoice"}, {"payments", "invoice"}, {"payments", "customer"}} {
		col, _ := app.FindCollectionByNameOrId(ref[0])
		if f := col.Fields.GetByName(ref[1]).(*core.RelationField); f.CascadeDelete {
			t.Errorf("%s.%s cascades", ref[0], ref[1])
		}
	}
}
