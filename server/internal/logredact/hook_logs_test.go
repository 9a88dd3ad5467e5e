package logredact

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tools/types"
)

func TestRecord(t *testing.T) {
	t.Parallel()
	const tok = "SeCrEt-token_42"
	msg, data := Record("GET /d/"+tok, types.JSONMap[any]{
		"url":     "/api/folio/public/documents/" + tok + "/accept",
		"referer": "https://f.example/reset-password?token=" + tok + "&a=1",
		"status":  404,
		"method":  "POST",
		"details": map[string]any{"nested": []any{"/api/folio/export/" + tok, 3}},
		"error":   errorText{"no document at /d/" + tok},
	})
	raw, _ := json.Marshal(data)
	if strings.Contains(msg+string(raw), tok) {
		t.Fatalf("token left in %q %s", msg, raw)
	}
	if msg != "GET /d/[redacted]" || data["url"] != "/api/folio/public/documents/[redacted]/accept" ||
		data["referer"] != "https://f.example/reset-password?token=[redacted]&a=1" ||
		data["method"] != "POST" || data["status"] != float64(404) {
		t.Errorf("redacted record: %q %s", msg, raw)
	}

	plain := types.JSONMap[any]{"url": "/api/health", "status": 200}
	if _, same := Record("GET /api/health", plain); same["status"] != 200 {
		t.Errorf("data without a secret was rewritten: %v", same)
	}
	if _, bad := Record("x", types.JSONMap[any]{"f": func() {}}); len(bad) != 1 || bad["redaction"] == nil {
		t.Errorf("unreadable data kept: %v", bad)
	}
}

// errorText is a value that is not a string but is stored as one.
type errorText struct{ s string }

func (e errorText) MarshalJSON() ([]byte, error) { return json.Marshal(e.s) }

// BenchmarkRecord: the cost the redaction adds to one request's log
// record, with a secret and without.
func BenchmarkRecord(b *testing.B) {
	data := func(url string) types.JSONMap[any] {
		return types.JSONMap[any]{"type": "request", "url": url, "method": "GET", "status": 200, "execTime": 1.5,
			"referer": "https://folio.example/invoices", "userAgent": "Mozilla/5.0 (X11; Linux x86_64)", "auth": "users"}
	}
	for _, c := range []struct{ name, url string }{
		{"plain", "/api/collections/invoices/records?page=1&perPage=50"},
		{"secret", "/api/folio/public/documents/Zx9-abcDEF123456789012345678901234567890123"},
	} {
		b.Run(c.name, func(b *testing.B) {
			d := data(c.url)
			for b.Loop() {
				Record("GET "+c.url, d)
			}
		})
	}
}
