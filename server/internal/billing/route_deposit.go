package billing

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/mailwords"
	"folio/server/internal/money"
	"folio/server/internal/team"
	"folio/server/migrations"
)

// PathDeposit is "Request a deposit": POST {"percent": 30} or
// {"amount_cents": 50000} on a quote (sent, viewed or accepted) or a
// draft invoice makes a draft deposit invoice for that work.
const PathDeposit = "/api/folio/{collection}/{id}/deposit"

// depositBody is the request of PathDeposit.
type depositBody struct {
	Percent     float64 `json:"percent"`
	AmountCents int64   `json:"amount_cents"`
}

// depositFrom are the statuses a deposit may be asked from, per collection.
var depositFrom = map[string][]string{
	migrations.QuotesCollection:   {statusSent, statusViewed, statusAccepted},
	migrations.InvoicesCollection: {statusDraft},
}

// depositRoute asks a deposit of a quote or a draft invoice of the
// caller's business (owners, admins and members; team.Write). The answer
// is the new draft deposit invoice; its "created" event names the caller.
func (s *service) depositRoute(e *core.RequestEvent) error {
	collection := e.Request.PathValue("collection")
	missing := notFound("folio_quote_not_found", msgQuoteNotFound, nil)
	if collection == migrations.InvoicesCollection {
		missing = notFound("folio_invoice_not_found", msgInvoiceNotFound, nil)
	} else if collection != migrations.QuotesCollection {
		return missing
	}
	src, err := e.App.FindRecordById(collection, e.Request.PathValue("id"))
	if err != nil {
		return missing
	}
	if err := requireOn(e, src.GetString("business"), team.Write, missing); err != nil {
		return err
	}
	var body depositBody
	if err := json.NewDecoder(http.MaxBytesReader(e.Response, e.Request.Body, 4096)).Decode(&body); err != nil {
		return newRuleError("percent", "folio_deposit_invalid", msgDepositInvalid).api()
	}
	inv, err := makeDeposit(e.App, src, depositRequest(body), s.now(), e.Auth)
	if err != nil {
		return saveFailure(e, err, newRuleError("", "folio_deposit_invalid", msgDepositInvalid))
	}
	return e.JSON(http.StatusOK, inv)
}

// makeDeposit saves a draft deposit invoice of src's work: one line per
// VAT rate of the work (decideDepositNets), with the customer, the VAT
// exemption and the terms of src, issued on at's day.
func makeDeposit(app core.App, src *core.Record, req depositRequest, at time.Time, actor *core.Record) (*core.Record, error) {
	collection := src.Collection().Name
	okFrom := false
	for _, st := range depositFrom[collection] {
		okFrom = okFrom || src.GetString("status") == st
	}
	if !okFrom || src.GetString(migrations.FieldInvoiceKind) == kindDeposit {
		return nil, newRuleError("status", "folio_deposit_source", msgDepositSource).api()
	}
	var work []money.TaxGroup
	_ = json.Unmarshal(RawJSON(src, "tax_breakdown"), &work)
	nets, rerr := decideDepositNets(work, int64(src.GetInt("total_cents")), req)
	if rerr != nil {
		return nil, rerr.api()
	}

	var inv *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		business, err := tx.FindRecordById(migrations.BusinessesCollection, src.GetString("business"))
		if err != nil {
			return err
		}
		customer, _ := tx.FindRecordById(migrations.CustomersCollection, src.GetString("customer"))
		w := wordsFor(documentLanguage(business, customer))
		name := w.DepositQuote
		if collection == migrations.InvoicesCollection {
			name = w.DepositInvoice
		}
		name = mailwords.Fill(name, map[string]string{"number": src.GetString("number")})
		if req.Percent > 0 {
			name += " (" + w.percent(req.Percent) + ")"
		}
		lines := make([]money.Line, len(nets))
		for i, n := range nets {
			d := name
			if len(nets) > 1 {
				d += " · " + w.Tax + " " + w.percent(n.Rate)
			}
			lines[i] = money.Line{ID: fmt.Sprintf("deposit-%d", i+1), Description: d, Quantity: 1, UnitPriceCents: n.NetCents, TaxRate: n.Rate}
		}

		invoices, err := tx.FindCachedCollectionByNameOrId(migrations.InvoicesCollection)
		if err != nil {
			return err
		}
		r := core.NewRecord(invoices)
		r.Set("business", src.GetString("business"))
		r.Set("customer", src.GetString("customer"))
		r.Set("status", statusDraft)
		r.Set("issue_date", dateOnly(at))
		r.Set("items", lines)
		r.Set("terms", src.GetString("terms"))
		r.Set(migrations.FieldVATExemptionCategory, src.GetString(migrations.FieldVATExemptionCategory))
		r.Set(migrations.FieldVATExemptionReason, src.GetString(migrations.FieldVATExemptionReason))
		r.Set(migrations.FieldInvoiceKind, kindDeposit)
		r.Set(migrations.FieldDepositPercent, req.Percent)
		if collection == migrations.QuotesCollection {
			r.Set(migrations.FieldWorkQuote, src.Id)
		} else {
			r.Set(migrations.FieldWorkInvoice, src.Id)
		}
		setActor(r, actor)
		if err := tx.Save(r); err != nil {
			return err
		}
		inv = r
		return nil
	})
	return inv, err
}
