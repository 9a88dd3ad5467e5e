package billing

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/migrations"
)

func linkURL(collection, id string) string { return "/api/folio/" + collection + "/" + id + "/link" }

// liveLinks counts the live links of a document.
func liveLinks(t testing.TB, app *tests.TestApp, doc string) int {
	t.Helper()
	var n int
	err := app.DB().Select("COUNT(*)").From(migrations.DocumentLinksCollection).
		Where(dbx.HashExp{"document": doc, "revoked_at": ""}).Row(&n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// newLink checks a link answer: a 43-character token whose URL starts with
// base, that now opens the document, while the document's older tokens
// stopped working.
func newLink(base, doc string, old ...string) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		t.Helper()
		body := decode(t, res)
		token, _ := body["token"].(string)
		if len(token) != 43 || strings.ContainsAny(token, "+/=") {
			t.Errorf("token %q is not 32 bytes of base64url", token)
		}
		if body["url"] != base+"/d/"+token {
			t.Errorf("url = %v, want %s/d/%s", body["url"], base, token)
		}
		if len(body) != 2 {
			t.Errorf("answer = %v, want only token and url", body)
		}
		p := resolvePublic(app, token)
		if p == nil || p.doc.Id != doc {
			t.Errorf("the new token does not open %s", doc)
		}
		for _, tok := range old {
			if resolvePublic(app, tok) != nil {
				t.Errorf("the old token %q still works", tok)
			}
		}
		if n := liveLinks(t, app, doc); n != 1 {
			t.Errorf("%d live links, want 1", n)
		}
		// Only the hash is stored.
		if _, err := app.FindFirstRecordByData(migrations.DocumentLinksCollection, "token_hash", hashLinkToken(token)); err != nil {
			t.Errorf("no link stored by the token's hash: %v", err)
		}
		if n, _ := app.CountRecords(migrations.DocumentLinksCollection, dbx.HashExp{"token_hash": token}); n != 0 {
			t.Error("a token is stored in clear")
		}
	}
}

func TestLinkRoute(t *testing.T) {
	post := http.MethodPost
	runAPICases(t, []apiCase{
		{name: "new link: the old ones stop working", as: alice, method: post, url: linkURL("invoices", invSent),
			headers: map[string]string{"Origin": "https://folio.example.org"}, status: 200,
			after: newLink("https://folio.example.org", invSent, tokInvSent)},
		{name: "every live link is revoked, however many", as: alice, method: post, url: linkURL("invoices", invSent),
			before: func(t testing.TB, app *tests.TestApp) {
				for _, tok := range []string{"extra-1", "extra-2"} {
					if _, err := addLink(app, alice, "invoice", invSent, tok); err != nil {
						t.Fatal(err)
					}
				}
			},
			status: 200, after: newLink("http://example.com", invSent, tokInvSent, "extra-1", "extra-2")},
		{name: "the configured app URL is the links' origin", as: alice, method: post, url: linkURL("quotes", quoSent),
			headers: map[string]string{"Origin": "https://other.example"},
			before: func(t testing.TB, app *tests.TestApp) {
				s := app.Settings()
				s.Meta.AppURL = "https://billing.example.com/"
				if err := app.Save(s); err != nil {
					t.Fatal(err)
				}
			},
			status: 200, after: newLink("https://billing.example.com", quoSent, tokQuoSent)},
		{name: "other documents keep their links", as: alice, method: post, url: linkURL("quotes", quoSent), status: 200,
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				for _, tok := range []string{tokInvSent, tokQuoExpired, tokBobInv} {
					if resolvePublic(app, tok) == nil {
						t.Errorf("%s stopped working", tok)
					}
				}
			}},
		{name: "an accepted quote may get a link", as: alice, method: post, url: linkURL("quotes", quoAccepted), status: 200},
		{name: "a draft is not public", as: alice, method: post, url: linkURL("invoices", invDraft), status: 400,
			contains: []string{msg(msgDraftNotPublic), `"status":{"code":"folio_draft_not_public"`},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if n := liveLinks(t, app, invDraft); n != 1 { // the fixture's own draft link only
					t.Errorf("%d live links, want the fixture's one", n)
				}
			}},
		{name: "a draft quote is not public either", as: alice, method: post, url: linkURL("quotes", quoDraft), status: 400,
			contains: []string{msg(msgDraftNotPublic)}},
		{name: "a void invoice has no link", as: alice, method: post, url: linkURL("invoices", invVoid), status: 400,
			contains: []string{msg(msgVoidNoLink), `"code":"folio_void_no_link"`}},
		{name: "another account's invoice is not found", as: bob, method: post, url: linkURL("invoices", invSent), status: 404,
			contains: []string{msg(msgInvoiceNotFound)},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if resolvePublic(app, tokInvSent) == nil {
					t.Error("alice's link was revoked by bob's request")
				}
			}},
		{name: "a missing quote", as: alice, method: post, url: linkURL("quotes", "nosuchquote0001"), status: 404,
			contains: []string{msg(msgQuoteNotFound)}},
		{name: "only quotes and invoices", as: alice, method: post, url: linkURL("customers", custAcme), status: 404},
		{name: "guest", method: post, url: linkURL("invoices", invSent), status: 401},
	})
}
