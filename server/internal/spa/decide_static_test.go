package spa

import "testing"

func TestDecideStatic(t *testing.T) {
	files := map[string]bool{
		"index.html":               true,
		"sw.js":                    true,
		"registerSW.js":            true,
		"workbox-1a2b3c.js":        true,
		"manifest.webmanifest":     true,
		"robots.txt":               true,
		"favicon.ico":              true,
		"icons/icon-192.png":       true,
		"assets/app-abc123.js":     true,
		"assets/app-abc123.css":    true,
		"assets/font-x1.woff2":     true,
		"offline.html":             true,
		"d.html":                   true,
		".keep":                    true,
		".well-known/security.txt": true,
	}
	isFile := func(name string) bool { return files[name] }
	noIndex := func(name string) bool { return name != "index.html" && files[name] }
	noPublicPage := func(name string) bool { return name != "d.html" && files[name] }
	noPages := func(name string) bool { return name != "d.html" && name != "index.html" && files[name] }

	cases := []struct {
		name     string
		path     string
		isFile   func(string) bool
		action   staticAction
		file     string
		cache    string
		ctype    string
		compress bool
		app      bool
		public   bool
	}{
		{"root is the shell", "/", isFile, actionServeIndex, "index.html", cacheRevalidate, "text/html; charset=utf-8", true, true, false},
		{"client route", "/dashboard", isFile, actionServeIndex, "index.html", cacheRevalidate, "text/html; charset=utf-8", true, true, false},
		{"nested client route", "/settings/account", isFile, actionServeIndex, "index.html", cacheRevalidate, "text/html; charset=utf-8", true, true, false},
		{"client route with trailing slash", "/invoices/", isFile, actionServeIndex, "index.html", cacheRevalidate, "text/html; charset=utf-8", true, true, false},
		{"index by name", "/index.html", isFile, actionServeFile, "index.html", cacheRevalidate, "text/html; charset=utf-8", true, true, false},
		{"other html revalidates", "/offline.html", isFile, actionServeFile, "offline.html", cacheRevalidate, "text/html; charset=utf-8", true, true, false},
		{"hashed js", "/assets/app-abc123.js", isFile, actionServeFile, "assets/app-abc123.js", cacheImmutable, "text/javascript; charset=utf-8", true, true, false},
		{"hashed css", "/assets/app-abc123.css", isFile, actionServeFile, "assets/app-abc123.css", cacheImmutable, "text/css; charset=utf-8", true, true, false},
		{"font not compressed", "/assets/font-x1.woff2", isFile, actionServeFile, "assets/font-x1.woff2", cacheImmutable, "font/woff2", false, true, false},
		{"service worker", "/sw.js", isFile, actionServeFile, "sw.js", cacheRevalidate, "text/javascript; charset=utf-8", true, true, false},
		{"register sw", "/registerSW.js", isFile, actionServeFile, "registerSW.js", cacheRevalidate, "text/javascript; charset=utf-8", true, true, false},
		{"workbox runtime", "/workbox-1a2b3c.js", isFile, actionServeFile, "workbox-1a2b3c.js", cacheRevalidate, "text/javascript; charset=utf-8", true, true, false},
		{"manifest", "/manifest.webmanifest", isFile, actionServeFile, "manifest.webmanifest", cacheRevalidate, "application/manifest+json", true, true, false},
		{"robots", "/robots.txt", isFile, actionServeFile, "robots.txt", cacheShort, "text/plain; charset=utf-8", true, true, false},
		{"icon", "/icons/icon-192.png", isFile, actionServeFile, "icons/icon-192.png", cacheShort, "image/png", false, true, false},
		{"favicon", "/favicon.ico", isFile, actionServeFile, "favicon.ico", cacheShort, "image/x-icon", true, true, false},
		{"well-known", "/.well-known/security.txt", isFile, actionServeFile, ".well-known/security.txt", cacheShort, "text/plain; charset=utf-8", true, true, false},
		{"missing script is 404", "/missing.js", isFile, actionNotFound, "", cacheNone, "", false, true, false},
		{"missing hashed asset is 404", "/assets/app-old999.js", isFile, actionNotFound, "", cacheNone, "", false, true, false},
		{"dotfile is 404", "/.keep", isFile, actionNotFound, "", cacheNone, "", false, true, false},
		{"dot dir is 404", "/.git/config", isFile, actionNotFound, "", cacheNone, "", false, true, false},
		{"traversal stays inside", "/../../etc/passwd", isFile, actionServeIndex, "index.html", cacheRevalidate, "text/html; charset=utf-8", true, true, false},
		{"traversal to a file stays inside", "/../../robots.txt", isFile, actionServeFile, "robots.txt", cacheShort, "text/plain; charset=utf-8", true, true, false},
		{"traversal to a route is the shell", "/a/../dashboard", isFile, actionServeIndex, "index.html", cacheRevalidate, "text/html; charset=utf-8", true, true, false},
		{"api root", "/api", isFile, actionNotFound, "", cacheNone, "", false, false, false},
		{"unknown api path", "/api/unknown", isFile, actionNotFound, "", cacheNone, "", false, false, false},
		{"admin ui", "/_/", isFile, actionNotFound, "", cacheNone, "", false, false, false},
		{"admin ui file", "/_/images/logo.svg", isFile, actionNotFound, "", cacheNone, "", false, false, false},
		{"admin bare", "/_", isFile, actionNotFound, "", cacheNone, "", false, false, false},
		{"apiary is a client route", "/apiary", isFile, actionServeIndex, "index.html", cacheRevalidate, "text/html; charset=utf-8", true, true, false},
		{"no build yet", "/dashboard", noIndex, actionNotFound, "", cacheNone, "", false, true, false},
		{"a document's public page", "/d/AbC-123_xyz", isFile, actionServeIndex, "d.html", cacheRevalidate, "text/html; charset=utf-8", true, true, true},
		{"the public page with a trailing slash", "/d/AbC-123_xyz/", isFile, actionServeIndex, "d.html", cacheRevalidate, "text/html; charset=utf-8", true, true, true},
		{"the public page falls back to the shell", "/d/AbC-123_xyz", noPublicPage, actionServeIndex, "index.html", cacheRevalidate, "text/html; charset=utf-8", true, true, true},
		{"no page at all", "/d/AbC-123_xyz", noPages, actionNotFound, "", cacheNone, "", false, true, false},
		{"the public page by name is a file", "/d.html", isFile, actionServeFile, "d.html", cacheRevalidate, "text/html; charset=utf-8", true, true, false},
		{"/d alone is a client route", "/d", isFile, actionServeIndex, "index.html", cacheRevalidate, "text/html; charset=utf-8", true, true, false},
		{"deeper under /d is a client route", "/d/tok/more", isFile, actionServeIndex, "index.html", cacheRevalidate, "text/html; charset=utf-8", true, true, false},
		{"a file-like name under /d is missing", "/d/tok.js", isFile, actionNotFound, "", cacheNone, "", false, true, false},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := decideStatic(c.path, c.isFile)
			if d.Action != c.action || d.Name != c.file || d.CacheControl != c.cache ||
				d.ContentType != c.ctype || d.Compress != c.compress || d.AppResponse != c.app || d.PublicPage != c.public {
				t.Fatalf("decideStatic(%q) = %+v", c.path, d)
			}
		})
	}
}
