package team

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestMain(m *testing.M) { testapp.Main(m) }

// The fixture: alice owns her business (id testapp.Alice.ID), where ada is
// an admin, mia a member and abe the accountant; bob owns his own and is a
// stranger to alice's.
var (
	alice = testapp.Alice
	bob   = testapp.Bob
	ada   = testapp.User{ID: "adaadmin0000001", Email: "ada@folio.test"}
	mia   = testapp.User{ID: "miamember000001", Email: "mia@folio.test"}
	abe   = testapp.User{ID: "abeaccount00001", Email: "abe@folio.test"}
)

// shop is alice's business.
var shop = alice.ID

// appURL is the public origin the tests configure.
const appURL = "https://folio.example"

// clock is a movable test clock starting at testapp.FixedNow.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// env is one test's app with the team hooks and routes bound.
type env struct {
	t     *testing.T
	app   *tests.TestApp
	mux   http.Handler
	clock *clock
}

// newEnv is a fresh copy of the fixture with the team bound; extra binds
// more on the app before its router is built.
func newEnv(t *testing.T, extra ...func(*tests.TestApp)) *env {
	t.Helper()
	app := testapp.Fixture(t, "team", func(app *tests.TestApp) error {
		Bind(app)
		if err := testapp.AddUsers(app, alice, bob, ada, mia, abe); err != nil {
			return err
		}
		for _, m := range []struct {
			u    testapp.User
			role string
		}{{ada, migrations.RoleAdmin}, {mia, migrations.RoleMember}, {abe, migrations.RoleAccountant}} {
			if _, err := addMember(app, m.u.ID, shop, m.role); err != nil {
				return err
			}
		}
		b, err := app.FindRecordById(migrations.BusinessesCollection, shop)
		if err != nil {
			return err
		}
		b.Set(migrations.FieldCompanyName, "Alice & Co")
		if err := app.Save(b); err != nil {
			return err
		}
		s := app.Settings()
		s.Meta.AppURL = appURL
		return app.Save(s)
	})
	t.Cleanup(app.Cleanup)
	c := &clock{t: testapp.FixedNow}
	BindWithClock(app, c.now)
	inBackground = func(f func()) { f() }
	for _, x := range extra {
		x(app)
	}
	return &env{t: t, app: app, mux: testapp.Mux(t, app), clock: c}
}

// answer is a response: its status and body.
type answer struct {
	status int
	raw    []byte
}

// json reads the body as an object.
func (a answer) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(a.raw, &m); err != nil {
		t.Fatalf("%s: %v", a.raw, err)
	}
	return m
}

// code is the refusal code of the answer, "" for none.
func (a answer) code() string {
	var m struct {
		Data map[string]struct {
			Code string `json:"code"`
		} `json:"data"`
	}
	_ = json.Unmarshal(a.raw, &m)
	return m.Data["@refusal"].Code
}

// do sends a request as user (zero: nobody signed in).
func (e *env) do(as testapp.User, method, url string, body any) answer {
	e.t.Helper()
	return e.send(e.tokenOf(as), "", method, url, body)
}

// doLang is do with an Accept-Language header.
func (e *env) doLang(as testapp.User, lang, method, url string, body any) answer {
	e.t.Helper()
	return e.send(e.tokenOf(as), lang, method, url, body)
}

// doToken sends a request with an Authorization token made beforehand
// (for requests sent at once).
func (e *env) doToken(token, method, url string, body any) answer {
	return e.send(token, "", method, url, body)
}

// tokenOf signs user in, "" for nobody.
func (e *env) tokenOf(as testapp.User) string {
	if as.ID == "" {
		return ""
	}
	return testapp.Token(e.t, e.app, as.ID)
}

// send sends a request with a JSON body (nil: none), the token and the
// language ("" for none).
func (e *env) send(token, lang, method, url string, body any) answer {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, url, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	rec := httptest.NewRecorder()
	e.mux.ServeHTTP(rec, req)
	return answer{status: rec.Code, raw: rec.Body.Bytes()}
}

// membershipOf is the id of user's membership in business ("" for none).
func (e *env) membershipOf(user testapp.User, business string) string {
	e.t.Helper()
	m, err := e.app.FindFirstRecordByFilter(migrations.MembershipsCollection, "user = {:u} && business = {:b}",
		map[string]any{"u": user.ID, "b": business})
	if err != nil {
		return ""
	}
	return m.Id
}

// roleOf is user's role in business, "" for none.
func (e *env) roleOf(user testapp.User, business string) string {
	e.t.Helper()
	role, err := RoleOf(e.app, user.ID, business)
	if err != nil {
		e.t.Fatal(err)
	}
	return role
}

// owners counts the owners of business.
func (e *env) owners(business string) int {
	e.t.Helper()
	n, err := e.app.CountRecords(migrations.MembershipsCollection,
		dbx.HashExp{migrations.FieldBusiness: business, migrations.FieldRole: migrations.RoleOwner})
	if err != nil {
		e.t.Fatal(err)
	}
	return int(n)
}
