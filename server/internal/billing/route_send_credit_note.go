package billing

import (
	"bytes"
	"database/sql"
	"errors"
	"html"
	"io"
	"net/http"
	"net/mail"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"folio/server/internal/refusal"
	"folio/server/internal/team"
	"folio/server/migrations"
)

// CreditNoteSendResponse is the answer of POST /api/folio/credit_notes/{id}/send.
type CreditNoteSendResponse struct {
	// Record is the credit note, with its new sent_at.
	Record *core.Record `json:"record"`
	// To is the address the mail went to; Cc the addresses copied.
	To string   `json:"to"`
	Cc []string `json:"cc"`
	// Attached is the file name of the PDF the mail carried.
	Attached string `json:"attached"`
}

// sendCreditNoteRoute mails a credit note of the caller's business (owners,
// admins and members; team.Write) with its PDF, made on the sender's device
// and uploaded as "pdf" — the Factur-X PDF, with the credit note's CII
// (381) inside, when the business sends e-invoices. A credit note has no
// public page, so the mail carries no link; its subject and message are
// what the person typed, else the built-in ones in the document's language
// ({invoice}: the number of the invoice it corrects). It counts against the
// business's hourly limits like any mail, and stamps sent_at. A mail that
// fails is a 500 and takes both back. The invoice it corrects records a
// credit_note_sent event in its activity (taken back too on failure).
//
// The PDF of the first send is kept as the credit note's issued copy (the
// protected issued_pdf, as on invoices). A credit note never changes, so
// its copy never does either: later sends attach the kept copy, whatever
// they upload, and may upload none (decideIssuedCopy with one unchanging
// content).
func (s *service) sendCreditNoteRoute(e *core.RequestEvent) error {
	missing := notFound("folio_credit_note_not_found", msgCreditNoteNotFound, nil)
	cn, err := e.App.FindRecordById(migrations.CreditNotesCollection, e.Request.PathValue("id"))
	if err != nil {
		return missing
	}
	if err := requireOn(e, cn.GetString("business"), team.Write, missing); err != nil {
		return err
	}
	business, err := findBusiness(e.App, cn.GetString("business"))
	if err != nil {
		return e.InternalServerError("", err)
	}
	form, upload, err := readSendRequest(e, creditNoteNoun)
	if err != nil {
		return err
	}

	var msg *mailer.Message
	var counted, event *core.Record
	var to string
	var cc []string
	var before any
	var kept bool // this send stored the issued copy
	now := s.now()
	err = e.App.RunInTransaction(func(tx core.App) error {
		rec, err := tx.FindRecordById(migrations.CreditNotesCollection, cn.Id)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && rec.GetString("business") != business.Id) {
			return missing
		}
		if err != nil {
			return err
		}
		businessSends, documentSends, err := countSends(tx, business.Id, migrations.KindCreditNote, rec.Id, now.Add(-sendWindow))
		if err != nil {
			return err
		}
		if qerr := decideSendAllowed(true, creditNoteNoun, businessSends, documentSends); qerr != nil {
			return qerr.api()
		}
		customer, err := tx.FindRecordById(migrations.CustomersCollection, rec.GetString("customer"))
		if err != nil {
			return err
		}
		var rerr *ruleError
		if to, cc, rerr = decideRecipients(form.To, form.Cc, customer.GetString("email")); rerr != nil {
			return rerr.api()
		}
		if cc == nil {
			cc = []string{}
		}
		invoiceNumber := ""
		if inv, err := tx.FindRecordById(migrations.InvoicesCollection, rec.GetString("invoice")); err == nil {
			invoiceNumber = inv.GetString("number")
		}

		seller := firstNonEmpty(sellerName(tx, business), e.Auth.Email())
		words := wordsFor(documentLanguage(business, customer))
		values := templateValues{
			Kind: words.CreditNote, Number: rec.GetString("number"), Business: seller,
			Customer: firstNonEmpty(customer.GetString("contact_name"), customer.GetString("name")),
			Amount:   words.money(int64(rec.GetInt("total_cents")), rec.GetString("currency")),
		}
		subject := renderTemplate(firstNonEmpty(strings.TrimSpace(form.Subject), words.DefaultSubject), values)
		message := firstNonEmpty(strings.TrimSpace(form.Message), words.CreditNoteMessage)
		message = renderTemplate(strings.ReplaceAll(message, "{invoice}", invoiceNumber), values)

		name := pdfFileName(rec.GetString("number"), "credit-note")
		attach, keep := decideIssuedCopy(rec.GetString(migrations.FieldIssuedPDF) != "", "", "", upload != nil)
		var pdf []byte
		switch attach {
		case attachKept:
			if pdf, err = readIssuedCopy(tx, rec); err != nil {
				return err
			}
		case attachUploaded:
			pdf = upload
		default:
			return refuse("pdf", "folio_invalid_pdf", msgInvalidPDF)
		}
		if keep {
			file, err := filesystem.NewFileFromBytes(pdf, name)
			if err != nil {
				return err
			}
			rec.Set(migrations.FieldIssuedPDF, file)
			kept = true
		}

		before = rec.Get(migrations.FieldCreditNoteSentAt)
		rec.Set(migrations.FieldCreditNoteSentAt, now)
		if err := tx.Save(rec); err != nil {
			return err
		}
		if counted, err = countSend(tx, business.Id, migrations.KindCreditNote, rec.Id, now); err != nil {
			return err
		}
		// The invoice's activity says it, as it says the invoice's own
		// sending: "Credit note CN-00001 sent to …".
		if event, err = newEvent(tx, business.Id, e.Auth, invoiceKind.noun, rec.GetString("invoice"),
			migrations.EventCreditNoteSent, map[string]any{"credit_note": rec.Id, "number": rec.GetString("number"),
				"to": to, "cc": cc}); err != nil {
			return err
		}
		cn = rec

		settings := e.App.Settings()
		msg = &mailer.Message{
			From:        mail.Address{Name: settings.Meta.SenderName, Address: settings.Meta.SenderAddress},
			To:          []mail.Address{{Name: customerNameFor(customer, to), Address: to}},
			Subject:     strings.Join(strings.Fields(subject), " "),
			Text:        message,
			HTML:        plainHTML(message, words),
			Headers:     map[string]string{"Reply-To": (&mail.Address{Name: seller, Address: e.Auth.Email()}).String()},
			Attachments: map[string]io.Reader{name: bytes.NewReader(pdf)},
		}
		for _, a := range cc {
			msg.Cc = append(msg.Cc, mail.Address{Address: a})
		}
		return nil
	})
	if err != nil {
		return saveFailure(e, err, markSentFailed(creditNoteNoun))
	}

	if err := e.App.NewMailClient().Send(msg); err != nil {
		e.App.Logger().Error("send credit note mail", "id", cn.Id, "error", err)
		(&preparedSend{event: event, counted: counted}).undo(e.App)
		cn.Set(migrations.FieldCreditNoteSentAt, before)
		if kept {
			// Nothing was issued: the next send keeps its own PDF.
			cn.Set(migrations.FieldIssuedPDF, nil)
		}
		if serr := e.App.Save(cn); serr != nil {
			e.App.Logger().Error("restore sent_at after a failed send", "id", cn.Id, "error", serr)
		}
		return refusal.New("folio_mail_failed", msgMailFailed).Answer(http.StatusInternalServerError)
	}
	var attached string
	for name := range msg.Attachments {
		attached = name
	}
	return e.JSON(http.StatusOK, CreditNoteSendResponse{Record: cn, To: to, Cc: cc, Attached: attached})
}

// creditNoteNoun is how the send limits' sentences name a credit note.
const creditNoteNoun = "credit note"

// plainHTML is a plain message as HTML: its paragraphs and line breaks, in
// the document's language and direction.
func plainHTML(message string, w mailWords) string {
	var b strings.Builder
	dir := "ltr"
	if w.rtl {
		dir = "rtl"
	}
	b.WriteString(`<!doctype html><html lang="` + w.lang + `" dir="` + dir + `"><body style="font-family:sans-serif">`)
	for _, p := range paragraphs(message) {
		b.WriteString("<p>")
		for i, l := range p {
			if i > 0 {
				b.WriteString("<br>")
			}
			b.WriteString(html.EscapeString(l))
		}
		b.WriteString("</p>")
	}
	b.WriteString("</body></html>")
	return b.String()
}
