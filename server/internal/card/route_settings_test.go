package card

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tools/security"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// Only owners and admins connect Stripe, through the HTTP API; members,
// the accountant and strangers can't read or change the connection.
func TestSettingsRoles(t *testing.T) {
	w := newWorld(t)
	path := pathFor(PathSettings, "id", alice)
	body := `{"secret_key":"sk_test_rolecheck000000001","webhook_secret":"whsec_rolecheck_0000001"}`
	for _, c := range []struct {
		user testapp.User
		want int
	}{
		{testapp.Alice, http.StatusOK},
		{testapp.AliceAdmin, http.StatusOK},
		{testapp.AliceMember, http.StatusForbidden},
		{testapp.AliceAccountant, http.StatusForbidden},
		{testapp.Carol, http.StatusNotFound},
	} {
		tok := tokenOf(t, w.app, c.user)
		for _, m := range []struct{ method, path, body string }{
			{http.MethodGet, path, ""}, {http.MethodPut, path, body}, {http.MethodPost, pathFor(PathTest, "id", alice), ""},
		} {
			if code, out, _ := w.do(t, m.method, m.path, tok, m.body); code != c.want {
				t.Errorf("%s %s %s: %d %v, want %d", c.user.Email, m.method, m.path, code, out, c.want)
			}
		}
	}
	if code, _, _ := w.do(t, http.MethodPut, path, "", body); code != http.StatusUnauthorized {
		t.Errorf("signed out: %d", code)
	}
	// The admin's disconnect is allowed, the member's not.
	if code, _, _ := w.do(t, http.MethodDelete, path, tokenOf(t, w.app, testapp.AliceMember), ""); code != http.StatusForbidden {
		t.Errorf("member disconnects: %d", code)
	}
}

// Connecting tries the key against Stripe (stripe-mock), stores both
// secrets encrypted, and answers only the account and the test badge.
// The secrets never come back: not from the route, the records API, its
// fields parameter, nor PATCH, which can't write them either.
func TestConnectStoresSecretsEncryptedAndNeverAnswersThem(t *testing.T) {
	w := newWorld(t)
	const key, hook = "sk_test_connect0000000000000001", "whsec_connect_signing_000001"
	tok := tokenOf(t, w.app, testapp.Alice)
	code, out, raw := w.do(t, http.MethodPut, pathFor(PathSettings, "id", alice), tok,
		`{"secret_key":"`+key+`","webhook_secret":"`+hook+`"}`)
	if code != http.StatusOK || out["connected"] != true || out["test_mode"] != true || !strings.HasPrefix(out["account"].(string), "acct_") {
		t.Fatalf("%d %s", code, raw)
	}
	if got := w.stripe.last(t, "/v1/account").auth; got != "Bearer "+key {
		t.Errorf("Stripe was called with %q", got)
	}
	b := w.record(t, migrations.BusinessesCollection, alice)
	for field, plain := range map[string]string{migrations.FieldStripeSecretKey: key, migrations.FieldStripeWebhookSecret: hook} {
		stored := b.GetString(field)
		if stored == "" || strings.Contains(stored, plain) {
			t.Errorf("%s stored as %q", field, stored)
		}
		if opened, err := security.Decrypt(stored, testKey); err != nil || string(opened) != plain {
			t.Errorf("%s does not open: %v", field, err)
		}
	}

	answers := []string{raw}
	for _, p := range []string{
		pathFor(PathSettings, "id", alice),
		"/api/collections/businesses/records/" + alice,
		"/api/collections/businesses/records/" + alice + "?fields=" + migrations.FieldStripeSecretKey + "," + migrations.FieldStripeWebhookSecret + ",id",
		"/api/collections/businesses/records?fields=*",
	} {
		_, _, raw := w.do(t, http.MethodGet, p, tok, "")
		answers = append(answers, raw)
	}
	_, _, raw = w.do(t, http.MethodPost, pathFor(PathTest, "id", alice), tok, "")
	answers = append(answers, raw)
	for _, a := range answers {
		for _, secret := range []string{key, hook, b.GetString(migrations.FieldStripeSecretKey), b.GetString(migrations.FieldStripeWebhookSecret),
			migrations.FieldStripeSecretKey, migrations.FieldStripeWebhookSecret} {
			if strings.Contains(a, secret) {
				t.Errorf("an answer holds %q: %s", secret, a)
			}
		}
	}

	// A manager's PATCH of the business can't set or clear them.
	b = w.record(t, migrations.BusinessesCollection, alice) // the test above may name the account anew
	code, _, raw = w.do(t, http.MethodPatch, "/api/collections/businesses/records/"+alice, tok,
		`{"stripe_secret_key":"sk_test_patched","stripe_webhook_secret":"","stripe_account":"acct_forged"}`)
	if code != http.StatusOK {
		t.Fatalf("patch: %d %s", code, raw)
	}
	after := w.record(t, migrations.BusinessesCollection, alice)
	for _, f := range stripeFields {
		if after.GetString(f) != b.GetString(f) {
			t.Errorf("PATCH changed %s", f)
		}
	}

	// Disconnecting forgets the secrets.
	if code, out, _ := w.do(t, http.MethodDelete, pathFor(PathSettings, "id", alice), tok, ""); code != http.StatusOK || out["connected"] != false {
		t.Errorf("disconnect: %d %v", code, out)
	}
	if w.record(t, migrations.BusinessesCollection, alice).GetString(migrations.FieldStripeSecretKey) != "" {
		t.Error("secret kept after disconnecting")
	}
}

// What is wrong is said in a sentence: a publishable key, a missing
// webhook secret, and a Stripe that can't be reached.
func TestConnectSaysWhatIsWrong(t *testing.T) {
	w := newWorld(t)
	tok := tokenOf(t, w.app, testapp.Alice)
	path := pathFor(PathSettings, "id", alice)
	for _, c := range []struct{ body, code string }{
		{`{"secret_key":"pk_test_0000000000000000"}`, "folio_stripe_key_publishable"},
		{`{"secret_key":"password123"}`, "folio_stripe_key_shape"},
		{`{"secret_key":"sk_test_0000000000000000","webhook_secret":"nope"}`, "folio_stripe_webhook_shape"},
	} {
		code, out, raw := w.do(t, http.MethodPut, path, tok, c.body)
		if code != http.StatusBadRequest || !strings.Contains(raw, c.code) || out["message"] == "" {
			t.Errorf("%s: %d %s", c.body, code, raw)
		}
	}
	// A Stripe nobody answers at.
	down := newService(Options{Key: func() (string, error) { return testKey, nil }, APIBase: "http://127.0.0.1:1"})
	if _, r := down.checkAccount(t.Context(), "sk_test_0000000000000000"); r == nil || r.Code() != "folio_stripe_unreachable" {
		t.Errorf("unreachable: %v", r)
	}
}
