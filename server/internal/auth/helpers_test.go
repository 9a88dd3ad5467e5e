package auth

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/pquerna/otp/totp"

	"folio/server/internal/auth/backuphash"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestMain(m *testing.M) {
	// Thousands of backup codes are hashed here; backuphash's own tests
	// check the real cost.
	backuphash.LowerCostForTests()
	testapp.Main(m)
}

const (
	testKey    = "0123456789abcdef0123456789abcdef"
	testSalt   = "00112233445566778899aabbccddeeff"
	mfaID      = "mfaid0000000001"
	otherMFAID = "mfaid0000000002"
)

func factory(t testing.TB) *tests.TestApp {
	app := testapp.New(t)
	Bind(app, func() (string, error) { return testKey, nil })
	return app
}

// enrolled is a user with 2FA switched on, as confirm-otp leaves it.
type enrolled struct {
	rec         *core.Record
	secret      string
	backupCodes []string
}

func enableTOTP(t testing.TB, app core.App, rec *core.Record) enrolled {
	t.Helper()
	k, err := totp.Generate(totp.GenerateOpts{Issuer: "Folio", AccountName: rec.Email(), SecretSize: 20})
	if err != nil {
		t.Fatal(err)
	}
	enc, err := security.Encrypt([]byte(k.Secret()), testKey)
	if err != nil {
		t.Fatal(err)
	}
	codes, salt, hashes := newBackupCodes()
	setState(t, app, rec.Id, totpState{Enabled: true, Secret: enc, BackupSalt: salt, BackupHashes: hashes})
	return enrolled{rec: rec, secret: k.Secret(), backupCodes: codes}
}

// codeAt is the authenticator code for the step containing t.
func codeAt(t testing.TB, secret string, at time.Time) string {
	t.Helper()
	c, err := totp.GenerateCode(secret, at)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func newMFASession(t testing.TB, app core.App, id string, rec *core.Record) *core.MFA {
	t.Helper()
	mfa := core.NewMFA(app)
	mfa.Id = id
	mfa.SetCollectionRef(rec.Collection().Id)
	mfa.SetRecordRef(rec.Id)
	mfa.SetMethod(core.MFAMethodPassword)
	if err := app.Save(mfa); err != nil {
		t.Fatal(err)
	}
	return mfa
}

func authToken(t testing.TB, rec *core.Record) string {
	t.Helper()
	tok, err := rec.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// lazyJSON encodes the value when the request body is first read, i.e.
// after BeforeTestFunc has created the data it refers to.
type lazyJSON struct {
	f func() any
	r io.Reader
}

func (l *lazyJSON) Read(p []byte) (int, error) {
	if l.r == nil {
		b, err := json.Marshal(l.f())
		if err != nil {
			return 0, err
		}
		l.r = bytes.NewReader(b)
	}
	return l.r.Read(p)
}

func body(f func() any) io.Reader { return &lazyJSON{f: f} }

// fire sends an extra request through the scenario's router, to set up
// state (earlier attempts, a first sign-in step) before the tested call.
func fire(t testing.TB, e *core.ServeEvent, method, url string, payload any, headers map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	mux, err := e.Router.BuildMux()
	if err != nil {
		t.Fatal(err)
	}
	return serveJSON(mux, method, url, payload, headers)
}

// serveJSON sends payload as JSON, with headers, through h.
func serveJSON(h http.Handler, method, url string, payload any, headers map[string]string) *httptest.ResponseRecorder {
	b, _ := json.Marshal(payload)
	req := httptest.NewRequest(method, url, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func reload(t testing.TB, app core.App, id string) *core.Record {
	t.Helper()
	rec, err := app.FindRecordById(migrations.UsersCollection, id)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func state(t testing.TB, app core.App, id string) totpState {
	t.Helper()
	st, err := readState(app, id)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// setState stores st as the user's 2FA state.
func setState(t testing.TB, app core.App, id string, st totpState) {
	t.Helper()
	err := updateState(app, id, func(core.App, totpState) (totpState, error) { return st, nil })
	if err != nil {
		t.Fatal(err)
	}
}

// spendCurrentCode marks Alice's code of this moment as used, as signing
// in with it does.
func spendCurrentCode(t testing.TB, app core.App) {
	st := state(t, app, testapp.Alice.ID)
	st.LastStep = totpStep(time.Now()) + totpSkew
	setState(t, app, testapp.Alice.ID, st)
}

func mfaExists(app core.App, id string) bool {
	_, err := app.FindMFAById(id)
	return err == nil
}

func decodeJSON(t testing.TB, res *http.Response, dst any) {
	t.Helper()
	if err := json.NewDecoder(res.Body).Decode(dst); err != nil {
		t.Fatal(err)
	}
}

// runScenarios runs each scenario on a new fixture app, emptying headers
// (when given) first, as each scenario signs its own user in.
func runScenarios(t *testing.T, headers map[string]string, scenarios []tests.ApiScenario) {
	t.Helper()
	for _, s := range scenarios {
		clear(headers)
		s.TestAppFactory = factory
		s.Test(t)
	}
}

// decodeUncached decodes an answer that shows backup codes into dst, after
// checking no cache may keep it.
func decodeUncached(t testing.TB, res *http.Response, dst any) {
	t.Helper()
	if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control = %q", cc)
	}
	decodeJSON(t, res, dst)
}

// storedHashed checks that hashes holds each of the shown codes, hashed
// with salt, in the same order.
func storedHashed(t testing.TB, codes, hashes []string, salt string) {
	t.Helper()
	for i, c := range codes {
		if hashes[i] != hashBackupCode(c, salt) {
			t.Errorf("code %d is not stored, or not hashed", i)
		}
	}
}

// hiddenTOTPFields must never appear in a non-superuser answer.
var hiddenTOTPFields = []string{
	`"totpSecret"`, `"totpPendingSecret"`, `"totpBackupCodes"`, `"totpPendingBackupCodes"`, `"totpLastStep"`,
}

func bearer(headers map[string]string, rec *core.Record, t testing.TB) {
	headers["Authorization"] = "Bearer " + authToken(t, rec)
}

// totpFixture is alice with 2FA on and signed in: enable, a BeforeTestFunc, sets it up and keeps
// her enrolment and the state before the request, for the refusals to compare with.
type totpFixture struct {
	headers map[string]string
	alice   enrolled
	before  totpState
}

func newTOTPFixture() *totpFixture { return &totpFixture{headers: map[string]string{}} }

func (f *totpFixture) enable(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
	f.alice = enableTOTP(t, app, testapp.CreateUser(t, app, testapp.Alice))
	bearer(f.headers, f.alice.rec, t)
	f.before = state(t, app, testapp.Alice.ID)
}

// signedIn is a BeforeTestFunc that signs alice in (2FA off) as the headers' bearer.
func signedIn(headers map[string]string) func(testing.TB, *tests.TestApp, *core.ServeEvent) {
	return func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
		bearer(headers, testapp.CreateUser(t, app, testapp.Alice), t)
	}
}

// noAuth is the first scenario of every 2FA route: without a token it answers 401.
func noAuth(method, url string, b io.Reader) tests.ApiScenario {
	return tests.ApiScenario{
		Name: "no auth", Method: method, URL: url, Body: b,
		ExpectedStatus: 401, ExpectedContent: []string{`"status":401`},
	}
}
