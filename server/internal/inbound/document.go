// Package inbound reads the e-invoices a business receives (issue 32,
// part 3): XRechnung and Peppol BIS 3 as UBL Invoice or CreditNote,
// XRechnung CII and Factur-X/ZUGFeRD as CII, and a Factur-X/ZUGFeRD PDF
// with its XML embedded (PDF/A-3 attachment).
//
//   - read.go tells the formats apart and refuses what is no e-invoice
//     (not XML, a DOCTYPE, an unknown root, a PDF without an invoice, a
//     file over MaxFileBytes); ubl.go and cii.go read the XML into a
//     Document, pdf.go finds the XML in a PDF.
//   - decide_check.go checks a Document (required fields and the EN 16931
//     arithmetic) and answers Problems: codes and params the web app says
//     in sentences (src/locales/*/inbound.json). A problem never refuses
//     the file; it is shown, and kept with the expense.
//   - decide_prefill.go turns a Document into the expense's fields;
//     route_read.go answers the readable view and route_expense.go makes
//     the expense, keeping the file as it came.
package inbound

// The formats of a received e-invoice, as the expenses' source_format.
const (
	FormatUBL     = "ubl"
	FormatCII     = "cii"
	FormatFacturX = "facturx"
)

// The kinds of document.
const (
	KindInvoice    = "invoice"
	KindCreditNote = "credit_note"
)

// Document is a received e-invoice as read: the texts as written in it,
// dates as YYYY-MM-DD, amounts as the decimal strings it gives ("" when
// absent), so the readable view shows what the file says.
type Document struct {
	Format string `json:"format"`
	// Specification is the specification identifier (BT-24), e.g.
	// urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0.
	Specification    string     `json:"specification"`
	Kind             string     `json:"kind"`
	TypeCode         string     `json:"type_code"`
	Number           string     `json:"number"`
	IssueDate        string     `json:"issue_date"`
	DueDate          string     `json:"due_date"`
	Currency         string     `json:"currency"`
	BuyerReference   string     `json:"buyer_reference"`
	Seller           Party      `json:"seller"`
	Buyer            Party      `json:"buyer"`
	Lines            []Line     `json:"lines"`
	VAT              []VATGroup `json:"vat"`
	Totals           Totals     `json:"totals"`
	PaymentTerms     string     `json:"payment_terms"`
	PaymentReference string     `json:"payment_reference"`
	// PaymentMeans is the payment means code (BT-81), 58 = SEPA transfer.
	PaymentMeans string   `json:"payment_means"`
	Notes        []string `json:"notes"`
	// Preceding are the numbers of the invoices a credit note corrects.
	Preceding []string `json:"preceding"`
}

// Party is the seller or the buyer; IBAN, BIC and AccountName are the
// seller's account from the payment means.
type Party struct {
	Name        string `json:"name"`
	Street      string `json:"street"`
	Street2     string `json:"street2"`
	Street3     string `json:"street3"`
	Postcode    string `json:"postcode"`
	City        string `json:"city"`
	Country     string `json:"country"`
	VATID       string `json:"vat_id"`
	Email       string `json:"email"`
	IBAN        string `json:"iban"`
	BIC         string `json:"bic"`
	AccountName string `json:"account_name"`
}

// Line is one invoice line.
type Line struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Quantity    string `json:"quantity"`
	UnitCode    string `json:"unit_code"`
	Price       string `json:"price"`
	Net         string `json:"net"`
	VATCategory string `json:"vat_category"`
	VATRate     string `json:"vat_rate"`
}

// VATGroup is one line of the VAT breakdown (BG-23).
type VATGroup struct {
	Category  string `json:"category"`
	Rate      string `json:"rate"`
	Taxable   string `json:"taxable"`
	Tax       string `json:"tax"`
	Exemption string `json:"exemption"`
}

// Totals are the document totals (BG-22).
type Totals struct {
	Lines      string `json:"lines"`
	Allowances string `json:"allowances"`
	Charges    string `json:"charges"`
	Net        string `json:"net"`
	VAT        string `json:"vat"`
	Gross      string `json:"gross"`
	Prepaid    string `json:"prepaid"`
	Rounding   string `json:"rounding"`
	Payable    string `json:"payable"`
}

// Address is the party's address as lines (streets, then postcode and
// city), without the country.
func (p Party) Address() string {
	var lines []string
	for _, s := range []string{p.Street, p.Street2, p.Street3} {
		if s != "" {
			lines = append(lines, s)
		}
	}
	city := p.Postcode
	if p.City != "" {
		if city != "" {
			city += " "
		}
		city += p.City
	}
	if city != "" {
		lines = append(lines, city)
	}
	out := ""
	for i, l := range lines {
		if i > 0 {
			out += "\n"
		}
		out += l
	}
	return out
}
