package inbound

import (
	"math/big"
	"regexp"
	"sort"
	"strings"

	"folio/server/internal/money"
)

// Prefill is a received e-invoice as an expense's fields (the agreed
// expenses schema): what the expense form starts from and what the
// expense route saves. Amounts are in the currency's minor units.
type Prefill struct {
	Vendor      VendorPrefill `json:"vendor"`
	VendorName  string        `json:"vendor_name"`
	Number      string        `json:"number"`
	Date        string        `json:"date"`
	DueDate     string        `json:"due_date"`
	Currency    string        `json:"currency"`
	Description string        `json:"description"`
	VATLines    []VATLine     `json:"vat_lines"`
	NetCents    int64         `json:"net_cents"`
	VATCents    int64         `json:"vat_cents"`
	TotalCents  int64         `json:"total_cents"`
	Note        string        `json:"note"`
}

// VendorPrefill is the seller as a vendor's fields.
type VendorPrefill struct {
	Name    string `json:"name"`
	Address string `json:"address"`
	Country string `json:"country"`
	VATID   string `json:"vat_id"`
	IBAN    string `json:"iban"`
	Email   string `json:"email"`
}

// VATLine is one line of an expense's vat_lines. VATCents is omitted
// (nil) when the invoice's VAT for the rate is more than a cent off its
// taxable amount × rate: the expense then computes it (the check has
// said so).
type VATLine struct {
	Rate       float64 `json:"rate"`
	NetCents   int64   `json:"net_cents"`
	VATCents   *int64  `json:"vat_cents,omitempty"`
	GrossCents int64   `json:"gross_cents"`
}

// The expense fields' limits (the expenses collection's).
const (
	nameMax        = 200
	numberMax      = 64
	descriptionMax = 500
	noteMax        = 2000
	addressMax     = 1000
	vatIDMax       = 32
	ibanMax        = 34
)

var countryPattern = regexp.MustCompile(`^[A-Z]{2}$`)

// DecidePrefill turns a document into an expense's fields: the seller as
// the vendor, one VAT line per rate from the VAT breakdown (the lines'
// nets per rate when it has none; two categories at one rate are one
// line), the line names as the description, the notes and payment terms
// as the note.
func DecidePrefill(d Document) Prefill {
	cur := strings.ToUpper(d.Currency)
	p := Prefill{
		Vendor: VendorPrefill{
			Name:    cut(d.Seller.Name, nameMax),
			Address: cut(d.Seller.Address(), addressMax),
			VATID:   cut(compact(d.Seller.VATID), vatIDMax),
			IBAN:    cut(strings.ToUpper(compact(d.Seller.IBAN)), ibanMax),
			Email:   d.Seller.Email,
		},
		VendorName: cut(d.Seller.Name, nameMax),
		Number:     cut(d.Number, numberMax),
		Currency:   cur,
		VATLines:   []VATLine{},
	}
	if c := strings.ToUpper(d.Seller.Country); countryPattern.MatchString(c) {
		p.Vendor.Country = c
	}
	if isDate(d.IssueDate) {
		p.Date = d.IssueDate
	}
	// A due date before the invoice's date is left for the person to type:
	// an expense refuses it (the check has said what is wrong).
	if isDate(d.DueDate) && d.DueDate >= p.Date {
		p.DueDate = d.DueDate
	}

	var names []string
	for _, l := range d.Lines {
		if n := firstOf(l.Name, l.Description); n != "" {
			names = append(names, strings.Join(strings.Fields(n), " "))
		}
	}
	p.Description = cut(strings.Join(names, ", "), descriptionMax)
	var note []string
	note = append(note, d.Notes...)
	if d.PaymentTerms != "" {
		note = append(note, d.PaymentTerms)
	}
	p.Note = cut(strings.Join(note, "\n"), noteMax)

	digits := money.MinorDigits(cur)
	type sum struct{ net, tax int64 }
	byRate := map[int64]*sum{}
	var rates []int64
	addTo := func(rate, net, tax int64) {
		s := byRate[rate]
		if s == nil {
			s = &sum{}
			byRate[rate] = s
			rates = append(rates, rate)
		}
		s.net += net
		s.tax += tax
	}
	if len(d.VAT) > 0 {
		for _, g := range d.VAT {
			net, _ := minor(g.Taxable, digits)
			tax, _ := minor(g.Tax, digits)
			addTo(max(rateOf(g.Rate), 0), net, tax)
		}
	} else {
		for _, l := range d.Lines {
			net, _ := minor(l.Net, digits)
			rate := max(rateOf(l.VATRate), 0)
			addTo(rate, net, percentOf(net, rate))
		}
	}
	sort.Slice(rates, func(i, j int) bool { return rates[i] > rates[j] })
	for _, r := range rates {
		s := byRate[r]
		line := VATLine{Rate: float64(r) / 100, NetCents: s.net, GrossCents: s.net + s.tax}
		if computed := percentOf(s.net, r); s.tax-computed <= tolerance && computed-s.tax <= tolerance {
			tax := s.tax
			line.VATCents = &tax
		} else {
			line.GrossCents = s.net + computed
		}
		p.VATLines = append(p.VATLines, line)
		p.NetCents += line.NetCents
		p.VATCents += line.GrossCents - line.NetCents
		p.TotalCents += line.GrossCents
	}
	return p
}

// minor reads a decimal amount in the currency's minor units (digits
// decimals), rounded half away from zero.
func minor(s string, digits int) (int64, bool) {
	r, ok := new(big.Rat).SetString(strings.TrimSpace(s))
	if !ok || strings.ContainsAny(s, "eE/") {
		return 0, false
	}
	r.Mul(r, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil)))
	return roundRat(r)
}

// cut is s trimmed and at most n characters.
func cut(s string, n int) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > n {
		return strings.TrimSpace(string(r[:n]))
	}
	return s
}
