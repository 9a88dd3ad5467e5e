package spa

import (
	"net/http"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/pocketbase/pocketbase/tests"
)

// A build's route manifest, as scripts/prerender.mjs writes it (trimmed).
const testManifest = `{
  "locales": ["en", "de", "fr", "es", "ar"],
  "pages": [{"path": "/", "page": "home"}, {"path": "/sign-in", "page": "sign-in"}, {"path": "/404", "page": "404"}],
  "documentShell": "d",
  "appShell": "app-shell",
  "routes": [
    {"path": "/", "files": ["assets/Landing-1.js"], "bundles": ["core", "public"]},
    {"path": "/sign-in", "files": ["assets/SignIn-1.js", "assets/field-1.js"], "bundles": ["core"]},
    {"path": "/invoices/new", "files": ["assets/InvoiceForm-1.js", "assets/SignedInApp-1.js"], "bundles": ["core", "app"]},
    {"path": "/invoices/:id", "files": ["assets/Invoice-1.js", "assets/SignedInApp-1.js"], "bundles": ["core", "app"]},
    {"path": "/settings/*", "files": ["assets/NotFound-1.js"], "bundles": ["core", "public"]}
  ],
  "bundles": {
    "core/en": ["assets/core-en.js"], "core/de": ["assets/core-de.js"], "core/ar": ["assets/core-ar.js"],
    "app/en": ["assets/app-en.js", "assets/runtime.js"], "app/de": ["assets/app-de.js", "assets/runtime.js"],
    "public/de": ["assets/public-de.js"], "foreign/de": ["assets/foreign-de.js"], "foreign/ar": ["assets/foreign-ar.js"]
  }
}`

func testPageManifest(t testing.TB) *pageManifest {
	m, err := parsePageManifest([]byte(testManifest))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func cookies(kv map[string]string) func(string) string {
	return func(name string) string { return kv[name] }
}

func TestReadPagePrefs(t *testing.T) {
	cases := []struct {
		name    string
		cookies map[string]string
		lang    string
		want    pagePrefs
	}{
		{"defaults", nil, "en", pagePrefs{"en", "dark", "geist", "ltr"}},
		{"every cookie", map[string]string{"folio_theme": "light", "folio_font": "manrope", "folio_dir": "rtl"}, "de",
			pagePrefs{"de", "light", "manrope", "rtl"}},
		{"system theme is kept for the browser", map[string]string{"folio_theme": "system"}, "fr", pagePrefs{"fr", "system", "geist", "ltr"}},
		{"Arabic reads right to left", nil, "ar", pagePrefs{"ar", "dark", "geist", "rtl"}},
		{"a chosen direction wins over the language's", map[string]string{"folio_dir": "ltr"}, "ar", pagePrefs{"ar", "dark", "geist", "ltr"}},
		{"unknown values fall back", map[string]string{"folio_theme": "pink", "folio_font": "comic", "folio_dir": "up"}, "es",
			pagePrefs{"es", "dark", "geist", "ltr"}},
		{"no markup gets through", map[string]string{"folio_theme": `dark" onload="x`, "folio_font": "<b>"}, "en",
			pagePrefs{"en", "dark", "geist", "ltr"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := readPagePrefs(cookies(c.cookies), c.lang); got != c.want {
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestChoosePage(t *testing.T) {
	m := testPageManifest(t)
	files := map[string]bool{
		"index.html": true, "d.html": true,
		"pages/en/home.html": true, "pages/en/sign-in.html": true, "pages/de/sign-in.html": true,
		"pages/de/home.html": true, "pages/de/d.html": true, "pages/en/d.html": true,
		"pages/de/app-shell.html": true,
	}
	isFile := func(n string) bool { return files[n] }
	cases := []struct {
		name, path, lang, want string
		manifest               *pageManifest
	}{
		{"sign-in in German", "/sign-in", "de", "pages/de/sign-in.html", m},
		{"sign-in in English", "/sign-in", "en", "pages/en/sign-in.html", m},
		{"with a trailing slash", "/sign-in/", "de", "pages/de/sign-in.html", m},
		{"the landing page", "/", "de", "pages/de/home.html", m},
		{"a language the build lacks the file for", "/sign-in", "fr", "", m},
		{"a signed-in route has the app's frame", "/invoices/abc", "de", "pages/de/app-shell.html", m},
		{"in a language the build lacks it in: index.html", "/invoices/abc", "en", "", m},
		{"a path the table lacks has no page", "/dashboard", "de", "", m},
		{"a route the table lacks", "/sign-in/more", "de", "", m},
		{"the customer's page", "/d/AbC-123", "de", "pages/de/d.html", m},
		{"a build without prerendering", "/sign-in", "de", "", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := decideStatic(c.path, isFile)
			if got := choosePage(d, c.path, c.lang, c.manifest, isFile); got != c.want {
				t.Fatalf("choosePage(%q, %q) = %q, want %q", c.path, c.lang, got, c.want)
			}
		})
	}
	// A file is never a page.
	if got := choosePage(decideStatic("/d.html", isFile), "/d.html", "de", m, isFile); got != "" {
		t.Fatalf("a file was given a page: %q", got)
	}
}

func TestPageLanguage(t *testing.T) {
	m := testPageManifest(t)
	for lang, want := range map[string]string{"de": "de", "ar": "ar", "it": "en", "": "en"} {
		if got := pageLanguage(m, lang); got != want {
			t.Errorf("pageLanguage(%q) = %q, want %q", lang, got, want)
		}
	}
}

func TestMatchRoute(t *testing.T) {
	cases := []struct {
		pattern, path string
		want          bool
	}{
		{"/", "/", true},
		{"/", "/sign-in", false},
		{"/sign-in", "/sign-in", true},
		{"/sign-in", "/sign-in/", true},
		{"/sign-in", "/sign-in-2", false},
		{"/invoices/:id", "/invoices/abc123", true},
		{"/invoices/:id", "/invoices", false},
		{"/invoices/:id", "/invoices/abc/edit", false},
		{"/invoices/:id/edit", "/invoices/abc/edit", true},
		{"/settings/*", "/settings/unknown", true},
		{"/settings/*", "/settings/a/b", true},
		{"/settings/*", "/settings", false},
	}
	for _, c := range cases {
		if got := matchRoute(c.pattern, c.path); got != c.want {
			t.Errorf("matchRoute(%q, %q) = %v, want %v", c.pattern, c.path, got, c.want)
		}
	}
}

func TestRoutePreloads(t *testing.T) {
	m := testPageManifest(t)
	cases := []struct {
		name, path, lang string
		want             []string
	}{
		{"a signed-in screen in English", "/invoices/abc", "en",
			[]string{"assets/Invoice-1.js", "assets/SignedInApp-1.js", "assets/core-en.js", "assets/app-en.js", "assets/runtime.js"}},
		{"in German, with the words said again", "/invoices/abc", "de",
			[]string{"assets/Invoice-1.js", "assets/SignedInApp-1.js", "assets/core-de.js", "assets/app-de.js", "assets/runtime.js", "assets/foreign-de.js"}},
		{"the first matching row wins", "/invoices/new", "en",
			[]string{"assets/InvoiceForm-1.js", "assets/SignedInApp-1.js", "assets/core-en.js", "assets/app-en.js", "assets/runtime.js"}},
		{"a public page", "/sign-in", "en", []string{"assets/SignIn-1.js", "assets/field-1.js", "assets/core-en.js"}},
		{"a wildcard row", "/settings/nope", "en", []string{"assets/NotFound-1.js", "assets/core-en.js"}},
		{"no row", "/nowhere", "en", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := routePreloads(m, c.path, c.lang); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
	if got := routePreloads(nil, "/invoices/abc", "en"); got != nil {
		t.Fatalf("no manifest: %v", got)
	}
}

func TestDrawsAppShell(t *testing.T) {
	m := testPageManifest(t)
	cases := []struct {
		path string
		want bool
	}{
		{"/invoices/abc", true},
		{"/invoices/new", true},
		{"/sign-in", false},
		{"/", false},
		{"/settings/nope", false},
		{"/nowhere", false},
	}
	for _, c := range cases {
		if got := drawsAppShell(m, c.path); got != c.want {
			t.Errorf("drawsAppShell(%q) = %v, want %v", c.path, got, c.want)
		}
	}
	if drawsAppShell(nil, "/invoices/abc") {
		t.Error("no manifest: no frame")
	}
}

func TestMarkAppShell(t *testing.T) {
	out := string(markAppShell([]byte(`<!doctype html><html lang="de" class="dark" dir="ltr"><head></head></html>`)))
	if want := `<html lang="de" class="dark" dir="ltr" data-app-shell><head>`; !strings.Contains(out, want) {
		t.Fatalf("got %s, want %s in it", out, want)
	}
	if got := string(markAppShell([]byte("no html"))); got != "no html" {
		t.Fatalf("a page without <html> changed: %s", got)
	}
}

const builtPage = `<!doctype html>
<html lang="en" class="dark" dir="ltr" data-font="geist">
  <head>
    <script src="/assets/prefs-662381f2.js"></script>
    <title>Anmelden · Folio</title>
    <script type="module" crossorigin src="/assets/main-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/field-1.js">
  </head>
  <body><div id="root" data-prerendered="de"><main><h1>Anmelden</h1></main></div></body>
</html>`

func TestRenderPage(t *testing.T) {
	cases := []struct {
		name      string
		prefs     pagePrefs
		withPrefs bool
		preloads  []string
		want      []string
		notWant   []string
	}{
		{"defaults, the script goes", pagePrefs{"de", "dark", "geist", "ltr"}, true, nil,
			[]string{`<html lang="de" class="dark" dir="ltr" data-font="geist" style="color-scheme:dark">`, "<h1>Anmelden</h1>"},
			[]string{"prefs-", `lang="en"`}},
		{"light, a font, right to left", pagePrefs{"ar", "light", "manrope", "rtl"}, true, nil,
			[]string{`<html lang="ar" class="light" dir="rtl" data-font="manrope" style="color-scheme:light">`},
			[]string{"prefs-", "dark"}},
		{"the system's theme is left to the script", pagePrefs{"en", "system", "inter", "ltr"}, true, nil,
			[]string{`<html lang="en" dir="ltr" data-font="inter">`, `<script src="/assets/prefs-662381f2.js"></script>`},
			[]string{`class="dark"`, "color-scheme:"}},
		{"the customer's page: language and direction only", pagePrefs{"ar", "light", "manrope", "ltr"}, false, nil,
			[]string{`<html lang="ar" dir="rtl">`}, []string{"manrope", `class=`}},
		{"the route's chunks, once each", pagePrefs{"de", "dark", "geist", "ltr"}, true,
			[]string{"assets/SignIn-1.js", "assets/field-1.js", "assets/core-de.js"},
			[]string{`<link rel="modulepreload" crossorigin href="/assets/SignIn-1.js"><link rel="modulepreload" crossorigin href="/assets/core-de.js"></head>`},
			nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := string(renderPage([]byte(builtPage), c.prefs, c.withPrefs, c.preloads, ""))
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("missing %q in\n%s", w, out)
				}
			}
			for _, w := range c.notWant {
				if strings.Contains(out, w) {
					t.Errorf("unexpected %q in\n%s", w, out)
				}
			}
			if n := strings.Count(out, "/assets/field-1.js"); n != 1 {
				t.Errorf("field-1.js listed %d times", n)
			}
		})
	}
}

// A prerendered page keeps its modules inert until its first paint: the
// route's chunks join them in the template, none lands in <head> itself.
func TestRenderPageAddsTheRoutesChunksToTheModulesTemplate(t *testing.T) {
	page := `<html lang="en"><head><title>Sign in</title>` +
		`<script defer src="/assets/after-paint-1.js"></script>` +
		`<template id="folio-modules"><script type="module" crossorigin src="/assets/main-1.js"></script>` +
		`<link rel="modulepreload" crossorigin href="/assets/field-1.js"></template></head>` +
		`<body><div id="root" data-prerendered="en"></div></body></html>`
	out := string(renderPage([]byte(page), pagePrefs{"en", "dark", "geist", "ltr"}, true,
		[]string{"assets/SignIn-1.js", "assets/field-1.js"}, "assets/geist-latin-1.woff2"))
	want := `<link rel="modulepreload" crossorigin href="/assets/field-1.js">` +
		`<link rel="modulepreload" crossorigin href="/assets/SignIn-1.js"></template>`
	if !strings.Contains(out, want) {
		t.Fatalf("the route's chunk is not in the template:\n%s", out)
	}
	if n := strings.Count(out, "SignIn-1.js"); n != 1 {
		t.Fatalf("SignIn-1.js listed %d times:\n%s", n, out)
	}
	// The font is fetched with the style sheet, not kept for after the paint.
	font := `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/geist-latin-1.woff2"></head>`
	if !strings.Contains(out, font) {
		t.Fatalf("no font preload in <head>:\n%s", out)
	}
}

func TestFontPreload(t *testing.T) {
	m := &pageManifest{Fonts: map[string]string{"geist": "assets/geist-1.woff2", "inter": "assets/inter-1.woff2"}}
	cases := []struct {
		font      string
		withPrefs bool
		want      string
	}{
		{"geist", true, "assets/geist-1.woff2"},
		{"inter", true, "assets/inter-1.woff2"},
		{"system", true, ""}, // the system's font: nothing to fetch
		{"geist", false, ""}, // the customer's page has its own sheet
	}
	for _, c := range cases {
		if got := fontPreload(m, pagePrefs{"en", "dark", c.font, "ltr"}, c.withPrefs); got != c.want {
			t.Errorf("%s/%v: got %q, want %q", c.font, c.withPrefs, got, c.want)
		}
	}
	if got := fontPreload(nil, pagePrefs{"en", "dark", "geist", "ltr"}, true); got != "" {
		t.Errorf("no manifest: %q", got)
	}
}

// The handler serves the prerendered page of the request's language, drawn
// with its preference cookies.
func TestServePrerenderedPages(t *testing.T) {
	fsys := buildFS()
	fsys["pages/routes.json"] = &fstest.MapFile{Data: []byte(testManifest)}
	for _, lang := range []string{"en", "de", "ar"} {
		page := strings.ReplaceAll(builtPage, `data-prerendered="de"`, `data-prerendered="`+lang+`"`)
		fsys["pages/"+lang+"/sign-in.html"] = &fstest.MapFile{Data: []byte(page)}
	}
	fsys["pages/de/d.html"] = &fstest.MapFile{Data: []byte(`<html lang="en" dir="ltr"><head></head><body>Ihr Dokument</body></html>`)}

	varies := func(t testing.TB, _ *tests.TestApp, res *http.Response) {
		v := strings.Join(res.Header.Values("Vary"), ", ")
		if !strings.Contains(v, "Cookie") || !strings.Contains(v, "Accept-Language") {
			t.Errorf("Vary = %q", v)
		}
		if res.Header.Get("Content-Security-Policy") != ContentSecurityPolicy {
			t.Errorf("no CSP on a page")
		}
	}
	scenarios := []tests.ApiScenario{
		{Name: "no language asked: English", URL: "/sign-in",
			ExpectedContent:    []string{`data-prerendered="en"`, `<html lang="en" class="dark" dir="ltr" data-font="geist"`, `href="/assets/SignIn-1.js"`, `href="/assets/core-en.js"`},
			NotExpectedContent: []string{"prefs-"}, AfterTestFunc: varies},
		{Name: "German by Accept-Language", URL: "/sign-in", Headers: map[string]string{"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"},
			ExpectedContent: []string{`data-prerendered="de"`, `<html lang="de"`, `href="/assets/core-de.js"`, `href="/assets/foreign-de.js"`}},
		{Name: "the cookie wins over Accept-Language", URL: "/sign-in",
			Headers:         map[string]string{"Accept-Language": "de", "Cookie": "folio_lang=ar"},
			ExpectedContent: []string{`data-prerendered="ar"`, `<html lang="ar" class="dark" dir="rtl"`}},
		{Name: "the preference cookies are applied", URL: "/sign-in",
			Headers:         map[string]string{"Cookie": "folio_lang=de; folio_theme=light; folio_font=inter; folio_dir=rtl"},
			ExpectedContent: []string{`data-prerendered="de"`, `<html lang="de" class="light" dir="rtl" data-font="inter" style="color-scheme:light">`}},
		{Name: "a language without pages: English", URL: "/sign-in", Headers: map[string]string{"Accept-Language": "it"},
			ExpectedContent: []string{`data-prerendered="en"`}},
		{Name: "a signed-in route: the shell, with its chunks", URL: "/invoices/abc", Headers: map[string]string{"Cookie": "folio_lang=de"},
			ExpectedContent: []string{`<div id="root"></div>`, `<html lang="de" class="dark"`, `href="/assets/Invoice-1.js"`, `href="/assets/SignedInApp-1.js"`, `href="/assets/app-de.js"`},
			AfterTestFunc:   varies},
		{Name: "the customer's page in German, without the owner's preferences", URL: "/d/AbC-123",
			Headers:         map[string]string{"Accept-Language": "de", "Cookie": "folio_theme=light"},
			ExpectedContent: []string{"Ihr Dokument", `<html lang="de" dir="ltr">`}, NotExpectedContent: []string{"light"}},
		{Name: "index.html by name stays the built file (the service worker's shell)", URL: "/index.html",
			Headers:         map[string]string{"Cookie": "folio_theme=light"},
			ExpectedContent: []string{"<html><head>"}, NotExpectedContent: []string{"light", "modulepreload"}},
	}
	for _, s := range scenarios {
		s.Method = http.MethodGet
		s.ExpectedStatus = 200
		s.TestAppFactory = factory(fsys)
		s.Test(t)
	}
}
