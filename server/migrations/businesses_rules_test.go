package migrations_test

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// A team in Alice's business, one person per role, and Carol, who is in
// none of it (she owns her own business).
var (
	teamAdmin      = testapp.AliceAdmin
	teamMember     = testapp.AliceMember
	teamAccountant = testapp.AliceAccountant
)

type teamAPI struct {
	t   *testing.T
	app core.App
	mux http.Handler
}

func newTeam(t *testing.T) *teamAPI {
	t.Helper()
	app := testapp.New(t)
	t.Cleanup(app.Cleanup)
	for _, u := range []testapp.User{testapp.Alice, testapp.Carol} {
		testapp.CreateUser(t, app, u)
	}
	testapp.AddAliceTeam(t, app)
	return &teamAPI{t: t, app: app, mux: testapp.Mux(t, app)}
}

func (a *teamAPI) call(who, method, path, body string) (int, string) {
	a.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if who != "" {
		req.Header.Set("Authorization", testapp.Token(a.t, a.app, who))
	}
	res := httptest.NewRecorder()
	a.mux.ServeHTTP(res, req)
	return res.Code, res.Body.String()
}

// items lists path as who and answers the ids (nil when refused).
func (a *teamAPI) items(who, path string) []string {
	a.t.Helper()
	code, body := a.call(who, http.MethodGet, path, "")
	if code != http.StatusOK {
		return nil
	}
	var page struct {
		Items []map[string]any `json:"items"`
	}
	if err := json.Unmarshal([]byte(body), &page); err != nil {
		a.t.Fatal(err)
	}
	ids := []string{}
	for _, it := range page.Items {
		ids = append(ids, it["id"].(string))
	}
	return ids
}

// rowIn inserts a bare row of collection in business (the rules are what is
// tested here, not the hooks) and answers its id.
func (a *teamAPI) rowIn(collection, business string) string {
	a.t.Helper()
	id := (collection + "xxxxxxxxxxxxxxx")[:9] + business[:6]
	id = strings.ReplaceAll(id, "_", "x")
	row := dbx.Params{"id": id, "business": business}
	// Fill what unique indexes need to tell the two rows apart.
	for _, unique := range []string{"period", "invoice", "token_hash"} {
		if c, _ := a.app.FindCachedCollectionByNameOrId(collection); c != nil && c.Fields.GetByName(unique) != nil {
			row[unique] = id
		}
	}
	if _, err := a.app.DB().Insert(collection, row).Execute(); err != nil {
		a.t.Fatalf("insert %s: %v", collection, err)
	}
	return id
}

// Every business collection × every role × list, view, update and delete,
// through the PocketBase API: members read, writers write where a client
// may write at all, and nobody outside the business sees a thing, whatever
// the filter, sort or expand.
func TestEveryCollectionByRole(t *testing.T) {
	a := newTeam(t)
	// Collections a client writes (they had the owner's create rule) and
	// collections only the server writes.
	clientWrites := map[string]bool{
		migrations.CustomersCollection: true, migrations.QuotesCollection: true, migrations.InvoicesCollection: true,
		migrations.PaymentsCollection: true, migrations.CreditNotesCollection: true, migrations.RefundsCollection: true,
		migrations.RecurringCollection: true, migrations.ItemsCollection: true,
		migrations.VendorsCollection: true, migrations.ExpensesCollection: true,
	}
	// Collections only owners and admins delete from.
	managersDelete := map[string]bool{migrations.VendorsCollection: true, migrations.ExpensesCollection: true}
	serverOnly := map[string]bool{migrations.DocumentLinksCollection: true, migrations.MailSendsCollection: true}
	type who struct {
		name          string
		id            string
		reads, writes bool
	}
	people := []who{
		{"owner", testapp.Alice.ID, true, true},
		{"admin", teamAdmin.ID, true, true},
		{"member", teamMember.ID, true, true},
		{"accountant", teamAccountant.ID, true, false},
		{"stranger", testapp.Carol.ID, false, false},
	}
	for _, collection := range append(slices.Clone(migrations.BusinessRecordCollections), migrations.CatalogueCollections...) {
		alices := a.rowIn(collection, testapp.Alice.ID)
		carols := a.rowIn(collection, testapp.Carol.ID)
		base := "/api/collections/" + collection + "/records"
		for _, p := range people {
			name := collection + "/" + p.name
			reads := p.reads && !serverOnly[collection]
			got := a.items(p.id, base)
			wantN := 0
			if reads {
				wantN = 1
			}
			hasAlices := strings.Contains(strings.Join(got, ","), alices)
			if hasAlices != reads {
				t.Errorf("%s: list %v, Alice's row visible = %v, want %v", name, got, hasAlices, reads)
			}
			// Carol's own business rows show only to Carol (where listable).
			if p.id != testapp.Carol.ID && strings.Contains(strings.Join(got, ","), carols) {
				t.Errorf("%s: lists Carol's row", name)
			}
			// Filters and sorts that name the business or reach through
			// it never widen what the rules allow.
			for _, q := range []string{
				"?filter=" + url.QueryEscape("business='"+testapp.Alice.ID+"'"),
				"?filter=" + url.QueryEscape("business.company_name!='x' || id!=''"),
				"?sort=business.iban&expand=business",
				"?fields=id,business&perPage=500",
			} {
				if n := len(a.items(p.id, base+q)); !serverOnly[collection] && (p.id != testapp.Carol.ID) && n != wantN {
					t.Errorf("%s: list%s shows %d rows, want %d", name, q, n, wantN)
				}
				if ids := a.items(p.id, base+q); strings.Contains(strings.Join(ids, ","), alices) != reads {
					t.Errorf("%s: list%s: Alice's row visible = %v, want %v", name, q, !reads, reads)
				}
			}
			code, _ := a.call(p.id, http.MethodGet, base+"/"+alices, "")
			if (code == http.StatusOK) != reads {
				t.Errorf("%s: view = %d, want readable %v", name, code, reads)
			}
			// A bare row fails the fields' validation (400) once the rule
			// let the update through; a refused rule answers 404 or 403.
			writes := p.writes && clientWrites[collection]
			code, _ = a.call(p.id, http.MethodPatch, base+"/"+alices, `{}`)
			if (code == http.StatusOK || code == http.StatusBadRequest) != writes {
				t.Errorf("%s: update = %d, want writable %v", name, code, writes)
			}
			if !writes {
				code, _ = a.call(p.id, http.MethodDelete, base+"/"+alices, "")
				if code == http.StatusNoContent {
					t.Errorf("%s: deleted Alice's row", name)
				}
			}
		}
		// Creating in someone else's business, or in none, is refused
		// wherever a client may create.
		if clientWrites[collection] {
			for _, p := range people {
				if p.writes {
					continue
				}
				code, _ := a.call(p.id, http.MethodPost, base, `{"business":"`+testapp.Alice.ID+`"}`)
				if code == http.StatusOK {
					t.Errorf("%s/%s created a row in Alice's business", collection, p.name)
				}
			}
		}
		// A writer deletes (last: the row is gone after); where only owners
		// and admins delete, the member can't and the admin does.
		if clientWrites[collection] {
			deleter := teamMember.ID
			if managersDelete[collection] {
				if code, _ := a.call(teamMember.ID, http.MethodDelete, base+"/"+alices, ""); code == http.StatusNoContent {
					t.Errorf("%s: the member deleted Alice's row", collection)
				}
				deleter = teamAdmin.ID
			}
			if code, body := a.call(deleter, http.MethodDelete, base+"/"+alices, ""); code != http.StatusNoContent {
				t.Errorf("%s: the writer's delete = %d %s", collection, code, body)
			}
		}
	}
}

// The business record: every member reads it (documents print it), owners
// and admins change it, nobody creates or deletes one through the API.
// Invitations are for owners and admins, and their token hash never shows
// or filters.
func TestBusinessAndInvitationsByRole(t *testing.T) {
	a := newTeam(t)
	business := "/api/collections/businesses/records/" + testapp.Alice.ID
	for _, c := range []struct {
		who           string
		read, changes bool
	}{
		{testapp.Alice.ID, true, true}, {teamAdmin.ID, true, true}, {teamMember.ID, true, false},
		{teamAccountant.ID, true, false}, {testapp.Carol.ID, false, false},
	} {
		if code, _ := a.call(c.who, http.MethodGet, business, ""); (code == http.StatusOK) != c.read {
			t.Errorf("%s views the business: %d", c.who, code)
		}
		if code, _ := a.call(c.who, http.MethodPatch, business, `{"iban":"DE89370400440532013000"}`); (code == http.StatusOK) != c.changes {
			t.Errorf("%s changes the bank details: %d", c.who, code)
		}
		if code, _ := a.call(c.who, http.MethodDelete, business, ""); code == http.StatusNoContent {
			t.Errorf("%s deleted the business", c.who)
		}
		if code, _ := a.call(c.who, http.MethodPost, "/api/collections/businesses/records", `{"company_name":"New"}`); code == http.StatusOK {
			t.Errorf("%s created a business through the API", c.who)
		}
	}

	inv := core.NewRecord(mustFind(t, a.app, migrations.InvitationsCollection))
	inv.Set("business", testapp.Alice.ID)
	inv.Set("email", "new@folio.test")
	inv.Set("role", migrations.RoleMember)
	inv.Set("token_hash", strings.Repeat("ab", 32))
	expires, _ := types.ParseDateTime(time.Now().Add(time.Hour))
	inv.Set("expires", expires)
	if err := a.app.Save(inv); err != nil {
		t.Fatal(err)
	}
	list := "/api/collections/invitations/records"
	for who, want := range map[string]int{testapp.Alice.ID: 1, teamAdmin.ID: 1, teamMember.ID: 0, teamAccountant.ID: 0, testapp.Carol.ID: 0} {
		if n := len(a.items(who, list)); n != want {
			t.Errorf("%s lists %d invitations, want %d", who, n, want)
		}
	}
	code, body := a.call(testapp.Alice.ID, http.MethodGet, list+"/"+inv.Id+"?fields=*,token_hash", "")
	if code != http.StatusOK || strings.Contains(body, "abab") || strings.Contains(body, "token_hash") {
		t.Errorf("the owner's view shows the token hash: %d %s", code, body)
	}
	if ids := a.items(testapp.Alice.ID, list+"?filter="+url.QueryEscape("token_hash~'ab'")); len(ids) != 0 {
		t.Errorf("a filter on the token hash matched %v", ids)
	}
	if code, _ := a.call(testapp.Alice.ID, http.MethodPatch, list+"/"+inv.Id, `{"role":"owner"}`); code == http.StatusOK {
		t.Error("an invitation was changed through the API")
	}
}

// listen subscribes who to topic's realtime messages on the server at
// base and answers the stream of their data lines (closed with the test).
func (a *teamAPI) listen(base, who, topic string) <-chan string {
	t := a.t
	t.Helper()
	res, err := http.Get(base + "/api/realtime")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	events := make(chan string, 16)
	ready := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		name := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event:"):
				name = strings.TrimSpace(strings.TrimPrefix(line, "event:"))
			case strings.HasPrefix(line, "data:") && name == "PB_CONNECT":
				var c struct {
					ClientID string `json:"clientId"`
				}
				_ = json.Unmarshal([]byte(strings.TrimPrefix(line, "data:")), &c)
				ready <- c.ClientID
			case strings.HasPrefix(line, "data:"):
				events <- strings.TrimPrefix(line, "data:")
			}
		}
	}()
	var clientID string
	select {
	case clientID = <-ready:
	case <-time.After(5 * time.Second):
		t.Fatal("no realtime connection")
	}
	req, _ := http.NewRequest(http.MethodPost, base+"/api/realtime",
		strings.NewReader(`{"clientId":"`+clientID+`","subscriptions":["`+topic+`"]}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", testapp.Token(t, a.app, who))
	sub, err := http.DefaultClient.Do(req)
	if err != nil || sub.StatusCode != http.StatusNoContent {
		t.Fatalf("subscribe: %v %v", sub, err)
	}
	sub.Body.Close()
	return events
}

// heard reports whether a message naming id arrives on events within two
// seconds.
func heard(events <-chan string, id string) bool {
	deadline := time.After(2 * time.Second)
	for {
		select {
		case e := <-events:
			if strings.Contains(e, id) {
				return true
			}
		case <-deadline:
			return false
		}
	}
}

// Realtime keeps the rules: the accountant hears of Alice's new customer,
// Carol does not, and once the accountant's membership is gone the next
// change is not sent to them.
func TestRealtimeFollowsMembership(t *testing.T) {
	a := newTeam(t)
	srv := httptest.NewServer(a.mux)
	t.Cleanup(srv.Close) // after the streams' cleanups
	listen := func(who string) <-chan string { return a.listen(srv.URL, who, "customers") }
	accountant, carol := listen(teamAccountant.ID), listen(testapp.Carol.ID)
	create := func(id string) {
		t.Helper()
		if code, body := a.call(testapp.Alice.ID, http.MethodPost, "/api/collections/customers/records",
			`{"id":"`+id+`","business":"`+testapp.Alice.ID+`","name":"Live","currency":"EUR"}`); code != http.StatusOK {
			t.Fatalf("create: %d %s", code, body)
		}
	}
	create("custlive0000001")
	if !heard(accountant, "custlive0000001") {
		t.Error("the accountant was not told of the new customer")
	}
	if heard(carol, "custlive0000001") {
		t.Error("Carol was told of Alice's customer")
	}
	m, err := a.app.FindFirstRecordByFilter(migrations.MembershipsCollection, "user = {:u} && business = {:b}",
		dbx.Params{"u": teamAccountant.ID, "b": testapp.Alice.ID})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.app.Delete(m); err != nil {
		t.Fatal(err)
	}
	create("custlive0000002")
	if heard(accountant, "custlive0000002") {
		t.Error("a removed accountant was still told of a new customer")
	}
}

// A business that requires two-factor sign-in shows its records only to
// members who have it on; the business record and the memberships stay
// readable, so the app can say what is missing.
func TestRequiredTwoFactor(t *testing.T) {
	a := newTeam(t)
	customer := a.rowIn(migrations.CustomersCollection, testapp.Alice.ID)
	if _, err := a.app.DB().Update(migrations.BusinessesCollection, dbx.Params{migrations.FieldRequireMFA: true},
		dbx.HashExp{"id": testapp.Alice.ID}).Execute(); err != nil {
		t.Fatal(err)
	}
	totp := mustFind(t, a.app, migrations.UserTOTPCollection)
	for _, u := range []struct {
		id      string
		enabled bool
	}{{testapp.Alice.ID, true}, {teamAdmin.ID, false}} {
		r := core.NewRecord(totp)
		r.Set(migrations.FieldTOTPUser, u.id)
		r.Set(migrations.FieldTOTPRowEnabled, u.enabled)
		if err := a.app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
	base := "/api/collections/customers/records"
	for _, c := range []struct {
		who  string
		sees bool
	}{{testapp.Alice.ID, true}, {teamAdmin.ID, false}, {teamMember.ID, false}} {
		if got := a.items(c.who, base); strings.Contains(strings.Join(got, ","), customer) != c.sees {
			t.Errorf("%s lists %v, want the customer visible %v", c.who, got, c.sees)
		}
		if code, _ := a.call(c.who, http.MethodGet, "/api/collections/businesses/records/"+testapp.Alice.ID, ""); code != http.StatusOK {
			t.Errorf("%s cannot read the business (to learn what is missing): %d", c.who, code)
		}
		code, _ := a.call(c.who, http.MethodPost, base, `{"business":"`+testapp.Alice.ID+`","name":"X","currency":"EUR"}`)
		if (code == http.StatusOK) != c.sees {
			t.Errorf("%s creates a customer: %d, want allowed %v", c.who, code, c.sees)
		}
	}
}

// A member removed while saving: each save is either in before the removal
// or refused, never an error, and nothing is saved once the removal is in —
// also for a queue of writes replayed at that moment.
func TestRemovalWhileSaving(t *testing.T) {
	a := newTeam(t)
	draft := a.rowIn(migrations.CustomersCollection, testapp.Alice.ID)
	if _, err := a.app.DB().Update(migrations.CustomersCollection, dbx.Params{"name": "Draft", "currency": "EUR"},
		dbx.HashExp{"id": draft}).Execute(); err != nil {
		t.Fatal(err)
	}
	m, err := a.app.FindFirstRecordByFilter(migrations.MembershipsCollection, "user = {:u} && business = {:b}",
		dbx.Params{"u": teamMember.ID, "b": testapp.Alice.ID})
	if err != nil {
		t.Fatal(err)
	}
	token := testapp.Token(t, a.app, teamMember.ID)
	save := func(i int) int {
		req := httptest.NewRequest(http.MethodPatch, "/api/collections/customers/records/"+draft,
			strings.NewReader(`{"name":"Draft `+string(rune('a'+i%26))+`"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", token)
		res := httptest.NewRecorder()
		a.mux.ServeHTTP(res, req)
		return res.Code
	}
	const n = 24
	codes := make(chan int, n)
	start := make(chan struct{})
	removed := make(chan struct{})
	for i := range n {
		go func() {
			<-start
			codes <- save(i)
		}()
	}
	go func() {
		<-start
		if err := a.app.Delete(m); err != nil {
			t.Error(err)
		}
		close(removed)
	}()
	close(start)
	<-removed
	for range n {
		if c := <-codes; c != http.StatusOK && c != http.StatusNotFound {
			t.Errorf("a save during the removal answered %d", c)
		}
	}
	// The queue replayed after the removal: every write refused.
	for i := range 5 {
		if c := save(i); c != http.StatusNotFound {
			t.Errorf("a save after the removal answered %d", c)
		}
	}
}
