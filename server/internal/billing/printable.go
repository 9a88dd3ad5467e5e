package billing

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/money"
	"folio/server/migrations"
)

// PrintableDocument is a quote or an invoice as it is printed: exactly what
// the customer may see, nothing else (no ids, no business, no emails). The
// public document route answers it; its JSON is the web app's contract
// (PrintableDocument in src/billing/printable.ts), field for field: both
// pass tests/vectors/printable.json (stored records in, this out).
type PrintableDocument struct {
	// Kind is "quote" or "invoice".
	Kind string `json:"kind"`
	// Number is the document number ("" only for a draft).
	Number string `json:"number"`
	// Status is the stored status.
	Status string `json:"status"`
	// DisplayStatus is the stored status, or "overdue"/"expired" as the
	// dates make it (the server's UTC today).
	DisplayStatus string `json:"display_status"`
	// Currency is the ISO 4217 code of every amount.
	Currency string `json:"currency"`
	// IssueDate is YYYY-MM-DD.
	IssueDate string `json:"issue_date"`
	// DueDate is an invoice's due date (YYYY-MM-DD), "" for quotes.
	DueDate string `json:"due_date"`
	// ExpiryDate is a quote's expiry date (YYYY-MM-DD), "" for invoices or none.
	ExpiryDate string `json:"expiry_date"`
	// Seller is the business that issued the document.
	Seller PrintableSeller `json:"seller"`
	// Buyer is the customer it is for.
	Buyer PrintableBuyer `json:"buyer"`
	// Items are the lines, each with its net amount.
	Items []PrintableItem `json:"items"`
	// DiscountPercent is the document discount.
	DiscountPercent float64 `json:"discount_percent"`
	// SubtotalCents is the sum of the lines' net amounts.
	SubtotalCents int64 `json:"subtotal_cents"`
	// DiscountCents is the document discount's amount.
	DiscountCents int64 `json:"discount_cents"`
	// TaxCents is the total tax.
	TaxCents int64 `json:"tax_cents"`
	// TotalCents is what the document is for.
	TotalCents int64 `json:"total_cents"`
	// TaxBreakdown is the tax per rate.
	TaxBreakdown []money.TaxGroup `json:"tax_breakdown"`
	// PaidCents is what payments covered (invoices; 0 for quotes).
	PaidCents int64 `json:"paid_cents"`
	// CreditedCents is what credit notes took off (invoices; 0 for quotes):
	// the total less payments and credits is the balance.
	CreditedCents int64 `json:"credited_cents"`
	// RefundedCents is the credit given back: refunded, or applied to
	// other invoices (invoices; 0 for quotes).
	RefundedCents int64 `json:"refunded_cents"`
	// CreditCents is the credit still owed to the customer (invoices; 0
	// for quotes). The rows under the total (decideSettlementRows) are
	// worked out from these.
	CreditCents int64 `json:"credit_cents"`
	// BalanceCents is what is left to pay (invoices; the total for quotes).
	BalanceCents int64 `json:"balance_cents"`
	// Notes are printed on the document.
	Notes string `json:"notes"`
	// Terms are printed on the document.
	Terms string `json:"terms"`
	// Payment tells how to pay an invoice; nil for quotes and when the
	// business has no IBAN.
	Payment *PaymentInstructions `json:"payment"`
	// Answer is a quote's answer once given; nil otherwise.
	Answer *QuoteAnswer `json:"answer"`
	// VATNote says why 0 % lines carry no VAT (the exemption reason of a
	// category other than Z, e.g. "Reverse charge"); "" when none applies.
	VATNote string `json:"vat_note"`
	// Deposit is true for a deposit invoice (printed "Deposit invoice").
	Deposit bool `json:"deposit"`
	// Deduction is a final invoice's deduction of its deposits, per
	// deposit and per rate (decideFinal); nil for any other document.
	Deduction *finalDeduction `json:"deduction"`
	// Language is the language the document is written in (one of
	// migrations.DocumentLanguages): the customer's, else the business's,
	// else "en" (see decideDocumentLanguage).
	Language string `json:"language"`
}

// PrintableSeller is the business as printed.
type PrintableSeller struct {
	// CompanyName is the business name (the company name of the settings,
	// else the profile's company, else the person's name; never the email).
	CompanyName string `json:"company_name"`
	// CompanyAddress is printed under the name.
	CompanyAddress string `json:"company_address"`
	// CompanyTaxID is the VAT or registration number.
	CompanyTaxID string `json:"company_tax_id"`
	// PostalCode, City and Country (ISO alpha-2) complete the address.
	PostalCode string `json:"postal_code"`
	// City is the seller's city.
	City string `json:"city"`
	// Country is the seller's country, ISO 3166 alpha-2.
	Country string `json:"country"`
	// VATID is the seller's VAT identifier, or "".
	VATID string `json:"vat_id"`
	// LogoURL is a path the public page may load the logo from, or "".
	LogoURL string `json:"logo_url"`
}

// PrintableBuyer is the customer as printed.
type PrintableBuyer struct {
	// Name is the customer's (company) name.
	Name string `json:"name"`
	// ContactName is the person addressed.
	ContactName string `json:"contact_name"`
	// Address is the street address.
	Address string `json:"address"`
	// City is the city.
	City string `json:"city"`
	// PostalCode is the postal code.
	PostalCode string `json:"postal_code"`
	// Country is the ISO 3166 alpha-2 code.
	Country string `json:"country"`
	// TaxID is the customer's VAT or registration number.
	TaxID string `json:"tax_id"`
}

// PrintableItem is one line as printed (a line without its id).
type PrintableItem struct {
	// Description says what the line is for.
	Description string `json:"description"`
	// Quantity may be fractional.
	Quantity float64 `json:"quantity"`
	// Unit is "h", "pcs", … or "".
	Unit string `json:"unit"`
	// UnitPriceCents is the price of one unit.
	UnitPriceCents int64 `json:"unit_price_cents"`
	// DiscountPercent is the line discount.
	DiscountPercent float64 `json:"discount_percent"`
	// TaxRate is the line's tax rate, in percent.
	TaxRate float64 `json:"tax_rate"`
	// NetCents is the line's amount after its discount, before tax.
	NetCents int64 `json:"net_cents"`
}

// PaymentInstructions tell the customer how to pay an invoice by transfer.
type PaymentInstructions struct {
	// Holder is the account holder.
	Holder string `json:"holder"`
	// IBAN is the account number, without spaces.
	IBAN string `json:"iban"`
	// BIC is the bank's code, or "".
	BIC string `json:"bic"`
	// Reference is what to write on the transfer: the invoice number.
	Reference string `json:"reference"`
}

// paymentInstructions are the bank details of an invoice of the business's (the
// sheet, the PDF, the customer's page and the mails): nil without an IBAN.
func paymentInstructions(business *core.Record, company, number string) *PaymentInstructions {
	iban := business.GetString(migrations.FieldIBAN)
	if iban == "" {
		return nil
	}
	return &PaymentInstructions{
		Holder:    firstNonEmpty(business.GetString(migrations.FieldBankHolder), company),
		IBAN:      iban,
		BIC:       business.GetString(migrations.FieldBIC),
		Reference: number,
	}
}

// QuoteAnswer is the customer's (or a member's) answer to a quote.
type QuoteAnswer struct {
	// Accepted is true for an acceptance, false for a rejection.
	Accepted bool `json:"accepted"`
	// At is when, RFC 3339.
	At string `json:"at"`
	// Name is the full name typed to accept ("" for a rejection, or when
	// a member marked it accepted).
	Name string `json:"name"`
	// Note is the acceptance note, or the rejection reason.
	Note string `json:"note"`
}

// printableSource is what a printable document is made of.
type printableSource struct {
	kind     docKind
	doc      *core.Record
	business *core.Record
	customer *core.Record
	// seller is the seller's name (sellerName).
	seller string
	// logoURL is where the logo is served for this reader ("" for none).
	logoURL string
	today   time.Time
}

// buildPrintable makes the printable document. Amounts come from the
// lines, computed as the hooks computed them when the document was saved.
func buildPrintable(src printableSource) (PrintableDocument, error) {
	doc, business, customer, k := src.doc, src.business, src.customer, src.kind
	lines, err := money.ParseLines(RawJSON(doc, "items"))
	if err != nil {
		return PrintableDocument{}, err
	}
	totals, err := money.ComputeTotals(lines, doc.GetFloat("discount_percent"))
	if err != nil {
		return PrintableDocument{}, err
	}

	p := PrintableDocument{
		Kind:      k.noun,
		Number:    doc.GetString("number"),
		Status:    doc.GetString("status"),
		Currency:  doc.GetString("currency"),
		IssueDate: dayOf(doc.GetString("issue_date")),
		Seller: PrintableSeller{
			CompanyName:    firstNonEmpty(business.GetString(migrations.FieldCompanyName), src.seller),
			CompanyAddress: business.GetString(migrations.FieldCompanyAddress),
			CompanyTaxID:   business.GetString(migrations.FieldCompanyTaxID),
			PostalCode:     business.GetString(migrations.FieldCompanyPostalCode),
			City:           business.GetString(migrations.FieldCompanyCity),
			Country:        business.GetString(migrations.FieldCompanyCountry),
			VATID:          business.GetString(migrations.FieldCompanyVATID),
			LogoURL:        src.logoURL,
		},
		Buyer: PrintableBuyer{
			Name:        customer.GetString("name"),
			ContactName: customer.GetString("contact_name"),
			Address:     customer.GetString("address"),
			City:        customer.GetString("city"),
			PostalCode:  customer.GetString("postal_code"),
			Country:     customer.GetString("country"),
			TaxID:       customer.GetString("tax_id"),
		},
		Items:           make([]PrintableItem, len(lines)),
		DiscountPercent: doc.GetFloat("discount_percent"),
		SubtotalCents:   totals.SubtotalCents,
		DiscountCents:   totals.DiscountCents,
		TaxCents:        totals.TaxCents,
		TotalCents:      totals.TotalCents,
		TaxBreakdown:    totals.TaxBreakdown,
		Notes:           doc.GetString("notes"),
		Terms:           doc.GetString("terms"),
		Language:        documentLanguage(business, customer),
	}
	if p.TaxBreakdown == nil {
		p.TaxBreakdown = []money.TaxGroup{}
	}
	p.VATNote = vatNote(doc.GetString(migrations.FieldVATExemptionCategory), doc.GetString(migrations.FieldVATExemptionReason), p.TaxBreakdown)
	for i, l := range lines {
		p.Items[i] = PrintableItem{
			Description: l.Description, Quantity: l.Quantity, Unit: l.Unit, UnitPriceCents: l.UnitPriceCents,
			DiscountPercent: l.DiscountPercent, TaxRate: l.TaxRate, NetCents: totals.LinesNetCents[i],
		}
	}

	end := dayOf(doc.GetString(k.endField))
	if k.noun == "invoice" {
		p.DueDate = end
		p.PaidCents = int64(doc.GetInt("paid_cents"))
		p.CreditedCents = int64(doc.GetInt("credited_cents"))
		p.RefundedCents = int64(doc.GetInt(migrations.FieldRefundedCents))
		p.CreditCents = int64(doc.GetInt(migrations.FieldCreditCents))
		p.BalanceCents = int64(doc.GetInt("balance_cents"))
		p.Payment = paymentInstructions(business, p.Seller.CompanyName, p.Number)
		p.Deposit = doc.GetString(migrations.FieldInvoiceKind) == kindDeposit
		if doc.GetString(migrations.FieldInvoiceKind) == kindFinal {
			var d finalDeduction
			if json.Unmarshal(RawJSON(doc, migrations.FieldDeposits), &d) == nil && len(d.Deposits) > 0 {
				p.Deduction = &d
			}
		}
	} else {
		p.ExpiryDate = end
		p.BalanceCents = p.TotalCents
		p.Answer = quoteAnswerOf(doc)
	}
	p.DisplayStatus = decideDisplayStatus(k.noun, p.Status, p.BalanceCents, end, dateOnly(src.today).Format(time.DateOnly))
	return p, nil
}

// quoteAnswerOf is the answer a quote carries: accepted (or converted,
// which counts as accepted) with the typed name and note, or rejected with
// the reason; nil while unanswered.
func quoteAnswerOf(q *core.Record) *QuoteAnswer {
	switch q.GetString("status") {
	case statusAccepted, statusConverted:
		at := q.GetDateTime("accepted_at")
		if at.IsZero() {
			return nil
		}
		return &QuoteAnswer{Accepted: true, At: at.Time().UTC().Format(time.RFC3339),
			Name: q.GetString(migrations.FieldAcceptedBy), Note: q.GetString(migrations.FieldAcceptNote)}
	case statusRejected:
		at := q.GetDateTime("rejected_at")
		if at.IsZero() {
			return nil
		}
		return &QuoteAnswer{Accepted: false, At: at.Time().UTC().Format(time.RFC3339), Note: q.GetString("reject_reason")}
	}
	return nil
}

// issuedFingerprint identifies the printed content of a document: what its
// PDF shows that the customer must be able to rely on (number, dates,
// seller, buyer, lines, amounts, notes, payment instructions, the logo
// file), not what moves on its own (status, payments, the answer). The
// printed VAT exemption, the lines' unit codes and a language other than
// English count too (issuedExtras).
func issuedFingerprint(p PrintableDocument, logoFile string, extra issuedExtras) string {
	p.Status, p.DisplayStatus, p.PaidCents, p.BalanceCents, p.Answer = "", "", 0, 0, nil
	p.Seller.LogoURL = logoFile
	// The language is printed too (every label), but as an extra: English
	// documents issued before it existed keep their fingerprint.
	if p.Language != migrations.DefaultDocumentLanguage && p.Language != "" {
		extra.Language = p.Language
	}
	p.Language = ""
	b, _ := json.Marshal(p) // plain values: Marshal can't fail
	if !extra.empty() {
		e, _ := json.Marshal(extra)
		b = append(b, e...)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// issuedExtras is what the PDF prints beyond the PrintableDocument: the
// VAT exemption of the 0 % lines, the lines' unit codes, and the language
// when it is not English. Empty (the default category Z, no reason, no unit
// codes, English) adds nothing, so documents issued before these fields
// keep their fingerprint.
type issuedExtras struct {
	VATCategory string   `json:"vat_category,omitempty"`
	VATReason   string   `json:"vat_reason,omitempty"`
	UnitCodes   []string `json:"unit_codes,omitempty"`
	Language    string   `json:"language,omitempty"`
}

func (x issuedExtras) empty() bool {
	return x.VATCategory == "" && x.VATReason == "" && len(x.UnitCodes) == 0 && x.Language == ""
}

// issuedExtrasOf reads a document's extras.
func issuedExtrasOf(doc *core.Record, lines []money.Line) issuedExtras {
	var x issuedExtras
	if cat := doc.GetString(migrations.FieldVATExemptionCategory); cat != migrations.DefaultVATExemptionCategory {
		x.VATCategory = cat
	}
	x.VATReason = doc.GetString(migrations.FieldVATExemptionReason)
	for i, l := range lines {
		if l.UnitCode != "" && x.UnitCodes == nil {
			x.UnitCodes = make([]string, len(lines))
		}
		if x.UnitCodes != nil {
			x.UnitCodes[i] = l.UnitCode
		}
	}
	return x
}

// vatNote is the printed reason why 0 % lines carry no VAT: only when the
// document has a 0 % group and its category is an exemption (not Z).
func vatNote(category, reason string, groups []money.TaxGroup) string {
	if category == "" || category == "Z" || strings.TrimSpace(reason) == "" {
		return ""
	}
	for _, g := range groups {
		if g.Rate == 0 {
			return strings.TrimSpace(reason)
		}
	}
	return ""
}
