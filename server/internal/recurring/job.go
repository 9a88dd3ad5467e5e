package recurring

import (
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/billing"
	"folio/server/internal/refusal"
	"folio/server/internal/schedule"
	"folio/server/migrations"
)

// errDone: the period was made (or is being made) by another pass.
var errDone = errors.New("the period was already made")

// errNotDue: the template changed since the pass read it (paused, edited).
var errNotDue = errors.New("the period is no longer due")

// afterInvoice runs between the invoice's insert and the run's log, in
// their transaction; tests use it to crash or fail there.
var afterInvoice func(tx core.App) error

// RunDue makes every run due at now, then mails the runs made to be sent.
// It is safe to run at any time, any number of times, by any number of
// servers on one data directory.
func RunDue(app core.App, now time.Time) error {
	// Zones are at most 14 hours ahead of UTC: no template due anywhere
	// has its next date after tomorrow in UTC.
	horizon := now.UTC().Add(15 * time.Hour).Format(time.DateOnly)
	tpls, err := app.FindRecordsByFilter(migrations.RecurringCollection,
		"paused = false && next_date != '' && next_date <= {:h}", "next_date", 0, 0, dbx.Params{"h": horizon})
	if err != nil {
		return err
	}
	var first error
	for _, tpl := range tpls {
		if err := runTemplate(app, tpl.Id, now); err != nil && first == nil {
			first = err
		}
	}
	if err := sendMade(app, now); err != nil && first == nil {
		first = err
	}
	return first
}

// runTemplate makes a template's due runs, oldest first, and stops at the
// first that fails (a later period is never made before an earlier one).
func runTemplate(app core.App, id string, now time.Time) error {
	for range maxCatchUp {
		tpl, err := app.FindRecordById(migrations.RecurringCollection, id)
		if err != nil {
			return nil // deleted meanwhile
		}
		if tpl.GetBool("paused") {
			return nil
		}
		due := dueFor(app, tpl, now)
		if len(due) == 0 {
			return nil
		}
		period := dayText(due[0])
		err = makeRun(app, id, period, now)
		switch {
		case err == nil, errors.Is(err, errDone):
			continue
		case errors.Is(err, errNotDue):
			return nil
		case isBusy(err):
			return err // the database is busy: the next pass tries again
		default:
			code, message := reasonOf(err)
			app.Logger().Warn("recurring invoice run failed", "template", id, "period", period, "code", code, "error", err)
			if ferr := recordFailure(app, tpl, period, code, message); ferr != nil {
				return ferr
			}
			return nil
		}
	}
	return nil
}

// dueFor is the dates tpl is due on at now, in its business's zone. A
// closed business's templates are due on no date: a closed business is
// read-only, for its members and for Folio.
func dueFor(app core.App, tpl *core.Record, now time.Time) []time.Time {
	zone := ""
	if b, err := app.FindRecordById(migrations.BusinessesCollection, tpl.GetString(migrations.FieldBusiness)); err == nil {
		if !b.GetDateTime(migrations.FieldClosedAt).IsZero() {
			return nil
		}
		zone = b.GetString(migrations.FieldTimeZone)
	}
	return Due(ruleOf(tpl), stateOf(tpl), dayOf(schedule.Today(zone, now)))
}

// makeRun makes the run of one period in one transaction: the run's row
// first (its unique index is the lock on the period), then the invoice,
// then the row's result and the template's progress. Nothing of it is
// kept if any step fails or the process dies before the commit.
func makeRun(app core.App, tplID, period string, now time.Time) error {
	return app.RunInTransaction(func(tx core.App) error {
		// A write first: this transaction takes the write lock now, so
		// what it reads next is what other servers committed.
		res, err := tx.DB().NewQuery("UPDATE " + migrations.RecurringRunsCollection +
			" SET status = 'making', error = '', error_code = '' WHERE template = {:t} AND period = {:p} AND status = 'failed'").
			Bind(dbx.Params{"t": tplID, "p": period}).Execute()
		if err != nil {
			return err
		}
		var run *core.Record
		if n, _ := res.RowsAffected(); n == 1 {
			if run, err = findRun(tx, tplID, period); err != nil {
				return err
			}
		} else {
			if _, err := findRun(tx, tplID, period); err == nil {
				return errDone
			} else if !errors.Is(err, sql.ErrNoRows) {
				return err
			}
			col, err := tx.FindCachedCollectionByNameOrId(migrations.RecurringRunsCollection)
			if err != nil {
				return err
			}
			run = core.NewRecord(col)
			run.Set("template", tplID)
			run.Set("period", period)
			run.Set("status", "making")
		}

		tpl, err := tx.FindRecordById(migrations.RecurringCollection, tplID)
		if err != nil {
			return errNotDue
		}
		due := dueFor(tx, tpl, now)
		if tpl.GetBool("paused") || len(due) == 0 || dayText(due[0]) != period {
			return errNotDue
		}
		run.Set(migrations.FieldBusiness, tpl.GetString(migrations.FieldBusiness))
		if run.IsNew() {
			if err := tx.Save(run); err != nil {
				if isUnique(err) {
					return errDone
				}
				return err
			}
		}

		inv, err := newInvoice(tx, tpl, due[0])
		if err != nil {
			return err
		}
		if err := tx.Save(inv); err != nil {
			return err
		}
		if afterInvoice != nil {
			if err := afterInvoice(tx); err != nil {
				return err
			}
		}
		status := "made"
		if tpl.GetString("action") == "send" {
			status = "to_send"
		}
		run.Set("invoice", inv.Id)
		run.Set("status", status)
		run.Set("error_code", "")
		run.Set("error", "")
		if err := tx.Save(run); err != nil {
			return err
		}
		tpl.Set("last_period", period)
		tpl.Set("made_count", tpl.GetInt("made_count")+1)
		tpl.Set("last_error_code", "")
		tpl.Set("last_error", "")
		return tx.Save(tpl)
	})
}

func findRun(app core.App, tplID, period string) (*core.Record, error) {
	return app.FindFirstRecordByFilter(migrations.RecurringRunsCollection,
		"template = {:t} && period = {:p}", dbx.Params{"t": tplID, "p": period})
}

// newInvoice is the draft a run makes: the template's customer, lines and
// notes, issued on the period's date, due after the template's terms.
func newInvoice(app core.App, tpl *core.Record, period time.Time) (*core.Record, error) {
	col, err := app.FindCachedCollectionByNameOrId(migrations.InvoicesCollection)
	if err != nil {
		return nil, err
	}
	inv := core.NewRecord(col)
	inv.Set(migrations.FieldBusiness, tpl.GetString(migrations.FieldBusiness))
	inv.Set("customer", tpl.GetString("customer"))
	inv.Set("status", "draft")
	inv.Set("issue_date", period)
	inv.Set("due_date", period.AddDate(0, 0, tpl.GetInt("payment_terms_days")))
	inv.Set("items", billing.RawJSON(tpl, "items"))
	inv.Set("discount_percent", tpl.GetFloat("discount_percent"))
	inv.Set("notes", tpl.GetString("notes"))
	inv.Set("terms", tpl.GetString("terms"))
	return inv, nil
}

// recordFailure logs a failed run on its row and on the template; the run
// is tried again on the next pass.
func recordFailure(app core.App, tpl *core.Record, period, code, message string) error {
	return app.RunInTransaction(func(tx core.App) error {
		res, err := tx.DB().NewQuery("UPDATE " + migrations.RecurringRunsCollection +
			" SET error_code = {:c}, error = {:m} WHERE template = {:t} AND period = {:p} AND status = 'failed'").
			Bind(dbx.Params{"c": code, "m": message, "t": tpl.Id, "p": period}).Execute()
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			if _, err := findRun(tx, tpl.Id, period); err == nil {
				return nil // made meanwhile by another pass
			}
			col, err := tx.FindCachedCollectionByNameOrId(migrations.RecurringRunsCollection)
			if err != nil {
				return err
			}
			run := core.NewRecord(col)
			run.Set(migrations.FieldBusiness, tpl.GetString(migrations.FieldBusiness))
			run.Set("template", tpl.Id)
			run.Set("period", period)
			run.Set("status", "failed")
			run.Set("error_code", code)
			run.Set("error", message)
			if err := tx.Save(run); err != nil {
				return err
			}
		}
		return setTemplateError(tx, tpl.Id, code, message)
	})
}

// setTemplateError shows a run's failure on its template (a plain update:
// the template's own checks are not the point here).
func setTemplateError(app core.App, id, code, message string) error {
	_, err := app.DB().Update(migrations.RecurringCollection,
		dbx.Params{"last_error_code": code, "last_error": message}, dbx.HashExp{"id": id}).Execute()
	return err
}

// sendMade mails the invoices made to be sent. Each run is claimed by a
// conditional update first, so its mail goes at most once even with two
// servers; a mail that fails is logged on the run and the template (the
// invoice can be sent again from its page). A run over the business's
// hourly sending limits (shared with manual sends and reminders) waits
// for a later pass.
func sendMade(app core.App, now time.Time) error {
	runs, err := app.FindRecordsByFilter(migrations.RecurringRunsCollection, "status = 'to_send'", "period", 200, 0)
	if err != nil {
		return err
	}
	for _, run := range runs {
		res, err := app.DB().NewQuery("UPDATE " + migrations.RecurringRunsCollection +
			" SET status = 'sending' WHERE id = {:id} AND status = 'to_send'").Bind(dbx.Params{"id": run.Id}).Execute()
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			continue
		}
		status, code, message := "sent", "", ""
		serr := billing.SendInvoiceAsServer(app, func() time.Time { return now }, run.GetString("invoice"))
		if serr != nil && (isBusy(serr) || errors.Is(serr, billing.ErrSendLimit)) {
			// Nothing was mailed (the invoice could not be marked sent, or the
			// business reached its hourly sending limit): the next pass tries
			// again, as for a busy database anywhere else in the job.
			if _, err := app.DB().NewQuery("UPDATE " + migrations.RecurringRunsCollection +
				" SET status = 'to_send' WHERE id = {:id} AND status = 'sending'").Bind(dbx.Params{"id": run.Id}).Execute(); err != nil {
				return err
			}
			continue
		}
		if serr != nil {
			status = "mail_failed"
			code, message = reasonOf(serr)
			if errors.Is(serr, billing.ErrMailFailed) {
				code, message = "folio_recurring_mail_failed", msgMailFailed
			}
			app.Logger().Warn("recurring invoice mail failed", "run", run.Id, "error", serr)
			if err := setTemplateError(app, run.GetString("template"), code, message); err != nil {
				return err
			}
		}
		if _, err := app.DB().Update(migrations.RecurringRunsCollection,
			dbx.Params{"status": status, "error_code": code, "error": message}, dbx.HashExp{"id": run.Id}).Execute(); err != nil {
			return err
		}
	}
	return nil
}

// reasonOf is the code and sentence of a refusal from the billing hooks
// or routes; any other error is "the invoice could not be made".
func reasonOf(err error) (code, message string) {
	var coded interface {
		Code() string
		Error() string
	}
	if errors.As(err, &coded) && strings.HasPrefix(coded.Code(), "folio_") {
		return coded.Code(), coded.Error()
	}
	var apiErr *router.ApiError
	if errors.As(err, &apiErr) {
		// The refusal about no field first, then any field's.
		keys := []string{refusal.Key}
		for k := range apiErr.Data {
			keys = append(keys, k)
		}
		for _, k := range keys {
			if v, ok := apiErr.Data[k].(map[string]any); ok {
				c, _ := v["code"].(string)
				m, _ := v["message"].(string)
				if strings.HasPrefix(c, "folio_") {
					return c, m
				}
			}
		}
	}
	return "folio_recurring_run_failed", msgRunFailed
}

func isUnique(err error) bool {
	return strings.Contains(err.Error(), "UNIQUE constraint failed")
}

func isBusy(err error) bool {
	s := err.Error()
	return strings.Contains(s, "database is locked") || strings.Contains(s, "SQLITE_BUSY")
}
