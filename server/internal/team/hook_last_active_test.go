package team

import (
	"net/http"
	"testing"
	"time"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// lastActive is user's last activity in alice's business, zero for none.
func (e *env) lastActive(u testapp.User) time.Time {
	e.t.Helper()
	m, err := e.app.FindRecordById(migrations.MembershipsCollection, e.membershipOf(u, shop))
	if err != nil {
		e.t.Fatal(err)
	}
	return m.GetDateTime(migrations.FieldLastActive).Time()
}

// A member's writes through the collections API touch their membership's
// last_active, at most once a minute; reads and other members don't.
func TestLastActive(t *testing.T) {
	e := newEnv(t)
	if !e.lastActive(mia).IsZero() {
		t.Fatal("active before doing anything")
	}
	a := e.do(mia, http.MethodPost, "/api/collections/customers/records", map[string]any{"business": shop, "name": "Acme", "currency": "EUR"})
	if a.status != 200 {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	first := e.lastActive(mia)
	if !first.Equal(testapp.FixedNow) {
		t.Errorf("last active %v, want %v", first, testapp.FixedNow)
	}
	if !e.lastActive(ada).IsZero() || !e.lastActive(alice).IsZero() {
		t.Error("others touched")
	}
	id := a.json(t)["id"].(string)
	e.clock.add(30 * time.Second)
	if a := e.do(mia, http.MethodPatch, "/api/collections/customers/records/"+id, map[string]any{"name": "Acme 2"}); a.status != 200 {
		t.Fatalf("update: %d %s", a.status, a.raw)
	}
	if got := e.lastActive(mia); !got.Equal(first) {
		t.Errorf("written again within the minute: %v", got)
	}
	e.clock.add(31 * time.Second)
	if a := e.do(mia, http.MethodPatch, "/api/collections/customers/records/"+id, map[string]any{"name": "Acme 3"}); a.status != 200 {
		t.Fatalf("update: %d %s", a.status, a.raw)
	}
	if got := e.lastActive(mia); !got.Equal(testapp.FixedNow.Add(61 * time.Second)) {
		t.Errorf("not written after a minute: %v", got)
	}
	// An accountant's refused write touches nothing.
	if a := e.do(abe, http.MethodPost, "/api/collections/customers/records", map[string]any{"business": shop, "name": "X", "currency": "EUR"}); a.status < 400 {
		t.Errorf("accountant wrote: %d", a.status)
	}
	if !e.lastActive(abe).IsZero() {
		t.Error("a refused write counted")
	}
}
