package billing

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/money"
	"folio/server/internal/team"
	"folio/server/migrations"
)

// ConvertResponse is the answer of POST /api/folio/quotes/{id}/convert:
// both records as they now are, so the web app can update both caches.
type ConvertResponse struct {
	// Quote is the quote, now converted and linked to Invoice.
	Quote *core.Record `json:"quote"`
	// Invoice is the new draft invoice, linked back to Quote.
	Invoice *core.Record `json:"invoice"`
}

// convertQuoteRoute converts a quote of the caller's business (owners,
// admins and members; team.Write). A quote of a business the caller is
// not a member of is answered like a missing one, so ids reveal nothing;
// the new invoice's "created" event names the caller.
func (s *service) convertQuoteRoute(e *core.RequestEvent) error {
	id := e.Request.PathValue("id")
	missing := notFound("folio_quote_not_found", msgQuoteNotFound, nil)
	q, err := e.App.FindRecordById(migrations.QuotesCollection, id)
	if err != nil {
		return missing
	}
	if err := requireOn(e, q.GetString("business"), team.Write, missing); err != nil {
		return err
	}

	quote, invoice, err := convertQuote(e.App, id, s.now(), e.Auth)
	if err != nil {
		return saveFailure(e, err, newRuleError("", "folio_convert_failed", msgConvertFailed))
	}
	return e.JSON(http.StatusOK, ConvertResponse{Quote: quote, Invoice: invoice})
}

// ConvertQuote turns a quote into a draft invoice, in one transaction: the
// invoice copies the customer, lines (with their unit codes), discount,
// notes, terms and VAT exemption (category and reason), is issued
// on at's day and falls due after the usual terms; the quote becomes
// converted and the two records point at each other. at also stamps the
// quote (converted_at, and accepted_at if it was never accepted). The
// record hooks check everything else (same business, at most once).
func ConvertQuote(app core.App, quoteID string, at time.Time) (quote, invoice *core.Record, err error) {
	return convertQuote(app, quoteID, at, nil)
}

// convertQuote is ConvertQuote done by actor (nil: by Folio itself), whom
// the activity of both documents names.
func convertQuote(app core.App, quoteID string, at time.Time, actor *core.Record) (quote, invoice *core.Record, err error) {
	err = app.RunInTransaction(func(tx core.App) error {
		q, err := tx.FindRecordById(migrations.QuotesCollection, quoteID)
		if err != nil {
			return notFound("folio_quote_not_found", msgQuoteNotFound, nil)
		}
		lines, err := money.ParseLines(RawJSON(q, "items"))
		if err != nil {
			return inputRefusal(err)
		}
		if rerr := decideConvert(q.GetString("status"), q.GetString("invoice") != "", len(lines)); rerr != nil {
			return rerr.api()
		}

		invoices, err := tx.FindCachedCollectionByNameOrId(migrations.InvoicesCollection)
		if err != nil {
			return err
		}
		inv := core.NewRecord(invoices)
		inv.Set("business", q.GetString("business"))
		inv.Set("customer", q.GetString("customer"))
		inv.Set("quote", q.Id)
		inv.Set("status", statusDraft)
		inv.Set("issue_date", dateOnly(at))
		inv.Set("items", lines)
		inv.Set("discount_percent", q.GetFloat("discount_percent"))
		inv.Set("notes", q.GetString("notes"))
		inv.Set("terms", q.GetString("terms"))
		inv.Set(migrations.FieldVATExemptionCategory, q.GetString(migrations.FieldVATExemptionCategory))
		inv.Set(migrations.FieldVATExemptionReason, q.GetString(migrations.FieldVATExemptionReason))
		setActor(inv, actor)
		if err := tx.Save(inv); err != nil {
			return err
		}

		q.Set("invoice", inv.Id)
		q.Set("status", statusConverted)
		if q.GetDateTime("converted_at").IsZero() {
			q.Set("converted_at", at)
		}
		if q.GetDateTime("accepted_at").IsZero() {
			q.Set("accepted_at", at)
		}
		if err := tx.Save(q); err != nil {
			return err
		}
		quote, invoice = q, inv
		return nil
	})
	return quote, invoice, err
}
