package billing

import (
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// unverified marks alice's email address as not verified.
func unverified(t testing.TB, app *tests.TestApp) {
	u := get(t, app, migrations.UsersCollection, alice)
	u.SetVerified(false)
	if err := app.Save(u); err != nil {
		t.Fatal(err)
	}
}

// priorSends records n mails of alice's, at testapp's clock minus ago,
// on document doc (a made-up id when it does not matter).
func priorSends(n int, kind, doc string, ago time.Duration) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		for i := 0; i < n; i++ {
			if _, err := countSend(app, alice, kind, doc, testapp.Clock().Add(-ago)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestSendNeedsAVerifiedEmailAndKeepsToTheLimits(t *testing.T) {
	post := http.MethodPost
	accountLimit := "You can send at most 20 emails an hour. Try again later."
	runAPICases(t, []apiCase{
		{name: "an unverified account can't send: 403 and no mail", as: alice, method: post,
			url: sendURL("invoices", invDraft),
			before: func(t testing.TB, app *tests.TestApp) {
				withEmail(custAcme)(t, app)
				unverified(t, app)
			},
			status: 403, contains: []string{msg(msgSendUnverified), `"code":"folio_send_unverified"`},
			after: both(func(t testing.TB, app *tests.TestApp, _ *http.Response) { noMail(t, app) },
				expectRecord("invoices", invDraft, map[string]any{"status": "draft"}))},
		{name: "an unverified account can't resend either", as: alice, method: post,
			url: sendURL("quotes", quoSent),
			before: func(t testing.TB, app *tests.TestApp) {
				withEmail(custAcme)(t, app)
				unverified(t, app)
			},
			status: 403, contains: []string{`"code":"folio_send_unverified"`},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) { noMail(t, app) }},
		{name: "the 21st mail of the hour is refused with the limit's sentence", as: alice, method: post,
			url: sendURL("invoices", invSent),
			before: func(t testing.TB, app *tests.TestApp) {
				withEmail(custAcme)(t, app)
				priorSends(20, "invoice", "ialiceelsewhere", 59*time.Minute)(t, app)
			},
			status: 429, contains: []string{accountLimit, `"code":"folio_send_account_limit"`, `"max":20`},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) { noMail(t, app) }},
		{name: "mails older than an hour no longer count", as: alice, method: post,
			url: sendURL("invoices", invSent),
			before: func(t testing.TB, app *tests.TestApp) {
				withEmail(custAcme)(t, app)
				priorSends(20, "invoice", "ialiceelsewhere", 61*time.Minute)(t, app)
				priorSends(3, "invoice", invSent, 61*time.Minute)(t, app)
			},
			status: 200, after: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if n := app.TestMailer.TotalSend(); n != 1 {
					t.Errorf("%d mails sent, want 1", n)
				}
			}},
		{name: "a fourth mail of one document within the hour is refused", as: alice, method: post,
			url: sendURL("invoices", invSent),
			before: func(t testing.TB, app *tests.TestApp) {
				withEmail(custAcme)(t, app)
				priorSends(3, "invoice", invSent, 10*time.Minute)(t, app)
			},
			status: 429, contains: []string{"This invoice was already emailed 3 times in the last hour. Try again later.",
				`"code":"folio_send_document_limit"`},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) { noMail(t, app) }},
		{name: "another document still goes out", as: alice, method: post,
			url: sendURL("quotes", quoSent),
			before: func(t testing.TB, app *tests.TestApp) {
				withEmail(custAcme)(t, app)
				priorSends(3, "invoice", invSent, 10*time.Minute)(t, app)
			},
			status: 200},
		{name: "another account's mails don't count", as: bob, method: post,
			url: sendURL("invoices", invBob),
			before: func(t testing.TB, app *tests.TestApp) {
				c := get(t, app, migrations.CustomersCollection, custBob)
				c.Set("email", "ap@bob.test")
				if err := app.Save(c); err != nil {
					t.Fatal(err)
				}
				priorSends(20, "invoice", "ialiceelsewhere", time.Minute)(t, app)
			},
			status: 200},
	})
}

func TestDecideSendAllowed(t *testing.T) {
	t.Parallel()
	cases := []struct {
		verified          bool
		account, document int
		want              string
	}{
		{true, 0, 0, ""},
		{true, 19, 2, ""},
		{false, 0, 0, "folio_send_unverified"},
		{true, 20, 0, "folio_send_account_limit"},
		{true, 5, 3, "folio_send_document_limit"},
		{false, 20, 3, "folio_send_unverified"},
	}
	for _, c := range cases {
		got := ""
		if e := decideSendAllowed(c.verified, "quote", c.account, c.document); e != nil {
			got = e.rule.code
		}
		if got != c.want {
			t.Errorf("decideSendAllowed(%v, %d, %d) = %q, want %q", c.verified, c.account, c.document, got, c.want)
		}
	}
}

// sendAtOnce sends the documents all at the same moment and counts the
// answers by status.
func sendAtOnce(t *testing.T, app *tests.TestApp, urls []string) map[int]int {
	t.Helper()
	calls := make([]call, len(urls))
	for i, u := range urls {
		calls[i] = call{http.MethodPost, u, "{}", ""}
	}
	codes := map[int]int{}
	for _, a := range atOnce(t, app, calls) {
		codes[a.code]++
	}
	return codes
}

// Sends running at once can't go past the limits: of 8 mails of one
// document, 3 leave; with 17 mails already sent this hour, 3 of 8 on
// different documents leave.
func TestSendLimitsHoldUnderConcurrentSends(t *testing.T) {
	t.Parallel()
	t.Run("one document", func(t *testing.T) {
		t.Parallel()
		app := factory(t)
		defer app.Cleanup()
		withEmail(custAcme)(t, app)
		urls := make([]string, 8)
		for i := range urls {
			urls[i] = sendURL("invoices", invSent)
		}
		codes := sendAtOnce(t, app, urls)
		if codes[200] != SendsPerDocumentHour || codes[429] != len(urls)-SendsPerDocumentHour {
			t.Errorf("answers %v, want %d × 200 and the rest 429", codes, SendsPerDocumentHour)
		}
		if n := app.TestMailer.TotalSend(); n != SendsPerDocumentHour {
			t.Errorf("%d mails sent, want %d", n, SendsPerDocumentHour)
		}
	})
	t.Run("one account", func(t *testing.T) {
		t.Parallel()
		app := factory(t)
		defer app.Cleanup()
		withEmail(custAcme)(t, app)
		priorSends(17, "quote", "qaliceelsewhere", time.Minute)(t, app)
		var urls []string
		for _, u := range []string{sendURL("invoices", invSent), sendURL("invoices", invPartial),
			sendURL("quotes", quoSent), sendURL("quotes", quoExpired)} {
			urls = append(urls, u, u)
		}
		codes := sendAtOnce(t, app, urls)
		if codes[200] != 3 || codes[429] != len(urls)-3 {
			t.Errorf("answers %v, want 3 × 200 and the rest 429", codes)
		}
		if n := app.TestMailer.TotalSend(); n != 3 {
			t.Errorf("%d mails sent, want 3", n)
		}
	})
}

// A mail that failed does not count against the limits.
func TestAFailedSendDoesNotCount(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()
	withEmail(custAcme)(t, app)
	fail := true
	app.OnMailerSend().BindFunc(func(e *core.MailerEvent) error {
		if fail {
			return errors.New("smtp down")
		}
		return e.Next()
	})
	srv := testServer(t, app)
	auth := testapp.Token(t, app, alice)
	send := func() int {
		return do(srv, http.MethodPost, sendURL("invoices", invSent), strings.NewReader("{}"),
			map[string]string{"Authorization": auth}).Code
	}
	for i := 0; i < 3; i++ {
		if c := send(); c != 500 {
			t.Fatalf("failing mail: %d, want 500", c)
		}
	}
	fail = false
	for i := 0; i < SendsPerDocumentHour; i++ {
		if c := send(); c != 200 {
			t.Fatalf("send %d after the failures: %d, want 200", i+1, c)
		}
	}
	if c := send(); c != 429 {
		t.Errorf("send over the limit: %d, want 429", c)
	}
}

// The web app states the same limits in the send dialog.
func TestSendLimitsVectors(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../../tests/vectors/send-limits.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		PerAccount  int `json:"per_account_hour"`
		PerDocument int `json:"per_document_hour"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if v.PerAccount != SendsPerAccountHour || v.PerDocument != SendsPerDocumentHour {
		t.Errorf("tests/vectors/send-limits.json says %d/%d, the server %d/%d", v.PerAccount, v.PerDocument,
			SendsPerAccountHour, SendsPerDocumentHour)
	}
}
