package spa

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// ContentSecurityPolicy is sent with every answer of the app (not the admin
// UI, which needs its own, looser policy). Scripts only from our origin and
// never inline; inline styles stay allowed because UI libraries set style
// attributes; data:/blob: images cover the 2FA QR code and avatar previews.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; worker-src 'self'; " +
	"manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// PermissionsPolicy turns off powerful features the app never uses.
const PermissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"

// ReferrerPolicy keeps full URLs (which may carry tokens) on our origin.
const ReferrerPolicy = "strict-origin-when-cross-origin"

// setAppSecurityHeaders adds the browser hardening headers to an app answer.
func setAppSecurityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", ContentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", ReferrerPolicy)
	// PocketBase sets SAMEORIGIN for everything; the app is never framed.
	h.Set("X-Frame-Options", "DENY")
	h.Set("Permissions-Policy", PermissionsPolicy)
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
}

// UserFileContentSecurityPolicy is sent with every file a user uploaded
// (avatars, logos, documents' PDFs): the file is a document of its own
// when opened directly, and a sandboxed one runs no script and reaches
// nothing on Folio's origin. An <img src> of it still shows: an image's
// policy only applies when the image is opened as the page.
const UserFileContentSecurityPolicy = "sandbox; default-src 'none'; style-src 'unsafe-inline'; media-src 'self'"

// SetUserFileHeaders sandboxes an answer that serves a user's file. It
// replaces whatever policy an earlier middleware set (the app's own would
// let an SVG's script run), so it must run after them, right before the
// file is written.
func SetUserFileHeaders(h http.Header) {
	h.Set("Content-Security-Policy", UserFileContentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
}

// sandboxUserFiles sandboxes every file PocketBase serves under
// /api/files/... PocketBase adds a sandbox policy only when no policy is
// set yet; this hook runs right before the file is written, after every
// middleware, so nothing set earlier can take the sandbox away.
func sandboxUserFiles(e *core.FileDownloadRequestEvent) error {
	SetUserFileHeaders(e.Response.Header())
	return e.Next()
}

// setPublicPageHeaders hardens the customer's page of a document, whose URL
// holds the token that opens it: no Referer to anything it links to or
// loads, and no search engine indexing.
func setPublicPageHeaders(h http.Header) {
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Robots-Tag", "noindex")
}

// BaseHeadersMiddlewareID identifies the middleware added to every route.
const BaseHeadersMiddlewareID = "folioBaseHeaders"

// BaseHeaders adds the headers that are safe on every answer, including the
// API and the admin UI (PocketBase already sends nosniff there).
func BaseHeaders() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id: BaseHeadersMiddlewareID,
		Func: func(e *core.RequestEvent) error {
			e.Response.Header().Set("Referrer-Policy", ReferrerPolicy)
			return e.Next()
		},
	}
}
