package team

import (
	"net/http"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// Turning on "every member signs in with two factors" needs it on for the
// person who does it; turning it off, or saving other settings while it is
// on, does not.
func TestRequireMFAOnlyWithYourOwn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	url := "/api/collections/businesses/records/" + shop
	if a := e.do(alice, http.MethodPatch, url, map[string]any{migrations.FieldRequireMFA: true}); a.status != http.StatusBadRequest ||
		a.code() != "folio_require_mfa_self" {
		t.Fatalf("without two factors: %d %s", a.status, a.code())
	}
	totp, err := e.app.FindCollectionByNameOrId(migrations.UserTOTPCollection)
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(totp)
	r.Set(migrations.FieldTOTPUser, alice.ID)
	r.Set(migrations.FieldTOTPRowEnabled, true)
	if err := e.app.Save(r); err != nil {
		t.Fatal(err)
	}
	if a := e.do(alice, http.MethodPatch, url, map[string]any{migrations.FieldRequireMFA: true}); a.status != http.StatusOK {
		t.Fatalf("with two factors: %d %s", a.status, a.code())
	}
	// Ada (an admin, no second factor) may still save other settings, and
	// switch it off; she can't switch it back on.
	if a := e.do(ada, http.MethodPatch, url, map[string]any{migrations.FieldCompanyName: "Shop"}); a.status != http.StatusOK {
		t.Fatalf("another setting: %d %s", a.status, a.code())
	}
	if a := e.do(alice, http.MethodPatch, url, map[string]any{migrations.FieldRequireMFA: false}); a.status != http.StatusOK {
		t.Fatalf("off: %d %s", a.status, a.code())
	}
	if a := e.do(ada, http.MethodPatch, url, map[string]any{migrations.FieldRequireMFA: true}); a.code() != "folio_require_mfa_self" {
		t.Fatalf("Ada on: %d %s", a.status, a.code())
	}
}

// The routes other packages guard with Require answer a member without a
// second factor as the rules do, once the business requires one.
func TestRequireRefusesWithoutSecondFactor(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	members := "/api/folio/businesses/" + shop + "/members"
	if a := e.do(mia, http.MethodGet, members, nil); a.status != http.StatusOK {
		t.Fatalf("before: %d %s", a.status, a.code())
	}
	if _, err := e.app.DB().Update(migrations.BusinessesCollection, dbx.Params{migrations.FieldRequireMFA: true},
		dbx.HashExp{"id": shop}).Execute(); err != nil {
		t.Fatal(err)
	}
	if a := e.do(mia, http.MethodGet, members, nil); a.status != http.StatusForbidden || a.code() != "folio_business_requires_mfa" {
		t.Fatalf("without a second factor: %d %s", a.status, a.code())
	}
	totp, _ := e.app.FindCollectionByNameOrId(migrations.UserTOTPCollection)
	r := core.NewRecord(totp)
	r.Set(migrations.FieldTOTPUser, mia.ID)
	r.Set(migrations.FieldTOTPRowEnabled, true)
	if err := e.app.Save(r); err != nil {
		t.Fatal(err)
	}
	if a := e.do(mia, http.MethodGet, members, nil); a.status != http.StatusOK {
		t.Fatalf("with one: %d %s", a.status, a.code())
	}
}
