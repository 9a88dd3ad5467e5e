package migrations_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// The bank collections through the PocketBase API, by role: every member
// (the accountant too) lists and views their business's statements,
// transactions and CSV mappings, whatever the filter, expand or fields;
// nobody creates, changes or deletes them there (the import and the
// confirm routes do, and check the role); nobody outside sees a thing.
func TestBankCollectionsByRole(t *testing.T) {
	a := newTeam(t)
	people := []struct {
		name, id string
		reads    bool
	}{
		{"owner", testapp.Alice.ID, true},
		{"admin", teamAdmin.ID, true},
		{"member", teamMember.ID, true},
		{"accountant", teamAccountant.ID, true},
		{"stranger", testapp.Carol.ID, false},
		{"nobody", "", false},
	}
	for _, collection := range migrations.BankCollections {
		alices := a.rowIn(collection, testapp.Alice.ID)
		carols := a.rowIn(collection, testapp.Carol.ID)
		base := "/api/collections/" + collection + "/records"
		for _, p := range people {
			name := collection + "/" + p.name
			for _, q := range []string{
				"",
				"?filter=" + url.QueryEscape("business='"+testapp.Alice.ID+"'"),
				"?filter=" + url.QueryEscape("business.company_name!='x' || id!=''"),
				"?expand=business&sort=-business.iban",
				"?fields=id,business,business.iban&perPage=500",
			} {
				var ids []string
				if p.id != "" {
					ids = a.items(p.id, base+q)
				} else {
					code, body := a.call("", http.MethodGet, base+q, "")
					if code == http.StatusOK && strings.Contains(body, alices) {
						t.Errorf("%s: a guest lists Alice's row", name)
					}
				}
				joined := strings.Join(ids, ",")
				if strings.Contains(joined, alices) != p.reads {
					t.Errorf("%s: list%s shows Alice's row = %v, want %v", name, q, !p.reads, p.reads)
				}
				if p.id != testapp.Carol.ID && strings.Contains(joined, carols) {
					t.Errorf("%s: list%s shows Carol's row", name, q)
				}
			}
			who := p.id
			code, _ := a.call(who, http.MethodGet, base+"/"+alices, "")
			if (code == http.StatusOK) != p.reads {
				t.Errorf("%s: view = %d, want readable %v", name, code, p.reads)
			}
			if code, _ := a.call(who, http.MethodPost, base, `{"business":"`+testapp.Alice.ID+`","state":"unmatched","dedup_key":"x","bank":"x","format":"csv"}`); code == http.StatusOK {
				t.Errorf("%s: created a row", name)
			}
			if code, _ := a.call(who, http.MethodPatch, base+"/"+alices, `{"state":"ignored"}`); code == http.StatusOK {
				t.Errorf("%s: updated Alice's row", name)
			}
			if code, _ := a.call(who, http.MethodDelete, base+"/"+alices, ""); code == http.StatusNoContent {
				t.Errorf("%s: deleted Alice's row", name)
			}
		}
	}
	// The business setting: owners and admins turn automatic confirmation on.
	for _, p := range []struct {
		id   string
		want int
	}{{teamMember.ID, http.StatusNotFound}, {teamAccountant.ID, http.StatusNotFound}, {teamAdmin.ID, http.StatusOK}} {
		code, body := a.call(p.id, http.MethodPatch, "/api/collections/businesses/records/"+testapp.Alice.ID, `{"bank_auto_confirm":true}`)
		if code != p.want {
			t.Errorf("%s turns auto-confirm on: %d %s, want %d", p.id, code, body, p.want)
		}
	}
}

// Realtime keeps the rules: the accountant hears of a change to a bank
// transaction of Alice's business, Carol does not.
func TestBankRealtime(t *testing.T) {
	a := newTeam(t)
	srv := httptest.NewServer(a.mux)
	// Closed after the connections (cleanups run last first).
	t.Cleanup(srv.Close)
	accountant := a.listen(srv.URL, teamAccountant.ID, migrations.BankTransactionsCollection)
	carol := a.listen(srv.URL, testapp.Carol.ID, migrations.BankTransactionsCollection)

	id := a.rowIn(migrations.BankTransactionsCollection, testapp.Alice.ID)
	rec, err := a.app.FindRecordById(migrations.BankTransactionsCollection, id)
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("state", migrations.BankStateIgnored)
	if err := a.app.SaveNoValidate(rec); err != nil {
		t.Fatal(err)
	}
	if !heard(accountant, id) {
		t.Error("the accountant was not told of the change")
	}
	if heard(carol, id) {
		t.Error("Carol was told of Alice's bank transaction")
	}
}
