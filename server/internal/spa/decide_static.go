package spa

import (
	"path"
	"strings"
)

// staticAction is what the app handler does with a GET request.
type staticAction int

const (
	// actionNotFound answers a JSON 404 (unknown API path, missing file).
	actionNotFound staticAction = iota
	// actionServeFile serves a file that exists in the build.
	actionServeFile
	// actionServeIndex serves index.html for a client-side route.
	actionServeIndex
)

// Cache-Control values, one per class of file.
const (
	// cacheImmutable is for Vite's content-hashed files: a new build gets new
	// names, so browsers may keep these forever.
	cacheImmutable = "public, max-age=31536000, immutable"
	// cacheRevalidate is for entry points whose name never changes (the
	// shell, the service worker, the manifest): a stale copy would pin users
	// to an old release, so browsers must revalidate every time.
	cacheRevalidate = "no-cache"
	// cacheShort is for other public files (icons, robots.txt) that may
	// change between releases without changing name.
	cacheShort = "public, max-age=3600"
	// cacheNone is for error answers, so a 404 during a deploy never sticks.
	cacheNone = "no-store"
)

const indexFile = "index.html"

// publicPageFile is the second entry of the build: the page a customer
// opens from an emailed link (/d/{token}), without the back office.
const publicPageFile = "d.html"

// staticDecision says how to answer one request for the app.
type staticDecision struct {
	Action       staticAction
	Name         string // file within the build to serve
	CacheControl string
	ContentType  string // empty: let http.ServeContent detect it
	Compress     bool   // worth gzipping (text)
	// Encoded is the build's Brotli copy of Name, sent instead of it with
	// Content-Encoding: br; set per request, when the client accepts it.
	Encoded     string
	AppResponse bool // an answer of the app (gets the CSP and friends)
	// PublicPage marks the customer's page of a document (/d/{token}):
	// kept out of search engines and of Referer headers (the URL is the
	// key to the document).
	PublicPage bool
	// Page is set for a page drawn per request (the language, the
	// preference cookies, the route's chunks; see renderPage).
	Page *pageRequest
}

// contentTypes pins the types Go's mime table lacks or guesses per machine
// (it reads /etc/mime.types), so answers are the same everywhere.
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".webmanifest": "application/manifest+json",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".gif":         "image/gif",
	".webp":        "image/webp",
	".avif":        "image/avif",
	".ico":         "image/x-icon",
	".woff":        "font/woff",
	".woff2":       "font/woff2",
	".ttf":         "font/ttf",
	".txt":         "text/plain; charset=utf-8",
	".xml":         "application/xml",
	".wasm":        "application/wasm",
}

// compressible lists the text formats worth gzipping; images and fonts are
// already compressed.
var compressible = map[string]bool{
	".html": true, ".js": true, ".mjs": true, ".css": true, ".json": true,
	".map": true, ".webmanifest": true, ".svg": true, ".txt": true,
	".xml": true, ".ico": true, ".wasm": true,
}

// decideStatic maps a request path to an answer. isFile reports whether a
// regular file with that name exists in the build.
//
// Client routes (no extension) get the shell so deep links work; a path that
// looks like a file but is missing gets a real 404, because answering HTML
// for a missing script makes the browser fail with a confusing MIME error
// and lets a service worker cache the shell under a script URL.
func decideStatic(urlPath string, isFile func(name string) bool) staticDecision {
	// Clean with a leading slash so ".." can never climb above the root.
	name := strings.TrimPrefix(path.Clean("/"+urlPath), "/")

	// The API and the admin UI are never the app; unknown paths there get
	// PocketBase's JSON 404 instead of the shell.
	if name == "api" || strings.HasPrefix(name, "api/") || name == "_" || strings.HasPrefix(name, "_/") {
		return staticDecision{Action: actionNotFound, CacheControl: cacheNone}
	}

	notFound := staticDecision{Action: actionNotFound, CacheControl: cacheNone, AppResponse: true}

	// Dotfiles (.keep, .DS_Store, .env) are build leftovers, not app files;
	// /.well-known/ is the one public exception.
	for _, segment := range strings.Split(name, "/") {
		if strings.HasPrefix(segment, ".") && segment != ".well-known" {
			return notFound
		}
	}

	// The customer's page of a document: /d/{token}, trailing slash or not
	// (Clean removed it). Builds without d.html (noui, older) fall back to
	// the shell.
	if dir, token := path.Split(name); dir == "d/" && token != "" && path.Ext(token) == "" {
		page := publicPageFile
		if !isFile(page) {
			page = indexFile
		}
		if !isFile(page) {
			return notFound
		}
		d := htmlPage(page)
		d.PublicPage = true
		return d
	}

	if name != "" && isFile(name) {
		ext := strings.ToLower(path.Ext(name))
		return staticDecision{
			Action:       actionServeFile,
			Name:         name,
			CacheControl: cacheControlFor(name),
			ContentType:  contentTypes[ext],
			Compress:     compressible[ext],
			AppResponse:  true,
		}
	}

	if path.Ext(name) != "" || !isFile(indexFile) {
		return notFound
	}

	return htmlPage(indexFile)
}

// htmlPage serves an HTML page of the app (the shell, or the customer's
// page): revalidated on every load, compressed.
func htmlPage(name string) staticDecision {
	return staticDecision{
		Action:       actionServeIndex,
		Name:         name,
		CacheControl: cacheRevalidate,
		ContentType:  contentTypes[".html"],
		Compress:     true,
		AppResponse:  true,
	}
}

// cacheControlFor picks the cache class of an existing build file.
func cacheControlFor(name string) string {
	base := path.Base(name)
	switch {
	case strings.HasSuffix(base, ".html"),
		name == "sw.js",
		name == "registerSW.js",
		name == "manifest.webmanifest",
		!strings.Contains(name, "/") && strings.HasPrefix(base, "workbox-") && strings.HasSuffix(base, ".js"):
		return cacheRevalidate
	case strings.HasPrefix(name, "assets/"):
		return cacheImmutable
	default:
		return cacheShort
	}
}
