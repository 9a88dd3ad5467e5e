package billing

import (
	"net/url"
	"regexp"
	"strings"
)

// decideLink says whether a document in this status may have a public
// link: not a draft (a draft is not public: it is still being written), not
// a void invoice (nothing is owed on it; voiding revoked its links).
func decideLink(noun, status string) *ruleError {
	switch {
	case status == statusDraft:
		return newRuleError("status", "folio_draft_not_public", msgDraftNotPublic)
	case noun == "invoice" && status == statusVoid:
		return newRuleError("status", "folio_void_no_link", msgVoidNoLink)
	}
	return nil
}

// publicStatus reports whether a document in this status may be shown by
// a public link. A draft (a quote revised after a rejection) is not shown
// until it is sent again; a void invoice never is.
func publicStatus(noun, status string) bool {
	return decideLink(noun, status) == nil
}

// derivedBase matches the app URLs the server derives itself when
// FOLIO_APP_URL is not set (the listen address, or PocketBase's default):
// they are right only for a browser on this machine.
var derivedBase = regexp.MustCompile(`^http://(127\.0\.0\.1|localhost)(:\d+)?$`)

// decideLinkBase picks the origin of public links: the configured app URL
// (FOLIO_APP_URL, or what an admin set); when there is none, or it is one
// the server derived from its listen address, the origin the business's
// browser used for this request, which is the address people reach.
func decideLinkBase(appURL, requestOrigin string) string {
	appURL = strings.TrimRight(strings.TrimSpace(appURL), "/")
	origin := cleanOrigin(requestOrigin)
	if origin != "" && (appURL == "" || derivedBase.MatchString(appURL)) {
		return origin
	}
	if appURL == "" {
		return origin
	}
	return appURL
}

// cleanOrigin keeps scheme://host[:port] of an http(s) origin, else "".
func cleanOrigin(s string) string {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// publicURL is the address of the public page of a document.
func publicURL(base, token string) string {
	return base + "/d/" + token
}

// publicLogoURL is the absolute URL of the business's logo for the HTML
// mail of a public link (base/d/token): the public logo route of the same
// token, so the logo stops showing when the link stops. An absolute URL
// rather than an attachment keeps every mail small; a client that blocks
// remote images shows the business's name (the alt text and the header).
func publicLogoURL(link string) string {
	base, token, ok := strings.Cut(link, "/d/")
	if !ok || token == "" || strings.Contains(token, "/") {
		return ""
	}
	return base + strings.Replace(PathPublicLogo, "{token}", token, 1)
}
