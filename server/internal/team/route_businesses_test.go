package team

import (
	"net/http"
	"testing"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestCreateBusiness(t *testing.T) {
	e := newEnv(t)
	// Anyone signed in, whatever their roles elsewhere.
	for _, who := range []testapp.User{alice, ada, mia, bob} {
		a := e.do(who, http.MethodPost, PathBusinesses, map[string]any{"company_name": "Side project"})
		if a.status != http.StatusCreated || e.roleOf(who, a.json(t)["id"].(string)) != migrations.RoleOwner {
			t.Errorf("%s: %d %s", who.Email, a.status, a.raw)
		}
	}
	a := e.do(abe, http.MethodPost, PathBusinesses, map[string]any{"company_name": "  Abe Books  "})
	if a.status != http.StatusCreated {
		t.Fatalf("%d %s", a.status, a.raw)
	}
	b := a.json(t)
	id := b["id"].(string)
	if b["company_name"] != "Abe Books" || b["default_currency"] != "EUR" || b["invoice_prefix"] != "INV-" {
		t.Errorf("business %v", b)
	}
	if e.roleOf(abe, id) != migrations.RoleOwner || e.owners(id) != 1 {
		t.Error("not its owner")
	}
	if a := e.do(abe, http.MethodPost, PathBusinesses, map[string]any{"company_name": " "}); a.status != 400 || a.code() != "folio_business_name_required" {
		t.Errorf("no name: %d %s", a.status, a.raw)
	}
	if a := e.do(testapp.User{}, http.MethodPost, PathBusinesses, map[string]any{"company_name": "X"}); a.status != 401 {
		t.Errorf("nobody signed in: %d", a.status)
	}
}

func TestCloseBusiness(t *testing.T) {
	closeURL := "/api/folio/businesses/" + shop + "/close"
	e := newEnv(t)
	for _, c := range []struct {
		as     testapp.User
		status int
		code   string
	}{
		{ada, 403, "folio_team_owner_role"}, {mia, 403, "folio_team_owner_role"}, {abe, 403, "folio_team_owner_role"},
		{bob, 404, "folio_business_not_found"},
	} {
		if a := e.do(c.as, http.MethodPost, closeURL, map[string]any{"confirm": "Alice & Co"}); a.status != c.status || a.code() != c.code {
			t.Errorf("%s: %d %s", c.as.Email, a.status, a.raw)
		}
	}
	if a := e.do(alice, http.MethodPost, closeURL, map[string]any{"confirm": "alice & co"}); a.status != 400 || a.code() != "folio_close_confirm" {
		t.Errorf("wrong confirmation: %d %s", a.status, a.raw)
	}
	c := e.do(mia, http.MethodPost, "/api/collections/customers/records", map[string]any{"business": shop, "name": "Acme", "currency": "EUR"})
	if c.status != 200 {
		t.Fatalf("customer before closing: %d %s", c.status, c.raw)
	}
	customer := c.json(t)["id"].(string)
	a := e.do(alice, http.MethodPost, closeURL, map[string]any{"confirm": "Alice & Co"})
	if a.status != 200 || a.json(t)["closed_at"] == "" {
		t.Fatalf("%d %s", a.status, a.raw)
	}
	// Closed: members are still readable, nothing changes.
	if a := e.do(abe, http.MethodGet, membersURL(shop), nil); a.status != 200 {
		t.Errorf("members: %d", a.status)
	}
	if a := e.do(alice, http.MethodPost, invitationsURL(shop), map[string]any{"email": "x@folio.test", "role": "member"}); a.code() != "folio_business_closed" {
		t.Errorf("invite: %d %s", a.status, a.raw)
	}
	if a := e.do(alice, http.MethodPatch, "/api/folio/memberships/"+e.membershipOf(mia, shop), map[string]any{"role": "admin"}); a.code() != "folio_business_closed" {
		t.Errorf("role change: %d %s", a.status, a.raw)
	}
	// Nor through the collections API, for any role.
	for _, who := range []testapp.User{alice, ada, mia} {
		if a := e.do(who, http.MethodPost, "/api/collections/customers/records", map[string]any{"business": shop, "name": "New", "currency": "EUR"}); a.code() != "folio_business_closed" {
			t.Errorf("%s creates a customer: %d %s", who.Email, a.status, a.raw)
		}
		if a := e.do(who, http.MethodPatch, "/api/collections/customers/records/"+customer, map[string]any{"name": "Renamed"}); a.code() != "folio_business_closed" {
			t.Errorf("%s renames a customer: %d %s", who.Email, a.status, a.raw)
		}
		if a := e.do(who, http.MethodDelete, "/api/collections/customers/records/"+customer, nil); a.code() != "folio_business_closed" {
			t.Errorf("%s deletes a customer: %d %s", who.Email, a.status, a.raw)
		}
	}
	if a := e.do(alice, http.MethodPatch, "/api/collections/businesses/records/"+shop, map[string]any{"company_name": "Reopened"}); a.code() != "folio_business_closed" {
		t.Errorf("settings: %d %s", a.status, a.raw)
	}
	if a := e.do(abe, http.MethodGet, "/api/collections/customers/records/"+customer, nil); a.status != 200 {
		t.Errorf("reading a customer: %d %s", a.status, a.raw)
	}
	if a := e.do(bob, http.MethodPost, "/api/collections/customers/records", map[string]any{"business": bob.ID, "name": "Open", "currency": "EUR"}); a.status != 200 {
		t.Errorf("another business: %d %s", a.status, a.raw)
	}
	if a := e.do(alice, http.MethodPost, closeURL, map[string]any{"confirm": "anything"}); a.status != 200 {
		t.Errorf("closing again: %d %s", a.status, a.raw)
	}
}
