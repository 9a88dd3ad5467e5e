// Package bank imports bank statements and matches their entries to the
// business's open invoices (issue 29, part 2).
//
//   - Parsing (camt.go, mt940.go, csv.go) turns a camt.053, MT940 or CSV
//     file into a Statement of entries; statement.go gives each entry its
//     identity within the business (DedupKey), so the same or an
//     overlapping statement imported again adds nothing twice.
//   - Matching (decide_match.go) is a pure rule: the invoice number in the
//     structured reference or the remittance text, the amount against the
//     open balance (after partial payments), the payer's name. It answers
//     certain, suggested (with candidates and reason codes) or unmatched.
//   - The routes (route_import.go, route_decide.go) store the entries
//     (store.go) and record a confirmed match as a payment through the
//     billing hooks, the same rules as a payment typed in, linked to its
//     bank transaction (one payment per transaction: a unique index).
//
// The bank collections are written only here; every member reads them
// through the API (migrations.BankCollections).
package bank

import (
	"net/http"

	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/routes"
	"folio/server/migrations"
)

// The routes of this package; {id} is a bank transaction.
const (
	PathImport  = "/api/folio/bank/import"
	PathConfirm = "/api/folio/bank/transactions/{id}/confirm"
	PathAssign  = "/api/folio/bank/transactions/{id}/assign"
	PathIgnore  = "/api/folio/bank/transactions/{id}/ignore"
	PathRestore = "/api/folio/bank/transactions/{id}/restore"
)

// service holds what the routes share for one app.
type service struct {
	now func() time.Time
}

// Bind registers the bank routes and hooks on app.
func Bind(app core.App) {
	BindWithClock(app, time.Now)
}

// BindWithClock is Bind with another clock (the day decisions are
// stamped with), for tests.
func BindWithClock(app core.App, now func() time.Time) {
	s := &service{now: now}
	payments := migrations.PaymentsCollection
	app.OnRecordCreateRequest(payments).BindFunc(keepBankLinkOnCreate)
	app.OnRecordUpdateRequest(payments).BindFunc(keepBankLinkOnUpdate)
	app.OnRecordDelete(payments).BindFunc(releaseTransaction)

	routes.Bind(app, "folioBankRoutes",
		routes.Signed(http.MethodPost, PathImport, s.importRoute),
		routes.Signed(http.MethodPost, PathConfirm, s.confirmRoute),
		routes.Signed(http.MethodPost, PathAssign, s.assignRoute),
		routes.Signed(http.MethodPost, PathIgnore, s.ignoreRoute),
		routes.Signed(http.MethodPost, PathRestore, s.restoreRoute),
	)
}
