// Package billing enforces Folio's business rules on customers, quotes,
// invoices and payments (research/invoicing.md §2–§3): totals in integer
// cents, per-business numbering, same-business references, the status machines,
// edit locks, payments within the balance, and refusals that protect money
// records from deletion. It also adds the quote → invoice conversion route
// and the route that emails a quote or invoice to its customer, keeps the
// dashboard's per-day sums (hook_ledger_days.go), and serves the
// customer's side: public links to a document (links.go, route_link.go),
// the public routes that show it and take the answer to a quote
// (route_public_*.go) and the documents' activity (document_events).
//
// Two layers, so every rule holds for every writer:
//
//   - Request hooks (REST API, admin UI, batch) drop what a client may not
//     write (numbers, totals, links, timestamps: "server fields") and run
//     the whole request in one transaction.
//   - Record hooks (every app.Save, including Go code such as the demo
//     seeder and the convert route) derive the server fields and refuse
//     what breaks a rule. A payment's hooks update its invoice in the same
//     transaction.
//
// The decisions themselves are pure functions in decide_*.go.
package billing

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/routes"
	"folio/server/migrations"
)

// PathConvertQuote is the conversion route; {id} is the quote.
const PathConvertQuote = "/api/folio/quotes/{id}/convert"

// service holds what the hooks and the route share for one app.
type service struct {
	// now is the clock for "today" (date defaults, expiry) and for the
	// status timestamps; tests fix it.
	now func() time.Time
}

// Bind registers the billing hooks and routes on app: convert, send, new
// link, and the public document routes.
func Bind(app core.App) {
	BindWithClock(app, time.Now)
}

// BindWithClock is Bind with another clock, for tests that build billing
// data around a known "today".
func BindWithClock(app core.App, now func() time.Time) {
	s := &service{now: now}

	customers := migrations.CustomersCollection
	quotes := migrations.QuotesCollection
	invoices := migrations.InvoicesCollection
	payments := migrations.PaymentsCollection
	creditNotes := migrations.CreditNotesCollection
	refunds := migrations.RefundsCollection

	// The business settings are checked on every save of a business (its
	// defaults are the team package's, on create).
	businesses := migrations.BusinessesCollection
	for _, check := range []func(*core.RecordEvent) error{checkBusinessBank, checkBusinessEInvoice, checkBusinessPrefixes} {
		onSave(app, check, businesses)
	}
	bindReminders(app, s.now)

	app.OnRecordCreateRequest(customers, quotes, invoices, payments, creditNotes, refunds).BindFunc(guardCreateRequest)
	app.OnRecordUpdateRequest(customers, quotes, invoices, payments, creditNotes, refunds).BindFunc(guardUpdateRequest)
	app.OnRecordDeleteRequest(customers, quotes, invoices, payments, creditNotes, refunds).BindFunc(guardDeleteRequest)

	app.OnRecordCreate(customers).BindFunc(s.beforeCustomerCreate)
	app.OnRecordUpdate(customers).BindFunc(s.beforeCustomerUpdate)
	app.OnRecordDelete(customers).BindFunc(beforeCustomerDelete)

	app.OnRecordCreate(migrations.ItemsCollection).BindFunc(saveItem)
	app.OnRecordUpdate(migrations.ItemsCollection).BindFunc(saveItem)

	// Expenses and vendors: checked and completed on every save; a request
	// runs in one transaction (the totals and the lines are saved together).
	vendors, expenses := migrations.VendorsCollection, migrations.ExpensesCollection
	app.OnRecordCreateRequest(vendors, expenses).BindFunc(guardCreateRequest)
	app.OnRecordUpdateRequest(vendors, expenses).BindFunc(guardUpdateRequest)
	app.OnRecordDeleteRequest(vendors, expenses).BindFunc(guardDeleteRequest)
	app.OnRecordCreate(vendors).BindFunc(saveVendor)
	app.OnRecordUpdate(vendors).BindFunc(saveVendor)
	app.OnRecordCreate(expenses).BindFunc(saveExpense)
	app.OnRecordUpdate(expenses).BindFunc(saveExpense)
	app.OnRecordCreate(businesses).BindFunc(checkBusinessExpenseCategories)
	app.OnRecordUpdate(businesses).BindFunc(checkBusinessExpenseCategories)

	// Each document and money movement: its rules on every save (create
	// and update alike), and what its delete may do.
	for _, h := range []struct {
		collection     string
		save, onDelete func(*core.RecordEvent) error
	}{
		{quotes, s.saveQuote, beforeQuoteDelete},
		{invoices, s.saveInvoice, beforeInvoiceDelete},
		{payments, s.savePayment, onPaymentDelete},
		{creditNotes, s.saveCreditNote, beforeCreditNoteDelete},
		{refunds, s.saveRefund, onRefundDelete},
	} {
		onSave(app, h.save, h.collection)
		app.OnRecordDelete(h.collection).BindFunc(h.onDelete)
	}

	// The dashboard's per-day sums follow every invoice, payment, credit
	// note and refund write.
	app.OnRecordCreateExecute(invoices, payments, creditNotes, refunds).BindFunc(keepLedgerDays)
	app.OnRecordUpdateExecute(invoices, payments, creditNotes, refunds).BindFunc(keepLedgerDays)
	app.OnRecordDeleteExecute(invoices, payments, creditNotes, refunds).BindFunc(keepLedgerDays)

	// The documents' activity and public links follow their writes.
	app.OnRecordCreateExecute(quotes, invoices).BindFunc(trailDocumentCreate)
	app.OnRecordUpdateExecute(quotes, invoices).BindFunc(s.trailDocumentUpdate)
	app.OnRecordDeleteExecute(quotes, invoices).BindFunc(s.trailDocumentDelete)
	app.OnRecordCreateExecute(payments).BindFunc(trailPaymentCreate)

	// The customer's side: no account, the token is the key.
	public := func(method, path string, h func(*core.RequestEvent) error) routes.Route {
		return routes.Open(method, path, h).Also(publicHeaders())
	}
	routes.Bind(app, "folioBillingRoutes",
		routes.Signed(http.MethodPost, PathConvertQuote, s.convertQuoteRoute),
		routes.Signed(http.MethodPost, PathDeposit, s.depositRoute),
		routes.Signed(http.MethodPost, PathSend, s.sendDocumentRoute),
		routes.Signed(http.MethodPost, PathLink, s.linkRoute),
		routes.Signed(http.MethodGet, PathCustomerBalances, customerBalancesRoute),
		routes.Signed(http.MethodGet, PathExpenseCategories, expenseCategoriesRoute),
		public(http.MethodGet, PathPublicDocument, s.publicDocumentRoute),
		public(http.MethodGet, PathPublicLogo, publicLogoRoute),
		public(http.MethodPost, PathPublicAccept, s.publicAcceptRoute),
		public(http.MethodPost, PathPublicReject, s.publicRejectRoute),
		public(http.MethodPost, PathPublicDownloaded, s.publicDownloadedRoute),
	)
}

// onSave binds save to every create and every update of the collections:
// the rules that run on both.
func onSave(app core.App, save func(*core.RecordEvent) error, collections ...string) {
	app.OnRecordCreate(collections...).BindFunc(save)
	app.OnRecordUpdate(collections...).BindFunc(save)
}

// inTx runs fn with e.App inside a transaction: the caller's one when the
// save is already part of one (API requests, the seeder), else a new one.
// e.App is put back afterwards, because PocketBase fires the after-save
// hooks with it once the save returns.
func inTx(e *core.RecordEvent, fn func() error) error {
	if e.App.IsTransactional() {
		return fn()
	}
	orig := e.App
	defer func() { e.App = orig }()
	return orig.RunInTransaction(func(tx core.App) error {
		e.App = tx
		return fn()
	})
}

// today is the current UTC date at midnight. Dates are date-only values
// stored at 00:00 UTC, so UTC "today" compares with them directly.
func (s *service) today() time.Time {
	return dateOnly(s.now())
}

func dateOnly(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
