package app

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
)

func TestMain(m *testing.M) { testapp.Main(m) }

var ui = fstest.MapFS{
	"index.html":           {Data: []byte(`<!doctype html><div id="root"></div>`)},
	"assets/app-abc123.js": {Data: []byte(`console.log("folio")`)},
}

func factoryWith(env map[string]string) func(t testing.TB) *tests.TestApp {
	return func(t testing.TB) *tests.TestApp {
		app := testapp.New(t)
		err := BindWith(app, Options{
			Getenv:  func(k string) string { return env[k] },
			Out:     io.Discard,
			UI:      ui,
			Command: "./folio",
		})
		if err != nil {
			t.Fatal(err)
		}
		return app
	}
}

// saveUser is a BeforeTestFunc that saves a user with this email and
// password.
func saveUser(email, password string) func(testing.TB, *tests.TestApp, *core.ServeEvent) {
	return func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
		users, _ := app.FindCollectionByNameOrId("users")
		rec := core.NewRecord(users)
		rec.SetEmail(email)
		rec.SetPassword(password)
		if err := app.Save(rec); err != nil {
			t.Fatal(err)
		}
	}
}

func TestWiring(t *testing.T) {
	// Seeding the demo ledger takes about a second, so only the scenarios
	// about the demo account start with it.
	withDemo := factoryWith(map[string]string{"FOLIO_DEMO_PASSWORD": "demo-pass-123"})
	defaults := factoryWith(map[string]string{"FOLIO_DEMO": "off"})
	demoToken := map[string]string{}
	// signInDemo signs the demo account in and points the scenario at its
	// business (which has the account's id) where the URL says {business}.
	signInDemo := func(s *tests.ApiScenario) func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
		url := s.URL
		return func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
			demo, err := app.FindAuthRecordByEmail("users", "demo@folio.test")
			if err != nil {
				t.Fatal(err)
			}
			tok, _ := demo.NewAuthToken()
			demoToken["Authorization"] = tok
			s.URL = strings.ReplaceAll(url, "{business}", demo.Id)
		}
	}

	scenarios := []tests.ApiScenario{
		{Name: "api works", Method: http.MethodGet, URL: "/api/health",
			ExpectedStatus: 200, ExpectedContent: []string{`"code":200`}},
		{Name: "app shell on a client route", Method: http.MethodGet, URL: "/dashboard",
			ExpectedStatus: 200, ExpectedContent: []string{`<div id="root">`}},
		{Name: "unknown api path is JSON 404", Method: http.MethodGet, URL: "/api/nope",
			ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}, NotExpectedContent: []string{"root"}},
		{Name: "2FA routes are mounted", Method: http.MethodPost, URL: "/api/collections/users/request-otp",
			ExpectedStatus: 401, ExpectedContent: []string{`"status":401`}},
		{Name: "demo account signs in", Method: http.MethodPost, URL: "/api/collections/users/auth-with-password",
			Body:           strings.NewReader(`{"identity":"demo@folio.test","password":"demo-pass-123"}`),
			TestAppFactory: withDemo,
			ExpectedStatus: 200, ExpectedContent: []string{`"token":"`, `"company":"Folio Demo Co."`, `"totpEnabled":false`},
			// The business's settings are on the business, not the account.
			NotExpectedContent: []string{`"default_currency"`, `"invoice_prefix"`}},
		{Name: "demo business has its settings", Method: http.MethodGet, URL: "/api/collections/businesses/records/{business}",
			TestAppFactory: withDemo, Headers: demoToken,
			ExpectedStatus: 200, ExpectedContent: []string{`"company_name":"Folio Demo Co."`, `"default_currency":"EUR"`, `"invoice_prefix":"INV-"`}},
		{Name: "demo dashboard has a year of data", Method: http.MethodGet, URL: "/api/folio/dashboard?business={business}",
			TestAppFactory: withDemo, Headers: demoToken,
			ExpectedStatus: 200, ExpectedContent: []string{`"currency":"EUR"`, `"currencies":["EUR","USD"]`, `"monthly":[`},
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
				var d struct {
					Invoiced    int64               `json:"invoiced_cents"`
					Collected   int64               `json:"collected_cents"`
					Outstanding int64               `json:"outstanding_cents"`
					Overdue     struct{ Count int } `json:"overdue"`
					Lists       map[string][]any    `json:"lists"`
				}
				if err := json.NewDecoder(res.Body).Decode(&d); err != nil {
					t.Fatal(err)
				}
				if d.Invoiced <= 0 || d.Collected <= 0 || d.Outstanding <= 0 || d.Overdue.Count == 0 ||
					len(d.Lists["overdue"]) == 0 || len(d.Lists["recent_payments"]) == 0 || len(d.Lists["awaiting_quotes"]) == 0 {
					t.Errorf("demo dashboard looks empty: %+v", d)
				}
			}},
		{Name: "demo catalogue has its services", Method: http.MethodGet,
			URL:            "/api/collections/items/records?sort=sku&filter=business%3D%22{business}%22%26%26archived%3Dfalse",
			TestAppFactory: withDemo, Headers: demoToken,
			ExpectedStatus: 200, ExpectedContent: []string{`"totalItems":12`, `"name":"Website design"`, `"sku":"SRV-01"`,
				`"prices":[{"currency":"EUR","cents":8500},{"currency":"USD","cents":9180}]`}},
		{Name: "convert route is mounted", Method: http.MethodPost, URL: "/api/folio/quotes/abc/convert",
			ExpectedStatus: 401, ExpectedContent: []string{`"status":401`}},
		{Name: "link route is mounted", Method: http.MethodPost, URL: "/api/folio/invoices/abc/link",
			ExpectedStatus: 401, ExpectedContent: []string{`"status":401`}},
		{Name: "public document route is mounted, without referrer", Method: http.MethodGet, URL: "/api/folio/public/documents/nope",
			ExpectedStatus: 404, ExpectedContent: []string{`"message":"This link is no longer valid."`},
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
				if rp, robots := res.Header.Get("Referrer-Policy"), res.Header.Get("X-Robots-Tag"); rp != "no-referrer" || robots != "noindex" {
					t.Errorf("Referrer-Policy %q, X-Robots-Tag %q", rp, robots)
				}
			}},
		{Name: "a document's public page is the app", Method: http.MethodGet, URL: "/d/some-token",
			ExpectedStatus: 200, ExpectedContent: []string{`<div id="root">`},
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
				if rp := res.Header.Get("Referrer-Policy"); rp != "no-referrer" {
					t.Errorf("Referrer-Policy %q", rp)
				}
			}},
		{Name: "wrong password says invalid login credentials", Method: http.MethodPost, URL: "/api/collections/users/auth-with-password",
			Body:           strings.NewReader(`{"identity":"demo@folio.test","password":"nope-nope-nope"}`),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid login credentials."`}},
		{Name: "reset mail links to the app", Method: http.MethodPost, URL: "/api/collections/users/request-password-reset",
			Body:           strings.NewReader(`{"email":"reset@folio.test"}`),
			ExpectedStatus: 204, Delay: 100 * time.Millisecond,
			BeforeTestFunc: saveUser("reset@folio.test", "reset-pass-123"),
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if app.TestMailer.TotalSend() != 1 {
					t.Fatalf("%d mails sent", app.TestMailer.TotalSend())
				}
				msg := app.TestMailer.LastMessage()
				if !strings.Contains(msg.HTML, "http://127.0.0.1:8090/reset-password?token=") {
					t.Errorf("reset link missing:\n%s", msg.HTML)
				}
				if msg.Subject != "Reset your Folio password" || msg.From.Address != "no-reply@folio.localhost" || msg.From.Name != "Folio" {
					t.Errorf("subject/from = %q / %v", msg.Subject, msg.From)
				}
			}},
		{Name: "verification mail links to the app", Method: http.MethodPost, URL: "/api/collections/users/request-verification",
			Body:           strings.NewReader(`{"email":"new@folio.test"}`),
			ExpectedStatus: 204, Delay: 100 * time.Millisecond,
			BeforeTestFunc: saveUser("new@folio.test", "new-pass-123"),
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if app.TestMailer.TotalSend() != 1 ||
					!strings.Contains(app.TestMailer.LastMessage().HTML, "/verify-email?token=") {
					t.Errorf("verification mail wrong (%d sent)", app.TestMailer.TotalSend())
				}
			}},
	}
	for _, s := range scenarios {
		if s.TestAppFactory == nil {
			s.TestAppFactory = defaults
		}
		if strings.Contains(s.URL, "{business}") {
			s.BeforeTestFunc = signInDemo(&s)
		}
		s.Test(t)
	}
}

// The path rules added by the migration really limit our literal routes
// (PocketBase's collection labels would not reach them), and
// FOLIO_RATE_LIMITS=off lifts them.
func TestRateLimitsOnTwoFactorRoutes(t *testing.T) {
	const url = "/api/collections/users/auth-with-otp"
	flood := func(t testing.TB, _ *tests.TestApp, e *core.ServeEvent) {
		mux, err := e.Router.BuildMux()
		if err != nil {
			t.Fatal(err)
		}
		for range 20 {
			req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"mfaId":"x","code":"1"}`))
			req.Header.Set("Content-Type", "application/json")
			req.RemoteAddr = "192.0.2.1:1234" // httptest's default client address
			mux.ServeHTTP(discard{}, req)
		}
	}
	body := func() io.Reader { return strings.NewReader(`{"mfaId":"x","code":"1"}`) }

	scenarios := []tests.ApiScenario{
		{Name: "21st call in a minute is refused", Method: http.MethodPost, URL: url, Body: body(),
			ExpectedStatus: 429, ExpectedContent: []string{`"status":429`},
			TestAppFactory: factoryWith(map[string]string{"FOLIO_DEMO": "off"}), BeforeTestFunc: flood},
		{Name: "FOLIO_RATE_LIMITS=off lifts the limit", Method: http.MethodPost, URL: url, Body: body(),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid or expired MFA session."`},
			TestAppFactory: factoryWith(map[string]string{"FOLIO_DEMO": "off", "FOLIO_RATE_LIMITS": "off"}), BeforeTestFunc: flood},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}

func TestBadEnvironmentStopsTheStart(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()

	err := BindWith(app, Options{
		Getenv: func(k string) string {
			if k == "FOLIO_TOTP_KEY" {
				return "too-short"
			}
			return ""
		},
		Out: io.Discard, UI: ui,
	})
	if err == nil || !strings.Contains(err.Error(), "FOLIO_TOTP_KEY") {
		t.Errorf("err = %v", err)
	}
}

func TestIsGoRun(t *testing.T) {
	// The test binary itself lives in a go-build dir, like go run's.
	if !IsGoRun() {
		t.Skip("test binary not under go-build (go test -c?)")
	}
	if command() != "go run ." {
		t.Errorf("command() = %q", command())
	}
}

// discard is a ResponseWriter that drops everything.
type discard struct{}

func (discard) Header() http.Header         { return http.Header{} }
func (discard) Write(b []byte) (int, error) { return len(b), nil }
func (discard) WriteHeader(int)             {}
