package billing

import (
	"bytes"
	"database/sql"
	"errors"
	"io"
	"net/http"
	"net/mail"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/mailer"
	"github.com/pocketbase/pocketbase/tools/types"

	"folio/server/internal/money"
	"folio/server/internal/schedule"
	"folio/server/internal/team"
	"folio/server/migrations"
)

// Automatic payment reminders. A business that switched them on
// (reminders_enabled) has its open invoices looked at by a scheduled job
// (ReminderJob, every 15 minutes, and at once from the e2e clock route):
// for each one, decideReminder says which step of the schedule is due on
// the business's date (businesses.time_zone), and the reminder is mailed to the
// customer with a fresh public link and the issued PDF when the invoice
// has one.
//
// Exactly once. A reminder is claimed by inserting its (invoice, step) row
// into invoice_reminders, under a unique index, in the same transaction as
// its "reminder" event and its link. Two runners (a restart during a run,
// two servers on one data directory, the cron and the clock route) can
// race: one insert wins, the other fails on the index and sends nothing.
// The mail goes out after the commit; if it fails, the claim, the event
// and the link are removed so that the next run tries again. A process
// killed between the commit and the mail loses that one reminder rather
// than risk sending it twice: the log says it was sent.
//
// Catch-up. After downtime only the latest due step is sent (see
// decideReminder), never a burst of the ones that were missed.
//
// Sending limits. A reminder is a mail of the business like a manual send:
// it is counted in mail_sends with its claim and held to the same hourly
// limits (decideSendAllowed), so a business with many open invoices
// can't mail more than SendsPerAccountHour an hour. A reminder over the
// limit is not claimed: a later run (the next quarter hour) sends it once
// the hour has room. A failed mail gives its count back with its claim.

// ReminderJobID names the reminders job in the cron table and the logs.
const ReminderJobID = "folioPaymentReminders"

// ReminderJob is the scheduled job that mails the payment reminders due.
func ReminderJob() schedule.Job {
	return schedule.Job{ID: ReminderJobID, Cron: "*/15 * * * *", Run: RunReminders}
}

// PathRemindersWeek (?business=<id>) answers how many reminders the
// business sent this week (from Monday 00:00 in its time zone): the dashboard's figure.
const PathRemindersWeek = "/api/folio/reminders/week"

// RemindersWeek is the answer of GET PathRemindersWeek.
type RemindersWeek struct {
	// From is the Monday the week started on (YYYY-MM-DD, business zone).
	From string `json:"from"`
	// Sent counts the reminders mailed since.
	Sent int `json:"sent"`
}

// bindReminders checks the schedule on every save of a business and adds
// the dashboard's route.
func bindReminders(app core.App, now func() time.Time) {
	onSave(app, checkBusinessReminders, migrations.BusinessesCollection)
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "folioReminderRoutes",
		Func: func(se *core.ServeEvent) error {
			se.Router.GET(PathRemindersWeek, func(e *core.RequestEvent) error {
				return remindersWeekRoute(e, now())
			}).Bind(apis.RequireAuth(migrations.UsersCollection))
			return se.Next()
		},
	})
}

// weekStart is the instant the business's week began at now: Monday 00:00
// in its zone, and that Monday's date.
func weekStart(zone string, now time.Time) (time.Time, string) {
	local := now.In(schedule.Zone(zone))
	back := (int(local.Weekday()) + 6) % 7 // days since Monday
	y, m, d := local.AddDate(0, 0, -back).Date()
	start := time.Date(y, m, d, 0, 0, 0, 0, local.Location())
	return start, start.Format(time.DateOnly)
}

// remindersWeekRoute answers RemindersWeek for the business the query's
// "business" names (any member; team.Read).
func remindersWeekRoute(e *core.RequestEvent, now time.Time) error {
	businessID := team.BusinessParam(e)
	if err := team.Require(e, businessID, team.Read); err != nil {
		return err
	}
	business, err := findBusiness(e.App, businessID)
	if err != nil {
		return e.InternalServerError("", err)
	}
	start, from := weekStart(business.GetString(migrations.FieldTimeZone), now)
	since, err := types.ParseDateTime(start.UTC())
	if err != nil {
		return e.InternalServerError("", err)
	}
	var n int
	err = e.App.DB().Select("COUNT(*)").From(migrations.InvoiceRemindersCollection).
		Where(dbx.HashExp{"business": businessID}).
		AndWhere(dbx.NewExp("created >= {:since}", dbx.Params{"since": since.String()})).
		Row(&n)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, RemindersWeek{From: from, Sent: n})
}

// checkBusinessReminders refuses a schedule out of bounds and stores it
// sorted.
func checkBusinessReminders(e *core.RecordEvent) error {
	steps, rerr := decideReminderSteps(RawJSON(e.Record, migrations.FieldReminderSteps))
	if rerr != nil {
		return rerr.api()
	}
	if steps != nil {
		e.Record.Set(migrations.FieldReminderSteps, steps)
	}
	return e.Next()
}

// RunReminders mails every reminder due at now; it goes on past a failure
// and returns the first. A closed business sends none.
func RunReminders(app core.App, now time.Time) error {
	businesses, err := app.FindAllRecords(migrations.BusinessesCollection,
		dbx.HashExp{migrations.FieldRemindersEnabled: true, migrations.FieldClosedAt: ""})
	if err != nil {
		return err
	}
	var first error
	for _, business := range businesses {
		// The business's first owner answers for its reminders: only a
		// verified address mails customers, as in the send route, and the
		// customers' replies go to it.
		owner, err := firstOwner(app, business.Id)
		if err == nil && (owner == nil || !owner.Verified()) {
			continue
		}
		if err == nil {
			err = remindBusiness(app, business, owner.Email(), now)
		}
		if err != nil {
			app.Logger().Error("payment reminders", "business", business.Id, "error", err)
			if first == nil {
				first = err
			}
		}
	}
	return first
}

// remindBusiness mails the reminders due for one business; the customers'
// replies go to replyTo.
func remindBusiness(app core.App, business *core.Record, replyTo string, now time.Time) error {
	steps := reminderSteps(business)
	if len(steps) == 0 {
		return nil
	}
	today := schedule.Today(business.GetString(migrations.FieldTimeZone), now)
	day, _ := time.Parse(time.DateOnly, today)
	// Only invoices whose first step has come: due date ≤ today − first step.
	last := day.AddDate(0, 0, -steps[0]).Format(time.DateOnly) + " 23:59:59.999Z"
	invoices, err := app.FindAllRecords(migrations.InvoicesCollection,
		dbx.HashExp{"business": business.Id, "status": []any{statusSent, statusViewed, statusPartial}},
		dbx.NewExp("due_date != '' AND due_date <= {:last}", dbx.Params{"last": last}),
	)
	if err != nil {
		return err
	}
	var first error
	for _, inv := range invoices {
		if err := remindInvoice(app, business, replyTo, inv.Id, steps, today, now); err != nil {
			app.Logger().Error("payment reminder", "invoice", inv.Id, "error", err)
			if first == nil {
				first = err
			}
		}
	}
	return first
}

// errNoReminder ends the claim's transaction when nothing is due after all.
var errNoReminder = errors.New("no reminder due")

// errReminderLater ends the claim's transaction when the reminder is due
// but the business reached its hourly sending limit: a later run sends it.
var errReminderLater = errors.New("the sending limit is reached: the reminder waits")

// remindInvoice claims and mails the reminder due today for one invoice,
// if any (see the package comment above for exactly once).
func remindInvoice(app core.App, business *core.Record, replyTo, invoiceID string, steps []int, today string, now time.Time) error {
	var claimed *preparedReminder
	claim := func() error {
		return app.RunInTransaction(func(tx core.App) error {
			var err error
			claimed, err = claimReminder(tx, business, replyTo, invoiceID, steps, today, now)
			return err
		})
	}
	err := claim()
	// Another server on the same data directory wrote since this
	// transaction read: read again (its claim may be the one we wanted).
	for try := 0; try < 3 && err != nil && isBusy(err); try++ {
		err = claim()
	}
	switch {
	case errors.Is(err, errNoReminder):
		return nil
	case errors.Is(err, errReminderLater):
		app.Logger().Info("payment reminder waits for the sending limit", "invoice", invoiceID)
		return nil
	case err != nil && isUniqueViolation(err):
		// Another runner claimed this step first: it sends it.
		return nil
	case err != nil:
		return err
	}
	if err := app.NewMailClient().Send(claimed.msg); err != nil {
		for _, r := range []*core.Record{claimed.claim, claimed.event, claimed.link, claimed.counted} {
			if derr := app.Delete(r); derr != nil {
				app.Logger().Error("undo a reminder whose mail failed", "id", r.Id, "error", derr)
			}
		}
		return err
	}
	return nil
}

// isUniqueViolation reports whether err is SQLite's refusal of a second
// row under a unique index (directly or as PocketBase's validation error).
func isUniqueViolation(err error) bool {
	var fields validation.Errors
	if errors.As(err, &fields) {
		for _, fe := range fields {
			var ve validation.Error
			if errors.As(fe, &ve) && ve.Code() == "validation_not_unique" {
				return true
			}
		}
	}
	return strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// isBusy reports whether err is SQLite's "database is locked": another
// connection (a second server on the same data directory) was writing.
func isBusy(err error) bool {
	return strings.Contains(err.Error(), "database is locked")
}

// preparedReminder is what a claim committed and the mail to send.
type preparedReminder struct {
	claim, event, link, counted *core.Record
	msg                         *mailer.Message
}

// claimReminder reads the invoice again in tx, decides the step due and
// saves its claim, link, event and count against the sending limits;
// errNoReminder when none is due, errReminderLater when the limits leave
// no room now.
func claimReminder(tx core.App, business *core.Record, replyTo, invoiceID string, steps []int, today string,
	now time.Time) (*preparedReminder, error) {
	inv, err := tx.FindRecordById(migrations.InvoicesCollection, invoiceID)
	if err != nil || inv.GetString("business") != business.Id {
		return nil, errNoReminder
	}
	customer, err := tx.FindRecordById(migrations.CustomersCollection, inv.GetString("customer"))
	if err != nil {
		return nil, errNoReminder
	}
	to := strings.TrimSpace(customer.GetString("email"))
	if _, err := mail.ParseAddress(to); err != nil {
		return nil, errNoReminder
	}
	var sent []int
	err = tx.DB().Select("step").From(migrations.InvoiceRemindersCollection).
		Where(dbx.HashExp{"invoice": inv.Id}).Column(&sent)
	if err != nil {
		return nil, err
	}
	lastMail, err := lastMailOf(tx, inv)
	if err != nil {
		return nil, err
	}
	sentDay := ""
	if at := inv.GetDateTime("sent_at"); !at.IsZero() {
		sentDay = schedule.Today(business.GetString(migrations.FieldTimeZone), at.Time())
	}
	step, ok := decideReminder(steps, reminderInvoice{
		status:       inv.GetString("status"),
		balanceCents: invoiceBalanceDue(inv),
		issueDate:    dayOf(inv.GetString("issue_date")),
		dueDate:      dayOf(inv.GetString("due_date")),
		optedOut:     customer.GetBool(migrations.FieldRemindersOptOut),
		sentDay:      sentDay,
		lastMail:     lastMail,
	}, today, now, sent)
	if !ok {
		return nil, errNoReminder
	}
	// Writes are serialised, so runners racing each see the sends the
	// others committed, as concurrent manual sends do.
	businessSends, documentSends, err := countSends(tx, business.Id, invoiceKind.noun, inv.Id, now.Add(-sendWindow))
	if err != nil {
		return nil, err
	}
	if decideSendAllowed(true, invoiceKind.noun, businessSends, documentSends) != nil {
		return nil, errReminderLater
	}

	col, err := tx.FindCachedCollectionByNameOrId(migrations.InvoiceRemindersCollection)
	if err != nil {
		return nil, err
	}
	claim := core.NewRecord(col)
	claim.Set("business", business.Id)
	claim.Set("invoice", inv.Id)
	claim.Set("step", step)
	claim.Set("day", today)
	claim.Set("to", to)
	if err := tx.SaveNoValidate(claim); err != nil {
		return nil, err
	}
	counted, err := countSend(tx, business.Id, invoiceKind.noun, inv.Id, now)
	if err != nil {
		return nil, err
	}
	token, link, err := createLink(tx, business.Id, invoiceKind.noun, inv.Id)
	if err != nil {
		return nil, err
	}
	event, err := newEvent(tx, business.Id, nil, invoiceKind.noun, inv.Id, migrations.EventReminder,
		map[string]any{"to": to, "step": step})
	if err != nil {
		return nil, err
	}
	url := publicURL(decideLinkBase(tx.Settings().Meta.AppURL, ""), token)
	msg, err := reminderMail(tx, business, replyTo, customer, inv, to, url)
	if err != nil {
		return nil, err
	}
	return &preparedReminder{claim: claim, event: event, link: link, counted: counted, msg: msg}, nil
}

// lastMailOf is the latest instant a mail of the invoice went out: its
// sent_at stamp or the newest of its counted mails (a re-send, a reminder),
// whichever is later; zero when none is known.
func lastMailOf(app core.App, inv *core.Record) (time.Time, error) {
	last := inv.GetDateTime("sent_at").Time()
	var newest sql.NullString
	err := app.DB().Select("MAX([" + migrations.FieldSentAt + "])").From(migrations.MailSendsCollection).
		Where(dbx.HashExp{"document": inv.Id, "kind": invoiceKind.noun}).Row(&newest)
	if err != nil {
		return time.Time{}, err
	}
	if newest.String != "" {
		dt, err := types.ParseDateTime(newest.String)
		if err != nil {
			return time.Time{}, err
		}
		if dt.Time().After(last) {
			last = dt.Time()
		}
	}
	return last, nil
}

// reminderMail writes the reminder of an invoice in its language: the
// reminder templates rendered like the send templates, then the invoice's
// summary with its balance and link; the issued PDF attached if it has one.
func reminderMail(app core.App, business *core.Record, replyTo string, customer, inv *core.Record, to, url string) (*mailer.Message, error) {
	lines, err := money.ParseLines(RawJSON(inv, "items"))
	if err != nil {
		return nil, err
	}
	totals, err := money.ComputeTotals(lines, inv.GetFloat("discount_percent"))
	if err != nil {
		return nil, err
	}
	lang := documentLanguage(business, customer)
	doc := sendDoc{
		Language:        lang,
		Noun:            invoiceKind.noun,
		Number:          inv.GetString("number"),
		Seller:          firstNonEmpty(sellerName(app, business), replyTo),
		CustomerName:    firstNonEmpty(customer.GetString("contact_name"), customer.GetString("name")),
		IssueDate:       dayOf(inv.GetString("issue_date")),
		EndDate:         dayOf(inv.GetString("due_date")),
		Currency:        inv.GetString("currency"),
		Lines:           lines,
		NetCents:        totals.LinesNetCents,
		Totals:          totals,
		DiscountPercent: inv.GetFloat("discount_percent"),
		PaidCents:       int64(inv.GetInt("paid_cents")),
		DueCents:        invoiceBalanceDue(inv),
		Link:            url,
	}
	doc.Payment = paymentInstructions(business, doc.Seller, doc.Number)
	if business.GetString(migrations.FieldLogo) != "" {
		doc.LogoURL = publicLogoURL(doc.Link)
	}
	words := reminderWordsFor(lang)
	values := mailTemplateValues(wordsFor(lang), doc.Noun, doc.Number, doc.Seller, doc.CustomerName, doc.DueCents,
		doc.Currency, doc.EndDate, url)
	doc.Subject = renderTemplate(decideSendTemplate("", business.GetString(migrations.FieldReminderSubjectTemplate),
		words.Subject, builtInReminderSubjects), values)
	doc.Message = renderTemplate(decideSendTemplate("", business.GetString(migrations.FieldReminderMessageTemplate),
		words.Message, builtInReminderMessages), values)
	subject, text, html, err := composeSendMail(doc)
	if err != nil {
		return nil, err
	}
	settings := app.Settings()
	msg := &mailer.Message{
		From:    mail.Address{Name: settings.Meta.SenderName, Address: settings.Meta.SenderAddress},
		To:      []mail.Address{{Name: customerNameFor(customer, to), Address: to}},
		Subject: subject,
		Text:    text,
		HTML:    html,
	}
	if reply := replyTo; reply != "" {
		msg.Headers = map[string]string{"Reply-To": (&mail.Address{Name: doc.Seller, Address: reply}).String()}
	}
	if inv.GetString(migrations.FieldIssuedPDF) != "" {
		pdf, err := readIssuedCopy(app, inv)
		if err != nil {
			return nil, err
		}
		name := pdfFileName(doc.Number, doc.Noun)
		msg.Attachments = map[string]io.Reader{name: bytes.NewReader(pdf)}
	}
	return msg, nil
}
