package migrations_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// Migration 1795300009: the e-invoicing fields.
func TestEInvoicingSchema(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()

	fields := map[string]map[string]string{
		migrations.BusinessesCollection: {
			migrations.FieldEInvoicing: core.FieldTypeBool, migrations.FieldCompanyVATID: core.FieldTypeText,
			migrations.FieldCompanyTaxRegistration: core.FieldTypeText, migrations.FieldCompanyPostalCode: core.FieldTypeText,
			migrations.FieldCompanyCity: core.FieldTypeText, migrations.FieldCompanyCountry: core.FieldTypeText,
			migrations.FieldSellerEndpointID: core.FieldTypeText, migrations.FieldSellerEndpointScheme: core.FieldTypeSelect,
			migrations.FieldSellerContactName: core.FieldTypeText, migrations.FieldSellerContactPhone: core.FieldTypeText,
			migrations.FieldSellerContactEmail: core.FieldTypeEmail,
		},
		migrations.CustomersCollection: {
			migrations.FieldEndpointID: core.FieldTypeText, migrations.FieldEndpointScheme: core.FieldTypeSelect,
			migrations.FieldBuyerReference: core.FieldTypeText, "tax_id": core.FieldTypeText,
		},
		migrations.QuotesCollection: {
			migrations.FieldVATExemptionCategory: core.FieldTypeSelect, migrations.FieldVATExemptionReason: core.FieldTypeText,
		},
		migrations.InvoicesCollection: {
			migrations.FieldVATExemptionCategory: core.FieldTypeSelect, migrations.FieldVATExemptionReason: core.FieldTypeText,
		},
	}
	// Visible to the owner like the other business fields.
	for collection, want := range fields {
		wantVisibleFields(t, mustFind(t, app, collection), want)
	}

	users, _ := app.FindCollectionByNameOrId(migrations.BusinessesCollection)
	sizes := map[string]int{
		migrations.FieldCompanyVATID: 20, migrations.FieldCompanyTaxRegistration: 40, migrations.FieldCompanyPostalCode: 20,
		migrations.FieldCompanyCity: 100, migrations.FieldCompanyCountry: 2, migrations.FieldSellerEndpointID: 200,
		migrations.FieldSellerContactName: 100, migrations.FieldSellerContactPhone: 40,
	}
	for name, max := range sizes {
		if f := users.Fields.GetByName(name).(*core.TextField); f.Max != max {
			t.Errorf("users.%s max = %d, want %d", name, f.Max, max)
		}
	}
	scheme := users.Fields.GetByName(migrations.FieldSellerEndpointScheme).(*core.SelectField)
	for _, code := range []string{"EM", "0088", "0204", "9930", "9957", "0208", "0007", "0192", "0106", "9925", "0060", "0009", "0002"} {
		if !slices.Contains(scheme.Values, code) {
			t.Errorf("EAS scheme %s missing", code)
		}
	}
	if scheme.Required || scheme.MaxSelect != 1 {
		t.Errorf("seller_endpoint_scheme = %+v, want one optional value", scheme)
	}
	invoices, _ := app.FindCollectionByNameOrId(migrations.InvoicesCollection)
	cat := invoices.Fields.GetByName(migrations.FieldVATExemptionCategory).(*core.SelectField)
	if !slices.Equal(cat.Values, []string{"Z", "E", "AE", "K", "G", "O"}) || cat.Required {
		t.Errorf("vat_exemption_category = %+v", cat)
	}
	if f := invoices.Fields.GetByName(migrations.FieldVATExemptionReason).(*core.TextField); f.Max != 300 {
		t.Errorf("vat_exemption_reason max = %d", f.Max)
	}
}

// Documents that exist when the migration runs get category Z, and their
// stored breakdown rows their category; down takes both away again.
func TestEInvoicingBackfill(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()
	runner := core.NewMigrationsRunner(app, core.AppMigrations)
	// Down to and including this migration, whatever came after it.
	steps := migrationsSince("1795300009")
	if _, err := runner.Down(steps); err != nil {
		t.Fatal(err)
	}

	owner := testapp.CreateUser(t, app, testapp.Alice)
	// No billing hooks here: the rows are written as they were stored.
	must := func(_ any, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(app.DB().Insert("customers", dbx.Params{"id": "cust00000000001", "owner": owner.Id, "name": "Acme", "currency": "EUR"}).Execute())
	breakdown := `[{"rate":0,"net_cents":500,"tax_cents":0},{"rate":19,"net_cents":1000,"tax_cents":190}]`
	for i, table := range []string{"quotes", "invoices"} {
		must(app.DB().Insert(table, dbx.Params{"id": "doc0000000000" + string(rune('a'+i)) + "1", "owner": owner.Id,
			"customer": "cust00000000001", "status": "sent", "seq": 1, "number": "X-1", "issue_date": "2026-03-01 00:00:00.000Z",
			"tax_breakdown": breakdown, "items": "[]"}).Execute())
		must(app.DB().Insert(table, dbx.Params{"id": "doc0000000000" + string(rune('a'+i)) + "2", "owner": owner.Id,
			"customer": "cust00000000001", "status": "draft", "seq": 2, "number": "X-2", "issue_date": "2026-03-01 00:00:00.000Z",
			"tax_breakdown": "[]", "items": "[]"}).Execute())
	}

	if _, err := runner.Up(); err != nil {
		t.Fatal(err)
	}
	type row struct {
		Category  string `db:"vat_exemption_category"`
		Breakdown string `db:"tax_breakdown"`
	}
	read := func(table, id string) row {
		t.Helper()
		var r row
		err := app.DB().Select("vat_exemption_category", "tax_breakdown").From(table).Where(dbx.HashExp{"id": id}).One(&r)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	rows := func(s string) []map[string]any {
		t.Helper()
		var out []map[string]any
		if err := json.Unmarshal([]byte(s), &out); err != nil {
			t.Fatalf("breakdown %q: %v", s, err)
		}
		return out
	}
	for i, table := range []string{"quotes", "invoices"} {
		r := read(table, "doc0000000000"+string(rune('a'+i))+"1")
		want := []map[string]any{
			{"rate": 0.0, "net_cents": 500.0, "tax_cents": 0.0, "category": "Z"},
			{"rate": 19.0, "net_cents": 1000.0, "tax_cents": 190.0, "category": "S"},
		}
		if r.Category != "Z" || !reflect.DeepEqual(rows(r.Breakdown), want) {
			t.Errorf("%s after up: %+v", table, r)
		}
		if r := read(table, "doc0000000000"+string(rune('a'+i))+"2"); r.Category != "Z" || r.Breakdown != "[]" {
			t.Errorf("%s empty breakdown after up: %+v", table, r)
		}
	}

	if _, err := runner.Down(steps); err != nil {
		t.Fatal(err)
	}
	var back string
	if err := app.DB().NewQuery("SELECT tax_breakdown FROM invoices WHERE id = 'doc0000000000b1'").Row(&back); err != nil {
		t.Fatal(err)
	}
	if got := rows(back); !reflect.DeepEqual(got, rows(breakdown)) {
		t.Errorf("down left %v", got)
	}
	users, _ := app.FindCollectionByNameOrId(migrations.UsersCollection)
	customers, _ := app.FindCollectionByNameOrId(migrations.CustomersCollection)
	if users.Fields.GetByName(migrations.FieldEInvoicing) != nil || customers.Fields.GetByName(migrations.FieldEndpointID) != nil {
		t.Error("down left the e-invoicing fields")
	}
}
