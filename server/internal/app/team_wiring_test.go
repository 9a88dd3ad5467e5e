package app

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// With everything wired (the hidden-account sign-up of auth included), a
// sign-up gets its business and owner membership, a sign-up with a taken
// address makes nothing, and the team routes answer.
func TestSignUpGetsABusinessWhenWired(t *testing.T) {
	app := factoryWith(map[string]string{"FOLIO_DEMO": "off"})(t)
	defer app.Cleanup()
	mux := testapp.Mux(t, app)
	signUp := func(email string) int {
		body := `{"email":"` + email + `","password":"` + testapp.Password + `","passwordConfirm":"` + testapp.Password + `"}`
		req := httptest.NewRequest(http.MethodPost, "/api/collections/users/records", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		return rec.Code
	}
	if code := signUp("new@folio.test"); code != http.StatusNoContent {
		t.Fatalf("sign-up: %d", code)
	}
	u, err := app.FindAuthRecordByEmail(migrations.UsersCollection, "new@folio.test")
	if err != nil {
		t.Fatal(err)
	}
	b, err := app.FindRecordById(migrations.BusinessesCollection, u.Id)
	if err != nil || b.GetString(migrations.FieldInvoicePrefix) != migrations.DefaultInvoicePrefix {
		t.Fatalf("business of the new account: %v %v", b, err)
	}
	if signUp("new@folio.test") != http.StatusNoContent {
		t.Error("a taken address answered differently")
	}
	for name, want := range map[string]int64{migrations.UsersCollection: 1, migrations.BusinessesCollection: 1, migrations.MembershipsCollection: 1} {
		if n, _ := app.CountRecords(name, nil); n != want {
			t.Errorf("%d %s, want %d", n, name, want)
		}
	}

	req := httptest.NewRequest(http.MethodGet, "/api/folio/join/no-such-token", nil)
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "folio_invitation_not_found") {
		t.Errorf("join route: %d %s", rec.Code, rec.Body)
	}
}
