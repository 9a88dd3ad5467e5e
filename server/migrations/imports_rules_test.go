package migrations_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// The imports' records through the PocketBase API, by role: owners and
// admins (who import) list and view their business's imports, whatever the
// filter, expand or fields; members, the accountant, another business and
// a guest see none; nobody creates, changes or deletes one there (the
// import routes do).
func TestImportsByRole(t *testing.T) {
	a := newTeam(t)
	collection := migrations.ImportsCollection
	alices := a.rowIn(collection, testapp.Alice.ID)
	carols := a.rowIn(collection, testapp.Carol.ID)
	base := "/api/collections/" + collection + "/records"
	for _, p := range []struct {
		name, id string
		reads    bool
	}{
		{"owner", testapp.Alice.ID, true},
		{"admin", teamAdmin.ID, true},
		{"member", teamMember.ID, false},
		{"accountant", teamAccountant.ID, false},
		{"stranger", testapp.Carol.ID, false},
		{"nobody", "", false},
	} {
		for _, q := range []string{
			"",
			"?filter=" + url.QueryEscape("business='"+testapp.Alice.ID+"'"),
			"?filter=" + url.QueryEscape("business.company_name!='x' || id!=''"),
			"?expand=business&sort=-business.iban",
			"?fields=id,business,business.iban&perPage=500",
		} {
			code, body := a.call(p.id, http.MethodGet, base+q, "")
			shown := code == http.StatusOK && strings.Contains(body, alices)
			if shown != p.reads {
				t.Errorf("%s: list%s shows Alice's import = %v, want %v", p.name, q, shown, p.reads)
			}
			if p.id != testapp.Carol.ID && strings.Contains(body, carols) {
				t.Errorf("%s: list%s shows Carol's import", p.name, q)
			}
		}
		if code, _ := a.call(p.id, http.MethodGet, base+"/"+alices, ""); (code == http.StatusOK) != p.reads {
			t.Errorf("%s: view = %d, want readable %v", p.name, code, p.reads)
		}
		if code, _ := a.call(p.id, http.MethodPost, base, `{"business":"`+testapp.Alice.ID+`","kind":"customers","mode":"all","status":"done"}`); code == http.StatusOK {
			t.Errorf("%s: created an import", p.name)
		}
		if code, _ := a.call(p.id, http.MethodPatch, base+"/"+alices, `{"status":"undone"}`); code == http.StatusOK {
			t.Errorf("%s: changed Alice's import", p.name)
		}
		if code, _ := a.call(p.id, http.MethodDelete, base+"/"+alices, ""); code == http.StatusNoContent {
			t.Errorf("%s: deleted Alice's import", p.name)
		}
	}
}
