package logredact

import (
	"strings"
	"testing"
)

func TestText(t *testing.T) {
	t.Parallel()
	const tok = "Zx9-abc_DEF.123"
	cases := []struct{ name, in, want string }{
		{"public page", "/d/" + tok, "/d/[redacted]"},
		{"public page message", "GET /d/" + tok, "GET /d/[redacted]"},
		{"public page, full URL", "https://folio.example/d/" + tok + "?lang=fr", "https://folio.example/d/[redacted]?lang=fr"},
		{"public data", "/api/folio/public/documents/" + tok, "/api/folio/public/documents/[redacted]"},
		{"public pdf", "/api/folio/public/documents/" + tok + "/pdf", "/api/folio/public/documents/[redacted]/pdf"},
		{"public accept", "/api/folio/public/documents/" + tok + "/accept", "/api/folio/public/documents/[redacted]/accept"},
		{"public logo", "/api/folio/public/documents/" + tok + "/logo?x=1", "/api/folio/public/documents/[redacted]/logo?x=1"},
		{"export ticket", "/api/folio/export/" + tok, "/api/folio/export/[redacted]"},
		{"export request keeps its path", "/api/folio/export", "/api/folio/export"},
		{"backup ticket", "/api/folio/backups/download/" + tok, "/api/folio/backups/download/[redacted]"},
		{"backup request keeps its path", "/api/folio/backups/download", "/api/folio/backups/download"},
		{"reports zip ticket", "GET /api/folio/reports/zip/" + tok, "GET /api/folio/reports/zip/[redacted]"},
		{"reports zip request keeps its query", "/api/folio/reports/zip?business=b1&from=2026-10-01", "/api/folio/reports/zip?business=b1&from=2026-10-01"},
		{"verification link", "/verify-email?token=" + tok, "/verify-email?token=[redacted]"},
		{"reset link", "https://f.example/reset-password?token=" + tok + "#x", "https://f.example/reset-password?token=[redacted]#x"},
		{"email change link", "/confirm-email-change?lang=de&token=" + tok, "/confirm-email-change?lang=de&token=[redacted]"},
		{"file token", "/api/files/users/u1/a.png?thumb=100x100&token=" + tok, "/api/files/users/u1/a.png?thumb=100x100&token=[redacted]"},
		{"oauth2 callback", "/oauth2-callback?state=" + tok + "&code=" + tok, "/oauth2-callback?state=[redacted]&code=[redacted]"},
		{"pocketbase oauth2 redirect", "/api/oauth2-redirect?code=" + tok + "&state=" + tok + "&scope=openid",
			"/api/oauth2-redirect?code=[redacted]&state=[redacted]&scope=openid"},
		{"parameter case", "/verify-email?TOKEN=" + tok, "/verify-email?TOKEN=[redacted]"},
		{"encoded in a redirect", "/sign-in?redirect=%2Fd%2F" + tok + "%2Fx", "/sign-in?redirect=%2Fd%2F[redacted]%2Fx"},
		{"encoded query in a redirect", "/sign-in?redirect=%2Freset-password%3Ftoken%3D" + tok + "%26a%3D1",
			"/sign-in?redirect=%2Freset-password%3Ftoken%3D[redacted]%26a%3D1"},
		{"percent-escaped token", "/d/%5A" + tok, "/d/[redacted]"},
		{"in JSON", `{"url":"/d/` + tok + `","referer":"http://x/verify-email?token=` + tok + `"}`,
			`{"url":"/d/[redacted]","referer":"http://x/verify-email?token=[redacted]"}`},
		{"nothing secret", "/api/collections/invoices/records?page=2&filter=(status='sent')", "/api/collections/invoices/records?page=2&filter=(status='sent')"},
		{"not a parameter", "/api/folio/dashboard?mytoken=1", "/api/folio/dashboard?mytoken=1"},
		{"a word, not a path", "the d/ key", "the d/ key"},
		{"empty", "", ""},
	}
	for _, c := range cases {
		got := Text(c.in)
		if got != c.want {
			t.Errorf("%s: Text(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
		if strings.Contains(c.in, tok) && strings.Contains(got, tok) {
			t.Errorf("%s: the token is still in %q", c.name, got)
		}
	}
}
