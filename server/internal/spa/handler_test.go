package spa

import (
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
)

func TestMain(m *testing.M) { testapp.Main(m) }

// The shell and the script are longer than gzipMinLength so gzip kicks in.
var (
	indexHTML = `<!doctype html><html><head><title>Folio</title>` +
		`<script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div>` +
		strings.Repeat("<!-- padding so the shell is worth compressing -->", 20) + `</body></html>`
	appJS = strings.Repeat("console.log('folio app bundle');\n", 40)
)

func buildFS() fstest.MapFS {
	return fstest.MapFS{
		"index.html":           {Data: []byte(indexHTML)},
		"sw.js":                {Data: []byte("self.addEventListener('fetch',()=>{})")},
		"registerSW.js":        {Data: []byte("navigator.serviceWorker.register('/sw.js')")},
		"workbox-1a2b3c.js":    {Data: []byte("/* workbox */")},
		"manifest.webmanifest": {Data: []byte(`{"name":"Folio","start_url":"/"}`)},
		"robots.txt":           {Data: []byte("User-agent: *\nAllow: /\n")},
		"icons/icon-192.png":   {Data: []byte("\x89PNG\r\n\x1a\n" + strings.Repeat("\x00", 900))},
		"assets/app-abc123.js": {Data: []byte(appJS)},
		".keep":                {Data: nil},
	}
}

func factory(fsys fs.FS) func(t testing.TB) *tests.TestApp {
	return func(t testing.TB) *tests.TestApp {
		app := testapp.New(t)
		Bind(app, fsys)
		return app
	}
}

// expectHeaders returns an AfterTestFunc checking exact header values
// ("" means the header must be absent).
func expectHeaders(want map[string]string) func(t testing.TB, app *tests.TestApp, res *http.Response) {
	return func(t testing.TB, _ *tests.TestApp, res *http.Response) {
		t.Helper()
		for k, v := range want {
			if got := res.Header.Get(k); got != v {
				t.Errorf("header %s = %q, want %q", k, got, v)
			}
		}
	}
}

func TestAppRoutes(t *testing.T) {
	appFS := buildFS()
	shell := map[string]string{
		"Cache-Control":           "no-cache",
		"Content-Type":            "text/html; charset=utf-8",
		"Content-Security-Policy": ContentSecurityPolicy,
	}

	scenarios := []tests.ApiScenario{
		{Name: "root serves the shell", Method: http.MethodGet, URL: "/",
			ExpectedStatus: 200, ExpectedContent: []string{`<div id="root">`},
			AfterTestFunc: expectHeaders(shell)},
		{Name: "client route falls back to the shell", Method: http.MethodGet, URL: "/dashboard",
			ExpectedStatus: 200, ExpectedContent: []string{`<div id="root">`},
			AfterTestFunc: expectHeaders(shell)},
		{Name: "nested client route", Method: http.MethodGet, URL: "/settings/account",
			ExpectedStatus: 200, ExpectedContent: []string{`<div id="root">`},
			AfterTestFunc: expectHeaders(shell)},
		{Name: "client route with query", Method: http.MethodGet, URL: "/invoices?page=2",
			ExpectedStatus: 200, ExpectedContent: []string{`<div id="root">`},
			AfterTestFunc: expectHeaders(shell)},
		{Name: "head on a client route", Method: http.MethodHead, URL: "/customers",
			ExpectedStatus: 200,
			AfterTestFunc:  expectHeaders(shell)},
		{Name: "hashed asset is immutable", Method: http.MethodGet, URL: "/assets/app-abc123.js",
			ExpectedStatus: 200, ExpectedContent: []string{"folio app bundle"},
			AfterTestFunc: expectHeaders(map[string]string{
				"Cache-Control": "public, max-age=31536000, immutable",
				"Content-Type":  "text/javascript; charset=utf-8",
			})},
		{Name: "service worker revalidates", Method: http.MethodGet, URL: "/sw.js",
			ExpectedStatus: 200, ExpectedContent: []string{"addEventListener"},
			AfterTestFunc: expectHeaders(map[string]string{
				"Cache-Control": "no-cache", "Content-Type": "text/javascript; charset=utf-8",
			})},
		{Name: "registerSW revalidates", Method: http.MethodGet, URL: "/registerSW.js",
			ExpectedStatus: 200, ExpectedContent: []string{"register"},
			AfterTestFunc: expectHeaders(map[string]string{"Cache-Control": "no-cache"})},
		{Name: "workbox runtime revalidates", Method: http.MethodGet, URL: "/workbox-1a2b3c.js",
			ExpectedStatus: 200, ExpectedContent: []string{"workbox"},
			AfterTestFunc: expectHeaders(map[string]string{"Cache-Control": "no-cache"})},
		{Name: "manifest revalidates with its own type", Method: http.MethodGet, URL: "/manifest.webmanifest",
			ExpectedStatus: 200, ExpectedContent: []string{`"name":"Folio"`},
			AfterTestFunc: expectHeaders(map[string]string{
				"Cache-Control": "no-cache", "Content-Type": "application/manifest+json",
			})},
		{Name: "icon gets a short cache", Method: http.MethodGet, URL: "/icons/icon-192.png",
			ExpectedStatus: 200, NotExpectedContent: []string{"<html"},
			AfterTestFunc: expectHeaders(map[string]string{
				"Cache-Control": "public, max-age=3600", "Content-Type": "image/png",
			})},
		{Name: "robots gets a short cache", Method: http.MethodGet, URL: "/robots.txt",
			ExpectedStatus: 200, ExpectedContent: []string{"User-agent"},
			AfterTestFunc: expectHeaders(map[string]string{"Cache-Control": "public, max-age=3600"})},
		{Name: "missing file is a 404, not the shell", Method: http.MethodGet, URL: "/missing.js",
			ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}, NotExpectedContent: []string{"<html"},
			AfterTestFunc: expectHeaders(map[string]string{
				"Cache-Control": "no-store", "Content-Type": "application/json",
			})},
		{Name: "missing hashed asset is a 404", Method: http.MethodGet, URL: "/assets/app-old999.js",
			ExpectedStatus: 404, NotExpectedContent: []string{"<html"},
			AfterTestFunc: expectHeaders(map[string]string{"Cache-Control": "no-store"})},
		{Name: "placeholder dotfile is not served", Method: http.MethodGet, URL: "/.keep",
			ExpectedStatus: 404, NotExpectedContent: []string{"<html"}},
		{Name: "unknown api GET is JSON 404", Method: http.MethodGet, URL: "/api/unknown",
			ExpectedStatus: 404, ExpectedContent: []string{`"message":"The requested resource wasn't found."`},
			NotExpectedContent: []string{"<html"},
			AfterTestFunc: expectHeaders(map[string]string{
				"Content-Type": "application/json", "Content-Security-Policy": "",
			})},
		{Name: "unknown nested api GET is JSON 404", Method: http.MethodGet, URL: "/api/nope/deeper?x=1",
			ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}, NotExpectedContent: []string{"<html"}},
		{Name: "unknown api POST is JSON 404", Method: http.MethodPost, URL: "/api/unknown",
			ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}, NotExpectedContent: []string{"<html"}},
		{Name: "unknown api DELETE is JSON 404", Method: http.MethodDelete, URL: "/api/unknown/1",
			ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}, NotExpectedContent: []string{"<html"}},
		{Name: "POST to a client route is not the shell", Method: http.MethodPost, URL: "/dashboard",
			ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}, NotExpectedContent: []string{"<html"}},
		{Name: "known api route still answers", Method: http.MethodGet, URL: "/api/health",
			ExpectedStatus: 200, ExpectedContent: []string{`"code":200`},
			AfterTestFunc: expectHeaders(map[string]string{
				"Referrer-Policy": ReferrerPolicy, "X-Content-Type-Options": "nosniff",
				"Content-Security-Policy": "",
			})},
		{Name: "admin ui path is left alone", Method: http.MethodGet, URL: "/_/",
			ExpectedStatus: 404, NotExpectedContent: []string{"<html", `id="root"`},
			AfterTestFunc: expectHeaders(map[string]string{"Content-Security-Policy": ""})},
		{Name: "admin ui deep path is left alone", Method: http.MethodGet, URL: "/_/#/collections",
			ExpectedStatus: 404, NotExpectedContent: []string{"<html"},
			AfterTestFunc: expectHeaders(map[string]string{"Content-Security-Policy": ""})},
		{Name: "admin ui route keeps PocketBase's own CSP", Method: http.MethodGet, URL: "/_/extensions.js",
			ExpectedStatus: 200, NotExpectedContent: []string{"<html"},
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
				if csp := res.Header.Get("Content-Security-Policy"); csp == ContentSecurityPolicy || csp == "" {
					t.Errorf("admin UI CSP = %q, want PocketBase's", csp)
				}
			}},
	}

	for _, s := range scenarios {
		s.TestAppFactory = factory(appFS)
		s.Test(t)
	}
}

func TestSecurityHeaders(t *testing.T) {
	want := map[string]string{
		"Content-Security-Policy":    ContentSecurityPolicy,
		"X-Content-Type-Options":     "nosniff",
		"Referrer-Policy":            "strict-origin-when-cross-origin",
		"X-Frame-Options":            "DENY",
		"Permissions-Policy":         PermissionsPolicy,
		"Cross-Origin-Opener-Policy": "same-origin",
	}
	if strings.Contains(ContentSecurityPolicy, "script-src 'self' 'unsafe-inline'") ||
		!strings.Contains(ContentSecurityPolicy, "script-src 'self';") {
		t.Fatalf("script-src must be 'self' only: %s", ContentSecurityPolicy)
	}

	for _, url := range []string{"/", "/dashboard", "/assets/app-abc123.js", "/missing.js"} {
		status := 200
		if url == "/missing.js" {
			status = 404
		}
		(&tests.ApiScenario{
			Name: "security headers on " + url, Method: http.MethodGet, URL: url,
			TestAppFactory: factory(buildFS()), ExpectedStatus: status,
			NotExpectedContent: []string{"unexpected"},
			AfterTestFunc:      expectHeaders(want),
		}).Test(t)
	}
}

func gunzipped(t testing.TB, res *http.Response) string {
	t.Helper()
	if enc := res.Header.Get("Content-Encoding"); enc != "gzip" {
		t.Fatalf("Content-Encoding = %q, want gzip", enc)
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestGzip(t *testing.T) {
	gz := map[string]string{"Accept-Encoding": "gzip, deflate, br"}

	scenarios := []tests.ApiScenario{
		{Name: "script is gzipped", Method: http.MethodGet, URL: "/assets/app-abc123.js", Headers: gz,
			ExpectedStatus: 200, NotExpectedContent: []string{"folio app bundle"},
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
				if body := gunzipped(t, res); body != appJS {
					t.Errorf("decompressed script differs")
				}
				if v := res.Header.Get("Vary"); !strings.Contains(v, "Accept-Encoding") {
					t.Errorf("Vary = %q", v)
				}
				if v := res.Header.Get("Cache-Control"); v != cacheImmutable {
					t.Errorf("Cache-Control = %q", v)
				}
			}},
		{Name: "shell fallback is gzipped", Method: http.MethodGet, URL: "/dashboard", Headers: gz,
			ExpectedStatus: 200, NotExpectedContent: []string{`<div id="root">`},
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
				want := string(renderPage([]byte(indexHTML), readPagePrefs(func(string) string { return "" }, "en"), true, nil, ""))
				if body := gunzipped(t, res); body != want {
					t.Errorf("decompressed shell differs")
				}
				if v := res.Header.Get("Content-Type"); v != "text/html; charset=utf-8" {
					t.Errorf("Content-Type = %q", v)
				}
			}},
		{Name: "no gzip without Accept-Encoding", Method: http.MethodGet, URL: "/assets/app-abc123.js",
			ExpectedStatus: 200, ExpectedContent: []string{"folio app bundle"},
			AfterTestFunc: expectHeaders(map[string]string{"Content-Encoding": ""})},
		{Name: "images are not gzipped", Method: http.MethodGet, URL: "/icons/icon-192.png", Headers: gz,
			ExpectedStatus: 200, NotExpectedContent: []string{"<html"},
			AfterTestFunc: expectHeaders(map[string]string{"Content-Encoding": ""})},
		{Name: "tiny files are not gzipped", Method: http.MethodGet, URL: "/robots.txt", Headers: gz,
			ExpectedStatus: 200, ExpectedContent: []string{"User-agent"},
			AfterTestFunc: expectHeaders(map[string]string{"Content-Encoding": ""})},
	}
	for _, s := range scenarios {
		s.TestAppFactory = factory(buildFS())
		s.Test(t)
	}
}

// The shell must revalidate cheaply: the ETag lets the browser get a 304.
func TestShellRevalidates(t *testing.T) {
	var etag string
	(&tests.ApiScenario{
		Name: "first load has an etag", Method: http.MethodGet, URL: "/dashboard",
		TestAppFactory: factory(buildFS()), ExpectedStatus: 200, ExpectedContent: []string{"root"},
		AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
			etag = res.Header.Get("ETag")
			if etag == "" {
				t.Fatal("missing ETag")
			}
		},
	}).Test(t)

	(&tests.ApiScenario{
		Name: "revalidation is a 304", Method: http.MethodGet, URL: "/settings",
		Headers:        map[string]string{"If-None-Match": etag},
		TestAppFactory: factory(buildFS()), ExpectedStatus: http.StatusNotModified,
	}).Test(t)
}

func TestEmptyBuild(t *testing.T) {
	scenarios := []tests.ApiScenario{
		{Name: "no build: client route is 404", Method: http.MethodGet, URL: "/dashboard",
			ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}},
		{Name: "no build: api still works", Method: http.MethodGet, URL: "/api/health",
			ExpectedStatus: 200, ExpectedContent: []string{`"code":200`}},
	}
	for _, s := range scenarios {
		s.TestAppFactory = factory(fstest.MapFS{})
		s.Test(t)
	}
}

// The customer's page of a document: d.html (the build's second entry),
// revalidated, out of search engines and Referer headers, with the app's CSP.
func TestPublicDocumentPage(t *testing.T) {
	publicHTML := `<!doctype html><html><head><title>Document</title></head><body><div id="public-root"></div></body></html>`
	withPage := buildFS()
	withPage["d.html"] = &fstest.MapFile{Data: []byte(publicHTML)}
	page := map[string]string{
		"Cache-Control":           "no-cache",
		"Content-Type":            "text/html; charset=utf-8",
		"Content-Security-Policy": ContentSecurityPolicy,
		"X-Robots-Tag":            "noindex",
		"Referrer-Policy":         "no-referrer",
		"X-Frame-Options":         "DENY",
	}

	scenarios := []tests.ApiScenario{
		{Name: "a document link serves d.html", Method: http.MethodGet, URL: "/d/AbC-123_xyz",
			TestAppFactory: factory(withPage), ExpectedStatus: 200, ExpectedContent: []string{`id="public-root"`},
			AfterTestFunc: expectHeaders(page)},
		{Name: "with a trailing slash too", Method: http.MethodGet, URL: "/d/AbC-123_xyz/",
			TestAppFactory: factory(withPage), ExpectedStatus: 200, ExpectedContent: []string{`id="public-root"`},
			AfterTestFunc: expectHeaders(page)},
		{Name: "a build without d.html serves the shell, with the same headers", Method: http.MethodGet, URL: "/d/AbC-123_xyz",
			TestAppFactory: factory(buildFS()), ExpectedStatus: 200, ExpectedContent: []string{`<div id="root">`},
			AfterTestFunc: expectHeaders(page)},
		{Name: "the back office keeps its own referrer policy", Method: http.MethodGet, URL: "/dashboard",
			TestAppFactory: factory(withPage), ExpectedStatus: 200, ExpectedContent: []string{`<div id="root">`},
			AfterTestFunc: expectHeaders(map[string]string{"Referrer-Policy": ReferrerPolicy, "X-Robots-Tag": ""})},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}

// The build's Brotli copy (scripts/precompress.mjs) goes to clients that
// name Brotli; the others get gzip made on the fly, or the plain file.
func TestBrotli(t *testing.T) {
	withBrotli := func() fstest.MapFS {
		fsys := buildFS()
		fsys["assets/app-abc123.js.br"] = &fstest.MapFile{Data: []byte("brotli bytes of the script")}
		fsys["index.html.br"] = &fstest.MapFile{Data: []byte("brotli bytes of the shell")}
		return fsys
	}
	brotli := func(contentType string) func(testing.TB, *tests.TestApp, *http.Response) {
		return func(t testing.TB, app *tests.TestApp, res *http.Response) {
			expectHeaders(map[string]string{
				"Content-Encoding": "br",
				"Content-Type":     contentType,
			})(t, app, res)
			if v := res.Header.Get("Vary"); !strings.Contains(v, "Accept-Encoding") {
				t.Errorf("Vary = %q", v)
			}
			if res.Header.Get("ETag") == "" {
				t.Errorf("no ETag")
			}
		}
	}
	gzipped := func(t testing.TB, _ *tests.TestApp, res *http.Response) {
		if res.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("Content-Encoding = %q, want gzip", res.Header.Get("Content-Encoding"))
		}
		if body := gunzipped(t, res); body != appJS {
			t.Errorf("decompressed script differs")
		}
	}

	scenarios := []tests.ApiScenario{
		{Name: "script: the Brotli copy", URL: "/assets/app-abc123.js",
			Headers:         map[string]string{"Accept-Encoding": "gzip, deflate, br, zstd"},
			ExpectedContent: []string{"brotli bytes of the script"},
			AfterTestFunc:   brotli("text/javascript; charset=utf-8")},
		// A page is drawn per request (language, preferences, chunks), so
		// the build's copy of the file would be the wrong bytes: gzip.
		{Name: "shell of a client route: drawn, then gzipped", URL: "/dashboard",
			Headers:            map[string]string{"Accept-Encoding": "gzip, br"},
			NotExpectedContent: []string{"brotli bytes of the shell"},
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
				if res.Header.Get("Content-Encoding") != "gzip" {
					t.Fatalf("Content-Encoding = %q, want gzip", res.Header.Get("Content-Encoding"))
				}
				if body := gunzipped(t, res); !strings.Contains(body, `<html lang="en" class="dark"`) {
					t.Errorf("the shell was not drawn: %s", body[:80])
				}
			}},
		{Name: "br refused with q=0: gzip", URL: "/assets/app-abc123.js",
			Headers:            map[string]string{"Accept-Encoding": "br;q=0, gzip"},
			NotExpectedContent: []string{"brotli bytes"}, AfterTestFunc: gzipped},
		{Name: "gzip only: gzip", URL: "/assets/app-abc123.js",
			Headers:            map[string]string{"Accept-Encoding": "gzip"},
			NotExpectedContent: []string{"brotli bytes"}, AfterTestFunc: gzipped},
		{Name: "no Accept-Encoding: the plain file", URL: "/assets/app-abc123.js",
			ExpectedContent: []string{"folio app bundle"},
			AfterTestFunc:   expectHeaders(map[string]string{"Content-Encoding": ""})},
	}
	for _, s := range scenarios {
		s.Method = http.MethodGet
		s.ExpectedStatus = 200
		s.TestAppFactory = factory(withBrotli())
		s.Test(t)
	}

	// A build without the copy (a plain `vite build`): gzip as before.
	(&tests.ApiScenario{Name: "no Brotli copy: gzip", Method: http.MethodGet, URL: "/assets/app-abc123.js",
		Headers:        map[string]string{"Accept-Encoding": "gzip, br"},
		ExpectedStatus: 200, NotExpectedContent: []string{"folio app bundle"},
		AfterTestFunc: gzipped, TestAppFactory: factory(buildFS())}).Test(t)
}

func TestAcceptsBrotli(t *testing.T) {
	cases := map[string]bool{
		"":                        false,
		"gzip, deflate":           false,
		"gzip, deflate, br, zstd": true,
		"br":                      true,
		"BR;q=0.5":                true,
		"br;q=0":                  false,
		"br; q=0.0, gzip":         false,
		"*":                       false,
		"brotli":                  false,
		"gzip;q=1, br ; q=1":      true,
	}
	for header, want := range cases {
		if got := acceptsBrotli(header); got != want {
			t.Errorf("acceptsBrotli(%q) = %v, want %v", header, got, want)
		}
	}
}
