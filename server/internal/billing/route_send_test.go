package billing

import (
	"bytes"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func sendURL(collection, id string) string { return "/api/folio/" + collection + "/" + id + "/send" }

// appURL is the public origin the send tests configure (FOLIO_APP_URL).
const appURL = "https://folio.example"

// withEmail gives a fixture customer an email address and alice a company
// name, the usual state before sending, and the app a public URL.
func withEmail(customer string) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		s := app.Settings()
		s.Meta.AppURL = appURL
		if err := app.Save(s); err != nil {
			t.Fatal(err)
		}
		c := get(t, app, migrations.CustomersCollection, customer)
		c.Set("email", "ap@acme.test")
		c.Set("contact_name", "Jane Roe")
		if err := app.Save(c); err != nil {
			t.Fatal(err)
		}
		u := get(t, app, migrations.BusinessesCollection, alice)
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
					"Hello Jane Roe,", "Alice & Co has sent you Invoice INV-00001 for €120.00, due by Mar 31, 2026.",
					"Issued: Mar 1, 2026\nDue: Mar 31, 2026\n",
					"- Consulting: 1 × €100.00 (tax 20%) = €100.00\n",
					"Subtotal: €100.00\nTax: €20.00\nTotal: €120.00\nTotal due: €120.00\n",
					"View it online: ", "{APP_URL}/d/", "Thank you,\nAlice & Co"),
				expectRecord("invoices", invDraft, map[string]any{"status": "sent", "sent_at": "set"}),
			)},
		{name: "a partly paid invoice is mailed again with its balance; its status stays", as: alice, method: post,
			url: sendURL("invoices", invPartial), before: withEmail(custAcme), status: 200,
			contains: []string{`"resent":true`, `"status":"partial"`},
			after: both(
				mailed("ap@acme.test", "Invoice INV-00004 from Alice & Co",
					"Total: €120.00\nPaid: -€50.00\nTotal due: €70.00\n"),
				expectRecord("invoices", invPartial, map[string]any{"status": "partial", "paid_cents": 5000}),
			)},
		{name: "a sent invoice is mailed again", as: alice, method: post,
			url: sendURL("invoices", invSent), before: withEmail(custAcme), status: 200,
			contains: []string{`"resent":true`, `"status":"sent"`},
			after:    mailed("ap@acme.test", "Invoice INV-00003 from Alice & Co", "Total due: €120.00")},
		{name: "a draft quote is mailed with its expiry, then marked sent", as: alice, method: post,
			url: sendURL("quotes", quoDraft), before: withEmail(custAcme), status: 200,
			contains: []string{`"resent":false`, `"status":"sent"`},
			after: both(
				mailed("ap@acme.test", "Quote QUO-00001 from Alice & Co",
					"Alice & Co has sent you Quote QUO-00001 for €120.00, valid until Mar 31, 2026.", "Issued: Mar 1, 2026\nValid until: Mar 31, 2026\n",
					"Total: €120.00\n", "{APP_URL}/d/"),
				expectRecord("quotes", quoDraft, map[string]any{"status": "sent", "sent_at": "set"}),
			)},
		{name: "an accepted quote is mailed again as it is", as: alice, method: post,
			url: sendURL("quotes", quoAccepted), before: withEmail(custAcme), status: 200,
			contains: []string{`"resent":true`, `"status":"accepted"`},
			after:    mailed("ap@acme.test", "Quote QUO-00004 from Alice & Co", "Total: €120.00")},

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
		// The draft is marked sent before the mail goes out (so a concurrent
		// edit is never overwritten); a mail that then fails says so, and
		// its link and "sent" event are removed.
		{name: "a mail that fails is a 500; the draft stays marked sent", as: alice, method: post,
			url: sendURL("invoices", invDraft),
			before: func(t testing.TB, app *tests.TestApp) {
				withEmail(custAcme)(t, app)
				app.OnMailerSend().BindFunc(func(e *core.MailerEvent) error { return errors.New("smtp down") })
			},
			status: 500, contains: []string{msg(msgMailFailed)}, absent: []string{"smtp down"},
			after: both(
				expectRecord("invoices", invDraft, map[string]any{"status": "sent", "sent_at": "set"}),
				expectEvents("sent", map[string]int{invDraft: 0}),
			)},

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

// fixtureLinksInvSent counts the fixture's live link rows of invSent: its
// own and the forged one.
const fixtureLinksInvSent = 2

// pdfA and pdfB are two tiny PDFs (the route checks the %PDF- signature).
var (
	pdfA = []byte("%PDF-1.7\n% copy A\n%%EOF\n")
	pdfB = []byte("%PDF-1.7\n% copy B, printed later\n%%EOF\n")
)

// multipartSend builds a multipart/form-data send body with the fields and,
// when pdf is not nil, the file.
func multipartSend(t testing.TB, fields map[string]string, pdf []byte, filename string) (io.Reader, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if pdf != nil {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="pdf"; filename="`+filename+`"`)
		h.Set("Content-Type", "application/pdf")
		part, err := w.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		part.Write(pdf)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return &buf, w.FormDataContentType()
}

// attachment checks the PDF of the one mail sent: its name and bytes, or
// that there is none (name "").
func attachment(name string, want []byte) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		t.Helper()
		m := app.TestMailer.LastMessage()
		if name == "" {
			if len(m.Attachments) != 0 {
				t.Errorf("attachments %v, want none", m.Attachments)
			}
			return
		}
		r, ok := m.Attachments[name]
		if !ok || len(m.Attachments) != 1 {
			t.Fatalf("attachments %v, want only %s", m.Attachments, name)
		}
		got, _ := io.ReadAll(r)
		if !bytes.Equal(got, want) {
			t.Errorf("attachment %s = %q, want %q", name, got, want)
		}
	}
}

func TestSendRouteForm(t *testing.T) {
	post := http.MethodPost
	var multi io.Reader
	var multiType string
	pdfBody := func(fields map[string]string, pdf []byte) (io.Reader, string) {
		return multipartSend(t, fields, pdf, "whatever-the-browser-says.pdf")
	}
	multi, multiType = pdfBody(map[string]string{"cc": "books@acme.test"}, pdfA)
	notPDF, notPDFType := multipartSend(t, nil, []byte("<html>not a pdf</html>"), "fake.pdf")
	formOnly, formOnlyType := pdfBody(map[string]string{"to": "boss@acme.test", "subject": "Hello {customer}"}, nil)

	runAPICases(t, []apiCase{
		{name: "to, cc, subject and message as typed, with the placeholders rendered", as: alice, method: post,
			url: sendURL("invoices", invSent), before: withEmail(custAcme),
			body: map[string]any{"to": "boss@acme.test", "cc": "a@x.test; b@x.test, boss@acme.test",
				"subject": "Your {kind} {number}", "message": "Hi {customer},\r\nplease see {link} ({amount}).\n\n{unknown} stays."},
			status: 200, contains: []string{`"to":"boss@acme.test"`, `"cc":["a@x.test","b@x.test"]`, `"url":"` + appURL + `/d/`,
				`"attached":""`, `"resent":true`},
			after: both(
				func(t testing.TB, app *tests.TestApp, res *http.Response) {
					m := app.TestMailer.LastMessage()
					if len(m.To) != 1 || m.To[0].Address != "boss@acme.test" || m.To[0].Name != "" {
						t.Errorf("to = %v", m.To)
					}
					if len(m.Cc) != 2 || m.Cc[0].Address != "a@x.test" || m.Cc[1].Address != "b@x.test" {
						t.Errorf("cc = %v", m.Cc)
					}
					if m.Subject != "Your Invoice INV-00003" {
						t.Errorf("subject = %q", m.Subject)
					}
					if !strings.HasPrefix(m.Text, "Hi Jane Roe,\nplease see "+appURL+"/d/") || !strings.Contains(m.Text, "(€120.00).\n\n{unknown} stays.\n\nInvoice INV-00003\n") {
						t.Errorf("text = %q", m.Text)
					}
					if strings.Contains(m.Text, "View the invoice online") {
						t.Error("the link is repeated although the message shows it")
					}
					if !strings.Contains(m.HTML, "<p>Hi Jane Roe,<br>please see "+appURL+"/d/") || !strings.Contains(m.HTML, `href="`+appURL+`/d/`) {
						t.Errorf("html = %s", m.HTML)
					}
				},
				attachment("", nil),
				eventDetail(invSent, "sent", map[string]any{"to": "boss@acme.test", "cc": []string{"a@x.test", "b@x.test"}}),
			)},
		{name: "the link in the mail opens the document; the older links still work", as: alice, method: post,
			url: sendURL("invoices", invSent), before: withEmail(custAcme), status: 200,
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				url, _ := decode(t, res)["url"].(string)
				token := strings.TrimPrefix(url, appURL+"/d/")
				if p := resolvePublic(app, token); p == nil || p.doc.Id != invSent {
					t.Errorf("the mailed token %q does not open the invoice", token)
				}
				if !strings.Contains(app.TestMailer.LastMessage().Text, url) {
					t.Error("the mail does not carry the link")
				}
				if resolvePublic(app, tokInvSent) == nil || liveLinks(t, app, invSent) != fixtureLinksInvSent+1 {
					t.Error("a send must not revoke the links mailed before")
				}
				eventDetail(invSent, "sent", map[string]any{"to": "ap@acme.test", "cc": []string{}})(t, app, res)
			}},
		{name: "the business's own templates", as: alice, method: post, url: sendURL("invoices", invSent),
			before: func(t testing.TB, app *tests.TestApp) {
				withEmail(custAcme)(t, app)
				setBusiness(alice, map[string]any{migrations.FieldSendSubjectTemplate: "{number}: {business}",
					migrations.FieldSendMessageTemplate: "Dear {customer}, please pay {amount} by {due_date}.\n\n{business}"})(t, app)
			},
			status: 200,
			after: mailed("ap@acme.test", "INV-00003: Alice & Co", "Dear Jane Roe, please pay €120.00 by Mar 31, 2026.\n\nAlice & Co\n\nInvoice INV-00003\n",
				"View the invoice online: ", "{APP_URL}/d/")},
		{name: "an emptied template falls back to the default", as: alice, method: post, url: sendURL("quotes", quoSent),
			before: func(t testing.TB, app *tests.TestApp) {
				withEmail(custAcme)(t, app)
				setBusiness(alice, map[string]any{migrations.FieldSendSubjectTemplate: "", migrations.FieldSendMessageTemplate: ""})(t, app)
			},
			status: 200, after: mailed("ap@acme.test", "Quote QUO-00002 from Alice & Co", "Hello Jane Roe,", "{APP_URL}/d/")},
		{name: "a PDF goes with the mail and is kept as the issued copy", as: alice, method: post,
			url: sendURL("invoices", invSent), before: withEmail(custAcme), raw: multi, contentType: multiType,
			status: 200, contains: []string{`"attached":"INV-00003.pdf"`, `"cc":["books@acme.test"]`},
			after: both(
				attachment("INV-00003.pdf", pdfA),
				func(t testing.TB, app *tests.TestApp, _ *http.Response) {
					inv := get(t, app, "invoices", invSent)
					if name := inv.GetString(migrations.FieldIssuedPDF); !strings.HasSuffix(name, ".pdf") {
						t.Errorf("issued_pdf = %q", name)
					}
					if len(inv.GetString(migrations.FieldIssuedFor)) != 64 {
						t.Errorf("issued_for = %q", inv.GetString(migrations.FieldIssuedFor))
					}
					if got, err := readIssuedCopy(app, inv); err != nil || !bytes.Equal(got, pdfA) {
						t.Errorf("issued copy = %q, %v", got, err)
					}
				},
				eventDetail(invSent, "sent", map[string]any{"to": "ap@acme.test", "cc": []string{"books@acme.test"}}),
			)},
		{name: "a form without a PDF", as: alice, method: post, url: sendURL("invoices", invSent), before: withEmail(custAcme),
			raw: formOnly, contentType: formOnlyType, status: 200,
			after: both(
				attachment("", nil),
				func(t testing.TB, app *tests.TestApp, _ *http.Response) {
					m := app.TestMailer.LastMessage()
					if m.To[0].Address != "boss@acme.test" || m.Subject != "Hello Jane Roe" {
						t.Errorf("to %v subject %q", m.To, m.Subject)
					}
				},
			)},
		{name: "a file that is not a PDF: 400, no mail, no link", as: alice, method: post, url: sendURL("invoices", invSent),
			before: withEmail(custAcme), raw: notPDF, contentType: notPDFType, status: 400,
			contains: []string{msg(msgInvalidPDF), `"pdf":{"code":"folio_invalid_pdf"`},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				noMail(t, app)
				if n := liveLinks(t, app, invSent); n != fixtureLinksInvSent {
					t.Errorf("%d live links, want the fixture's %d", n, fixtureLinksInvSent)
				}
			}},
		{name: "a bad to address", as: alice, method: post, url: sendURL("invoices", invSent), before: withEmail(custAcme),
			body: map[string]any{"to": "boss at acme"}, status: 400,
			contains: []string{msg(msgInvalidTo), `"to":{"code":"folio_invalid_email"`},
			after:    func(t testing.TB, app *tests.TestApp, _ *http.Response) { noMail(t, app) }},
		{name: "a bad cc address", as: alice, method: post, url: sendURL("invoices", invSent), before: withEmail(custAcme),
			body: map[string]any{"cc": "ok@x.test, nope"}, status: 400, contains: []string{msg(msgInvalidCc)},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) { noMail(t, app) }},
		{name: "a subject too long", as: alice, method: post, url: sendURL("invoices", invSent), before: withEmail(custAcme),
			body: map[string]any{"subject": strings.Repeat("s", 201)}, status: 400, contains: []string{msg(msgSubjectLong)},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) { noMail(t, app) }},
		{name: "to replaces a missing customer email", as: alice, method: post, url: sendURL("invoices", invDraft),
			body: map[string]any{"to": "someone@acme.test"}, status: 200, contains: []string{`"status":"sent"`},
			after: eventDetail(invDraft, "sent", map[string]any{"to": "someone@acme.test", "cc": []string{}})},
		{name: "a mail that fails removes its link and records nothing", as: alice, method: post,
			url: sendURL("invoices", invSent),
			before: func(t testing.TB, app *tests.TestApp) {
				withEmail(custAcme)(t, app)
				app.OnMailerSend().BindFunc(func(e *core.MailerEvent) error { return errors.New("smtp down") })
			},
			status: 500, contains: []string{msg(msgMailFailed)},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if n := liveLinks(t, app, invSent); n != fixtureLinksInvSent {
					t.Errorf("%d live links, want the fixture's %d", n, fixtureLinksInvSent)
				}
				expectEvents("sent", map[string]int{invSent: 0})(t, app, nil)
			}},
	})
}

// testServer routes requests through app's router, as tests.ApiScenario
// does, for flows of several requests on one app.
func testServer(t testing.TB, app *tests.TestApp) http.Handler {
	t.Helper()
	return testapp.Mux(t, app)
}

// do sends one request and returns the recorder.
func do(h http.Handler, method, url string, body io.Reader, headers map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, url, body)
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// The issued copy never changes while the printed content is the same:
// resends attach it, a new upload is ignored; once the document changed,
// a new upload replaces it.
func TestSendKeepsTheIssuedCopy(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()
	withEmail(custAcme)(t, app)
	srv := testServer(t, app)
	auth := testapp.Token(t, app, alice)

	send := func(pdf []byte) (attached []byte, name string) {
		t.Helper()
		app.TestMailer.Reset()
		// This test sends one invoice more often than an hour allows.
		if _, err := app.DB().Delete(migrations.MailSendsCollection, nil).Execute(); err != nil {
			t.Fatal(err)
		}
		var body io.Reader = strings.NewReader("")
		headers := map[string]string{"Authorization": auth}
		if pdf != nil {
			var ct string
			body, ct = multipartSend(t, nil, pdf, "x.pdf")
			headers["Content-Type"] = ct
		}
		res := do(srv, http.MethodPost, sendURL("invoices", invSent), body, headers)
		if res.Code != 200 {
			t.Fatalf("send: %d %s", res.Code, res.Body)
		}
		m := app.TestMailer.LastMessage()
		for name, r := range m.Attachments {
			b, _ := io.ReadAll(r)
			return b, name
		}
		return nil, ""
	}
	issued := func() (string, string) {
		inv := get(t, app, "invoices", invSent)
		return inv.GetString(migrations.FieldIssuedPDF), inv.GetString(migrations.FieldIssuedFor)
	}

	if got, name := send(pdfA); !bytes.Equal(got, pdfA) || name != "INV-00003.pdf" {
		t.Fatalf("first send attached %q as %q", got, name)
	}
	file1, for1 := issued()

	if got, _ := send(nil); !bytes.Equal(got, pdfA) {
		t.Errorf("a resend attached %q, want the issued copy", got)
	}
	if got, _ := send(pdfB); !bytes.Equal(got, pdfA) {
		t.Errorf("a new upload for the same content attached %q, want the issued copy", got)
	}
	if f, h := issued(); f != file1 || h != for1 {
		t.Errorf("the issued copy changed (%s, %s) while the content did not", f, h)
	}

	// New content: the copy no longer matches, so nothing is attached
	// until a new PDF comes, which becomes the issued copy.
	inv := get(t, app, "invoices", invSent)
	inv.Set("notes", "Now with bank details.")
	if err := app.Save(inv); err != nil {
		t.Fatal(err)
	}
	if got, _ := send(nil); got != nil {
		t.Errorf("a resend of changed content attached %q, want nothing", got)
	}
	if f, _ := issued(); f != file1 {
		t.Errorf("the issued copy changed without an upload")
	}
	if got, _ := send(pdfB); !bytes.Equal(got, pdfB) {
		t.Errorf("the new upload attached %q, want it", got)
	}
	file2, for2 := issued()
	if file2 == file1 || for2 == for1 {
		t.Errorf("issued copy %s/%s, want a new one", file2, for2)
	}
	if b, err := readIssuedCopy(app, get(t, app, "invoices", invSent)); err != nil || !bytes.Equal(b, pdfB) {
		t.Errorf("issued copy = %q, %v", b, err)
	}

	// A payment changes no printed content: still the same copy.
	if _, err := create(app, "payments", "", map[string]any{"business": alice, "invoice": invSent, "amount_cents": 1000,
		"date": "2026-03-15", "method": "card"}); err != nil {
		t.Fatal(err)
	}
	if got, _ := send(nil); !bytes.Equal(got, pdfB) {
		t.Errorf("after a payment the resend attached %q, want the issued copy", got)
	}

	// The copy is protected: not even its name opens it without a file token.
	if res := do(srv, http.MethodGet, "/api/files/invoices/"+invSent+"/"+file2, nil, nil); res.Code != 404 {
		t.Errorf("guest download of the issued copy: %d", res.Code)
	}
	if n := countEvents(t, app, invSent, "sent"); n != 6 {
		t.Errorf("%d sent events, want 6", n)
	}
}

// The invoice mail says how to pay: the business's IBAN, holder and the
// invoice number as the reference, with the amount due; so does a
// reminder. A quote's mail does not.
func TestSendMailCarriesThePaymentDetails(t *testing.T) {
	t.Parallel()
	app := remindersApp(t, "")
	defer app.Cleanup()
	withEmail(custAcme)(t, app)
	owner := get(t, app, migrations.BusinessesCollection, alice)
	owner.Set(migrations.FieldIBAN, "DE89370400440532013000")
	owner.Set(migrations.FieldBankHolder, "Alice Example")
	if err := app.Save(owner); err != nil {
		t.Fatal(err)
	}
	srv := testServer(t, app)
	auth := map[string]string{"Authorization": testapp.Token(t, app, alice)}
	if c := do(srv, http.MethodPost, sendURL("invoices", invDraft), strings.NewReader("{}"), auth).Code; c != 200 {
		t.Fatalf("send: %d", c)
	}
	number := get(t, app, migrations.InvoicesCollection, invDraft).GetString("number")
	m := app.TestMailer.LastMessage()
	for _, want := range []string{"Payment details\nAccount holder: Alice Example\nIBAN: DE89 3704 0044 0532 0130 00\nReference: " +
		number + "\nTotal due: €120.00\n"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("the invoice mail lacks %q:\n%s", want, m.Text)
		}
	}
	if !strings.Contains(m.HTML, "DE89 3704 0044 0532 0130 00") {
		t.Errorf("the HTML body lacks the IBAN:\n%s", m.HTML)
	}

	run(t, app, at("2026-03-28")) // a reminder of invSent
	if m := app.TestMailer.LastMessage(); !strings.Contains(m.Subject, "Reminder") || !strings.Contains(m.Text, "IBAN: DE89 3704 0044 0532 0130 00\n") {
		t.Errorf("the reminder lacks the IBAN: %q\n%s", m.Subject, m.Text)
	}

	if c := do(srv, http.MethodPost, sendURL("quotes", quoDraft), strings.NewReader("{}"), auth).Code; c != 200 {
		t.Fatalf("send the quote: %d", c)
	}
	if m := app.TestMailer.LastMessage(); strings.Contains(m.Text, "IBAN") {
		t.Errorf("the quote mail shows bank details:\n%s", m.Text)
	}
}
