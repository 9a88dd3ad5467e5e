package billing

import (
	"net/http"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// The fixture was built through the hooks: its trail is what they wrote.
func TestTrailOfTheFixture(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()

	for _, doc := range []string{quoDraft, quoSent, quoExpired, quoAccepted, quoRejected, quoBob,
		invDraft, invEmpty, invSent, invPartial, invPaid, invVoid, invBob} {
		if n := countEvents(t, app, doc, "created"); n != 1 {
			t.Errorf("%s has %d created events, want 1", doc, n)
		}
	}
	eventDetail(invPartial, "payment", map[string]any{"amount_cents": 5000, "currency": "EUR"})(t, app, nil)
	eventDetail(invBob, "payment", map[string]any{"amount_cents": 2000, "currency": "EUR"})(t, app, nil)
	eventDetail(invVoid, "voided", map[string]any{"reason": "Issued twice"})(t, app, nil)

	// Voiding revoked the link minted before.
	link, err := app.FindFirstRecordByData(migrations.DocumentLinksCollection, "token_hash", hashLinkToken(tokVoid))
	if err != nil {
		t.Fatal(err)
	}
	if link.GetDateTime("revoked_at").IsZero() {
		t.Error("voiding did not revoke the invoice's link")
	}
	// Every event belongs to the document's owner.
	var wrong int
	err = app.DB().NewQuery(`SELECT COUNT(*) FROM document_events e
		LEFT JOIN quotes q ON q.id = e.document LEFT JOIN invoices i ON i.id = e.document
		WHERE e.business != COALESCE(q.business, i.business)`).Row(&wrong)
	if err != nil || wrong != 0 {
		t.Errorf("%d events with another business than their document (%v)", wrong, err)
	}
}

// revoked checks that a token no longer opens anything and its row is kept
// as revoked.
func revoked(tokens ...string) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		t.Helper()
		for _, tok := range tokens {
			link, err := app.FindFirstRecordByData(migrations.DocumentLinksCollection, "token_hash", hashLinkToken(tok))
			if err != nil {
				t.Fatalf("link %s: %v", tok, err)
			}
			if link.GetDateTime("revoked_at").IsZero() || resolvePublic(app, tok) != nil {
				t.Errorf("%s is still live", tok)
			}
		}
	}
}

func TestTrailFollowsWrites(t *testing.T) {
	runAPICases(t, []apiCase{
		{name: "voiding through the API revokes the links and records voided", as: alice, method: http.MethodPatch,
			url: invoicesURL + "/" + invSent, body: map[string]any{"status": "void", "void_reason": "Wrong customer"}, status: 200,
			after: both(
				revoked(tokInvSent),
				eventDetail(invSent, "voided", map[string]any{"reason": "Wrong customer"}),
				func(t testing.TB, app *tests.TestApp, _ *http.Response) {
					if resolvePublic(app, tokInvPartial) == nil {
						t.Error("another invoice's link was revoked")
					}
				},
			)},
		{name: "an update that does not void records nothing", as: alice, method: http.MethodPatch,
			url: invoicesURL + "/" + invSent, body: map[string]any{"notes": "Thanks"}, status: 200,
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if n := countEvents(t, app, invSent, ""); n != 1 {
					t.Errorf("%d events, want the created one", n)
				}
				if resolvePublic(app, tokInvSent) == nil {
					t.Error("the link was revoked")
				}
			}},
		{name: "deleting a draft invoice revokes its links and deletes its events", as: alice, method: http.MethodDelete,
			url: invoicesURL + "/" + invDraft, status: 204,
			after: both(
				revoked(tokDraft),
				expectEvents("", map[string]int{invDraft: 0, invSent: 1}),
			)},
		{name: "deleting a sent quote revokes its public link", as: alice, method: http.MethodDelete,
			url: quotesURL + "/" + quoSent, status: 204,
			after: both(revoked(tokQuoSent), expectEvents("", map[string]int{quoSent: 0}))},
		{name: "a refused delete keeps links and events", as: alice, method: http.MethodDelete,
			url: invoicesURL + "/" + invSent, status: 400, contains: []string{msg(msgInvoiceOnlyDraftDel)},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if resolvePublic(app, tokInvSent) == nil || countEvents(t, app, invSent, "created") != 1 {
					t.Error("a refused delete changed the trail")
				}
			}},
		{name: "a new document records created", as: alice, method: http.MethodPost, url: quotesURL,
			body: map[string]any{"id": "qalicenew000001", "business": alice, "customer": custAcme}, status: 200,
			after: expectEvents("created", map[string]int{"qalicenew000001": 1})},
		{name: "a refused create records nothing", as: alice, method: http.MethodPost, url: quotesURL,
			body: map[string]any{"id": "qalicenew000001", "business": alice, "customer": custBob}, status: 400,
			after: expectEvents("", map[string]int{"qalicenew000001": 0})},
		{name: "a payment records payment on its invoice", as: alice, method: http.MethodPost, url: paymentsURL,
			body:   map[string]any{"business": alice, "invoice": invSent, "amount_cents": 2500, "date": "2026-03-15", "method": "card"},
			status: 200, after: eventDetail(invSent, "payment", map[string]any{"amount_cents": 2500, "currency": "EUR"})},
		{name: "an overpayment records nothing", as: alice, method: http.MethodPost, url: paymentsURL,
			body:   map[string]any{"business": alice, "invoice": invSent, "amount_cents": 99999, "date": "2026-03-15", "method": "card"},
			status: 400, after: expectEvents("payment", map[string]int{invSent: 0})},
	})
}

// Only the owner reads their events (so realtime is owner-only too), and
// nobody writes them through the API; links are not readable at all.
func TestEventsAndLinksRules(t *testing.T) {
	eventsURL := "/api/collections/document_events/records"
	linksURL := "/api/collections/document_links/records"
	runAPICases(t, []apiCase{
		{name: "the owner lists their events", as: alice, method: http.MethodGet, url: eventsURL + "?perPage=200", status: 200,
			contains: []string{`"document":"` + invSent + `"`, `"type":"created"`}, absent: []string{invBob, quoBob}},
		{name: "another account sees only its own", as: bob, method: http.MethodGet, url: eventsURL + "?perPage=200", status: 200,
			contains: []string{invBob}, absent: []string{invSent, quoSent}},
		{name: "a guest sees none", method: http.MethodGet, url: eventsURL, status: 200, contains: []string{`"totalItems":0`}},
		{name: "nobody creates events through the API", as: alice, method: http.MethodPost, url: eventsURL,
			body: map[string]any{"business": alice, "kind": "invoice", "document": invSent, "type": "accepted"}, status: 403,
			after: expectEvents("accepted", map[string]int{invSent: 0})},
		{name: "links can't be listed", as: alice, method: http.MethodGet, url: linksURL, status: 403},
		{name: "nor created", as: alice, method: http.MethodPost, url: linksURL,
			body: map[string]any{"business": alice, "kind": "invoice", "document": invSent, "token_hash": hashLinkToken("mine")}, status: 403},
	})
}

// Events of alice's documents can't be read one by one by bob either.
func TestEventViewIsOwnerOnly(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()
	ev, err := app.FindFirstRecordByFilter(migrations.DocumentEventsCollection, "document = {:d}", dbx.Params{"d": invSent})
	if err != nil {
		t.Fatal(err)
	}
	srv := testServer(t, app)
	url := "/api/collections/document_events/records/" + ev.Id
	if res := do(srv, http.MethodGet, url, nil, map[string]string{"Authorization": testapp.Token(t, app, bob)}); res.Code != 404 {
		t.Errorf("bob reads alice's event: %d", res.Code)
	}
	if res := do(srv, http.MethodGet, url, nil, map[string]string{"Authorization": testapp.Token(t, app, alice)}); res.Code != 200 {
		t.Errorf("alice reads her event: %d %s", res.Code, res.Body)
	}
}
