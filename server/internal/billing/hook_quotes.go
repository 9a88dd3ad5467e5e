package billing

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// saveQuote enforces the quote rules on every save: the shared document
// steps, the link to an invoice (set only by Convert, cleared only when
// that invoice is deleted), the status machine, the timestamps and the
// number.
func (s *service) saveQuote(e *core.RecordEvent) error {
	p, err := s.prepareDocument(e, quoteKind)
	if err != nil {
		return err
	}
	r := e.Record
	orig := p.stored

	var linking, unlinking bool
	if was, now := orig.GetString("invoice"), r.GetString("invoice"); was != now {
		switch {
		case was == "" && !p.isNew:
			inv, err := e.App.FindRecordById(migrations.InvoicesCollection, now)
			if err != nil || inv.GetString("business") != p.businessID || inv.GetString("quote") != r.Id {
				return refuse("invoice", "folio_link_fixed", msgLinkFixed)
			}
			linking = true
		case now == "" && was != "" && !recordExists(e.App, migrations.InvoicesCollection, was):
			unlinking = true
		default:
			return refuse("invoice", "folio_link_fixed", msgLinkFixed)
		}
	}

	expiry := dateOf(r, "expiry_date")
	status, rerr := decideQuoteStatus(quoteMove{
		from:       p.from,
		to:         r.GetString("status"),
		lines:      len(p.lines),
		totalCents: p.totals.TotalCents,
		expired:    !expiry.IsZero() && expiry.Before(s.today()),
		linking:    linking,
		unlinking:  unlinking,
	})
	if rerr != nil {
		return rerr.api()
	}
	if err := checkExemption(e.App, r, p, status); err != nil {
		return err
	}
	r.Set("status", status)
	applyStamps(r, "quote", p.from, status, s.now())

	if p.isNew {
		if err := assignNumber(e.App, r, p.business); err != nil {
			return err
		}
	}
	return e.Next()
}

// beforeQuoteDelete keeps converted quotes: their invoice points back at them.
func beforeQuoteDelete(e *core.RecordEvent) error {
	if e.Record.GetString("status") == statusConverted {
		return refuse("status", "folio_converted_kept", msgQuoteConvertedKept)
	}
	return e.Next()
}

func recordExists(app core.App, collection, id string) bool {
	_, err := app.FindRecordById(collection, id)
	return err == nil
}
