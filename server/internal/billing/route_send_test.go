package billing

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func sendURL(collection, id string) string { return "/api/folio/" + collection + "/" + id + "/send" }

// withEmail gives a fixture customer an email address and alice a company
// name, the usual state before sending.
func withEmail(customer string) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		c := get(t, app, migrations.CustomersCollection, customer)
		c.Set("email", "ap@acme.test")
		c.Set("contact_name", "Jane Roe")
		if err := app.Save(c); err != nil {
			t.Fatal(err)
		}
		u := get(t, app, migrations.UsersCollection, alice)
		u.Set(migrations.FieldCompanyName, "Alice & Co")
		if err := app.Save(u); err != nil {
			t.Fatal(err)
		}
	}
}

// mailed checks the one mail the request sent: to whom, and lines its
// plain-text body must contain (the HTML body must show the link too).
func mailed(to, subject string, text ...string) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		t.Helper()
		if n := app.TestMailer.TotalSend(); n != 1 {
			t.Fatalf("%d mails sent, want 1", n)
		}
		m := app.TestMailer.LastMessage()
		if len(m.To) != 1 || m.To[0].Address != to {
			t.Errorf("to = %v, want %s", m.To, to)
		}
		if m.Subject != subject {
			t.Errorf("subject = %q, want %q", m.Subject, subject)
		}
		s := app.Settings()
		if m.From.Address != s.Meta.SenderAddress || m.From.Name != s.Meta.SenderName {
			t.Errorf("from = %v, want the app's sender", m.From)
		}
		if rt := m.Headers["Reply-To"]; !strings.Contains(rt, "alice@folio.test") {
			t.Errorf("Reply-To = %q, want the seller's address", rt)
		}
		for _, want := range text {
			want = strings.ReplaceAll(want, "{APP_URL}", strings.TrimRight(s.Meta.AppURL, "/"))
			if !strings.Contains(m.Text, want) {
				t.Errorf("text body lacks %q:\n%s", want, m.Text)
			}
			if strings.Contains(want, "://") && !strings.Contains(m.HTML, `href="`+want) {
				t.Errorf("HTML body lacks the link %q:\n%s", want, m.HTML)
			}
		}
		if !strings.Contains(m.HTML, "Alice &amp; Co") {
			t.Errorf("HTML body does not escape the seller name:\n%s", m.HTML)
		}
	}
}

// noMail checks that nothing was sent.
func noMail(t testing.TB, app *tests.TestApp) {
	t.Helper()
	if n := app.TestMailer.TotalSend(); n != 0 {
		t.Errorf("%d mails sent, want none", n)
	}
}

func both(checks ...func(testing.TB, *tests.TestApp, *http.Response)) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		for _, c := range checks {
			c(t, app, res)
		}
	}
}

func TestSendRoute(t *testing.T) {
	post := http.MethodPost
	runAPICases(t, []apiCase{
		{name: "a draft invoice is mailed to the customer, then marked sent", as: alice, method: post,
			url: sendURL("invoices", invDraft), before: withEmail(custAcme), status: 200,
			contains: []string{`"resent":false`, `"to":"ap@acme.test"`, `"record":{`, `"status":"sent"`, `"sent_at":"2026-03-15 10:00:00.000Z"`},
			after: both(
				mailed("ap@acme.test", "Invoice INV-00001 from Alice & Co",
					"Hello Jane Roe,", "Alice & Co has sent you invoice INV-00001.",
					"Issued: 2026-03-01\nDue: 2026-03-31\n",
					"- Consulting: 1 × 100.00 EUR (tax 20%) = 100.00 EUR\n",
					"Subtotal: 100.00 EUR\nTax: 20.00 EUR\nTotal: 120.00 EUR\nTotal due: 120.00 EUR\n",
					"{APP_URL}/invoices/"+invDraft),
				expectRecord("invoices", invDraft, map[string]any{"status": "sent", "sent_at": "set"}),
			)},
		{name: "a partly paid invoice is mailed again with its balance; its status stays", as: alice, method: post,
			url: sendURL("invoices", invPartial), before: withEmail(custAcme), status: 200,
			contains: []string{`"resent":true`, `"status":"partial"`},
			after: both(
				mailed("ap@acme.test", "Invoice INV-00004 from Alice & Co",
					"Total: 120.00 EUR\nPaid: -50.00 EUR\nTotal due: 70.00 EUR\n"),
				expectRecord("invoices", invPartial, map[string]any{"status": "partial", "paid_cents": 5000}),
			)},
		{name: "a sent invoice is mailed again", as: alice, method: post,
			url: sendURL("invoices", invSent), before: withEmail(custAcme), status: 200,
			contains: []string{`"resent":true`, `"status":"sent"`},
			after:    mailed("ap@acme.test", "Invoice INV-00003 from Alice & Co", "Total due: 120.00 EUR")},
		{name: "a draft quote is mailed with its expiry, then marked sent", as: alice, method: post,
			url: sendURL("quotes", quoDraft), before: withEmail(custAcme), status: 200,
			contains: []string{`"resent":false`, `"status":"sent"`},
			after: both(
				mailed("ap@acme.test", "Quote QUO-00001 from Alice & Co",
					"Alice & Co has sent you quote QUO-00001.", "Issued: 2026-03-01\nValid until: 2026-03-31\n",
					"Total: 120.00 EUR\n", "{APP_URL}/quotes/"+quoDraft),
				expectRecord("quotes", quoDraft, map[string]any{"status": "sent", "sent_at": "set"}),
			)},
		{name: "an accepted quote is mailed again as it is", as: alice, method: post,
			url: sendURL("quotes", quoAccepted), before: withEmail(custAcme), status: 200,
			contains: []string{`"resent":true`, `"status":"accepted"`},
			after:    mailed("ap@acme.test", "Quote QUO-00004 from Alice & Co", "Total: 120.00 EUR")},

		{name: "a customer without email: 400, no mail, still a draft", as: alice, method: post,
			url: sendURL("invoices", invDraft), status: 400,
			contains: []string{msg(msgNoCustomerEmail), `"email":{"code":"folio_no_email","message":"` + msgNoCustomerEmail + `"}`},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				noMail(t, app)
				expect(t, get(t, app, "invoices", invDraft), map[string]any{"status": "draft"})
			}},
		{name: "a void invoice can't be sent", as: alice, method: post,
			url: sendURL("invoices", invVoid), before: withEmail(custAcme), status: 400,
			contains: []string{msg(msgVoidNoSend), `"code":"folio_void_no_send"`},
			after:    func(t testing.TB, app *tests.TestApp, _ *http.Response) { noMail(t, app) }},
		{name: "a converted quote can't be sent", as: alice, method: post,
			url: sendURL("quotes", quoAccepted),
			before: func(t testing.TB, app *tests.TestApp) {
				withEmail(custAcme)(t, app)
				if _, _, err := ConvertQuote(app, quoAccepted, testapp.FixedNow); err != nil {
					t.Fatal(err)
				}
			},
			status: 400, contains: []string{msg(msgConvertedNoSend), `"code":"folio_converted_no_send"`},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) { noMail(t, app) }},
		{name: "a rejected quote can't be sent", as: alice, method: post,
			url: sendURL("quotes", quoRejected), before: withEmail(custAcme), status: 400,
			contains: []string{msg(msgRejectedNoSend)},
			after:    func(t testing.TB, app *tests.TestApp, _ *http.Response) { noMail(t, app) }},
		{name: "a draft the status machine won't send mails nobody", as: alice, method: post,
			url: sendURL("invoices", invEmpty), before: withEmail(custAcme), status: 400,
			contains: []string{msg(msgSendNeedsLines)},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				noMail(t, app)
				expect(t, get(t, app, "invoices", invEmpty), map[string]any{"status": "draft"})
			}},
		{name: "a mail that fails changes nothing", as: alice, method: post,
			url: sendURL("invoices", invDraft),
			before: func(t testing.TB, app *tests.TestApp) {
				withEmail(custAcme)(t, app)
				app.OnMailerSend().BindFunc(func(e *core.MailerEvent) error { return errors.New("smtp down") })
			},
			status: 500, contains: []string{msg(msgMailFailed)}, absent: []string{"smtp down"},
			after: expectRecord("invoices", invDraft, map[string]any{"status": "draft", "sent_at": "empty"})},

		{name: "another account's invoice is not found", as: bob, method: post,
			url: sendURL("invoices", invDraft), before: withEmail(custAcme), status: 404,
			contains: []string{msg(msgInvoiceNotFound)},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				noMail(t, app)
				expect(t, get(t, app, "invoices", invDraft), map[string]any{"status": "draft"})
			}},
		{name: "another account's quote is not found", as: bob, method: post,
			url: sendURL("quotes", quoDraft), status: 404, contains: []string{msg(msgQuoteNotFound)}},
		{name: "a missing invoice", as: alice, method: post, url: sendURL("invoices", "nosuchinvoice01"), status: 404},
		{name: "only quotes and invoices are sent", as: alice, method: post, url: sendURL("customers", custAcme), status: 404},
		{name: "guest", method: post, url: sendURL("invoices", invDraft), status: 401},
	})
}
