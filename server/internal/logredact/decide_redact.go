// Package logredact keeps secrets out of PocketBase's request log.
//
// PocketBase logs every request into the auxiliary database (_logs: the
// URL, the referer and a "GET /path" message), keeps it for days, and
// every backup holds it. Several of Folio's URLs carry a secret: the
// public link of a document (/d/{token}, /api/folio/public/documents/
// {token}/...), the one-time download tickets of the export, of the
// backups and of the reports' zip, the tokens of the account mails' links (/verify-email?token=,
// /reset-password?token=, /confirm-email-change?token=), a file token
// (/api/files/...?token=) and an OAuth2 sign-in's code and state.
//
// The redaction runs on the log record itself, right before it is saved
// (OnModelCreate of _logs, see Bind), and on every string in it: the
// message, the URL, the referer, an error's text. So no route and no
// field can slip past it; one list of secret-bearing paths and parameters
// (SecretPathPrefixes, SecretParams) says what is a secret. Migration
// 1795300098 runs the same redaction over the rows logged before.
package logredact

import (
	"regexp"
	"strings"
)

// Redacted replaces a secret.
const Redacted = "[redacted]"

// SecretPathPrefixes are the paths whose next segment is a secret.
var SecretPathPrefixes = []string{
	"/d/",                          // the customer's page of a document (the web app)
	"/api/folio/public/documents/", // its data, logo, PDF, accept, reject…
	"/api/folio/export/",           // a data export's download ticket
	"/api/folio/backups/download/", // a backup's download ticket
	"/api/folio/reports/zip/",      // the accountant's zip's download ticket
}

// SecretParams are the query parameters whose value is a secret: the
// account mails' tokens and PocketBase's file tokens (token), an OAuth2
// provider's answer (code, state).
var SecretParams = []string{"token", "code", "state"}

// A secret ends where its path segment or parameter does: at "/", "?",
// "#", "&", white space, a quote or a backslash (a JSON or log escape),
// and at an escaped "/" or "&" (%2F, %26) inside an encoded URL, e.g. the
// redirect parameter of /sign-in.
const (
	segmentChars = `(?:[^/?#&\s"'<>\\%]|%(?:[013-9A-Fa-f][0-9A-Fa-f]|2[0-9A-Ea-e]))+`
	valueChars   = `(?:[^&#\s"'<>\\%]|%(?:[013-9A-Fa-f][0-9A-Fa-f]|2[0-57-9A-Fa-f]))+`
	slash        = `(?:/|%2[Ff])`
)

var (
	secretPath  = regexp.MustCompile(`(` + alternatives(SecretPathPrefixes, pathPattern) + `)` + segmentChars)
	secretParam = regexp.MustCompile(`(?i)((?:[?&;]|%3[Ff]|%26)(?:` + alternatives(SecretParams, regexp.QuoteMeta) +
		`)(?:=|%3[Dd]))` + valueChars)
)

// pathPattern matches prefix with each "/" plain or escaped.
func pathPattern(prefix string) string {
	parts := strings.Split(prefix, "/")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return strings.Join(parts, slash)
}

func alternatives(list []string, pattern func(string) string) string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = pattern(s)
	}
	return strings.Join(out, "|")
}

// Text is s with every secret of a secret-bearing path or parameter
// replaced by Redacted, wherever it appears in s (a URL, a log message, an
// error's text). The rest is kept: "/d/abc/x?token=1&lang=fr" becomes
// "/d/[redacted]/x?token=[redacted]&lang=fr".
func Text(s string) string {
	// Most log lines have no candidate at all; the plain substring checks
	// spare them the regular expressions.
	if strings.Contains(s, "/d") || strings.Contains(s, "/api/folio/") || containsFold(s, "%2f") {
		s = secretPath.ReplaceAllString(s, "${1}"+Redacted)
	}
	if strings.ContainsAny(s, "?&;%") && (containsFold(s, "token") || containsFold(s, "code") || containsFold(s, "state")) {
		s = secretParam.ReplaceAllString(s, "${1}"+Redacted)
	}
	return s
}

// containsFold reports whether s contains sub (lowercase ASCII) in any
// ASCII case.
func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		j := 0
		for j < len(sub) && s[i+j]|0x20 == sub[j] {
			j++
		}
		if j == len(sub) {
			return true
		}
	}
	return false
}
