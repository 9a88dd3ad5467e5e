package billing

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// The red-team scenario: a customer declines a quote; the owner revises
// it, gives it to another customer and sends it. The first customer's
// link must not show (or sign) what was sent to the second: for viewing,
// the PDF and the answer it answers like any stopped link (404), while the
// new link works. The record page says the earlier links were stopped.
func TestAQuoteReissuedToAnotherCustomerStopsTheOldLink(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()
	withEmail(custAcme)(t, app)
	spare := get(t, app, migrations.CustomersCollection, custSpare)
	spare.Set("email", "buyer@spare.test")
	spare.Set("tax_id", "DE999999999")
	if err := app.Save(spare); err != nil {
		t.Fatal(err)
	}
	srv := testServer(t, app)
	owner := map[string]string{"Authorization": testapp.Token(t, app, alice)}
	call := func(method, url string, body any, headers map[string]string) (int, string) {
		t.Helper()
		rec := do(srv, method, url, jsonBody(body), headers)
		return rec.Code, rec.Body.String()
	}
	send := func() string {
		t.Helper()
		code, body := call(http.MethodPost, sendURL("quotes", quoDraft), map[string]any{}, owner)
		if code != 200 {
			t.Fatalf("send: %d %s", code, body)
		}
		var res struct {
			URL string `json:"url"`
		}
		if err := json.Unmarshal([]byte(body), &res); err != nil {
			t.Fatal(err)
		}
		return res.URL[strings.LastIndex(res.URL, "/")+1:]
	}
	patch := func(fields map[string]any) {
		t.Helper()
		if code, body := call(http.MethodPatch, quotesURL+"/"+quoDraft, fields, owner); code != 200 {
			t.Fatalf("patch %v: %d %s", fields, code, body)
		}
	}

	first := send()
	if code, body := call(http.MethodGet, publicURLFor(first), nil, nil); code != 200 || !strings.Contains(body, "Acme Ltd") {
		t.Fatalf("the first link before: %d %s", code, body)
	}
	if code, body := call(http.MethodPost, publicURLFor(first, "/reject"), map[string]any{"reason": "Too dear"}, nil); code != 200 {
		t.Fatalf("decline: %d %s", code, body)
	}
	patch(map[string]any{"status": "draft"})
	patch(map[string]any{"customer": custSpare})
	second := send()

	for _, c := range []struct{ name, method, url string }{
		{"view", http.MethodGet, publicURLFor(first)},
		{"PDF downloaded", http.MethodPost, publicURLFor(first, "/downloaded")},
		{"accept", http.MethodPost, publicURLFor(first, "/accept")},
		{"decline", http.MethodPost, publicURLFor(first, "/reject")},
	} {
		code, body := call(c.method, c.url, map[string]any{"name": "Jane Roe", "reason": "x"}, nil)
		if code != http.StatusNotFound || !strings.Contains(body, `"folio_link_invalid"`) {
			t.Errorf("the first customer's link, %s: %d %s, want 404 folio_link_invalid", c.name, code, body)
		}
		for _, leak := range []string{"Spare Parts", "DE999999999", "buyer@spare.test"} {
			if strings.Contains(body, leak) {
				t.Errorf("the first customer's link, %s, shows %q", c.name, leak)
			}
		}
	}
	expect(t, get(t, app, "quotes", quoDraft), map[string]any{"status": "sent", migrations.FieldAcceptedBy: ""})

	if code, body := call(http.MethodGet, publicURLFor(second), nil, nil); code != 200 || !strings.Contains(body, "Spare Parts") {
		t.Errorf("the new link: %d %s, want the quote of Spare Parts", code, body)
	}
	if code, body := call(http.MethodPost, publicURLFor(second, "/accept"), map[string]any{"name": "Sam Spare"}, nil); code != 200 {
		t.Errorf("accept through the new link: %d %s", code, body)
	}

	// The record page: one "links stopped" line, for the return to draft
	// (moving the draft to Spare Parts found no live link left to stop).
	stops := eventsOfType(t, app, migrations.EventLinksStopped)
	if len(stops) != 1 {
		t.Fatalf("%d links_stopped events, want 1", len(stops))
	}
	var detail map[string]any
	if err := stops[0].UnmarshalJSONField("detail", &detail); err != nil {
		t.Fatal(err)
	}
	if stops[0].GetString("document") != quoDraft || stops[0].GetString("kind") != "quote" || detail["reason"] != "draft" {
		t.Errorf("links_stopped event %s %s %v, want quote %s, reason draft",
			stops[0].GetString("kind"), stops[0].GetString("document"), detail, quoDraft)
	}
}

func TestChangingCustomerStopsTheLinks(t *testing.T) {
	runAPICases(t, []apiCase{
		{name: "a draft invoice moved to another customer: its link stops, the page says why", as: alice,
			method: http.MethodPatch, url: invoicesURL + "/" + invDraft, body: map[string]any{"customer": custSpare}, status: 200,
			after: both(revoked(tokDraft), eventDetail(invDraft, migrations.EventLinksStopped, map[string]any{"reason": "customer"}),
				func(t testing.TB, app *tests.TestApp, _ *http.Response) {
					if resolvePublic(app, tokInvSent) == nil {
						t.Error("another invoice's link was revoked")
					}
				})},
		{name: "an edit that keeps the customer keeps the link and says nothing", as: alice,
			method: http.MethodPatch, url: invoicesURL + "/" + invDraft, body: map[string]any{"notes": "Thanks"}, status: 200,
			after: both(expectEvents(migrations.EventLinksStopped, map[string]int{invDraft: 0}),
				func(t testing.TB, app *tests.TestApp, _ *http.Response) {
					if n := countLiveLinks(t, app, invDraft); n != 1 {
						t.Errorf("%d live links, want 1", n)
					}
				})},
		{name: "a draft without links moved to another customer says nothing", as: alice,
			method: http.MethodPatch, url: quotesURL + "/" + quoDraft, body: map[string]any{"customer": custSpare}, status: 200,
			after: expectEvents(migrations.EventLinksStopped, map[string]int{quoDraft: 0})},
		{name: "a declined quote revised: its link stops", as: alice,
			method: http.MethodPatch, url: quotesURL + "/" + quoRejected, body: map[string]any{"status": "draft"},
			before: func(t testing.TB, app *tests.TestApp) {
				if _, err := addLink(app, alice, "quote", quoRejected, "tok-rejected"); err != nil {
					t.Fatal(err)
				}
			},
			status: 200, after: both(revoked("tok-rejected"),
				eventDetail(quoRejected, migrations.EventLinksStopped, map[string]any{"reason": "draft"}))},
	})
}

// countLiveLinks counts the live links of a document.
func countLiveLinks(t testing.TB, app core.App, doc string) int {
	t.Helper()
	n, err := app.CountRecords(migrations.DocumentLinksCollection, dbx.HashExp{"document": doc, "revoked_at": ""})
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}
