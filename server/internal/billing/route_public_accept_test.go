package billing

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// eventDetail checks the one event of a type on a document and its detail.
func eventDetail(doc, typ string, want map[string]any) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		t.Helper()
		var found int
		for _, ev := range eventsOfType(t, app, typ) {
			if ev.GetString("document") != doc {
				continue
			}
			found++
			var detail map[string]any
			if err := ev.UnmarshalJSONField("detail", &detail); err != nil {
				t.Fatal(err)
			}
			got, _ := json.Marshal(detail)
			wanted, _ := json.Marshal(want)
			if string(got) != string(wanted) {
				t.Errorf("%s event detail = %s, want %s", typ, got, wanted)
			}
		}
		if found != 1 {
			t.Errorf("%d %s events on %s, want 1", found, typ, doc)
		}
	}
}

func TestPublicAcceptRoute(t *testing.T) {
	post := http.MethodPost
	accept := func(tok string) string { return publicURLFor(tok, "/accept") }
	unchanged := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		expect(t, get(t, app, "quotes", quoSent), map[string]any{"status": "sent", "accepted_at": "empty", "accepted_by": ""})
		if n := len(eventsOfType(t, app, "accepted")); n != 0 {
			t.Errorf("%d accepted events, want none", n)
		}
	}
	runAPICases(t, []apiCase{
		{name: "the customer accepts with a typed name and a note", method: post, url: accept(tokQuoSent),
			body: map[string]any{"name": "  Jane   Roe ", "note": "Please start in April."}, status: 200,
			absent: privateBits,
			after: both(
				exactShape(fieldsAre(map[string]any{"status": "accepted", "display_status": "accepted",
					"answer": map[string]any{"accepted": true, "at": "2026-03-15T10:00:00Z", "name": "Jane Roe", "note": "Please start in April."}})),
				// Through the quote hooks: the machine moved it and stamped accepted_at.
				expectRecord("quotes", quoSent, map[string]any{"status": "accepted", "accepted_at": "set",
					migrations.FieldAcceptedBy: "Jane Roe", migrations.FieldAcceptNote: "Please start in April."}),
				eventDetail(quoSent, "accepted", map[string]any{"name": "Jane Roe", "note": "Please start in April."}),
				func(t testing.TB, app *tests.TestApp, _ *http.Response) {
					// An accepted quote converts as any other.
					if _, _, err := ConvertQuote(app, quoSent, testapp.FixedNow); err != nil {
						t.Errorf("convert after a public accept: %v", err)
					}
				},
			)},
		{name: "a viewed quote is accepted too, without a note", method: post, url: accept(tokQuoSent),
			before: func(t testing.TB, app *tests.TestApp) {
				q := get(t, app, "quotes", quoSent)
				q.Set("status", "viewed")
				if err := app.Save(q); err != nil {
					t.Fatal(err)
				}
			},
			body: map[string]any{"name": "Jo"}, status: 200,
			after: both(
				expectRecord("quotes", quoSent, map[string]any{"status": "accepted", migrations.FieldAcceptNote: ""}),
				eventDetail(quoSent, "accepted", map[string]any{"name": "Jo", "note": ""}),
			)},
		{name: "the form may be sent as a form", method: post, url: accept(tokQuoSent),
			raw: strings.NewReader("name=Jane+Roe&note=ok"), contentType: "application/x-www-form-urlencoded", status: 200,
			after: expectRecord("quotes", quoSent, map[string]any{"status": "accepted", migrations.FieldAcceptedBy: "Jane Roe"})},
		{name: "an expired quote: the status machine's refusal", method: post, url: accept(tokQuoExpired),
			body: map[string]any{"name": "Jane Roe"}, status: 400,
			contains: []string{msg(msgQuoteExpired), `"status":{"code":"folio_quote_expired"`},
			after: both(
				expectRecord("quotes", quoExpired, map[string]any{"status": "sent", "accepted_at": "empty", migrations.FieldAcceptedBy: ""}),
				expectEvents("accepted", map[string]int{quoExpired: 0}),
			)},
		{name: "a name is required", method: post, url: accept(tokQuoSent), body: map[string]any{"note": "ok"}, status: 400,
			contains: []string{msg(msgAcceptName), `"name":{"code":"folio_accept_name","message":"` + msgAcceptName + `"}`}, after: unchanged},
		{name: "one letter is not a name", method: post, url: accept(tokQuoSent), body: map[string]any{"name": " J "}, status: 400,
			contains: []string{msg(msgAcceptName)}, after: unchanged},
		{name: "a name of 121 characters", method: post, url: accept(tokQuoSent), body: map[string]any{"name": strings.Repeat("a", 121)},
			status: 400, contains: []string{msg(msgAcceptName)}, after: unchanged},
		{name: "a note over 1000 characters", method: post, url: accept(tokQuoSent),
			body: map[string]any{"name": "Jane Roe", "note": strings.Repeat("n", 1001)}, status: 400,
			contains: []string{msg(msgAcceptNoteLong), `"note":{"code":"folio_note_too_long"`}, after: unchanged},
		{name: "a quote answered already", method: post, url: accept(tokQuoAccepted), body: map[string]any{"name": "Jane Roe"},
			status: 400, contains: []string{msg(msgAlreadyAnswered), `"code":"folio_already_answered"`},
			after: expectRecord("quotes", quoAccepted, map[string]any{migrations.FieldAcceptedBy: ""})},
		{name: "an invoice can't be accepted", method: post, url: accept(tokInvSent), body: map[string]any{"name": "Jane Roe"},
			status: 400, contains: []string{msg(msgInvoiceNoAnswer), `"kind":{"code":"folio_invoice_no_answer"`},
			after: expectRecord("invoices", invSent, map[string]any{"status": "sent"})},
		{name: "a body that is not JSON", method: post, url: accept(tokQuoSent), raw: strings.NewReader("{nope"),
			contentType: "application/json", status: 400, after: unchanged},
	})
}

func TestPublicRejectRoute(t *testing.T) {
	post := http.MethodPost
	reject := func(tok string) string { return publicURLFor(tok, "/reject") }
	runAPICases(t, []apiCase{
		{name: "the customer declines with a reason", method: post, url: reject(tokQuoSent),
			body: map[string]any{"reason": " Too expensive for us. "}, status: 200,
			after: both(
				exactShape(fieldsAre(map[string]any{"status": "rejected",
					"answer": map[string]any{"accepted": false, "at": "2026-03-15T10:00:00Z", "name": "", "note": "Too expensive for us."}})),
				expectRecord("quotes", quoSent, map[string]any{"status": "rejected", "rejected_at": "set", "reject_reason": "Too expensive for us."}),
				eventDetail(quoSent, "rejected", map[string]any{"reason": "Too expensive for us."}),
			)},
		{name: "an expired quote may still be declined", method: post, url: reject(tokQuoExpired),
			body: map[string]any{"reason": "Too late"}, status: 200,
			after: expectRecord("quotes", quoExpired, map[string]any{"status": "rejected"})},
		{name: "a reason is required", method: post, url: reject(tokQuoSent), body: map[string]any{"reason": "  "}, status: 400,
			contains: []string{msg(msgRejectReason), `"reason":{"code":"folio_reject_reason"`},
			after: both(
				expectRecord("quotes", quoSent, map[string]any{"status": "sent", "reject_reason": ""}),
				expectEvents("rejected", map[string]int{quoSent: 0}),
			)},
		{name: "a reason over 1000 characters", method: post, url: reject(tokQuoSent),
			body: map[string]any{"reason": strings.Repeat("r", 1001)}, status: 400, contains: []string{msg(msgRejectReasonLong)}},
		{name: "an accepted quote can't be declined", method: post, url: reject(tokQuoAccepted),
			body: map[string]any{"reason": "Changed our mind"}, status: 400, contains: []string{msg(msgAlreadyAnswered)},
			after: expectRecord("quotes", quoAccepted, map[string]any{"status": "accepted"})},
		{name: "an invoice can't be rejected", method: post, url: reject(tokInvPartial),
			body: map[string]any{"reason": "No"}, status: 400, contains: []string{msg(msgInvoiceNoAnswer)}},
	})
}

func TestPublicDownloadedRoute(t *testing.T) {
	post := http.MethodPost
	downloaded := publicURLFor(tokInvSent, "/downloaded")
	runAPICases(t, []apiCase{
		{name: "the customer's download is recorded", method: post, url: downloaded, status: 204,
			after: both(
				expectEvents("downloaded", map[string]int{invSent: 1}),
				expectHeaders(map[string]string{"Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex"}),
			)},
		{name: "the owner's own download is not", as: alice, method: post, url: downloaded, status: 204,
			after: expectEvents("downloaded", map[string]int{invSent: 0})},
		{name: "nor with view tracking off", method: post, url: downloaded, status: 204,
			before: setBusiness(alice, map[string]any{migrations.FieldViewTracking: false}),
			after:  expectEvents("downloaded", map[string]int{invSent: 0})},
		{name: "a quote's download", method: post, url: publicURLFor(tokQuoSent, "/downloaded"), status: 204,
			after: expectEvents("downloaded", map[string]int{quoSent: 1, invSent: 0})},
	})
}
