package boot

import (
	"net"
	"regexp"
	"strconv"
)

// fallbackAppURL is used when the listen address is unknown.
const fallbackAppURL = "http://127.0.0.1:8090"

// pocketBaseDefaultAppURL is the AppURL of a fresh PocketBase data dir.
const pocketBaseDefaultAppURL = "http://localhost:8090"

// derivedAppURL matches the values we derive ourselves, so a restart on
// another port updates them while a URL set by an admin is kept.
var derivedAppURL = regexp.MustCompile(`^http://127\.0\.0\.1:\d+$`)

// serverBaseURL turns a listen address ("127.0.0.1:8097", ":8097",
// "0.0.0.0:8097") into a URL a browser on this machine can open.
func serverBaseURL(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return ""
	}
	if _, err := strconv.Atoi(port); err != nil {
		return ""
	}
	switch host {
	case "", "0.0.0.0", "::":
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// decideAppURL picks settings.Meta.AppURL, the origin of emailed links.
// FOLIO_APP_URL wins; otherwise the listen address replaces PocketBase's
// default or an address we derived before, and anything else (set by an
// admin) is kept.
func decideAppURL(envURL, current, listenBase string) string {
	if envURL != "" {
		return envURL
	}
	if current == "" || current == pocketBaseDefaultAppURL || derivedAppURL.MatchString(current) {
		if listenBase != "" {
			return listenBase
		}
		return fallbackAppURL
	}
	return current
}
