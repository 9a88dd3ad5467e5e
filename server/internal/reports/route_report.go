package reports

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
	"folio/server/internal/schedule"
	"folio/server/internal/team"
	"folio/server/migrations"
)

// The reports by name (the last part of their path).
const (
	reportVAT    = "vat"
	reportProfit = "profit"
	reportAging  = "aging"
)

// request is a report request, checked: the business, its period and
// its today, and the words of its document language.
type request struct {
	business *core.Record
	period   Period
	today    string
	words    words
}

// read checks the caller reads the business and the period is one (see
// requestOf).
func (s *service) read(e *core.RequestEvent) (request, error) {
	businessID := team.BusinessParam(e)
	if err := team.Require(e, businessID, team.Read); err != nil {
		return request{}, err
	}
	return s.requestOf(e.App, businessID, e.Request.URL.Query())
}

// requestOf checks the period of q is one: from..to when either is given
// (the zip, the dashboard's period), else period and date. The caller
// checked who may read the business.
func (s *service) requestOf(app core.App, businessID string, q url.Values) (request, error) {
	business, err := app.FindRecordById(migrations.BusinessesCollection, businessID)
	if err != nil {
		return request{}, refusal.NothingHere()
	}
	today := schedule.Today(business.GetString(migrations.FieldTimeZone), s.now())
	var p Period
	var code string
	if from, to := strings.TrimSpace(q.Get("from")), strings.TrimSpace(q.Get("to")); from != "" || to != "" {
		p, code = decideRange(from, to)
	} else {
		p, code = decidePeriod(strings.TrimSpace(q.Get("period")), strings.TrimSpace(q.Get("date")), today)
	}
	if code != "" {
		return request{}, refusal.BadRequest(code, Messages[code])
	}
	return request{business: business, period: p, today: today,
		words: wordsFor(business.GetString(migrations.FieldDocumentLanguage))}, nil
}

// figures computes one report of r's period.
func figures(app core.App, name string, r request) (any, error) {
	if name == reportAging {
		open, err := readOpen(app, r.business.Id)
		return decideAging(open, r.today), err
	}
	l, err := readLedger(app, r.business.Id, r.period)
	if name == reportVAT {
		return decideVAT(l.books, r.period), err
	}
	return decideProfit(l.books, r.period), err
}

// writeCSV writes one report as CSV.
func writeCSV(out io.Writer, report any, w words) error {
	switch v := report.(type) {
	case VATReport:
		return writeVATCSV(out, v, w)
	case ProfitReport:
		return writeProfitCSV(out, v, w)
	case AgingReport:
		return writeAgingCSV(out, v, w)
	}
	return fmt.Errorf("reports: no CSV for %T", report)
}

// csvName is a report's file name: vat-2026-10-01-2026-12-31.csv, or
// aging-2026-11-15.csv (the aging is of a day).
func csvName(name string, r request) string {
	if name == reportAging {
		return name + "-" + r.today + ".csv"
	}
	return name + "-" + r.period.From + "-" + r.period.To + ".csv"
}

// report answers one report as JSON ({period, today, report}) or, with
// format=csv, as a CSV download in the business's document language.
func (s *service) report(name string) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		r, err := s.read(e)
		if err != nil {
			return err
		}
		report, err := figures(e.App, name, r)
		if err != nil {
			return e.InternalServerError("", err)
		}
		// Private figures: never kept by a shared cache.
		e.Response.Header().Set("Cache-Control", "private, no-store")
		if e.Request.URL.Query().Get("format") != "csv" {
			return e.JSON(http.StatusOK, map[string]any{"period": r.period, "today": r.today, "report": report})
		}
		h := e.Response.Header()
		h.Set("Content-Type", "text/csv; charset=utf-8")
		h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", csvName(name, r)))
		e.Response.WriteHeader(http.StatusOK)
		return writeCSV(e.Response, report, r.words)
	}
}
