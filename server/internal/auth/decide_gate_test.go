package auth

import (
	"errors"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/refusal"
)

func TestNeedsSecondFactor(t *testing.T) {
	cases := []struct {
		name     string
		method   string
		enabled  bool
		sameUser bool
		want     bool
	}{
		{"password, 2FA on", "password", true, false, true},
		{"oauth2, 2FA on", "oauth2", true, false, true},
		{"PocketBase email otp, 2FA on", "otp", true, false, true},
		{"password, 2FA off", "password", false, false, false},
		{"refresh or impersonate", "", true, false, false},
		{"our own second step", "totp", true, false, false},
		{"oauth2 linking by the same signed-in user", "oauth2", true, true, false},
	}
	for _, c := range cases {
		if got := needsSecondFactor(c.method, c.enabled, c.sameUser); got != c.want {
			t.Errorf("%s: got %v", c.name, got)
		}
	}
}

func TestIsOwner(t *testing.T) {
	cases := []struct {
		name                        string
		authID, authCol, id, recCol string
		want                        bool
	}{
		{"same record", "u1", "users", "u1", "users", true},
		{"other record", "u2", "users", "u1", "users", false},
		{"same id, other collection", "u1", "_superusers", "u1", "users", false},
		{"guest", "", "", "u1", "users", false},
	}
	for _, c := range cases {
		if got := isOwner(c.authID, c.authCol, c.id, c.recCol); got != c.want {
			t.Errorf("%s: got %v", c.name, got)
		}
	}
}

func TestDecidePasswordAuthError(t *testing.T) {
	other := errors.New("db down")
	validation := router.NewBadRequestError("An error occurred while validating the submitted data.", nil)
	forbidden := router.NewForbiddenError("The collection is not configured to allow password authentication.", nil)

	cases := []struct {
		name    string
		in      error
		wantMsg string
		same    bool
	}{
		{"bad credentials are renamed", router.NewBadRequestError("Failed to authenticate.", errors.New("invalid login credentials")), MessageInvalidCredentials, false},
		{"success passes", nil, "", true},
		{"mfa required passes", apis.ErrMFA, "", true},
		{"validation error passes", validation, "", true},
		{"forbidden passes", forbidden, "", true},
		{"internal error passes", other, "", true},
	}
	for _, c := range cases {
		got := decidePasswordAuthError(c.in)
		if c.same {
			if got != c.in {
				t.Errorf("%s: changed to %v", c.name, got)
			}
			continue
		}
		var apiErr *router.ApiError
		if !errors.As(got, &apiErr) || apiErr.Status != 400 || apiErr.Message != c.wantMsg || len(apiErr.Data) != 1 {
			t.Errorf("%s: got %#v", c.name, got)
			continue
		}
		// The answer is about no field: its code is under refusal.Key.
		if r, _ := apiErr.Data[refusal.Key].(map[string]any); r["code"] != "folio_invalid_credentials" {
			t.Errorf("%s: data %v", c.name, apiErr.Data)
		}
	}
}
