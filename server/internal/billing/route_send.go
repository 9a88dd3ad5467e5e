package billing

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	"net/http"
	"net/mail"
	"strconv"
	"strings"
	"text/template"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"folio/server/internal/money"
	"folio/server/migrations"
)

// PathSend is the send route; {collection} is quotes or invoices.
const PathSend = "/api/folio/{collection}/{id}/send"

// SendResponse is the answer of POST /api/folio/{collection}/{id}/send.
type SendResponse struct {
	// Record is the quote or invoice as it now is: sent if it was a draft,
	// unchanged otherwise.
	Record *core.Record `json:"record"`
	// To is the address the mail went to (the customer's email).
	To string `json:"to"`
	// Resent is true when the document had been sent before, so only the
	// mail went out and its status did not change.
	Resent bool `json:"resent"`
}

// sendDocumentRoute emails one of the caller's quotes or invoices to its
// customer, then marks a draft as sent through the normal save (so the
// status machine, timestamps and dashboard sums follow). A document sent
// before is mailed again and keeps its status. Another account's document
// is answered like a missing one.
//
// The draft → sent move is checked before the mail goes out, with the
// status machine's own decision, so a draft that can't be sent (no lines)
// mails nobody. The save comes after the mail: a mail that fails changes
// nothing, and the person can try again.
func (s *service) sendDocumentRoute(e *core.RequestEvent) error {
	var k docKind
	notFound := msgInvoiceNotFound
	switch e.Request.PathValue("collection") {
	case migrations.InvoicesCollection:
		k = invoiceKind
	case migrations.QuotesCollection:
		k, notFound = quoteKind, msgQuoteNotFound
	default:
		return e.NotFoundError("", nil)
	}
	rec, err := e.App.FindRecordById(k.collection, e.Request.PathValue("id"))
	if err != nil || rec.GetString("owner") != e.Auth.Id {
		return e.NotFoundError(notFound, nil)
	}

	status := rec.GetString("status")
	if rerr := decideSend(k.noun, status); rerr != nil {
		return rerr.api()
	}
	customer, err := e.App.FindRecordById(migrations.CustomersCollection, rec.GetString("customer"))
	if err != nil {
		return e.InternalServerError("", err)
	}
	to := strings.TrimSpace(customer.GetString("email"))
	if to == "" {
		return refuse("email", "folio_no_email", msgNoCustomerEmail)
	}

	lines, err := money.ParseLines(rawJSON(rec, "items"))
	if err != nil {
		return inputRefusal(err)
	}
	totals, err := money.ComputeTotals(lines, rec.GetFloat("discount_percent"))
	if err != nil {
		return inputRefusal(err)
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
			return rerr.api()
		}
	}

	doc := sendDoc{
		Noun:         k.noun,
		Number:       rec.GetString("number"),
		Seller:       sellerName(e.Auth),
		CustomerName: firstNonEmpty(customer.GetString("contact_name"), customer.GetString("name")),
		IssueDate:    dayOf(rec.GetString("issue_date")),
		EndDate:      dayOf(rec.GetString(k.endField)),
		Currency:     rec.GetString("currency"),
		Lines:        lines,
		NetCents:     totals.LinesNetCents,
		Totals:       totals,
		DueCents:     totals.TotalCents,
		Link:         strings.TrimRight(e.App.Settings().Meta.AppURL, "/") + "/" + k.collection + "/" + rec.Id,
	}
	doc.DiscountPercent = rec.GetFloat("discount_percent")
	if k.noun == "invoice" && !isDraft {
		doc.PaidCents = int64(rec.GetInt("paid_cents"))
		doc.DueCents = int64(rec.GetInt("balance_cents"))
	}
	subject, text, html, err := composeSendMail(doc)
	if err != nil {
		return e.InternalServerError("", err)
	}

	settings := e.App.Settings()
	msg := &mailer.Message{
		From:    mail.Address{Name: settings.Meta.SenderName, Address: settings.Meta.SenderAddress},
		To:      []mail.Address{{Name: customer.GetString("name"), Address: to}},
		Subject: subject,
		Text:    text,
		HTML:    html,
	}
	if reply := e.Auth.Email(); reply != "" {
		// Answers go to the seller, not to the no-reply sender.
		msg.Headers = map[string]string{"Reply-To": (&mail.Address{Name: doc.Seller, Address: reply}).String()}
	}
	if err := e.App.NewMailClient().Send(msg); err != nil {
		e.App.Logger().Error("send document mail", "collection", k.collection, "id", rec.Id, "error", err)
		return e.InternalServerError(msgMailFailed, nil)
	}

	if isDraft {
		err := e.App.RunInTransaction(func(tx core.App) error {
			rec.Set("status", statusSent)
			return tx.Save(rec)
		})
		if err != nil {
			return saveFailure(e, err, "The "+k.noun+" was emailed but could not be marked sent.")
		}
	}
	return e.JSON(http.StatusOK, SendResponse{Record: rec, To: to, Resent: !isDraft})
}

// sendDoc is what the mail of a quote or invoice shows.
type sendDoc struct {
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
	PaidCents       int64 // invoices: what payments already covered
	DueCents        int64 // invoices: the balance; quotes: the total
	Link            string
}

// mailLine is one document line as the mail shows it.
type mailLine struct {
	Description, Quantity, UnitPrice, Discount, Tax, Net string
}

// mailAmount is one row of the totals.
type mailAmount struct {
	Label, Amount string
	Strong        bool
}

// mailView is what the text and HTML templates fill in.
type mailView struct {
	Title, Greeting, Intro string
	Dates                  []mailAmount
	Lines                  []mailLine
	Amounts                []mailAmount
	Link, LinkLabel        string
	Seller                 string
}

// composeSendMail writes the subject and the plain-text and HTML bodies of
// a document mail. Amounts are money.Format ("1234.50 EUR").
func composeSendMail(d sendDoc) (subject, text, html string, err error) {
	noun := d.Noun
	title := strings.ToUpper(noun[:1]) + noun[1:] + " " + d.Number
	subject = fmt.Sprintf("%s from %s", title, d.Seller)
	fm := func(c int64) string { return money.Format(c, d.Currency) }

	v := mailView{
		Title:     title,
		Greeting:  "Hello",
		Intro:     fmt.Sprintf("%s has sent you %s %s.", d.Seller, noun, d.Number),
		Link:      d.Link,
		LinkLabel: "View the " + noun + " online",
		Seller:    d.Seller,
	}
	if d.CustomerName != "" {
		v.Greeting = "Hello " + d.CustomerName
	}
	v.Dates = append(v.Dates, mailAmount{Label: "Issued", Amount: d.IssueDate})
	if d.EndDate != "" {
		label := "Due"
		if noun == "quote" {
			label = "Valid until"
		}
		v.Dates = append(v.Dates, mailAmount{Label: label, Amount: d.EndDate})
	}

	for i, l := range d.Lines {
		qty := strconv.FormatFloat(l.Quantity, 'f', -1, 64)
		if l.Unit != "" {
			qty += " " + l.Unit
		}
		ml := mailLine{Description: l.Description, Quantity: qty, UnitPrice: fm(l.UnitPriceCents)}
		if l.DiscountPercent != 0 {
			ml.Discount = "less " + percent(l.DiscountPercent)
		}
		if l.TaxRate != 0 {
			ml.Tax = percent(l.TaxRate)
		}
		if i < len(d.NetCents) {
			ml.Net = fm(d.NetCents[i])
		}
		v.Lines = append(v.Lines, ml)
	}

	t := d.Totals
	v.Amounts = append(v.Amounts, mailAmount{Label: "Subtotal", Amount: fm(t.SubtotalCents)})
	if t.DiscountCents != 0 {
		v.Amounts = append(v.Amounts, mailAmount{Label: "Discount " + percent(d.DiscountPercent), Amount: fm(-t.DiscountCents)})
	}
	v.Amounts = append(v.Amounts, mailAmount{Label: "Tax", Amount: fm(t.TaxCents)})
	if noun == "quote" {
		v.Amounts = append(v.Amounts, mailAmount{Label: "Total", Amount: fm(t.TotalCents), Strong: true})
	} else {
		v.Amounts = append(v.Amounts, mailAmount{Label: "Total", Amount: fm(t.TotalCents)})
		if d.PaidCents != 0 {
			v.Amounts = append(v.Amounts, mailAmount{Label: "Paid", Amount: fm(-d.PaidCents)})
		}
		v.Amounts = append(v.Amounts, mailAmount{Label: "Total due", Amount: fm(d.DueCents), Strong: true})
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

// percent writes a rate without trailing zeros: 20 → "20%", 5.5 → "5.5%".
func percent(p float64) string { return strconv.FormatFloat(p, 'f', -1, 64) + "%" }

// textMail is the plain-text body; htmlMail the same in simple HTML, every
// value escaped by html/template.
var textMail = template.Must(template.New("text").Parse(`{{.Greeting}},

{{.Intro}}

{{.Title}}
{{range .Dates}}{{.Label}}: {{.Amount}}
{{end}}
{{range .Lines}}- {{.Description}}: {{.Quantity}} × {{.UnitPrice}}{{if .Discount}} {{.Discount}}{{end}}{{if .Tax}} (tax {{.Tax}}){{end}} = {{.Net}}
{{end}}
{{range .Amounts}}{{.Label}}: {{.Amount}}
{{end}}
{{.LinkLabel}}: {{.Link}}

{{.Seller}}
`))

var htmlMail = htmltemplate.Must(htmltemplate.New("html").Parse(`<!DOCTYPE html>
<html><body style="font-family: sans-serif; color: #222; line-height: 1.4">
<p>{{.Greeting}},</p>
<p>{{.Intro}}</p>
<h2 style="font-size: 18px; margin: 16px 0 8px">{{.Title}}</h2>
<p>{{range .Dates}}{{.Label}}: {{.Amount}}<br>{{end}}</p>
<table cellpadding="6" style="border-collapse: collapse">
<tr style="text-align: left; border-bottom: 1px solid #ccc"><th>Description</th><th>Qty</th><th>Unit price</th><th>Tax</th><th style="text-align: right">Amount</th></tr>
{{range .Lines}}<tr style="border-bottom: 1px solid #eee"><td>{{.Description}}</td><td>{{.Quantity}}</td><td>{{.UnitPrice}}{{if .Discount}} {{.Discount}}{{end}}</td><td>{{.Tax}}</td><td style="text-align: right">{{.Net}}</td></tr>
{{end}}</table>
<table cellpadding="4" style="margin-top: 12px">
{{range .Amounts}}<tr><td>{{if .Strong}}<strong>{{.Label}}</strong>{{else}}{{.Label}}{{end}}</td><td style="text-align: right">{{if .Strong}}<strong>{{.Amount}}</strong>{{else}}{{.Amount}}{{end}}</td></tr>
{{end}}</table>
<p><a href="{{.Link}}">{{.LinkLabel}}</a></p>
<p>{{.Seller}}</p>
</body></html>
`))

// sellerName is how the seller signs: the company name from the settings,
// else the profile's company, else the person's name, else the email.
func sellerName(u *core.Record) string {
	return firstNonEmpty(u.GetString(migrations.FieldCompanyName), u.GetString(migrations.FieldCompany),
		u.GetString("name"), u.Email())
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
