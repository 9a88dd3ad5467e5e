package billing

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/pocketbase/pocketbase/tools/types"

	"folio/server/internal/money"
	"folio/server/migrations"
)

// docKind is what differs between quotes and invoices in the shared steps.
type docKind struct {
	collection string
	noun       string
	content    []string
	endField   string // expiry_date or due_date
}

var (
	quoteKind   = docKind{migrations.QuotesCollection, "quote", quoteContent, "expiry_date"}
	invoiceKind = docKind{migrations.InvoicesCollection, "invoice", invoiceContent, "due_date"}
)

// preparedDoc is what the shared steps worked out for one save.
type preparedDoc struct {
	isNew      bool
	stored     *core.Record // the record as in the database (defaults when new)
	from       string       // stored status, "" when new
	businessID string
	business   *core.Record // loaded for new documents only
	lines      []money.Line
	totals     money.Totals
	// changed lists the content fields this save changes (nil when new).
	changed []string
}

// storedVersion is the record as it is in the database. Record.Original()
// is not enough: PocketBase does not refresh it after a save, so a record
// saved twice in Go (the seeder does) would be compared with its very
// first state.
func storedVersion(app core.App, r *core.Record) (*core.Record, error) {
	if r.IsNew() {
		return r.Original(), nil
	}
	return app.FindRecordById(r.Collection(), r.Id)
}

// lineIDAlphabet makes the ids given to lines the client sent without one.
const lineIDAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

// prepareDocument runs the steps quotes and invoices share, on every save:
// business and number never change; the customer is the business's and gives the
// currency; dates get their defaults and order; totals are recomputed from
// the items; edits the stored status locks are refused.
func (s *service) prepareDocument(e *core.RecordEvent, k docKind) (*preparedDoc, error) {
	r := e.Record
	orig, err := storedVersion(e.App, r)
	if err != nil {
		return nil, err
	}
	p := &preparedDoc{isNew: r.IsNew(), stored: orig}

	if !p.isNew {
		p.from = orig.GetString("status")
		if r.GetString("business") != orig.GetString("business") {
			return nil, refuse("business", "folio_owner_fixed", msgOwnerFixed)
		}
		if r.GetString("number") != orig.GetString("number") || r.GetInt("seq") != orig.GetInt("seq") {
			return nil, refuse("number", "folio_number_fixed", msgNumberFixed)
		}
	}

	p.businessID = r.GetString("business")
	if p.isNew {
		// The business's settings give the number prefix and default terms.
		if p.business, err = findBusiness(e.App, p.businessID); err != nil {
			return nil, refuse("business", "folio_owner_missing", msgOwnerMissing)
		}
	}

	// A new document, or a draft moved to another customer, takes the
	// customer's currency; otherwise the currency stays (the customer's
	// own is frozen while it has documents, so they stay equal).
	var customer *core.Record
	if id := r.GetString("customer"); id != "" && (p.isNew || id != orig.GetString("customer")) {
		customer, err = ownRecord(e.App, migrations.CustomersCollection, id, p.businessID,
			"customer", "folio_foreign_customer", msgForeignCustomer)
		if err != nil {
			return nil, err
		}
		r.Set("currency", customer.GetString("currency"))
	} else if !p.isNew {
		r.Set("currency", orig.GetString("currency"))
	}

	issue := dateOf(r, "issue_date")
	if issue.IsZero() && p.isNew {
		issue = s.today()
	}
	setDate(r, "issue_date", issue)
	end := dateOf(r, k.endField)
	if end.IsZero() && p.isNew && !issue.IsZero() {
		if k.noun == "invoice" {
			terms := 0
			if customer != nil {
				terms = customer.GetInt("payment_terms_days")
			}
			end = decideDueDate(issue, terms, p.business.GetInt(migrations.FieldDefaultTermsDays))
		} else {
			end = decideExpiryDate(issue)
		}
	}
	setDate(r, k.endField, end)
	if rerr := decideDateInRange("issue_date", issue); rerr != nil {
		return nil, rerr.api()
	}
	if rerr := decideDateInRange(k.endField, end); rerr != nil {
		return nil, rerr.api()
	}
	if p.isNew || !issue.Equal(dateOf(orig, "issue_date")) {
		if rerr := decideDateWindow("issue_date", issue, s.today(), issueWindow); rerr != nil {
			return nil, rerr.api()
		}
	}
	if p.isNew || !end.Equal(dateOf(orig, k.endField)) {
		if rerr := decideDateWindow(k.endField, end, s.today(), dueWindow); rerr != nil {
			return nil, rerr.api()
		}
	}
	if !end.IsZero() && end.Before(issue) {
		if k.noun == "invoice" {
			return nil, refuse("due_date", "folio_due_before_issue", msgDueBeforeIssue)
		}
		return nil, refuse("expiry_date", "folio_expiry_before_issue", msgExpiryBeforeIssue)
	}

	p.lines, err = money.ParseLines(RawJSON(r, "items"))
	if err != nil {
		return nil, inputRefusal(err)
	}
	p.totals, err = money.ComputeTotals(p.lines, r.GetFloat("discount_percent"))
	if err != nil {
		return nil, inputRefusal(err)
	}

	// Every 0 % line has the document's VAT category: Z unless it says
	// otherwise.
	switch cat := r.GetString(migrations.FieldVATExemptionCategory); {
	case cat == "":
		r.Set(migrations.FieldVATExemptionCategory, migrations.DefaultVATExemptionCategory)
	case !slices.Contains(migrations.VATExemptionCategories, cat):
		return nil, refuse(migrations.FieldVATExemptionCategory, "folio_invalid_vat_category", msgVATCategory)
	}
	r.Set(migrations.FieldVATExemptionReason, strings.TrimSpace(r.GetString(migrations.FieldVATExemptionReason)))

	if !p.isNew {
		changed := changedFields(orig, r, p.lines, k)
		p.changed = changed
		decide := decideEdit
		if _, ok := updatingImport.Load(r.Id); ok && k.noun == "invoice" {
			decide = func(_, from, _ string, changed []string) *ruleError { return decideImportedEdit(from, changed) }
		}
		if rerr := decide(k.noun, p.from, r.GetString("status"), changed); rerr != nil {
			return nil, rerr.api()
		}
		if !slices.Contains(changed, "items") {
			// Same content: keep the stored lines (and their ids) as they are.
			if stored, err := money.ParseLines(RawJSON(orig, "items")); err == nil {
				p.lines = stored
			}
		}
	}

	for i := range p.lines {
		if p.lines[i].ID == "" {
			p.lines[i].ID = security.RandomStringWithAlphabet(10, lineIDAlphabet)
		}
		p.lines[i].NetCents = p.totals.LinesNetCents[i]
	}
	r.Set("items", p.lines)
	r.Set("subtotal_cents", p.totals.SubtotalCents)
	r.Set("discount_cents", p.totals.DiscountCents)
	r.Set("tax_cents", p.totals.TaxCents)
	r.Set("total_cents", p.totals.TotalCents)
	r.Set("tax_breakdown", TaxBreakdown(p.totals.TaxBreakdown, r.GetString(migrations.FieldVATExemptionCategory)))
	return p, nil
}

// checkExemption applies decideExemption to a save that moves the
// document out of draft or changes a document that has left draft
// (exemptionApplies). status is the status the save ends in.
func checkExemption(app core.App, r *core.Record, p *preparedDoc, status string) error {
	if !exemptionApplies(p.from, status, p.changed) {
		return nil
	}
	return exemptionRefusal(app, r, p.lines, p.business)
}

// exemptionRefusal refuses a document whose 0 % lines are exempt without
// a reason, or reverse charged without both VAT IDs (decideExemption). The
// customer and the business are read only when a VAT ID is needed; business may
// be nil.
func exemptionRefusal(app core.App, r *core.Record, lines []money.Line, business *core.Record) error {
	c := exemptionCase{
		category:  r.GetString(migrations.FieldVATExemptionCategory),
		reason:    r.GetString(migrations.FieldVATExemptionReason),
		zeroRated: hasZeroRate(lines),
	}
	if c.category == "AE" || c.category == "K" {
		customer, err := app.FindRecordById(migrations.CustomersCollection, r.GetString("customer"))
		if err != nil {
			return err
		}
		c.buyerVATID = customer.GetString("tax_id")
		if business == nil {
			if business, err = findBusiness(app, r.GetString("business")); err != nil {
				return err
			}
		}
		c.sellerVATID = business.GetString(migrations.FieldCompanyVATID)
	}
	if rerr := decideExemption(c); rerr != nil {
		return rerr.api()
	}
	return nil
}

// assignNumber gives a new document the business's next sequence number. It
// runs inside the request's transaction, on SQLite's single writer, so two
// creates cannot read the same max; the UNIQUE (business, seq) and
// (business, number) indexes are the backstop.
func assignNumber(app core.App, r *core.Record, business *core.Record) error {
	collection := r.Collection().Name
	var max int
	// Never below 0: imported invoices have negative seqs (keepImportedNumber).
	err := app.DB().Select("MAX(COALESCE(MAX(seq), 0), 0)").From(collection).
		Where(dbx.HashExp{"business": business.Id}).Row(&max)
	if err != nil {
		return err
	}
	n := numberings[collection]
	number := FormatNumber(PrefixFor(collection, business.GetString(n.field)), max+1)
	// Another kind may hold the number: prefixes that clashed before the
	// settings refused it (decidePrefixes). Never two documents with one
	// number, whatever their case.
	for _, other := range numbered {
		if other == collection {
			continue
		}
		var taken int
		err := app.DB().Select("COUNT(*)").From(other).Where(dbx.HashExp{"business": business.Id}).
			AndWhere(dbx.NewExp("[[number]] = {:number} COLLATE NOCASE", dbx.Params{"number": number})).Row(&taken)
		if err != nil {
			return err
		}
		if taken > 0 {
			return numberTaken(number).api()
		}
	}
	r.Set("seq", max+1)
	r.Set("number", number)
	return nil
}

// keepImportedNumber keeps the number an imported invoice brings (set by
// the import route; a client can't set imported, see serverFields): it
// passes decideImportedNumber, no document of the business holds it
// (whatever its case), and the invoice takes a negative seq, below every
// other, so MAX(seq) and with it the next number of Folio's own sequence
// stay as they were.
func keepImportedNumber(app core.App, r *core.Record, business *core.Record) error {
	number := strings.TrimSpace(r.GetString("number"))
	var prefixes []string
	for _, c := range numbered {
		prefixes = append(prefixes, PrefixFor(c, business.GetString(numberings[c].field)))
	}
	if rerr := decideImportedNumber(number, prefixes); rerr != nil {
		return rerr.api()
	}
	for _, c := range numbered {
		var taken int
		err := app.DB().Select("COUNT(*)").From(c).Where(dbx.HashExp{"business": business.Id}).
			AndWhere(dbx.NewExp("[[number]] = {:number} COLLATE NOCASE", dbx.Params{"number": number})).Row(&taken)
		if err != nil {
			return err
		}
		if taken > 0 {
			return importedNumberExists(number).api()
		}
	}
	var least int
	err := app.DB().Select("COALESCE(MIN(seq), 0)").From(r.Collection().Name).
		Where(dbx.HashExp{"business": business.Id}).Row(&least)
	if err != nil {
		return err
	}
	r.Set("seq", min(least, 0)-1)
	r.Set("number", number)
	return nil
}

// applyStamps sets the timestamps a status change earns (keeping one that
// is already there, e.g. from the seeder) and clears the ones it undoes.
func applyStamps(r *core.Record, kind, from, to string, now time.Time) {
	set, clear := stamps(kind, from, to)
	for _, f := range set {
		if r.GetDateTime(f).IsZero() {
			r.Set(f, now)
		}
	}
	for _, f := range clear {
		r.Set(f, "")
	}
}

// changedFields lists the customer and content fields whose value differs
// from the stored one. Lines compare on what they say (not their ids or
// net_cents), dates on the day.
func changedFields(orig, r *core.Record, lines []money.Line, k docKind) []string {
	var changed []string
	if r.GetString("customer") != orig.GetString("customer") {
		changed = append(changed, "customer")
	}
	for _, f := range k.content {
		switch f {
		case "items":
			stored, err := money.ParseLines(RawJSON(orig, "items"))
			if err != nil || !sameLines(stored, lines) {
				changed = append(changed, f)
			}
		default:
			if !sameValue(orig, r, f) {
				changed = append(changed, f)
			}
		}
	}
	return changed
}

// sameValue tells whether field f of r holds what orig holds: a date on
// the day, the discount percent as a number, any other field as text.
func sameValue(orig, r *core.Record, f string) bool {
	switch f {
	case "issue_date", "due_date", "expiry_date", "date":
		return dateOf(r, f).Equal(dateOf(orig, f))
	case "discount_percent":
		return r.GetFloat(f) == orig.GetFloat(f)
	default:
		return r.GetString(f) == orig.GetString(f)
	}
}

func sameLines(a, b []money.Line) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		x.ID, y.ID, x.NetCents, y.NetCents = "", "", 0, 0
		if x != y {
			return false
		}
	}
	return true
}

// inputRefusal turns a money.InputError into the 400 answer.
func inputRefusal(err error) error {
	var ie *money.InputError
	if errors.As(err, &ie) {
		field := ie.Field
		if ie.Line > 0 {
			field = "items" // the record field; the params name the line and its key
		}
		return (&ruleError{field: field, code: ie.Code, message: ie.Error(), params: ie.Params()}).api()
	}
	return err
}

// ownRecord is the record id of collection when it belongs to business;
// otherwise the refusal of field (code, msg): another business's record is
// as unknown as a missing one, so a client learns nothing of it.
func ownRecord(app core.App, collection, id, business, field, code, msg string) (*core.Record, error) {
	rec, err := app.FindRecordById(collection, id)
	if err != nil || rec.GetString("business") != business {
		return nil, refuse(field, code, msg)
	}
	return rec, nil
}

// RawJSON is a JSON field's bytes as stored or as set.
func RawJSON(r *core.Record, field string) []byte {
	switch v := r.GetRaw(field).(type) {
	case types.JSONRaw:
		return v
	case []byte:
		return v
	case string:
		return []byte(v)
	case nil:
		return nil
	default:
		b, _ := json.Marshal(v)
		return b
	}
}

// dateOf is a date field's day (midnight UTC), or the zero time.
func dateOf(r *core.Record, field string) time.Time {
	dt := r.GetDateTime(field)
	if dt.IsZero() {
		return time.Time{}
	}
	return dateOnly(dt.Time())
}

// setDate stores a date-only value (or clears the field for the zero time),
// so every stored date reads "YYYY-MM-DD 00:00:00.000Z" and compares as text.
func setDate(r *core.Record, field string, t time.Time) {
	if t.IsZero() {
		r.Set(field, "")
		return
	}
	r.Set(field, dateOnly(t))
}
