// Package spa serves the built single-page app from the same origin as the
// API: the shell for client routes, hashed assets with long caching, JSON
// 404 for unknown API paths, and the app's security headers.
package spa

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io/fs"
	"net/http"
	"sync"
	"time"

	"folio/server/internal/auth"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
)

// RoutePattern is the catch-all the app is mounted on. Every /api/... and
// /_/... route is more specific, so Go's ServeMux never lets it shadow them.
// (Never add "GET /" beside it: the two patterns conflict and panic.)
const RoutePattern = "/{path...}"

// gzipMinLength skips compressing tiny answers where gzip's overhead wins.
const gzipMinLength = 512

const decisionKey = "folioStaticDecision"

// Bind mounts the app on every app start. It runs late (priority 999, as in
// PocketBase's examples/base) so an explicitly registered catch-all wins.
func Bind(app core.App, fsys fs.FS) {
	app.OnFileDownloadRequest().BindFunc(sandboxUserFiles)
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id:       "folioSPA",
		Priority: 999,
		Func: func(se *core.ServeEvent) error {
			se.Router.Bind(BaseHeaders())
			if !se.Router.HasRoute(http.MethodGet, RoutePattern) {
				Register(se.Router, fsys)
			}
			return se.Next()
		},
	})
}

// Register adds the app route to r, serving files from fsys.
func Register(r *router.Router[*core.RequestEvent], fsys fs.FS) {
	gzip := apis.GzipWithConfig(apis.GzipConfig{MinLength: gzipMinLength})
	isFile := func(name string) bool {
		fi, err := fs.Stat(fsys, name)
		return err == nil && fi.Mode().IsRegular()
	}

	// The build's prerendered pages and route chunks; a build without them
	// (noui, older) serves its pages as they are.
	manifest := sync.OnceValue(func() *pageManifest {
		data, err := fs.ReadFile(fsys, pageManifestFile)
		if err != nil {
			return nil
		}
		m, err := parsePageManifest(data)
		if err != nil {
			return nil
		}
		return m
	})

	r.GET(RoutePattern, serve(fsys)).
		Bind(apis.SkipSuccessActivityLog()).
		BindFunc(func(e *core.RequestEvent) error {
			d := decideStatic(e.Request.URL.Path, isFile)
			if d.Action == actionServeIndex {
				// A page is drawn for its request: its language, the
				// preference cookies, the route's chunks.
				m := manifest()
				lang := auth.RequestLanguage(e.Request)
				if m != nil {
					lang = pageLanguage(m, lang)
				}
				if page := choosePage(d, e.Request.URL.Path, lang, m, isFile); page != "" {
					d.Name = page
				}
				prefs := readPagePrefs(cookieOf(e.Request), lang)
				d.Page = &pageRequest{
					Prefs:     prefs,
					WithPrefs: !d.PublicPage,
					Preloads:  routePreloads(m, e.Request.URL.Path, lang),
					Font:      fontPreload(m, prefs, !d.PublicPage),
					AppShell:  !d.PublicPage && drawsAppShell(m, e.Request.URL.Path),
				}
			}
			if d.Page == nil && d.Compress && acceptsBrotli(e.Request.Header.Get("Accept-Encoding")) &&
				isFile(d.Name+brotliSuffix) {
				// The build's Brotli copy: smaller than gzip, and made once.
				d.Encoded = d.Name + brotliSuffix
			}
			e.Set(decisionKey, d)
			if d.Compress && d.Encoded == "" {
				// Runs PocketBase's gzip middleware only for text files, so
				// images and fonts are not compressed twice.
				return gzip.Func(e)
			}
			return e.Next()
		})
}

// serve writes the answer chosen by the middleware above.
func serve(fsys fs.FS) func(*core.RequestEvent) error {
	etags := &etagCache{fsys: fsys}

	return func(e *core.RequestEvent) error {
		d, _ := e.Get(decisionKey).(staticDecision)

		h := e.Response.Header()
		if d.AppResponse {
			setAppSecurityHeaders(h)
		}
		if d.PublicPage {
			setPublicPageHeaders(h)
		}
		h.Set("Cache-Control", d.CacheControl)

		if d.Action == actionNotFound {
			return e.NotFoundError("", nil)
		}

		if d.ContentType != "" {
			h.Set("Content-Type", d.ContentType)
		}
		if d.Page != nil {
			return servePage(e, fsys, d)
		}
		// Embedded files have no modification time, so without an ETag a
		// "no-cache" revalidation would always download the file again.
		if tag := etags.get(d.Name); tag != "" {
			h.Set("ETag", tag)
		}
		if d.Encoded != "" {
			h.Set("Content-Encoding", "br")
			h.Add("Vary", "Accept-Encoding")
			return e.FileFS(fsys, d.Encoded)
		}

		return e.FileFS(fsys, d.Name)
	}
}

// etagCache remembers a content hash per file version. The embedded build
// never changes while the process runs; a build served from a folder
// (FOLIO_UI_DIR) may, so the key includes the file's size and time.
type etagCache struct {
	fsys fs.FS
	tags sync.Map
}

func (c *etagCache) get(name string) string {
	key := name
	if info, err := fs.Stat(c.fsys, name); err == nil {
		key = fmt.Sprintf("%s|%d|%d", name, info.Size(), info.ModTime().UnixNano())
	}
	if tag, ok := c.tags.Load(key); ok {
		return tag.(string)
	}
	data, err := fs.ReadFile(c.fsys, name)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(data)
	// Weak, because gzip changes the bytes but not the meaning.
	tag := `W/"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
	c.tags.Store(key, tag)
	return tag
}

// pageRequest is how one request's page is drawn (renderPage).
type pageRequest struct {
	Prefs     pagePrefs
	WithPrefs bool
	Preloads  []string
	Font      string
	// AppShell: a signed-in route's page, which shows the app's frame.
	AppShell bool
}

// cookieOf reads a request's cookies by name ("" when missing).
func cookieOf(r *http.Request) func(string) string {
	return func(name string) string {
		c, err := r.Cookie(name)
		if err != nil {
			return ""
		}
		return c.Value
	}
}

// servePage sends a page drawn for its request. It differs by cookie and
// language, so caches key it on both, and its ETag is its own bytes'.
func servePage(e *core.RequestEvent, fsys fs.FS, d staticDecision) error {
	data, err := fs.ReadFile(fsys, d.Name)
	if err != nil {
		return e.NotFoundError("", nil)
	}
	out := renderPage(data, d.Page.Prefs, d.Page.WithPrefs, d.Page.Preloads, d.Page.Font)
	if d.Page.AppShell {
		out = markAppShell(out)
	}
	sum := sha256.Sum256(out)
	h := e.Response.Header()
	h.Set("ETag", `W/"`+base64.RawURLEncoding.EncodeToString(sum[:12])+`"`)
	h.Add("Vary", "Cookie")
	h.Add("Vary", "Accept-Language")
	http.ServeContent(e.Response, e.Request, "", time.Time{}, bytes.NewReader(out))
	return nil
}
