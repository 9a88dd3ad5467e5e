// Package seed makes sample business data: a realistic year for the demo
// account (saved through the billing hooks, like the API would) and large
// data dirs for benchmarks (the `seed` command, bulk SQL inserts with the
// same money and numbering rules). Both come from one deterministic plan:
// the same options and "today" give the same customers, documents and
// payments.
package seed

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"time"

	"folio/server/internal/billing"
	"folio/server/internal/money"
)

// Options shape a plan.
type Options struct {
	// Customers is the number of customers (at least 1).
	Customers int
	// Invoices is the number of invoices, those made from converted quotes
	// included.
	Invoices int
	// Quotes is the number of quotes.
	Quotes int
	// Months is how far back the documents go.
	Months int
	// Today anchors every date; documents are never dated after it.
	Today time.Time
	// Seed makes the plan reproducible.
	Seed uint64
}

// Plan is everything to write, in the order to write it.
type Plan struct {
	Customers []Customer
	// Quotes are sorted by issue date, so numbers follow dates.
	Quotes []Quote
	// Invoices are sorted by issue date; some come from a quote.
	Invoices []Invoice
}

// Customer is one customer.
type Customer struct {
	Name, ContactName, Email, Phone, Website, TaxID string
	Address, City, PostalCode, Country, Currency    string
	// EndpointID and EndpointScheme are the electronic address its
	// e-invoices go to: its email (EM), or a public buyer's Leitweg-ID (0204).
	EndpointID, EndpointScheme string
	// BuyerReference is a public buyer's Leitweg-ID, else "".
	BuyerReference string
	TermsDays      int
	Archived       bool
}

// Doc is what quotes and invoices share.
type Doc struct {
	Customer        int // index in Plan.Customers
	Issue, End      time.Time
	Lines           []money.Line
	DiscountPercent float64
	Notes, Terms    string
	// VATCategory is the category of the 0 % lines (Z, AE, G) and
	// VATReason why they are at 0 % ("" for Z).
	VATCategory, VATReason string
	// Totals are the money.ComputeTotals result, for the bulk writer and
	// for choosing payment amounts.
	Totals money.Totals
}

// Quote is a quote and the statuses it goes through.
type Quote struct {
	Doc
	// Path is the statuses after draft, in order ("sent", "accepted").
	Path []string
	// RejectReason is set for rejected quotes.
	RejectReason string
	// Invoice is the index in Plan.Invoices of the invoice made from this
	// quote, or -1.
	Invoice int
}

// Invoice is an invoice and what happens to it.
type Invoice struct {
	Doc
	// Quote is the index in Plan.Quotes it was converted from, or -1.
	Quote int
	// Path is the statuses set by hand after draft ("sent", "viewed",
	// "void"); partial and paid follow from Payments.
	Path       []string
	VoidReason string
	Payments   []Payment
}

// Payment is one payment on an invoice.
type Payment struct {
	Date        time.Time
	AmountCents int64
	Method      string
	Reference   string
}

// datedPayment is a payment with the index in Plan.Invoices of the
// invoice it pays.
type datedPayment struct {
	invoice int
	Payment
}

// paymentsByDate lists every invoice's payments in date order, the order a
// person would have recorded (and numbered) them.
func (p Plan) paymentsByDate() []datedPayment {
	var all []datedPayment
	for i, inv := range p.Invoices {
		for _, pay := range inv.Payments {
			all = append(all, datedPayment{i, pay})
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Date.Before(all[j].Date) })
	return all
}

// DemoOptions is the demo account's plan: 25 customers and a year of work.
func DemoOptions(today time.Time) Options {
	return Options{Customers: 25, Invoices: 120, Quotes: 60, Months: 12, Today: today, Seed: 2026}
}

// Generate builds the plan. It is pure: no clock, no I/O.
func Generate(o Options) Plan {
	r := rand.New(rand.NewPCG(o.Seed, o.Seed^0x5eed))
	today := dateOnly(o.Today)
	start := today.AddDate(0, -max(o.Months, 1), 0)
	span := int(today.Sub(start).Hours()/24) + 1

	var p Plan
	for i := range max(o.Customers, 1) {
		p.Customers = append(p.Customers, customer(r, i))
	}

	randomDay := func() time.Time {
		// Business grows: later days are a little more likely.
		f := math.Pow(r.Float64(), 0.8)
		return start.AddDate(0, 0, int(f*float64(span-1)))
	}

	for range o.Quotes {
		c := r.IntN(len(p.Customers))
		issue := randomDay()
		q := Quote{Doc: doc(r, p.Customers[c], c, issue, issue.AddDate(0, 0, 30)), Invoice: -1}
		q.Path, q.RejectReason = quotePath(r, today.Sub(issue).Hours()/24)
		p.Quotes = append(p.Quotes, q)
	}
	sort.SliceStable(p.Quotes, func(i, j int) bool { return p.Quotes[i].Issue.Before(p.Quotes[j].Issue) })
	// Some quotes are always waiting for an answer: the newest recent ones
	// are made open when chance left fewer than three.
	open := 0
	for i := len(p.Quotes) - 1; i >= 0 && open < 3 && today.Sub(p.Quotes[i].Issue) < 25*24*time.Hour; i-- {
		q := &p.Quotes[i]
		if l := last(q.Path); l != "sent" && l != "viewed" {
			q.Path, q.RejectReason = []string{"sent"}, ""
		}
		open++
	}

	converted := 0
	for _, q := range p.Quotes {
		if last(q.Path) == "converted" {
			converted++
		}
	}
	for range max(o.Invoices-converted, 0) {
		c := r.IntN(len(p.Customers))
		issue := randomDay()
		p.Invoices = append(p.Invoices, Invoice{Doc: doc(r, p.Customers[c], c, issue, dueDate(p.Customers[c], issue)), Quote: -1})
	}
	// Converted quotes become invoices a few days later, with their lines.
	for qi := range p.Quotes {
		q := &p.Quotes[qi]
		if last(q.Path) != "converted" {
			continue
		}
		issue := minDate(q.Issue.AddDate(0, 0, 1+r.IntN(10)), today)
		d := q.Doc
		d.Issue, d.End = issue, dueDate(p.Customers[q.Customer], issue)
		p.Invoices = append(p.Invoices, Invoice{Doc: d, Quote: qi})
	}
	sort.SliceStable(p.Invoices, func(i, j int) bool { return p.Invoices[i].Issue.Before(p.Invoices[j].Issue) })
	for ii, inv := range p.Invoices {
		if inv.Quote >= 0 {
			p.Quotes[inv.Quote].Invoice = ii
		}
	}

	for ii := range p.Invoices {
		invoiceFate(r, &p.Invoices[ii], today)
	}
	// A ledger always has some work in progress: keep the newest invoice
	// a draft when chance made none.
	if n := len(p.Invoices); n > 0 && !slices.ContainsFunc(p.Invoices, func(i Invoice) bool { return len(i.Path) == 0 }) {
		p.Invoices[n-1].Path, p.Invoices[n-1].Payments, p.Invoices[n-1].VoidReason = nil, nil, ""
	}
	return p
}

// quotePath picks what became of a quote issued ageDays ago.
func quotePath(r *rand.Rand, ageDays float64) ([]string, string) {
	x := r.Float64()
	if ageDays < 30 {
		switch {
		case x < 0.10:
			return nil, "" // still a draft
		case x < 0.55:
			return []string{"sent"}, ""
		case x < 0.80:
			return []string{"sent", "viewed"}, ""
		case x < 0.90:
			return []string{"sent", "accepted"}, ""
		default:
			return []string{"sent", "rejected"}, rejectReasons[r.IntN(len(rejectReasons))]
		}
	}
	// Older quotes have been answered, or have expired. Accepting checks
	// the expiry against the real today, so a quote accepted back then is
	// written as converted straight from sent (Convert stamps accepted_at).
	switch {
	case x < 0.04:
		return nil, ""
	case x < 0.20:
		return []string{"sent"}, "" // never answered: expired
	case x < 0.45:
		return []string{"sent", "rejected"}, rejectReasons[r.IntN(len(rejectReasons))]
	default:
		return []string{"sent", "converted"}, ""
	}
}

// invoiceFate decides the statuses and payments of an invoice by its age:
// old invoices are mostly paid, a few are overdue, some partly paid.
func invoiceFate(r *rand.Rand, inv *Invoice, today time.Time) {
	age := today.Sub(inv.Issue).Hours() / 24
	total := inv.Totals.TotalCents
	overdue := inv.End.Before(today)
	x := r.Float64()

	if age < 7 && x < 0.35 {
		return // a fresh draft
	}
	inv.Path = []string{"sent"}
	if r.Float64() < 0.4 {
		inv.Path = append(inv.Path, "viewed")
	}
	if x > 0.96 {
		inv.Path = append(inv.Path, "void")
		inv.VoidReason = voidReasons[r.IntN(len(voidReasons))]
		return
	}

	// The longer past due, the likelier it has been paid by now.
	paidOdds, partialOdds := 0.30, 0.42
	switch late := today.Sub(inv.End).Hours() / 24; {
	case late > 90:
		paidOdds, partialOdds = 0.90, 0.93
	case overdue:
		paidOdds, partialOdds = 0.76, 0.85
	}
	var paidShare float64 // of the total
	switch {
	case x < paidOdds:
		paidShare = 1
	case x < partialOdds:
		paidShare = 0.3 + 0.4*r.Float64()
	}
	if paidShare == 0 || total <= 0 {
		return
	}

	method := methods[r.IntN(len(methods))]
	payDay := func(lo, hi time.Time) time.Time {
		if !hi.After(lo) {
			return minDate(lo, today)
		}
		d := lo.AddDate(0, 0, r.IntN(int(hi.Sub(lo).Hours()/24)+1))
		return minDate(d, today)
	}
	latest := minDate(inv.End.AddDate(0, 0, 25), today)
	amount := int64(float64(total) * paidShare)
	if paidShare == 1 {
		amount = total
	}
	if paidShare == 1 && total > 2000 && r.Float64() < 0.2 {
		// Paid in two instalments.
		first := total / 2
		d1 := payDay(inv.Issue.AddDate(0, 0, 2), latest)
		inv.Payments = append(inv.Payments,
			Payment{Date: d1, AmountCents: first, Method: method, Reference: reference(r, method)},
			Payment{Date: payDay(d1, latest), AmountCents: total - first, Method: method, Reference: reference(r, method)})
		return
	}
	if amount < 1 {
		amount = 1
	}
	inv.Payments = append(inv.Payments, Payment{Date: payDay(inv.Issue.AddDate(0, 0, 2), latest), AmountCents: amount, Method: method, Reference: reference(r, method)})
}

func doc(r *rand.Rand, c Customer, ci int, issue, end time.Time) Doc {
	d := Doc{Customer: ci, Issue: issue, End: end}
	rate, category, reason := vatTreatment(c.Country)
	d.VATCategory, d.VATReason = category, reason
	for range 1 + r.IntN(4) {
		s := services[r.IntN(len(services))]
		qty := float64(1 + r.IntN(s.maxQty))
		if s.unit == "h" {
			qty = float64(1+r.IntN(s.maxQty*4)) / 4 // quarter hours
		}
		price := s.lo + int64(r.IntN(int(s.hi-s.lo)/100+1))*100
		line := money.Line{Description: s.description, Quantity: qty, Unit: s.unit, UnitCode: s.unitCode,
			UnitPriceCents: price, TaxRate: rate}
		if r.Float64() < 0.08 {
			line.DiscountPercent = 10
		}
		d.Lines = append(d.Lines, line)
	}
	if r.Float64() < 0.1 {
		d.DiscountPercent = []float64{2.5, 5, 10}[r.IntN(3)]
	}
	if r.Float64() < 0.3 {
		d.Notes = notes[r.IntN(len(notes))]
	}
	d.Terms = "Payment by bank transfer within the agreed terms. Thank you for your business."
	t, err := money.ComputeTotals(d.Lines, d.DiscountPercent)
	if err != nil {
		panic(fmt.Sprintf("seed: catalogue produced invalid lines: %v", err)) // a bug in this file
	}
	d.Totals = t
	for i := range d.Lines {
		d.Lines[i].ID = fmt.Sprintf("l%d", i+1)
		d.Lines[i].NetCents = t.LinesNetCents[i]
	}
	return d
}

func dueDate(c Customer, issue time.Time) time.Time {
	days := c.TermsDays
	if days == 0 {
		days = 30
	}
	return issue.AddDate(0, 0, days)
}

func customer(r *rand.Rand, i int) Customer {
	n := names[i%len(names)]
	c := Customer{Name: n.name, Country: n.country, City: n.city, Currency: "EUR"}
	if i >= len(names) {
		c.Name = fmt.Sprintf("%s (%d)", n.name, i/len(names)+1)
	}
	if n.country == "US" {
		c.Currency = "USD"
	}
	first := firstNames[r.IntN(len(firstNames))]
	lastName := lastNames[r.IntN(len(lastNames))]
	c.ContactName = first + " " + lastName
	slug := slugify(n.name)
	c.Email = slugify(first) + "@" + slug + ".example"
	c.Website = "https://www." + slug + ".example"
	c.Phone = fmt.Sprintf("%s %03d %04d", phonePrefix[n.country], r.IntN(1000), r.IntN(10000))
	c.Address = fmt.Sprintf("%d %s", 1+r.IntN(180), streets[r.IntN(len(streets))])
	c.PostalCode = fmt.Sprintf("%05d", 10000+r.IntN(89999))
	if n.country != "US" {
		c.TaxID = fmt.Sprintf("%s%09d", n.country, r.IntN(1_000_000_000))
	}
	// Electronic addresses Peppol accepts (it refuses email, EM): the VAT ID under its country's
	// EAS scheme, or a DUNS number outside the EU.
	if scheme, ok := vatSchemes[n.country]; ok {
		c.EndpointID, c.EndpointScheme = c.TaxID, scheme
	} else {
		c.EndpointID, c.EndpointScheme = fmt.Sprintf("%09d", r.IntN(1_000_000_000)), "0060"
	}
	if pb, ok := publicBuyers[n.name]; ok {
		c.PostalCode = pb.postalCode
		c.BuyerReference = billing.LeitwegID(pb.leitweg)
		c.EndpointID, c.EndpointScheme = c.BuyerReference, "0204"
	}
	switch r.IntN(6) {
	case 0:
		c.TermsDays = 14
	case 1:
		c.TermsDays = 45
	}
	c.Archived = i%23 == 22
	return c
}

// slugify makes a name an email's or a website's part: lower-case ASCII
// letters, digits and hyphens. Accented letters are written out the way
// their language does without them ("Bäckerei" → "baeckerei", "Café" →
// "cafe"), never dropped.
func slugify(s string) string {
	var b strings.Builder
	for _, ch := range strings.ToLower(s) {
		switch {
		case ch >= 'a' && ch <= 'z', ch >= '0' && ch <= '9':
			b.WriteRune(ch)
		case ch == ' ' || ch == '-':
			b.WriteRune('-')
		default:
			if t, ok := transliterations[ch]; ok {
				b.WriteString(t)
			}
		}
	}
	out := b.String()
	for strings.Contains(out, "--") {
		out = strings.ReplaceAll(out, "--", "-")
	}
	return strings.Trim(out, "-")
}

// transliterations are the ASCII spellings of the letters of the demo's
// names (German umlauts as ae/oe/ue, the rest without their accents).
var transliterations = map[rune]string{
	'ä': "ae", 'ö': "oe", 'ü': "ue", 'ß': "ss",
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'å': "a", 'æ': "ae",
	'ç': "c", 'è': "e", 'é': "e", 'ê': "e", 'ë': "e",
	'ì': "i", 'í': "i", 'î': "i", 'ï': "i", 'ñ': "n",
	'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o", 'ø': "o", 'œ': "oe",
	'ù': "u", 'ú': "u", 'û': "u", 'ý': "y", 'ÿ': "y",
	'ł': "l", 'š': "s", 'ž': "z", 'č': "c", 'ř': "r", 'đ': "d",
}

func reference(r *rand.Rand, method string) string {
	switch method {
	case "bank_transfer":
		return fmt.Sprintf("TRF-%06d", r.IntN(1_000_000))
	case "cheque":
		return fmt.Sprintf("CHQ %07d", r.IntN(10_000_000))
	case "card":
		return fmt.Sprintf("card •••• %04d", r.IntN(10000))
	}
	return ""
}

func dateOnly(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

func minDate(a, b time.Time) time.Time {
	if a.After(b) {
		return b
	}
	return a
}

func last(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[len(s)-1]
}
