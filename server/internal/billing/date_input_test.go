package billing

import (
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"
)

// Dates a client sends are refused when they are not real calendar days or
// fall outside 1970..2199; they never silently become today. Within those,
// each kind of date has its window around today (testapp.FixedNow,
// 2026-03-15; decideDateWindow).
func TestDateInputRefused(t *testing.T) {
	invalid := func(field string) []string {
		return []string{msg(msgInvalidDate), `"` + field + `":{"code":"folio_invalid_date"`}
	}
	outOfRange := func(field string) []string {
		return []string{msg(msgDateOutOfRange), `"` + field + `":{"code":"folio_date_out_of_range"`}
	}
	newInvoice := func(extra map[string]any) map[string]any {
		m := map[string]any{"business": alice, "customer": custAcme, "items": oneLine}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	unchangedPayment := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if got := get(t, app, "payments", payPartial).GetDateTime("date").Time().Format(time.DateOnly); got != "2026-03-10" {
			t.Errorf("payment date = %s, want 2026-03-10", got)
		}
	}
	runAPICases(t, []apiCase{
		{name: "invoice issue date with month 13", as: alice, method: http.MethodPost, url: invoicesURL,
			body: newInvoice(map[string]any{"issue_date": "2026-13-45"}), status: 400, contains: invalid("issue_date")},
		{name: "invoice issue date not a date", as: alice, method: http.MethodPost, url: invoicesURL,
			body: newInvoice(map[string]any{"issue_date": "not-a-date"}), status: 400, contains: invalid("issue_date")},
		{name: "invoice due date 30 February", as: alice, method: http.MethodPost, url: invoicesURL,
			body: newInvoice(map[string]any{"due_date": "2026-02-30"}), status: 400, contains: invalid("due_date")},
		{name: "invoice issue date in year 9999", as: alice, method: http.MethodPost, url: invoicesURL,
			body: newInvoice(map[string]any{"issue_date": "9999-12-31"}), status: 400, contains: outOfRange("issue_date")},
		{name: "invoice issue date before 1970", as: alice, method: http.MethodPost, url: invoicesURL,
			body: newInvoice(map[string]any{"issue_date": "1969-12-31"}), status: 400, contains: outOfRange("issue_date")},
		{name: "derived due date after 2199", as: alice, method: http.MethodPost, url: invoicesURL,
			body: newInvoice(map[string]any{"issue_date": "2199-12-31"}), status: 400, contains: outOfRange("due_date")},
		{name: "issued in 2199: readable, but beyond a year from today", as: alice, method: http.MethodPost, url: invoicesURL,
			body: newInvoice(map[string]any{"issue_date": "2199-12-01", "due_date": "2199-12-31"}), status: 400,
			contains: []string{msg(msgIssueDateWindow), `"issue_date":{"code":"folio_issue_date_window"`}},
		{name: "draft invoice due date edited to nonsense", as: alice, method: http.MethodPatch, url: invoicesURL + "/" + invDraft,
			body: map[string]any{"due_date": "not-a-date"}, status: 400, contains: invalid("due_date")},
		{name: "quote expiry date invalid", as: alice, method: http.MethodPatch, url: quotesURL + "/" + quoDraft,
			body: map[string]any{"expiry_date": "2026-02-30"}, status: 400, contains: invalid("expiry_date")},
		{name: "quote issue date invalid", as: alice, method: http.MethodPost, url: quotesURL,
			body: map[string]any{"business": alice, "customer": custAcme, "issue_date": "2026-13-45"}, status: 400, contains: invalid("issue_date")},
		{name: "quote expiry date out of range", as: alice, method: http.MethodPatch, url: quotesURL + "/" + quoDraft,
			body: map[string]any{"expiry_date": "2200-01-01"}, status: 400, contains: outOfRange("expiry_date")},
		{name: "quote expiry date may be emptied", as: alice, method: http.MethodPatch, url: quotesURL + "/" + quoDraft,
			body: map[string]any{"expiry_date": ""}, status: 200, contains: []string{`"expiry_date":""`}},
		{name: "new payment dated nonsense", as: alice, method: http.MethodPost, url: paymentsURL,
			body: map[string]any{"business": alice, "invoice": invSent, "amount_cents": 100, "date": "not-a-date"}, status: 400, contains: invalid("date")},
		{name: "payment date moved to 30 February", as: alice, method: http.MethodPatch, url: paymentsURL + "/" + payPartial,
			body: map[string]any{"date": "2026-02-30"}, status: 400, contains: invalid("date"), after: unchangedPayment},
		{name: "payment date in year 9999", as: alice, method: http.MethodPatch, url: paymentsURL + "/" + payPartial,
			body: map[string]any{"date": "9999-12-31"}, status: 400, contains: outOfRange("date"), after: unchangedPayment},
		{name: "payment dated yesterday stays yesterday", as: alice, method: http.MethodPost, url: paymentsURL,
			body: map[string]any{"business": alice, "invoice": invSent, "amount_cents": 100, "date": "2026-03-14"}, status: 200,
			contains: []string{`"date":"2026-03-14 00:00:00.000Z"`}},

		{name: "an invoice issued a year ahead, due five years ahead", as: alice, method: http.MethodPost, url: invoicesURL,
			body: newInvoice(map[string]any{"issue_date": "2027-03-15", "due_date": "2031-03-15"}), status: 200,
			contains: []string{`"issue_date":"2027-03-15 00:00:00.000Z"`, `"due_date":"2031-03-15 00:00:00.000Z"`}},
		{name: "an invoice issued a year and a day ahead", as: alice, method: http.MethodPost, url: invoicesURL,
			body: newInvoice(map[string]any{"issue_date": "2027-03-16"}), status: 400, contains: []string{`"issue_date":{"code":"folio_issue_date_window"`}},
		{name: "an invoice issued in 1999", as: alice, method: http.MethodPost, url: invoicesURL,
			body: newInvoice(map[string]any{"issue_date": "1999-12-31"}), status: 400, contains: []string{`"issue_date":{"code":"folio_issue_date_window"`}},
		{name: "a due date more than five years ahead", as: alice, method: http.MethodPatch, url: invoicesURL + "/" + invDraft,
			body: map[string]any{"due_date": "2031-03-16"}, status: 400, contains: []string{msg(msgDueDateWindow), `"due_date":{"code":"folio_due_date_window"`}},
		{name: "a quote valid until 2199", as: alice, method: http.MethodPatch, url: quotesURL + "/" + quoDraft,
			body: map[string]any{"expiry_date": "2199-01-01"}, status: 400, contains: []string{`"expiry_date":{"code":"folio_due_date_window"`}},
		{name: "a credit note dated 2199", as: alice, method: http.MethodPost, url: creditNotesURL,
			body:   map[string]any{"business": alice, "invoice": invPaid, "items": creditLine, "issue_date": "2199-12-31"},
			status: 400, contains: []string{msg(msgDateInFuture), `"issue_date":{"code":"folio_date_in_future"`},
			after: expectRecord("invoices", invPaid, map[string]any{"credited_cents": 0, "paid_at": "2026-03-12 00:00:00.000Z"})},
		{name: "a credit note dated tomorrow (a time zone ahead of UTC)", as: alice, method: http.MethodPost, url: creditNotesURL,
			body: map[string]any{"business": alice, "invoice": invPaid, "items": creditLine, "issue_date": "2026-03-16"}, status: 200},
		{name: "a credit note dated the day after tomorrow", as: alice, method: http.MethodPost, url: creditNotesURL,
			body: map[string]any{"business": alice, "invoice": invPaid, "items": creditLine, "issue_date": "2026-03-17"}, status: 400,
			contains: []string{`"issue_date":{"code":"folio_date_in_future"`}},
		{name: "a payment dated next month", as: alice, method: http.MethodPost, url: paymentsURL,
			body:   map[string]any{"business": alice, "invoice": invSent, "amount_cents": 100, "date": "2026-04-15"},
			status: 400, contains: []string{`"date":{"code":"folio_date_in_future"`}},
		{name: "a payment's date moved to next year", as: alice, method: http.MethodPatch, url: paymentsURL + "/" + payPartial,
			body: map[string]any{"date": "2027-01-01"}, status: 400, contains: []string{`"date":{"code":"folio_date_in_future"`}, after: unchangedPayment},
		{name: "a refund dated next week", as: alice, method: http.MethodPost, url: refundsURL, before: withCredit(invPaid),
			body:   map[string]any{"business": alice, "credit_note": cnAlice, "amount_cents": 100, "date": "2026-03-22", "method": "cash"},
			status: 400, contains: []string{`"date":{"code":"folio_date_in_future"`}},
		{name: "a payment dated before the window, already stored, keeps it when its reference changes", as: alice, method: http.MethodPatch,
			url: paymentsURL + "/" + payPartial, before: storedPaymentDate(payPartial, "1999-06-30"),
			body: map[string]any{"reference": "R-7"}, status: 200, contains: []string{`"reference":"R-7"`, `"date":"1999-06-30 00:00:00.000Z"`}},
	})
}

// storedPaymentDate dates a payment of alice's past the hooks, as data
// from before the date windows may be (the dashboard's days follow).
func storedPaymentDate(id, day string) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		t.Helper()
		if _, err := app.DB().Update("payments", dbx.Params{"date": day + " 00:00:00.000Z"}, dbx.HashExp{"id": id}).Execute(); err != nil {
			t.Fatal(err)
		}
		if err := RebuildLedgerDays(app.DB(), alice); err != nil {
			t.Fatal(err)
		}
	}
}
