package billing

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

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
