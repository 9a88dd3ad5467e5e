package billing

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// withCreditNote gives the customer an address and alice's paid invoice a
// credit note of 30.00 (cnAlice).
func withCreditNote(t testing.TB, app *tests.TestApp) {
	t.Helper()
	withEmail(custAcme)(t, app)
	withCredit(invPaid)(t, app)
}

func TestSendCreditNoteRoute(t *testing.T) {
	post := http.MethodPost
	typed, typedCT := multipartSend(t, map[string]string{"subject": "Your {kind} {number}", "message": "Hi {customer}: {kind} {number} corrects {invoice}."}, pdfB, "x.pdf")
	noPDF, noPDFType := multipartSend(t, map[string]string{"to": "boss@acme.test"}, nil, "")

	sent := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		t.Helper()
		if n := app.TestMailer.TotalSend(); n != 1 {
			t.Fatalf("%d mails, want 1", n)
		}
		m := app.TestMailer.LastMessage()
		if m.To[0].Address != "ap@acme.test" || m.Subject != "Credit note CN-00001 from Alice & Co" {
			t.Errorf("to %v, subject %q", m.To, m.Subject)
		}
		if !strings.Contains(m.Text, "has issued Credit note CN-00001 for €30.00, correcting invoice INV-00005") ||
			!strings.Contains(m.HTML, "<p>Hello Jane Roe,</p>") {
			t.Errorf("text %q html %q", m.Text, m.HTML)
		}
		if strings.Contains(m.Text, "/d/") {
			t.Error("a credit note has no public link")
		}
		expect(t, get(t, app, "credit_notes", cnAlice), map[string]any{migrations.FieldCreditNoteSentAt: "set"})
		if n, _ := app.CountRecords(migrations.MailSendsCollection); n != 1 {
			t.Errorf("%d counted sends, want 1", n)
		}
		// The corrected invoice's activity says it was sent, and by whom.
		evs, err := app.FindAllRecords(migrations.DocumentEventsCollection, dbx.HashExp{"type": migrations.EventCreditNoteSent})
		if err != nil || len(evs) != 1 {
			t.Fatalf("%d credit_note_sent events (%v), want 1", len(evs), err)
		}
		ev := evs[0]
		var detail map[string]any
		if err := ev.UnmarshalJSONField("detail", &detail); err != nil {
			t.Fatal(err)
		}
		if ev.GetString("document") != invPaid || ev.GetString("kind") != "invoice" || ev.GetString(migrations.FieldActorName) == "" ||
			detail["number"] != "CN-00001" || detail["credit_note"] != cnAlice || detail["to"] != "ap@acme.test" {
			t.Errorf("event on %s (%s) by %q: %v", ev.GetString("document"), ev.GetString("kind"), ev.GetString(migrations.FieldActorName), detail)
		}
	}
	cases := byRole(apiCase{name: "a credit note is mailed with its PDF", method: post, url: sendURL("credit_notes", cnAlice),
		before:   withCreditNote,
		contains: []string{`"to":"ap@acme.test"`, `"attached":"CN-00001.pdf"`, `"sent_at":"2026-`},
		after:    both(sent, attachment("CN-00001.pdf", pdfA)),
	}, writers, func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if n := app.TestMailer.TotalSend(); n != 0 {
			t.Errorf("%d mails after a refused send", n)
		}
	})
	for i := range cases {
		// Each row reads its own copy of the body.
		b, c := multipartSend(t, nil, pdfA, "x.pdf")
		cases[i].raw, cases[i].contentType = b, c
	}
	cases = append(cases,
		apiCase{name: "subject and message as typed", as: alice, method: post, url: sendURL("credit_notes", cnAlice),
			raw: typed, contentType: typedCT, before: withCreditNote, status: 200,
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				m := app.TestMailer.LastMessage()
				if m.Subject != "Your Credit note CN-00001" || m.Text != "Hi Jane Roe: Credit note CN-00001 corrects INV-00005." {
					t.Errorf("subject %q text %q", m.Subject, m.Text)
				}
			}},
		apiCase{name: "without its PDF", as: alice, method: post, url: sendURL("credit_notes", cnAlice),
			raw: noPDF, contentType: noPDFType, before: withCreditNote, status: 400, contains: []string{`"code":"folio_invalid_pdf"`}},
		apiCase{name: "bob's credit note is not found", as: alice, method: post, url: sendURL("credit_notes", cnBob),
			raw: strings.NewReader(""), status: 404, contains: []string{`"code":"folio_credit_note_not_found"`}},
		apiCase{name: "a client can't set sent_at", as: alice, method: http.MethodPatch, url: "/api/collections/credit_notes/records/" + cnAlice,
			before: withCreditNote, body: map[string]any{"sent_at": "2026-03-15 10:00:00.000Z"}, status: 200, contains: []string{`"sent_at":""`}},
	)
	runAPICases(t, cases)
}

// creditNoteSender is a test app with cnAlice to send, its server, alice's
// token, and a send of cnAlice by alice with pdf (none when nil).
func creditNoteSender(t *testing.T) (*tests.TestApp, http.Handler, string, func([]byte) *httptest.ResponseRecorder) {
	t.Helper()
	app := factory(t)
	t.Cleanup(app.Cleanup)
	withCreditNote(t, app)
	srv := testServer(t, app)
	auth := testapp.Token(t, app, alice)
	return app, srv, auth, func(pdf []byte) *httptest.ResponseRecorder {
		t.Helper()
		body, ct := multipartSend(t, nil, pdf, "x.pdf")
		return do(srv, http.MethodPost, sendURL("credit_notes", cnAlice), body, map[string]string{"Authorization": auth, "Content-Type": ct})
	}
}

// A credit note keeps the PDF of its first send as its issued copy: later
// sends attach it whatever they upload (or without an upload), a client
// can't replace it, and only the business's members open it, with a file
// token.
func TestCreditNoteKeepsItsIssuedCopy(t *testing.T) {
	t.Parallel()
	app, srv, auth, post := creditNoteSender(t)

	send := func(pdf []byte) []byte {
		t.Helper()
		app.TestMailer.Reset()
		// One credit note is sent more often here than an hour allows.
		if _, err := app.DB().Delete(migrations.MailSendsCollection, nil).Execute(); err != nil {
			t.Fatal(err)
		}
		res := post(pdf)
		if res.Code != 200 {
			t.Fatalf("send: %d %s", res.Code, res.Body)
		}
		for name, r := range app.TestMailer.LastMessage().Attachments {
			if name != "CN-00001.pdf" {
				t.Errorf("attached as %q", name)
			}
			b, _ := io.ReadAll(r)
			return b
		}
		return nil
	}
	kept := func() (string, []byte) {
		t.Helper()
		cn := get(t, app, "credit_notes", cnAlice)
		b, err := readIssuedCopy(app, cn)
		if err != nil {
			t.Fatalf("read the issued copy %q: %v", cn.GetString(migrations.FieldIssuedPDF), err)
		}
		return cn.GetString(migrations.FieldIssuedPDF), b
	}

	if got := send(pdfA); !bytes.Equal(got, pdfA) {
		t.Fatalf("first send attached %q", got)
	}
	file, b := kept()
	if !bytes.Equal(b, pdfA) {
		t.Fatalf("issued copy = %q, want the first send's PDF", b)
	}
	if got := send(pdfB); !bytes.Equal(got, pdfA) {
		t.Errorf("a send with another PDF attached %q, want the issued copy", got)
	}
	if got := send(nil); !bytes.Equal(got, pdfA) {
		t.Errorf("a send without a PDF attached %q, want the issued copy", got)
	}
	if f, b := kept(); f != file || !bytes.Equal(b, pdfA) {
		t.Errorf("the issued copy changed to %s (%q)", f, b)
	}

	// A client's upload of issued_pdf is dropped, as any server field.
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, err := w.CreatePart(textproto.MIMEHeader{"Content-Disposition": {`form-data; name="issued_pdf"; filename="y.pdf"`},
		"Content-Type": {"application/pdf"}})
	if err != nil {
		t.Fatal(err)
	}
	part.Write(pdfB)
	w.Close()
	res := do(srv, http.MethodPatch, "/api/collections/credit_notes/records/"+cnAlice, &buf,
		map[string]string{"Authorization": auth, "Content-Type": w.FormDataContentType()})
	if res.Code != 200 {
		t.Errorf("patch: %d %s", res.Code, res.Body)
	}
	if f, b := kept(); f != file || !bytes.Equal(b, pdfA) {
		t.Errorf("a client replaced the issued copy with %s (%q)", f, b)
	}

	// Protected: a guest and another business's member don't open it; a
	// member does, with a file token.
	fileToken := func(who string) string {
		t.Helper()
		res := do(srv, http.MethodPost, "/api/files/token", nil, map[string]string{"Authorization": testapp.Token(t, app, who)})
		var out struct {
			Token string `json:"token"`
		}
		if err := json.Unmarshal(res.Body.Bytes(), &out); err != nil || out.Token == "" {
			t.Fatalf("file token: %d %s", res.Code, res.Body)
		}
		return out.Token
	}
	url := "/api/files/credit_notes/" + cnAlice + "/" + file
	if res := do(srv, http.MethodGet, url, nil, nil); res.Code != 404 {
		t.Errorf("guest download: %d", res.Code)
	}
	if res := do(srv, http.MethodGet, url+"?token="+fileToken(bob), nil, nil); res.Code != 404 {
		t.Errorf("another business's download: %d", res.Code)
	}
	if res := do(srv, http.MethodGet, url+"?token="+fileToken(alice), nil, nil); res.Code != 200 || !bytes.Equal(res.Body.Bytes(), pdfA) {
		t.Errorf("the owner's download: %d %q", res.Code, res.Body)
	}
}

// A send whose mail fails issued nothing: its PDF is not kept, so the
// next send's PDF becomes the issued copy.
func TestCreditNoteSendThatFailsKeepsNoCopy(t *testing.T) {
	t.Parallel()
	app, _, _, post := creditNoteSender(t)
	down := app.OnMailerSend().BindFunc(func(*core.MailerEvent) error { return errors.New("the mail server is down") })

	send := func(pdf []byte) int { return post(pdf).Code }
	if code := send(pdfA); code != 500 {
		t.Fatalf("send with the mail down: %d, want 500", code)
	}
	if cn := get(t, app, "credit_notes", cnAlice); cn.GetString(migrations.FieldIssuedPDF) != "" || !cn.GetDateTime(migrations.FieldCreditNoteSentAt).IsZero() {
		t.Errorf("after a failed send: issued %q, sent_at %v", cn.GetString(migrations.FieldIssuedPDF), cn.GetDateTime(migrations.FieldCreditNoteSentAt))
	}
	app.OnMailerSend().Unbind(down)
	if code := send(pdfB); code != 200 {
		t.Fatalf("send: %d", code)
	}
	if b, err := readIssuedCopy(app, get(t, app, "credit_notes", cnAlice)); err != nil || !bytes.Equal(b, pdfB) {
		t.Errorf("issued copy = %q, %v; want the PDF of the send that went out", b, err)
	}
}
