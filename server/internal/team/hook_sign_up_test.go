package team

import (
	"context"
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func signUpBody(id, email string) map[string]any {
	return map[string]any{"id": id, "email": email, "password": testapp.Password, "passwordConfirm": testapp.Password}
}

// A sign-up through the API gets a business with the user's id, the
// defaults and an owner membership.
func TestSignUpGetsOwnBusiness(t *testing.T) {
	e := newEnv(t)
	const id = "newuser00000001"
	if a := e.do(testapp.User{}, http.MethodPost, "/api/collections/users/records", signUpBody(id, "new@folio.test")); a.status != http.StatusOK {
		t.Fatalf("sign-up: %d %s", a.status, a.raw)
	}
	b, err := e.app.FindRecordById(migrations.BusinessesCollection, id)
	if err != nil {
		t.Fatalf("no business with the user's id: %v", err)
	}
	for field, want := range map[string]any{
		migrations.FieldDefaultCurrency: "EUR", migrations.FieldInvoicePrefix: "INV-", migrations.FieldQuotePrefix: "QUO-",
		migrations.FieldPaymentPrefix: "PAY-", migrations.FieldCreditNotePrefix: "CN-",
	} {
		if got := b.GetString(field); got != want {
			t.Errorf("%s = %q, want %q", field, got, want)
		}
	}
	if b.GetInt(migrations.FieldDefaultTermsDays) != 30 || !b.GetBool(migrations.FieldViewTracking) || !b.GetBool(migrations.FieldNotifyOverdue) {
		t.Errorf("defaults missing: %v", b.PublicExport())
	}
	if b.GetString(migrations.FieldSendSubjectTemplate) != migrations.DefaultSendSubjectTemplate {
		t.Errorf("no default subject template")
	}
	if role := e.roleOf(testapp.User{ID: id}, id); role != migrations.RoleOwner {
		t.Errorf("role %q, want owner", role)
	}
}

// The business is written in the user's transaction: when it can't be
// (its id is taken), the user is not created either, through the API and
// through a plain Go save alike.
func TestSignUpAndBusinessAreOneWrite(t *testing.T) {
	e := newEnv(t)
	const id = "takenid00000001"
	businesses, _ := e.app.FindCollectionByNameOrId(migrations.BusinessesCollection)
	b := core.NewRecord(businesses)
	b.Id = id
	if err := e.app.Save(b); err != nil {
		t.Fatal(err)
	}
	if a := e.do(testapp.User{}, http.MethodPost, "/api/collections/users/records", signUpBody(id, "api@folio.test")); a.status == http.StatusOK {
		t.Fatalf("sign-up went through: %s", a.raw)
	}
	users, _ := e.app.FindCollectionByNameOrId(migrations.UsersCollection)
	u := core.NewRecord(users)
	u.Id = id
	u.SetEmail("go@folio.test")
	u.SetPassword(testapp.Password)
	if err := e.app.Save(u); err == nil {
		t.Fatal("Go save went through")
	}
	if n, _ := e.app.CountRecords(migrations.UsersCollection, nil); n != 5 {
		t.Errorf("%d users, want the fixture's 5: a user was left without a business", n)
	}
}

// A user saved with InvitedSignUp in the context gets no business.
func TestInvitedSignUpGetsNoBusiness(t *testing.T) {
	e := newEnv(t)
	users, _ := e.app.FindCollectionByNameOrId(migrations.UsersCollection)
	u := core.NewRecord(users)
	u.SetEmail("invited@folio.test")
	u.SetPassword(testapp.Password)
	if err := e.app.SaveWithContext(context.WithValue(context.Background(), InvitedSignUp, true), u); err != nil {
		t.Fatal(err)
	}
	if _, err := e.app.FindRecordById(migrations.BusinessesCollection, u.Id); err == nil {
		t.Error("an invited user got a business of their own")
	}
	if n, _ := e.app.CountRecords(migrations.MembershipsCollection, nil); n != 8 {
		t.Errorf("%d memberships, want the fixture's 8 (5 own, 3 in alice's)", n)
	}
}
