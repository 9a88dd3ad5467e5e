package billing

import (
	"bytes"
	"database/sql"
	"errors"
	htmltemplate "html/template"
	"io"
	"net/http"
	"net/mail"
	"strings"
	"text/template"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/mailer"
	"github.com/pocketbase/pocketbase/tools/types"

	"folio/server/internal/identity"
	"folio/server/internal/money"
	"folio/server/internal/refusal"
	"folio/server/internal/team"
	"folio/server/migrations"
)

// PathSend is the send route; {collection} is quotes or invoices.
const PathSend = "/api/folio/{collection}/{id}/send"

// SendResponse is the answer of POST /api/folio/{collection}/{id}/send.
type SendResponse struct {
	// Record is the quote or invoice as it now is: sent if it was a draft,
	// unchanged otherwise (but for a new issued copy of its PDF).
	Record *core.Record `json:"record"`
	// To is the address the mail went to.
	To string `json:"to"`
	// Cc are the addresses copied, possibly none.
	Cc []string `json:"cc"`
	// URL is the public link the mail carries ({app URL}/d/{token}).
	URL string `json:"url"`
	// Attached is the file name of the PDF the mail carried, "" for none.
	Attached string `json:"attached"`
	// Resent is true when the document had been sent before, so only the
	// mail went out and its status did not change.
	Resent bool `json:"resent"`
}

// sendForm is the optional body of the send route, as JSON or as
// multipart/form-data (which may also carry the PDF as "pdf"). Empty
// fields take their defaults: the customer's email, no copies, and the
// subject and message rendered from the business's templates.
type sendForm struct {
	To      string `json:"to" form:"to"`
	Cc      string `json:"cc" form:"cc"`
	Subject string `json:"subject" form:"subject"`
	Message string `json:"message" form:"message"`
}

// sendDocumentRoute emails a quote or invoice of the caller's business
// (owners, admins and members; team.Write), then marks a draft as sent
// through the normal save (so the status machine, timestamps and
// dashboard sums follow). A document sent before is mailed again and keeps
// its status. A document of a business the caller is not a member of is
// answered like a missing one; an accountant gets the 403 naming who can.
//
// Every send mints a public link (the token can't be read back later, so
// each mail carries its own) and renders it into the message as {link}.
// A PDF uploaded with the send is attached and kept on the document as its
// issued copy; while the printed content stays the same, later sends
// attach that copy instead (see decideIssuedCopy).
//
// Everything that can be refused is checked before the mail goes out,
// including the draft → sent move (with the status machine's own
// decision), so a refused send mails nobody. The document is read again
// in the transaction that saves the move, the issued copy and the "sent"
// event {to, cc} (see markSent), so an edit made since the first load is
// kept and a document deleted meanwhile is a 404. The mail is written
// from the committed document and goes out after the commit; a mail that
// fails is a 500, its link and event are removed, and the person can
// send again.
func (s *service) sendDocumentRoute(e *core.RequestEvent) error {
	if e.Request.PathValue("collection") == migrations.CreditNotesCollection {
		return s.sendCreditNoteRoute(e)
	}
	k, rec, err := teamDocument(e, team.Write)
	if err != nil {
		return err
	}
	business, err := findBusiness(e.App, rec.GetString("business"))
	if err != nil {
		return e.InternalServerError("", err)
	}
	if rerr := decideSend(k.noun, rec.GetString("status")); rerr != nil {
		return rerr.api()
	}
	form, upload, err := readSendRequest(e, k.noun)
	if err != nil {
		return err
	}

	token, link, err := createLink(e.App, rec.GetString("business"), k.noun, rec.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	dropLink := func() {
		if derr := e.App.Delete(link); derr != nil {
			e.App.Logger().Error("remove the link of a failed send", "id", link.Id, "error", derr)
		}
	}

	// The document is read again inside the transaction that marks it
	// sent: an edit or a delete made since the load above is seen, never
	// overwritten, and the mail shows what was committed.
	var out *preparedSend
	err = e.App.RunInTransaction(func(tx core.App) error {
		var perr error
		by := sender{business: business, actor: e.Auth, replyTo: e.Auth.Email()}
		out, perr = s.markSent(e, tx, k, rec.Id, by, form, upload, publicURL(linkBase(e), token))
		return perr
	})
	if err != nil {
		dropLink()
		if errors.Is(err, errSendGone) {
			return sendGone(k.noun)
		}
		if errors.Is(err, errDepositsMoved) {
			refreshDraft(e.App, k, rec.Id)
			return refusal.New("folio_deposits_moved", msgDepositsMoved).Answer(http.StatusConflict)
		}
		return saveFailure(e, err, markSentFailed(k.noun))
	}

	if err := e.App.NewMailClient().Send(out.msg); err != nil {
		e.App.Logger().Error("send document mail", "collection", k.collection, "id", out.rec.Id, "error", err)
		dropLink()
		out.undo(e.App)
		return refusal.New("folio_mail_failed", msgMailFailed).Answer(http.StatusInternalServerError)
	}
	return e.JSON(http.StatusOK, SendResponse{Record: out.rec, To: out.to, Cc: out.cc, URL: out.url,
		Attached: out.attached, Resent: out.resent})
}

// errSendGone is markSent's answer for a document deleted (or moved to
// another business) after the route first loaded it.
var errSendGone = errors.New("the document is gone")

// errDepositsMoved is markSent's answer for a final invoice whose deposits
// brought in more or less since its draft was last saved, sent with a PDF
// made from that draft.
var errDepositsMoved = errors.New("the deposits moved")

// refreshDraft saves a draft again, so it (and the screens that show it)
// deducts what its deposits bring in now.
func refreshDraft(app core.App, k docKind, id string) {
	rec, err := app.FindRecordById(k.collection, id)
	if err != nil || rec.GetString("status") != statusDraft {
		return
	}
	if err := app.Save(rec); err != nil {
		app.Logger().Error("refresh a final invoice's deduction", "id", id, "error", err)
	}
}

// preparedSend is what markSent committed and the mail to send.
type preparedSend struct {
	rec      *core.Record
	event    *core.Record
	counted  *core.Record // the mail_sends row of this mail
	msg      *mailer.Message
	to       string
	cc       []string
	url      string
	attached string
	resent   bool
}

// undo removes what a send committed before its mail failed: its "sent"
// event and its count against the limits (the caller removes the link),
// so the person can send again and the failure costs no quota.
func (p *preparedSend) undo(app core.App) {
	for _, r := range []*core.Record{p.event, p.counted} {
		if derr := app.Delete(r); derr != nil {
			app.Logger().Error("remove the trail of a failed send", "id", r.Id, "error", derr)
		}
	}
}

// sender is who a send is made by: the business whose settings write the
// mail and whose hourly limits it counts against, the member who sends
// (nil when Folio sends on its own), named on the "sent" event, and the
// address the customer's replies go to ("" for none).
type sender struct {
	business *core.Record
	actor    *core.Record
	replyTo  string
}

// markSent re-reads the document in tx, checks everything that can be
// refused, marks a draft sent (with the issued copy and the "sent" event)
// and writes the mail from the stored document. The mail itself goes out
// after the commit.
func (s *service) markSent(e *core.RequestEvent, tx core.App, k docKind, id string, by sender, form sendForm,
	upload []byte, url string) (*preparedSend, error) {
	rec, err := tx.FindRecordById(k.collection, id)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errSendGone
		}
		return nil, err
	}
	if rec.GetString("business") != by.business.Id {
		return nil, errSendGone
	}

	status := rec.GetString("status")
	if rerr := decideSend(k.noun, status); rerr != nil {
		return nil, rerr.api()
	}
	// The hourly limits. Writes are serialised (one writer at a time), so
	// sends running at once each see the rows the earlier ones committed.
	now := s.now()
	businessSends, documentSends, err := countSends(tx, by.business.Id, k.noun, rec.Id, now.Add(-sendWindow))
	if err != nil {
		return nil, err
	}
	if qerr := decideSendAllowed(true, k.noun, businessSends, documentSends); qerr != nil {
		return nil, qerr.api()
	}
	customer, err := tx.FindRecordById(migrations.CustomersCollection, rec.GetString("customer"))
	if err != nil {
		return nil, e.InternalServerError("", err)
	}
	to, cc, rerr := decideRecipients(form.To, form.Cc, customer.GetString("email"))
	if rerr != nil {
		return nil, rerr.api()
	}
	if cc == nil {
		cc = []string{}
	}

	lines, err := money.ParseLines(RawJSON(rec, "items"))
	if err != nil {
		return nil, inputRefusal(err)
	}
	totals, err := money.ComputeTotals(lines, rec.GetFloat("discount_percent"))
	if err != nil {
		return nil, inputRefusal(err)
	}

	isDraft := status == statusDraft
	if isDraft {
		var rerr *ruleError
		if k.noun == "invoice" {
			_, rerr = decideInvoiceStatus(invoiceMove{from: statusDraft, to: statusSent, lines: len(lines),
				totalCents: totals.TotalCents, paidCents: int64(rec.GetInt("paid_cents"))})
		} else {
			_, rerr = decideQuoteStatus(quoteMove{from: statusDraft, to: statusSent, lines: len(lines), totalCents: totals.TotalCents})
		}
		if rerr != nil {
			return nil, rerr.api()
		}
		if err := exemptionRefusal(tx, rec, lines, nil); err != nil {
			return nil, err
		}
	}

	// A draft is marked sent first, so what is mailed and kept is what the
	// save decided: a final invoice deducts what its deposits brought in
	// at this moment (a deposit paid since the draft was last saved
	// included), never the figures of its last draft.
	if isDraft {
		deducted := rec.GetInt(migrations.FieldDeductedCents)
		rec.Set("status", statusSent)
		if err := tx.Save(rec); err != nil {
			return nil, err
		}
		// The PDF made on the person's device shows the deduction of the
		// draft it read: it must not go out (and be kept) beside figures
		// it does not show.
		if upload != nil && rec.GetInt(migrations.FieldDeductedCents) != deducted {
			return nil, errDepositsMoved
		}
	}

	// The issued copy: which PDF goes with this mail, and whether the
	// upload becomes the document's copy.
	business := by.business
	printed, err := buildPrintable(printableSource{kind: k, doc: rec, business: business, customer: customer,
		seller: sellerName(tx, business), today: s.now()})
	if err != nil {
		return nil, e.InternalServerError("", err)
	}
	printedFor := issuedFingerprint(printed, business.GetString(migrations.FieldLogo), issuedExtrasOf(rec, lines))
	attach, keep := decideIssuedCopy(rec.GetString(migrations.FieldIssuedPDF) != "",
		rec.GetString(migrations.FieldIssuedFor), printedFor, upload != nil)
	pdfName := pdfFileName(rec.GetString("number"), k.noun)
	var pdf []byte
	switch attach {
	case attachKept:
		if pdf, err = readIssuedCopy(tx, rec); err != nil {
			return nil, e.InternalServerError("", err)
		}
	case attachUploaded:
		pdf = upload
	}

	if keep {
		file, err := filesystem.NewFileFromBytes(pdf, pdfName)
		if err != nil {
			return nil, err
		}
		rec.Set(migrations.FieldIssuedPDF, file)
		rec.Set(migrations.FieldIssuedFor, printedFor)
		if err := tx.Save(rec); err != nil {
			return nil, err
		}
	}
	event, err := newEvent(tx, rec.GetString("business"), by.actor, k.noun, rec.Id, migrations.EventSent,
		map[string]any{"to": to, "cc": cc})
	if err != nil {
		return nil, err
	}
	counted, err := countSend(tx, business.Id, k.noun, rec.Id, now)
	if err != nil {
		return nil, err
	}
	seller := firstNonEmpty(printed.Seller.CompanyName, by.replyTo)

	doc := sendDoc{
		Language:     printed.Language,
		Noun:         k.noun,
		Number:       rec.GetString("number"),
		Seller:       seller,
		CustomerName: firstNonEmpty(customer.GetString("contact_name"), customer.GetString("name")),
		IssueDate:    dayOf(rec.GetString("issue_date")),
		EndDate:      dayOf(rec.GetString(k.endField)),
		Currency:     rec.GetString("currency"),
		Lines:        lines,
		NetCents:     totals.LinesNetCents,
		Totals:       totals,
		DueCents:     totals.TotalCents,
		Link:         url,
	}
	doc.DiscountPercent = rec.GetFloat("discount_percent")
	if k.noun == "invoice" {
		doc.DeductedCents = int64(rec.GetInt(migrations.FieldDeductedCents))
		doc.PaidCents = int64(rec.GetInt("paid_cents"))
		doc.DueCents = int64(rec.GetInt("balance_cents"))
	}
	if k.noun == "invoice" {
		doc.Payment = paymentInstructions(business, seller, doc.Number)
	}
	if business.GetString(migrations.FieldLogo) != "" {
		doc.LogoURL = publicLogoURL(doc.Link)
	}
	// The mail is written in the document's language; the business's own
	// templates stay as they were written.
	words := wordsFor(doc.Language)
	values := mailTemplateValues(words, k.noun, doc.Number, doc.Seller, doc.CustomerName, doc.DueCents, doc.Currency,
		doc.EndDate, url)
	doc.Subject = renderTemplate(decideSendTemplate(form.Subject, business.GetString(migrations.FieldSendSubjectTemplate),
		words.DefaultSubject, builtInSubjects), values)
	doc.Message = renderTemplate(decideSendTemplate(form.Message, business.GetString(migrations.FieldSendMessageTemplate),
		words.defaultMessage(k.noun), builtInMessages), values)
	subject, text, html, err := composeSendMail(doc)
	if err != nil {
		return nil, e.InternalServerError("", err)
	}

	settings := e.App.Settings()
	msg := &mailer.Message{
		From:    mail.Address{Name: settings.Meta.SenderName, Address: settings.Meta.SenderAddress},
		To:      []mail.Address{{Name: customerNameFor(customer, to), Address: to}},
		Subject: subject,
		Text:    text,
		HTML:    html,
	}
	for _, a := range cc {
		msg.Cc = append(msg.Cc, mail.Address{Address: a})
	}
	if reply := by.replyTo; reply != "" {
		// Answers go to the person who sent (or the business's owner), not
		// to the no-reply sender.
		msg.Headers = map[string]string{"Reply-To": (&mail.Address{Name: doc.Seller, Address: reply}).String()}
	}
	attached := ""
	if pdf != nil {
		attached = pdfName
		msg.Attachments = map[string]io.Reader{pdfName: bytes.NewReader(pdf)}
	}
	return &preparedSend{rec: rec, event: event, counted: counted, msg: msg, to: to, cc: cc, url: url, attached: attached, resent: !isDraft}, nil
}

// readSendRequest reads what a send asks, once the sender may send at all:
// only a verified address sends, the sender's own (the hourly limits are
// counted in the transaction that saves the send, where concurrent sends
// queue behind each other); then the form, its texts and the PDF, if any.
func readSendRequest(e *core.RequestEvent, noun string) (sendForm, []byte, error) {
	var form sendForm
	if qerr := decideSendAllowed(e.Auth.Verified(), noun, 0, 0); qerr != nil {
		return form, nil, qerr.api()
	}
	if err := e.BindBody(&form); err != nil {
		return form, nil, refusal.Unreadable(err)
	}
	if rerr := decideSendText(form.Subject, form.Message); rerr != nil {
		return form, nil, rerr.api()
	}
	upload, err := uploadedPDF(e)
	return form, upload, err
}

// uploadedPDF reads the "pdf" file of a multipart send, checked by
// decidePDF; nil when the request has none.
func uploadedPDF(e *core.RequestEvent) ([]byte, error) {
	if !strings.HasPrefix(e.Request.Header.Get("Content-Type"), "multipart/form-data") {
		return nil, nil
	}
	files, err := e.FindUploadedFiles("pdf")
	if errors.Is(err, http.ErrMissingFile) {
		return nil, nil
	}
	if err != nil {
		return nil, refusal.Unreadable(err)
	}
	if len(files) != 1 {
		return nil, refuse("pdf", "folio_invalid_pdf", msgInvalidPDF)
	}
	f := files[0]
	if f.Size > migrations.IssuedPDFMaxBytes {
		return nil, refuse("pdf", "folio_invalid_pdf", msgInvalidPDF)
	}
	r, err := f.Reader.Open()
	if err != nil {
		return nil, e.InternalServerError("", err)
	}
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, migrations.IssuedPDFMaxBytes+1))
	if err != nil {
		return nil, e.InternalServerError("", err)
	}
	if rerr := decidePDF(int64(len(data)), data); rerr != nil {
		return nil, rerr.api()
	}
	return data, nil
}

// countSends is how many mails the business, and this document, sent since.
func countSends(app core.App, business, kind, docID string, since time.Time) (businessSends, document int, err error) {
	sinceText, err := types.ParseDateTime(since)
	if err != nil {
		return 0, 0, err
	}
	window := dbx.NewExp("["+migrations.FieldSentAt+"] > {:since}", dbx.Params{"since": sinceText.String()})
	a, err := app.CountRecords(migrations.MailSendsCollection, dbx.HashExp{"business": business}, window)
	if err != nil {
		return 0, 0, err
	}
	d, err := app.CountRecords(migrations.MailSendsCollection, dbx.HashExp{"document": docID, "kind": kind}, window)
	if err != nil {
		return 0, 0, err
	}
	return int(a), int(d), nil
}

// countSend records one mail of the business for the hourly limits.
func countSend(app core.App, business, kind, docID string, at time.Time) (*core.Record, error) {
	col, err := app.FindCachedCollectionByNameOrId(migrations.MailSendsCollection)
	if err != nil {
		return nil, err
	}
	r := core.NewRecord(col)
	r.Set("business", business)
	r.Set("kind", kind)
	r.Set("document", docID)
	r.Set(migrations.FieldSentAt, at)
	if err := app.Save(r); err != nil {
		return nil, err
	}
	return r, nil
}

// readIssuedCopy reads the PDF kept on a document.
func readIssuedCopy(app core.App, rec *core.Record) ([]byte, error) {
	fsys, err := app.NewFilesystem()
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	r, err := fsys.GetReader(rec.BaseFilesPath() + "/" + rec.GetString(migrations.FieldIssuedPDF))
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

// pdfFileName is the attachment's name: the document number ("INV-00001.pdf")
// with anything unusual in a file name replaced.
func pdfFileName(number, noun string) string {
	name := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			return r
		}
		return '_'
	}, number)
	if strings.Trim(name, "_.") == "" {
		name = noun
	}
	return name + ".pdf"
}

// customerNameFor is the display name of the To address: the customer's
// name when the mail goes to the customer's own address.
func customerNameFor(customer *core.Record, to string) string {
	if identity.SameAddress(strings.TrimSpace(customer.GetString("email")), to) {
		return customer.GetString("name")
	}
	return ""
}

// sendDoc is what the mail of a quote or invoice shows.
type sendDoc struct {
	Language        string // the document's language; "" is English
	Noun            string // "invoice" or "quote"
	Number          string
	Seller          string
	CustomerName    string
	IssueDate       string // YYYY-MM-DD
	EndDate         string // due date or expiry date, "" when none
	Currency        string
	Lines           []money.Line
	NetCents        []int64 // per line, after the line discount
	Totals          money.Totals
	DiscountPercent float64
	DeductedCents   int64 // final invoices: what their deposits brought in
	PaidCents       int64 // invoices: what payments already covered
	DueCents        int64 // invoices: the balance; quotes: the total
	Link            string
	LogoURL         string // the business's logo for the HTML body, "" for none
	Subject         string // rendered from the template or as typed
	Message         string // rendered from the template or as typed
	// Payment is how to pay an invoice by transfer, nil for none (a
	// quote, or a business without an IBAN).
	Payment *PaymentInstructions
}

// mailLine is one document line as the mail shows it.
type mailLine struct {
	Description, Quantity, UnitPrice, Discount, Tax, Net string
	// TaxNote is the rate as the plain-text line says it ("tax 20%").
	TaxNote string
}

// mailAmount is one row of the totals.
type mailAmount struct {
	Label, Amount string
	Strong        bool
}

// mailView is what the text and HTML templates fill in.
type mailView struct {
	// Lang is the language of the HTML body, "" for English (which says
	// nothing, as it always did); RTL turns it right to left. Start and End
	// are the sides text starts and ends on ("left"/"right").
	Lang       string
	RTL        bool
	Start, End string
	// The table's column headers.
	Description, Qty, UnitPrice, Tax, Amount string

	Title      string
	Message    string     // the person's message, as plain text
	Paragraphs [][]string // the same, split for HTML: paragraphs of lines
	Dates      []mailAmount
	Lines      []mailLine
	Amounts    []mailAmount
	// PaymentTitle heads Payment: an invoice's bank details (holder, IBAN,
	// BIC, reference) and its amount due, nil when there are none.
	PaymentTitle string
	Payment      []mailAmount
	// Seller and LogoURL head the HTML body like the sheet: the business's
	// name and its logo (an absolute URL of the public logo route of the
	// mail's link, "" for none). Headline is the amount due (an invoice)
	// or the total (a quote), large.
	Seller, LogoURL string
	Headline        *mailAmount
	Link, LinkLabel string
	// LinkInText is false when the message already shows the link, so the
	// plain-text body does not repeat it.
	LinkInText bool
}

// composeSendMail writes the subject and the plain-text and HTML bodies of
// a document mail: the message (rendered from the business's template or
// typed), then the document's summary and its link, in the document's
// language (its labels, and its money and dates as the sheet writes them:
// "€1,234.50", "Dec 27, 2026"), and for an invoice with something to pay
// the business's bank details. Line breaks in the subject become spaces.
func composeSendMail(d sendDoc) (subject, text, html string, err error) {
	noun := d.Noun
	w := wordsFor(d.Language)
	title := w.kind(noun) + " " + d.Number
	subject = strings.Join(strings.Fields(d.Subject), " ")
	fm := func(c int64) string { return w.money(c, d.Currency) }

	message := strings.TrimSpace(strings.ReplaceAll(d.Message, "\r\n", "\n"))
	v := mailView{
		Start: "left", End: "right",
		Description: w.Description, Qty: w.Qty, UnitPrice: w.UnitPrice, Tax: w.Tax, Amount: w.Amount,
		Title:      title,
		Message:    message,
		Paragraphs: paragraphs(message),
		Link:       d.Link,
		LinkLabel:  w.ViewInvoice,
		LinkInText: !strings.Contains(message, d.Link),
		Seller:     d.Seller,
		LogoURL:    d.LogoURL,
	}
	if noun == "quote" {
		v.LinkLabel = w.ViewQuote
	}
	if lang := wordsLanguage(d.Language); lang != migrations.DefaultDocumentLanguage {
		v.Lang = lang
	}
	if w.rtl {
		v.RTL, v.Start, v.End = true, "right", "left"
	}
	issued := w.IssuedInvoice
	if noun == "quote" {
		issued = w.IssuedQuote
	}
	v.Dates = append(v.Dates, mailAmount{Label: issued, Amount: w.date(d.IssueDate)})
	if d.EndDate != "" {
		label := w.Due
		if noun == "quote" {
			label = w.ValidUntil
		}
		v.Dates = append(v.Dates, mailAmount{Label: label, Amount: w.date(d.EndDate)})
	}

	for i, l := range d.Lines {
		qty := w.number(l.Quantity)
		if l.Unit != "" {
			qty += " " + l.Unit
		}
		ml := mailLine{Description: l.Description, Quantity: qty, UnitPrice: fm(l.UnitPriceCents)}
		if l.DiscountPercent != 0 {
			ml.Discount = fillRate(w.LineDiscount, w.percent(l.DiscountPercent))
		}
		if l.TaxRate != 0 {
			ml.Tax = w.percent(l.TaxRate)
			ml.TaxNote = fillRate(w.LineTax, ml.Tax)
		}
		if i < len(d.NetCents) {
			ml.Net = fm(d.NetCents[i])
		}
		v.Lines = append(v.Lines, ml)
	}

	t := d.Totals
	v.Amounts = append(v.Amounts, mailAmount{Label: w.Subtotal, Amount: fm(t.SubtotalCents)})
	if t.DiscountCents != 0 {
		v.Amounts = append(v.Amounts, mailAmount{Label: fillRate(w.Discount, w.percent(d.DiscountPercent)), Amount: fm(-t.DiscountCents)})
	}
	v.Amounts = append(v.Amounts, mailAmount{Label: w.TaxTotal, Amount: fm(t.TaxCents)})
	if noun == "quote" {
		v.Amounts = append(v.Amounts, mailAmount{Label: w.Total, Amount: fm(t.TotalCents), Strong: true})
	} else {
		v.Amounts = append(v.Amounts, mailAmount{Label: w.Total, Amount: fm(t.TotalCents)})
		if d.DeductedCents != 0 {
			v.Amounts = append(v.Amounts, mailAmount{Label: w.Deducted, Amount: fm(-d.DeductedCents)})
		}
		if d.PaidCents != 0 {
			v.Amounts = append(v.Amounts, mailAmount{Label: w.Paid, Amount: fm(-d.PaidCents)})
		}
		v.Amounts = append(v.Amounts, mailAmount{Label: w.TotalDue, Amount: fm(d.DueCents), Strong: true})
	}

	if noun == "quote" {
		v.Headline = &mailAmount{Label: w.Total, Amount: fm(t.TotalCents)}
	} else {
		v.Headline = &mailAmount{Label: w.TotalDue, Amount: fm(d.DueCents)}
	}
	if p := d.Payment; p != nil && noun != "quote" && d.DueCents > 0 {
		v.PaymentTitle = w.PaymentDetails
		v.Payment = []mailAmount{{Label: w.Holder, Amount: p.Holder}, {Label: w.IBAN, Amount: groupIBAN(p.IBAN)}}
		if p.BIC != "" {
			v.Payment = append(v.Payment, mailAmount{Label: w.BIC, Amount: p.BIC})
		}
		v.Payment = append(v.Payment, mailAmount{Label: w.Reference, Amount: p.Reference},
			mailAmount{Label: w.TotalDue, Amount: fm(d.DueCents)})
	}

	var tb, hb bytes.Buffer
	if err := textMail.Execute(&tb, v); err != nil {
		return "", "", "", err
	}
	if err := htmlMail.Execute(&hb, v); err != nil {
		return "", "", "", err
	}
	return subject, tb.String(), hb.String(), nil
}

// textMail is the plain-text body; htmlMail the same in simple HTML, every
// value escaped by html/template.
var textMail = template.Must(template.New("text").Parse(`{{if .Message}}{{.Message}}

{{end}}{{.Title}}
{{range .Dates}}{{.Label}}: {{.Amount}}
{{end}}
{{range .Lines}}- {{.Description}}: {{.Quantity}} × {{.UnitPrice}}{{if .Discount}} {{.Discount}}{{end}}{{if .TaxNote}} ({{.TaxNote}}){{end}} = {{.Net}}
{{end}}
{{range .Amounts}}{{.Label}}: {{.Amount}}
{{end}}{{with .Payment}}
{{$.PaymentTitle}}
{{range .}}{{.Label}}: {{.Amount}}
{{end}}{{end}}{{if .LinkInText}}
{{.LinkLabel}}: {{.Link}}
{{end}}`))

var htmlMail = htmltemplate.Must(htmltemplate.New("html").Parse(`<!DOCTYPE html>
<html{{with .Lang}} lang="{{.}}"{{end}}{{if .RTL}} dir="rtl"{{end}}><body style="margin: 0; padding: 0; background: #f4f4f5">
<div style="max-width: 640px; margin: 0 auto; padding: 24px; background: #ffffff; font-family: sans-serif; color: #222; line-height: 1.4; text-align: {{.Start}}">
<div style="border-bottom: 2px solid #e4e4e7; padding-bottom: 12px; margin-bottom: 16px">{{with .LogoURL}}<img src="{{.}}" alt="{{$.Seller}}" height="48" style="max-height: 48px; max-width: 200px; display: block; margin-bottom: 8px">{{end}}<div style="font-size: 18px; font-weight: bold">{{.Seller}}</div></div>
{{range .Paragraphs}}<p>{{range $i, $line := .}}{{if $i}}<br>{{end}}{{$line}}{{end}}</p>
{{end}}<div style="border: 1px solid #e4e4e7; border-radius: 8px; padding: 16px; margin: 16px 0">
<h2 style="font-size: 18px; margin: 0 0 8px">{{.Title}}</h2>
{{with .Headline}}<div style="font-size: 14px; color: #555">{{.Label}}</div><div style="font-size: 28px; font-weight: bold; margin: 4px 0 8px">{{.Amount}}</div>
{{end}}<p style="margin: 0 0 16px; color: #555">{{range .Dates}}{{.Label}}: {{.Amount}}<br>{{end}}</p>
<a href="{{.Link}}" style="display: inline-block; background: #1d4ed8; color: #ffffff; padding: 12px 20px; border-radius: 6px; text-decoration: none; font-weight: bold">{{.LinkLabel}}</a>
</div>
<table cellpadding="6" style="border-collapse: collapse; width: 100%">
<tr style="text-align: {{.Start}}; border-bottom: 1px solid #ccc"><th>{{.Description}}</th><th>{{.Qty}}</th><th>{{.UnitPrice}}</th><th>{{.Tax}}</th><th style="text-align: {{.End}}">{{.Amount}}</th></tr>
{{$end := .End}}{{range .Lines}}<tr style="border-bottom: 1px solid #eee"><td>{{.Description}}</td><td>{{.Quantity}}</td><td>{{.UnitPrice}}{{if .Discount}} {{.Discount}}{{end}}</td><td>{{.Tax}}</td><td style="text-align: {{$end}}">{{.Net}}</td></tr>
{{end}}</table>
<table cellpadding="4" style="margin-top: 12px; margin-{{.Start}}: auto">
{{range .Amounts}}<tr><td>{{if .Strong}}<strong>{{.Label}}</strong>{{else}}{{.Label}}{{end}}</td><td style="text-align: {{$end}}">{{if .Strong}}<strong>{{.Amount}}</strong>{{else}}{{.Amount}}{{end}}</td></tr>
{{end}}</table>
{{with .Payment}}<div style="border: 1px solid #e4e4e7; border-radius: 8px; padding: 12px 16px; margin-top: 16px">
<h3 style="font-size: 15px; margin: 0 0 4px">{{$.PaymentTitle}}</h3>
<table cellpadding="4">
{{range .}}<tr><td>{{.Label}}</td><td dir="ltr" style="text-align: {{$.Start}}">{{.Amount}}</td></tr>
{{end}}</table>
</div>
{{end}}</div>
</body></html>
`))

// groupIBAN writes an IBAN in groups of four, as the sheet does
// ("DE89 3704 0044 0532 0130 00").
func groupIBAN(iban string) string {
	var b strings.Builder
	for i, r := range strings.ReplaceAll(iban, " ", "") {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// paragraphs splits a plain-text message at blank lines, each paragraph
// into its lines, for the HTML body.
func paragraphs(message string) [][]string {
	var out [][]string
	for _, p := range strings.Split(message, "\n\n") {
		if p = strings.Trim(p, "\n"); strings.TrimSpace(p) != "" {
			out = append(out, strings.Split(p, "\n"))
		}
	}
	return out
}

func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// dayOf is the YYYY-MM-DD part of a stored date, "" when empty.
func dayOf(stored string) string {
	if len(stored) < 10 {
		return ""
	}
	return stored[:10]
}
