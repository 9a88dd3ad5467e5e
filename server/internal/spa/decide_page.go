package spa

import (
	"encoding/json"
	"html"
	"path"
	"regexp"
	"slices"
	"strings"
)

// pageManifestFile is written by the build (scripts/prerender.mjs): the
// prerendered pages, and the chunks each route of the app loads.
const pageManifestFile = "pages/routes.json"

// pageManifest is pages/routes.json.
type pageManifest struct {
	// Locales the pages are prerendered in; the first is the fallback.
	Locales []string `json:"locales"`
	// Pages maps a public route to its file, pages/<locale>/<page>.html.
	Pages []struct {
		Path string `json:"path"`
		Page string `json:"page"`
	} `json:"pages"`
	// DocumentShell is the page of the customer's document (/d/{token}).
	DocumentShell string `json:"documentShell"`
	// AppShell is the page of a signed-in route: the app's frame, drawn
	// before the app's modules, which wait for its paint.
	AppShell string `json:"appShell"`
	// Routes is the app's route table in order: a wouter pattern, the
	// chunks beyond the entry's, and the message bundles it reads.
	Routes []struct {
		Path    string   `json:"path"`
		Files   []string `json:"files"`
		Bundles []string `json:"bundles"`
	} `json:"routes"`
	// Bundles maps "bundle/locale" to the chunks of those messages.
	Bundles map[string][]string `json:"bundles"`
	// Fonts maps a font preference to its Latin file, which every page
	// uses: it is preloaded with the page, not found in the style sheet.
	Fonts map[string]string `json:"fonts"`
}

func parsePageManifest(data []byte) (*pageManifest, error) {
	var m pageManifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// The preference cookies of the web app (src/lib/preferences.ts), their
// values, and the defaults (src/config/constants.ts).
const (
	themeCookie     = "folio_theme"
	fontCookie      = "folio_font"
	directionCookie = "folio_dir"
)

var (
	themes     = map[string]bool{"dark": true, "light": true, "system": true}
	fonts      = map[string]bool{"geist": true, "inter": true, "manrope": true, "system": true}
	directions = map[string]bool{"ltr": true, "rtl": true}
	rtlLocales = map[string]bool{"ar": true}
)

const (
	defaultTheme = "dark"
	defaultFont  = "geist"
)

// pagePrefs is what the served HTML is drawn with.
type pagePrefs struct {
	Lang  string
	Theme string // dark, light, or system (resolved by the browser)
	Font  string
	Dir   string
}

// readPagePrefs reads the preference cookies (cookie returns "" for a
// missing one) for a page in lang, like readPreferences in the web app:
// unknown values fall back to the defaults, and the direction to the
// language's own (Arabic reads right to left) unless one was chosen.
func readPagePrefs(cookie func(name string) string, lang string) pagePrefs {
	p := pagePrefs{Lang: lang, Theme: defaultTheme, Font: defaultFont, Dir: "ltr"}
	if rtlLocales[lang] {
		p.Dir = "rtl"
	}
	if v := cookie(themeCookie); themes[v] {
		p.Theme = v
	}
	if v := cookie(fontCookie); fonts[v] {
		p.Font = v
	}
	if v := cookie(directionCookie); directions[v] {
		p.Dir = v
	}
	return p
}

// pageLanguage is lang when the build has pages in it, else the first
// (source) locale of the build.
func pageLanguage(m *pageManifest, lang string) string {
	for _, l := range m.Locales {
		if l == lang {
			return lang
		}
	}
	if len(m.Locales) > 0 {
		return m.Locales[0]
	}
	return lang
}

// choosePage is the prerendered file for a request the decision answers
// with a page (a public page, the signed-in area's frame or the customer's
// page), in lang; "" when the build has none (a route the table lacks, or a
// build without prerendering): index.html is served.
func choosePage(d staticDecision, urlPath, lang string, m *pageManifest, isFile func(string) bool) string {
	if m == nil || d.Action != actionServeIndex {
		return ""
	}
	page := ""
	if d.PublicPage {
		page = m.DocumentShell
	} else {
		clean := path.Clean("/" + urlPath)
		for _, p := range m.Pages {
			if p.Path == clean {
				page = p.Page
				break
			}
		}
		if page == "" && drawsAppShell(m, urlPath) {
			page = m.AppShell
		}
	}
	if page == "" {
		return ""
	}
	name := "pages/" + lang + "/" + page + ".html"
	if !isFile(name) {
		return ""
	}
	return name
}

// matchRoute reports whether a wouter pattern ("/invoices/:id",
// "/settings/*") matches a path; a trailing slash is ignored.
func matchRoute(pattern, urlPath string) bool {
	ps := strings.Split(strings.Trim(pattern, "/"), "/")
	us := strings.Split(strings.Trim(path.Clean("/"+urlPath), "/"), "/")
	for i, seg := range ps {
		if seg == "*" {
			return len(us) > i
		}
		if i >= len(us) {
			return false
		}
		if strings.HasPrefix(seg, ":") {
			if us[i] == "" {
				return false
			}
			continue
		}
		if seg != us[i] {
			return false
		}
	}
	return len(ps) == len(us)
}

// fontPreload is the file of the page's font, when it is a web font the
// build has.
func fontPreload(m *pageManifest, p pagePrefs, withPrefs bool) string {
	if m == nil || !withPrefs {
		return ""
	}
	return m.Fonts[p.Font]
}

// routePreloads lists the chunks the route at urlPath loads in lang (its
// screen, its layout, the signed-in app around it, its messages), in the
// table's first matching row, so the browser fetches them all at once
// instead of discovering them one import after another.
func routePreloads(m *pageManifest, urlPath, lang string) []string {
	if m == nil {
		return nil
	}
	for _, r := range m.Routes {
		if !matchRoute(r.Path, urlPath) {
			continue
		}
		files := append([]string{}, r.Files...)
		bundles := r.Bundles
		if len(m.Locales) > 0 && lang != m.Locales[0] {
			// Other languages than the source say some English words again.
			bundles = append(append([]string{}, bundles...), "foreign")
		}
		for _, b := range bundles {
			files = append(files, m.Bundles[b+"/"+lang]...)
		}
		return files
	}
	return nil
}

// drawsAppShell reports whether the route at urlPath is in the signed-in area:
// its first matching row reads the signed-in area's messages ("app"). Its
// page shows the app's frame from the HTML (index.html) until the app draws
// the real one, so the screen is not blank while the app's modules load.
func drawsAppShell(m *pageManifest, urlPath string) bool {
	if m == nil {
		return false
	}
	for _, r := range m.Routes {
		if matchRoute(r.Path, urlPath) {
			return slices.Contains(r.Bundles, "app")
		}
	}
	return false
}

// markAppShell sets data-app-shell on the page's <html>: the style sheet
// shows the app's frame only there (src/index.css).
func markAppShell(page []byte) []byte {
	loc := htmlTagRe.FindIndex(page)
	if loc == nil {
		return page
	}
	end := loc[1] - 1
	out := make([]byte, 0, len(page)+len(appShellAttr))
	out = append(out, page[:end]...)
	out = append(out, appShellAttr...)
	return append(out, page[end:]...)
}

const appShellAttr = " data-app-shell"

// modulesTemplate opens the inert holder of a prerendered page's modules
// (scripts/prerender.mjs, src/boot/after-paint.ts).
const modulesTemplate = `<template id="folio-modules">`

var (
	htmlTagRe     = regexp.MustCompile(`<html[^>]*>`)
	prefsScriptRe = regexp.MustCompile(`\s*<script src="/assets/prefs-[A-Za-z0-9_-]+\.js"></script>`)
)

// renderPage applies the preferences to a built page before it is sent, so
// it is drawn right at first paint:
//   - <html> gets the language and direction, and for the app (withPrefs)
//     the theme, color scheme and font, as applyPreferences sets them;
//   - the render-blocking preferences script is dropped, unless the theme
//     follows the system, which only the browser knows;
//   - the chosen font's file (font) is preloaded, so it loads beside the
//     style sheet rather than after it;
//   - the route's chunks are modulepreloaded (those the page does not list
//     already). A prerendered page keeps its modules in an inert
//     <template id="folio-modules"> that its starter script puts into <head>
//     after the first paint; the route's chunks join them there.
func renderPage(page []byte, p pagePrefs, withPrefs bool, preloads []string, font string) []byte {
	s := string(page)
	attrs := ` lang="` + html.EscapeString(p.Lang) + `"`
	if withPrefs {
		if p.Theme != "system" {
			attrs += ` class="` + p.Theme + `"`
		}
		attrs += ` dir="` + p.Dir + `" data-font="` + p.Font + `"`
		if p.Theme != "system" {
			attrs += ` style="color-scheme:` + p.Theme + `"`
		}
	} else {
		// The customer's page has no preferences: the light sheet, in the
		// language's direction.
		dir := "ltr"
		if rtlLocales[p.Lang] {
			dir = "rtl"
		}
		attrs += ` dir="` + dir + `"`
	}
	s = htmlTagRe.ReplaceAllLiteralString(s, "<html"+attrs+">")
	if withPrefs && p.Theme != "system" {
		s = prefsScriptRe.ReplaceAllLiteralString(s, "")
	}
	if font != "" {
		s = strings.Replace(s, "</head>", `<link rel="preload" as="font" type="font/woff2" crossorigin href="/`+
			html.EscapeString(font)+`"></head>`, 1)
	}
	var links strings.Builder
	for _, f := range preloads {
		href := "/" + f
		if strings.Contains(s, `"`+href+`"`) {
			continue
		}
		links.WriteString(`<link rel="modulepreload" crossorigin href="` + html.EscapeString(href) + `">`)
	}
	if links.Len() > 0 {
		at := strings.Index(s, "</head>")
		if i := strings.Index(s, modulesTemplate); i >= 0 {
			if j := strings.Index(s[i:], "</template>"); j >= 0 {
				at = i + j
			}
		}
		if at >= 0 {
			s = s[:at] + links.String() + s[at:]
		}
	}
	return []byte(s)
}
