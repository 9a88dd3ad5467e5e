package migrations_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// The rules alone (no hooks bound here) keep each business's records to its
// members, and writes to the roles that may write. Bob owns his own
// business and is Alice's accountant: the role that counts is the one of the
// membership in the record's business, never a role held elsewhere.
func TestBusinessRulesByRole(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()
	for _, u := range []testapp.User{testapp.Alice, testapp.Bob, testapp.Carol} {
		testapp.CreateUser(t, app, u)
	}
	alice := testapp.Alice.ID
	testapp.AddMember(t, app, alice, testapp.Bob.ID, migrations.RoleAccountant)
	dave := testapp.CreateUser(t, app, testapp.User{ID: "daveuser0000001", Email: "dave@folio.test"})
	testapp.AddMember(t, app, alice, dave.Id, migrations.RoleMember)
	if _, err := app.DB().Insert(migrations.CustomersCollection, dbx.Params{"id": "custalice000001", "business": alice,
		"name": "Acme", "currency": "EUR"}).Execute(); err != nil {
		t.Fatal(err)
	}
	mux := testapp.Mux(t, app)
	call := func(who, method, path, body string) (int, string) {
		t.Helper()
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", testapp.Token(t, app, who))
		res := httptest.NewRecorder()
		mux.ServeHTTP(res, req)
		return res.Code, res.Body.String()
	}
	count := func(who, path string) int {
		t.Helper()
		code, body := call(who, http.MethodGet, path, "")
		if code != http.StatusOK {
			t.Fatalf("%s GET %s: %d %s", who, path, code, body)
		}
		var page struct {
			TotalItems int `json:"totalItems"`
		}
		_ = json.Unmarshal([]byte(body), &page)
		return page.TotalItems
	}

	// Reading: every member, nobody else, whatever the filter.
	for who, want := range map[string]int{alice: 1, testapp.Bob.ID: 1, dave.Id: 1, testapp.Carol.ID: 0} {
		if n := count(who, "/api/collections/customers/records"); n != want {
			t.Errorf("%s lists %d customers, want %d", who, n, want)
		}
		if n := count(who, "/api/collections/customers/records?filter="+
			"(business='"+alice+"'||business!='')"); n != want {
			t.Errorf("%s lists %d customers with a filter, want %d", who, n, want)
		}
	}
	if code, _ := call(testapp.Carol.ID, http.MethodGet, "/api/collections/businesses/records/"+alice, ""); code != http.StatusNotFound {
		t.Errorf("a stranger views the business: %d", code)
	}
	if n := count(testapp.Carol.ID, "/api/collections/memberships/records"); n != 1 {
		t.Errorf("Carol sees %d memberships, want her own 1", n)
	}
	if n := count(testapp.Bob.ID, "/api/collections/memberships/records?filter=(business='"+alice+"')"); n != 3 {
		t.Errorf("Bob sees %d of Alice's memberships, want 3", n)
	}

	// Writing: owners and members; the accountant (an owner elsewhere) and
	// strangers never.
	create := func(who, id string) int {
		code, _ := call(who, http.MethodPost, "/api/collections/customers/records",
			`{"id":"`+id+`","business":"`+alice+`","name":"New","currency":"EUR"}`)
		return code
	}
	if code := create(alice, "custnew00000001"); code != http.StatusOK {
		t.Errorf("owner creates: %d", code)
	}
	if code := create(dave.Id, "custnew00000002"); code != http.StatusOK {
		t.Errorf("member creates: %d", code)
	}
	for _, who := range []string{testapp.Bob.ID, testapp.Carol.ID} {
		if code := create(who, "custnew0000000"+who[:1]); code == http.StatusOK {
			t.Errorf("%s created a customer in Alice's business", who)
		}
		if code, _ := call(who, http.MethodPatch, "/api/collections/customers/records/custalice000001", `{"name":"Mine"}`); code == http.StatusOK {
			t.Errorf("%s renamed Alice's customer", who)
		}
		if code, _ := call(who, http.MethodDelete, "/api/collections/customers/records/custalice000001", ""); code == http.StatusNoContent {
			t.Errorf("%s deleted Alice's customer", who)
		}
	}
	// A member may not move a record to another business, even one they own.
	testapp.AddMember(t, app, testapp.Carol.ID, dave.Id, migrations.RoleOwner)
	if code, _ := call(dave.Id, http.MethodPatch, "/api/collections/customers/records/custalice000001",
		`{"business":"`+testapp.Carol.ID+`"}`); code == http.StatusOK {
		t.Error("a member moved a customer to another business")
	}
	// Nobody writes memberships through the collections API.
	if code, _ := call(testapp.Bob.ID, http.MethodPatch, "/api/collections/memberships/records/x", `{"role":"owner"}`); code == http.StatusOK {
		t.Error("a membership was changed through the API")
	}
	if code, _ := call(testapp.Carol.ID, http.MethodPost, "/api/collections/memberships/records",
		`{"user":"`+testapp.Carol.ID+`","business":"`+alice+`","role":"owner"}`); code == http.StatusOK {
		t.Error("Carol made herself an owner of Alice's business")
	}
	// Settings: owners and admins, not accountants or members.
	for who, want := range map[string]int{alice: http.StatusOK, testapp.Bob.ID: http.StatusNotFound, dave.Id: http.StatusNotFound} {
		code, body := call(who, http.MethodPatch, "/api/collections/businesses/records/"+alice, `{"company_name":"X"}`)
		if code != want && !(want != http.StatusOK && code != http.StatusOK) {
			t.Errorf("%s updates the business: %d %s, want %d", who, code, body, want)
		}
	}
}

// Every account that exists when the migration runs becomes a business with
// its id and its settings, and every record follows its owner.
func TestBusinessesMigrateAccounts(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()
	runner := core.NewMigrationsRunner(app, core.AppMigrations)
	if _, err := runner.Down(migrationsSince("1795300110")); err != nil {
		t.Fatal(err)
	}
	testapp.CreateUser(t, app, testapp.Alice)
	if _, err := app.DB().Update(migrations.UsersCollection, dbx.Params{migrations.FieldCompanyName: "Alice Ltd",
		migrations.FieldInvoicePrefix: "A-", migrations.FieldIBAN: "DE89370400440532013000"}, dbx.HashExp{"id": testapp.Alice.ID}).Execute(); err != nil {
		t.Fatal(err)
	}
	if _, err := app.DB().Insert(migrations.CustomersCollection, dbx.Params{"id": "custalice000001", "owner": testapp.Alice.ID,
		"name": "Acme", "currency": "EUR"}).Execute(); err != nil {
		t.Fatal(err)
	}
	if _, err := runner.Up(); err != nil {
		t.Fatal(err)
	}
	b := testapp.Business(t, app, testapp.Alice)
	if b.GetString(migrations.FieldCompanyName) != "Alice Ltd" || b.GetString(migrations.FieldInvoicePrefix) != "A-" ||
		b.GetString(migrations.FieldIBAN) != "DE89370400440532013000" {
		t.Errorf("business = %v", b.PublicExport())
	}
	c, err := app.FindRecordById(migrations.CustomersCollection, "custalice000001")
	if err != nil || c.GetString(migrations.FieldBusiness) != testapp.Alice.ID {
		t.Fatalf("customer: %v %v", c, err)
	}
	m, err := app.FindFirstRecordByFilter(migrations.MembershipsCollection, "user = {:u} && business = {:u}", dbx.Params{"u": testapp.Alice.ID})
	if err != nil || m.GetString(migrations.FieldRole) != migrations.RoleOwner {
		t.Errorf("membership: %v %v", m, err)
	}
}
