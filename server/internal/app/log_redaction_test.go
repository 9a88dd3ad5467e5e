package app

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/logger"

	"folio/server/internal/backup"
	"folio/server/internal/billing"
	"folio/server/internal/card"
	"folio/server/internal/export"
	"folio/server/internal/logredact"
	"folio/server/internal/testapp"
)

// jsonOf is v as a request body.
func jsonOf(v any) *bytes.Buffer {
	b, _ := json.Marshal(v)
	return bytes.NewBuffer(b)
}

// flushLogs writes the app's pending log records (PocketBase writes them
// in the background, in batches) until want request rows are in _logs.
func flushLogs(t *testing.T, app *tests.TestApp, want int) {
	t.Helper()
	h, ok := app.Logger().Handler().(*logger.BatchHandler)
	if !ok {
		t.Fatalf("logger handler is %T", app.Logger().Handler())
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		if err := h.WriteAll(context.Background()); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := app.AuxDB().NewQuery(`SELECT COUNT(*) FROM _logs WHERE json_extract(data, '$.type') = 'request'`).Row(&n); err != nil {
			t.Fatal(err)
		}
		if n >= want {
			return
		}
		if time.Now().After(deadline) {
			var rows []struct {
				Message string `db:"message"`
			}
			_ = app.AuxDB().NewQuery(`SELECT message FROM _logs`).All(&rows)
			t.Fatalf("%d request logs written, want %d: %v", n, want, rows)
		}
		time.Sleep(20 * time.Millisecond) // the log lines are queued by background goroutines
	}
}

// No secret of a URL reaches the request log: a public link's token, a
// download ticket, the account mails' tokens, a file token, an OAuth2
// code and state, in the URL, the message or the referer. The entry itself
// stays, with its method and status.
func TestRequestLogsHoldNoSecrets(t *testing.T) {
	app := factoryWith(map[string]string{"FOLIO_DEMO": "off", card.EnvAPIBase: testapp.StripeMock(t)})(t)
	defer app.Cleanup()
	// PocketBase's test app turns the request log off; a server keeps it
	// for 5 days unless told otherwise.
	app.Settings().Logs.MaxDays = 5
	h := serve(t, app)

	alice := testapp.CreateUser(t, app, testapp.Alice)
	auth := map[string]string{"Authorization": testapp.Token(t, app, alice.Id), "Content-Type": "application/json"}
	setup := 0 // API requests before the visits, each logged
	post := func(url string, body any) map[string]any {
		t.Helper()
		setup++
		res := call(h, http.MethodPost, url, jsonOf(body), auth)
		if res.Code != http.StatusOK {
			t.Fatalf("POST %s: %d %s", url, res.Code, res.Body)
		}
		var out map[string]any
		_ = json.Unmarshal(res.Body.Bytes(), &out)
		return out
	}
	patch := func(url string, body any) {
		t.Helper()
		setup++
		if res := call(h, http.MethodPatch, url, jsonOf(body), auth); res.Code != http.StatusOK {
			t.Fatalf("PATCH %s: %d %s", url, res.Code, res.Body)
		}
	}
	customer := post("/api/collections/customers/records", map[string]any{"business": alice.Id, "name": "Acme", "currency": "EUR"})
	doc := func(collection string) string {
		rec := post("/api/collections/"+collection+"/records", map[string]any{
			"business": alice.Id, "customer": customer["id"], "issue_date": "2026-03-01",
			"items": []map[string]any{{"description": "Work", "quantity": 1, "unit_price_cents": 10000, "tax_rate": 20}},
		})
		id, _ := rec["id"].(string)
		patch("/api/collections/"+collection+"/records/"+id, map[string]any{"status": "sent"})
		link := post("/api/folio/"+collection+"/"+id+"/link", nil)
		tok, _ := link["token"].(string)
		if tok == "" || !strings.HasSuffix(link["url"].(string), "/d/"+tok) {
			t.Fatalf("link: %v", link)
		}
		return tok
	}
	invoiceTok, quoteTok := doc("invoices"), doc("quotes")
	// Stripe's secrets travel in a body, which must not be logged either.
	const stripeKey, stripeWhsec = "sk_test_logsecret000000000001", "whsec_logsecret_0000000001"
	setup++
	if res := call(h, http.MethodPut, strings.Replace(card.PathSettings, "{id}", alice.Id, 1),
		jsonOf(map[string]any{"secret_key": stripeKey, "webhook_secret": stripeWhsec}), auth); res.Code != http.StatusOK {
		t.Fatalf("connect Stripe: %d %s", res.Code, res.Body)
	}
	exportURL, _ := post(export.Path, map[string]any{"business": alice.Id})["url"].(string)
	ticket := strings.TrimPrefix(exportURL, export.Path+"/")
	fileToken, err := alice.NewFileToken()
	if err != nil {
		t.Fatal(err)
	}

	// Secrets of the URLs below that were never minted: the log must not
	// keep whatever a URL carries, valid or not.
	const (
		verifyTok   = "verify-secret-0001"
		resetTok    = "reset-secret-0002"
		changeTok   = "change-secret-0003"
		oauthCode   = "oauth-code-0004"
		oauthState  = "oauth-state-0005"
		pbCode      = "pb-code-0006"
		pbState     = "pb-state-0007"
		backupTk    = "backup-ticket-0008"
		refererTok  = "referer-secret-0009"
		unknownLink = "unknown-link-0010"
	)
	secrets := []string{invoiceTok, quoteTok, ticket, fileToken, verifyTok, resetTok, changeTok, oauthCode, oauthState,
		pbCode, pbState, backupTk, refererTok, unknownLink, stripeKey, stripeWhsec}

	// The app's pages (the SPA route) and PocketBase's OAuth2 redirect log
	// only their failures; their successes must leave nothing either.
	const notLogged = ""
	public := strings.Replace(billing.PathPublicDocument, "{token}", "", 1)
	visits := []struct {
		method, url, referer, wantURL string
		body                          any
	}{
		{"GET", "/d/" + invoiceTok, "http://127.0.0.1:8090/d/" + invoiceTok, notLogged, nil},
		{"GET", public + invoiceTok, "http://127.0.0.1:8090/d/" + invoiceTok, public + "[redacted]", nil},
		{"GET", public + invoiceTok + "/logo", "", public + "[redacted]/logo", nil},
		{"POST", public + invoiceTok + "/downloaded", "", public + "[redacted]/downloaded", map[string]any{}},
		{"POST", public + invoiceTok + "/card", "", public + "[redacted]/card", map[string]any{}},
		{"POST", public + quoteTok + "/accept", "", public + "[redacted]/accept", map[string]any{"name": "Ann Buyer"}},
		{"POST", public + quoteTok + "/reject", "", public + "[redacted]/reject", map[string]any{"reason": "late"}},
		{"GET", public + unknownLink, "", public + "[redacted]", nil},
		{"GET", exportURL, "", export.Path + "/[redacted]", nil},
		{"GET", backup.DownloadPath + "/" + backupTk, "", backup.DownloadPath + "/[redacted]", nil},
		{"GET", "/verify-email?token=" + verifyTok, "", notLogged, nil},
		{"GET", "/reset-password?token=" + resetTok, "", notLogged, nil},
		{"GET", "/confirm-email-change?token=" + changeTok, "", notLogged, nil},
		{"GET", "/oauth2-callback?code=" + oauthCode + "&state=" + oauthState, "", notLogged, nil},
		{"GET", "/api/oauth2-redirect?code=" + pbCode + "&state=" + pbState, "", notLogged, nil},
		{"GET", "/api/files/users/" + alice.Id + "/none.png?token=" + fileToken, "",
			"/api/files/users/" + alice.Id + "/none.png?token=[redacted]", nil},
		{"GET", "/sign-in?redirect=" + url.QueryEscape("/d/"+invoiceTok), "", notLogged, nil},
		{"GET", "/api/health", "http://127.0.0.1:8090/reset-password?token=" + refererTok, "/api/health", nil},
	}
	statuses := make([]int, len(visits))
	logged := 0
	for i, v := range visits {
		if v.wantURL != notLogged {
			logged++
		}
		header := map[string]string{"Referer": v.referer}
		var body *bytes.Buffer
		if v.body != nil {
			body = jsonOf(v.body)
			header["Content-Type"] = "application/json"
		}
		statuses[i] = call(h, v.method, v.url, body, header).Code
	}
	flushLogs(t, app, setup+logged)

	for _, secret := range secrets {
		var n int
		err := app.AuxDB().NewQuery(`SELECT COUNT(*) FROM _logs WHERE instr(message, {:s}) > 0 OR instr(data, {:s}) > 0`).
			Bind(dbx.Params{"s": secret}).Row(&n)
		if err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			t.Errorf("%d log rows hold the secret %q", n, secret)
		}
	}
	for i, v := range visits {
		if v.wantURL == notLogged {
			continue
		}
		var n int
		err := app.AuxDB().NewQuery(`SELECT COUNT(*) FROM _logs WHERE json_extract(data, '$.url') = {:url}
			AND json_extract(data, '$.method') = {:method} AND json_extract(data, '$.status') = {:status}`).
			Bind(dbx.Params{"url": v.wantURL, "method": v.method, "status": statuses[i]}).Row(&n)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			t.Errorf("%s %s: no log entry %s %s %d", v.method, v.url, v.method, v.wantURL, statuses[i])
		}
	}
	var referer string
	err = app.AuxDB().NewQuery(`SELECT json_extract(data, '$.referer') FROM _logs WHERE json_extract(data, '$.url') = '/api/health'`).Row(&referer)
	if err != nil || referer != "http://127.0.0.1:8090/reset-password?token=[redacted]" {
		t.Errorf("referer %q (%v)", referer, err)
	}
}

// Every route of Folio whose path carries a secret is one of the redacted
// paths: a new secret route must be added to logredact's list.
func TestSecretRoutesAreRedacted(t *testing.T) {
	const secret = "SECRET-in-the-path"
	for _, pattern := range []string{
		"/d/{token}",
		billing.PathPublicDocument, billing.PathPublicLogo, billing.PathPublicAccept,
		billing.PathPublicReject, billing.PathPublicDownloaded, card.PathCheckout,
		export.Path + "/{ticket}", backup.DownloadPath + "/{ticket}",
	} {
		p := strings.NewReplacer("{token}", secret, "{ticket}", secret).Replace(pattern)
		if got := logredact.Text(p); strings.Contains(got, secret) {
			t.Errorf("%s is logged as %s", pattern, got)
		}
	}
}
