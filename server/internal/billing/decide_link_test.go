package billing

import "testing"

func TestDecideLink(t *testing.T) {
	cases := []struct {
		noun, status string
		code         string
	}{
		{"invoice", statusDraft, "folio_draft_not_public"},
		{"quote", statusDraft, "folio_draft_not_public"},
		{"invoice", statusVoid, "folio_void_no_link"},
		{"invoice", statusSent, ""},
		{"invoice", statusViewed, ""},
		{"invoice", statusPartial, ""},
		{"invoice", statusPaid, ""},
		{"quote", statusSent, ""},
		{"quote", statusViewed, ""},
		{"quote", statusAccepted, ""},
		{"quote", statusRejected, ""},
		{"quote", statusConverted, ""},
	}
	for _, c := range cases {
		rerr := decideLink(c.noun, c.status)
		got := ""
		if rerr != nil {
			got = rerr.code
		}
		if got != c.code {
			t.Errorf("decideLink(%s, %s) = %q, want %q", c.noun, c.status, got, c.code)
		}
		if publicStatus(c.noun, c.status) != (c.code == "") {
			t.Errorf("publicStatus(%s, %s) disagrees with decideLink", c.noun, c.status)
		}
	}
}

func TestDecideLinkBase(t *testing.T) {
	cases := []struct {
		name, appURL, origin, want string
	}{
		{"configured app URL wins", "https://billing.example.com/", "https://other.example", "https://billing.example.com"},
		{"derived listen address gives way to the browser's origin", "http://127.0.0.1:8090", "https://folio.example.org", "https://folio.example.org"},
		{"PocketBase's default gives way too", "http://localhost:8090", "http://192.168.1.20:8090", "http://192.168.1.20:8090"},
		{"derived address kept without an origin", "http://127.0.0.1:8090", "", "http://127.0.0.1:8090"},
		{"no app URL: the origin", "", "https://folio.example.org", "https://folio.example.org"},
		{"origin path and query are dropped", "", "https://folio.example.org/app?x=1", "https://folio.example.org"},
		{"a non-http origin is ignored", "http://127.0.0.1:8090", "javascript:alert(1)", "http://127.0.0.1:8090"},
		{"an origin with credentials is ignored", "http://127.0.0.1:8090", "https://u:p@evil.example", "http://127.0.0.1:8090"},
		{"nothing at all", "", "", ""},
	}
	for _, c := range cases {
		if got := decideLinkBase(c.appURL, c.origin); got != c.want {
			t.Errorf("%s: decideLinkBase(%q, %q) = %q, want %q", c.name, c.appURL, c.origin, got, c.want)
		}
	}
	if got := publicURL("https://f.example", "tok"); got != "https://f.example/d/tok" {
		t.Errorf("publicURL = %q", got)
	}
}
