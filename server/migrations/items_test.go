package migrations_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"folio/server/internal/testapp"
)

// Items through the PocketBase API, by rule alone (the hooks' checks are
// internal/billing's TestItemsAPI): realtime tells the accountant of a
// member's new item but not Carol, the item cannot move to Carol's
// business, and the member archives it.
func TestItemsThroughTheAPI(t *testing.T) {
	a := newTeam(t)
	srv := httptest.NewServer(a.mux)
	t.Cleanup(srv.Close) // after the streams' cleanups
	accountant, carol := a.listen(srv.URL, teamAccountant.ID, "items"), a.listen(srv.URL, testapp.Carol.ID, "items")

	base := "/api/collections/items/records"
	code, body := a.call(teamMember.ID, http.MethodPost, base,
		`{"id":"itemlive0000001","business":"`+testapp.Alice.ID+`","name":"Design hour","prices":[{"currency":"EUR","cents":9000}]}`)
	if code != http.StatusOK {
		t.Fatalf("the member's create: %d %s", code, body)
	}
	if !heard(accountant, "itemlive0000001") {
		t.Error("the accountant was not told of the new item")
	}
	if heard(carol, "itemlive0000001") {
		t.Error("Carol was told of Alice's item")
	}

	// An update may not move the item to another business.
	if code, body := a.call(teamMember.ID, http.MethodPatch, base+"/itemlive0000001", `{"business":"`+testapp.Carol.ID+`"}`); code == http.StatusOK {
		t.Errorf("the item moved to Carol's business: %s", body)
	}
	if code, body := a.call(teamMember.ID, http.MethodPatch, base+"/itemlive0000001", `{"archived":true}`); code != http.StatusOK || !strings.Contains(body, `"archived":true`) {
		t.Errorf("the member's archive: %d %s", code, body)
	}
}
