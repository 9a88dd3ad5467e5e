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
