package inbound

import "strings"

// The UBL 2.1 root namespaces.
const (
	nsUBLInvoice    = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
	nsUBLCreditNote = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
)

// readUBL reads a UBL Invoice or CreditNote (XRechnung UBL, Peppol BIS 3).
func readUBL(root *node) Document {
	doc := "Invoice"
	d := Document{Format: FormatUBL, Kind: KindInvoice}
	if root.local == "CreditNote" {
		doc = "CreditNote"
		d.Kind = KindCreditNote
	}
	d.Specification = root.str("CustomizationID")
	d.Number = root.str("ID")
	d.IssueDate = isoDate(root.str("IssueDate"))
	d.DueDate = isoDate(root.str("DueDate"))
	d.TypeCode = root.str(doc + "TypeCode")
	if d.TypeCode == "381" {
		d.Kind = KindCreditNote
	}
	for _, n := range root.all("Note") {
		if t := strings.TrimSpace(n.text); t != "" {
			d.Notes = append(d.Notes, t)
		}
	}
	d.Currency = root.str("DocumentCurrencyCode")
	d.BuyerReference = root.str("BuyerReference")
	for _, ref := range root.all("BillingReference") {
		if id := ref.str("InvoiceDocumentReference", "ID"); id != "" {
			d.Preceding = append(d.Preceding, id)
		}
	}
	d.Seller = ublParty(root.at("AccountingSupplierParty", "Party"))
	d.Buyer = ublParty(root.at("AccountingCustomerParty", "Party"))

	for _, pm := range root.all("PaymentMeans") {
		if d.PaymentMeans == "" {
			d.PaymentMeans = pm.str("PaymentMeansCode")
		}
		if d.PaymentReference == "" {
			d.PaymentReference = pm.str("PaymentID")
		}
		if d.DueDate == "" {
			d.DueDate = isoDate(pm.str("PaymentDueDate"))
		}
		if acc := pm.child("PayeeFinancialAccount"); acc != nil && d.Seller.IBAN == "" {
			d.Seller.IBAN = compact(acc.str("ID"))
			d.Seller.AccountName = acc.str("Name")
			d.Seller.BIC = acc.str("FinancialInstitutionBranch", "ID")
		}
	}
	var terms []string
	for _, pt := range root.all("PaymentTerms") {
		if t := pt.str("Note"); t != "" {
			terms = append(terms, t)
		}
	}
	d.PaymentTerms = strings.Join(terms, "\n")

	// The tax total in the document's currency is the one with the
	// breakdown; another one (BT-111, in the VAT accounting currency) has
	// none.
	var tax *node
	for _, tt := range root.all("TaxTotal") {
		amount := tt.child("TaxAmount")
		if tax == nil || (amount != nil && amount.attr("currencyID") == d.Currency && len(tt.all("TaxSubtotal")) > 0) {
			tax = tt
		}
	}
	for _, st := range tax.all("TaxSubtotal") {
		d.VAT = append(d.VAT, VATGroup{
			Category:  st.str("TaxCategory", "ID"),
			Rate:      st.str("TaxCategory", "Percent"),
			Taxable:   st.str("TaxableAmount"),
			Tax:       st.str("TaxAmount"),
			Exemption: firstOf(st.str("TaxCategory", "TaxExemptionReason"), st.str("TaxCategory", "TaxExemptionReasonCode")),
		})
	}
	m := root.child("LegalMonetaryTotal")
	d.Totals = Totals{
		Lines:      m.str("LineExtensionAmount"),
		Allowances: m.str("AllowanceTotalAmount"),
		Charges:    m.str("ChargeTotalAmount"),
		Net:        m.str("TaxExclusiveAmount"),
		VAT:        tax.str("TaxAmount"),
		Gross:      m.str("TaxInclusiveAmount"),
		Prepaid:    m.str("PrepaidAmount"),
		Rounding:   m.str("PayableRoundingAmount"),
		Payable:    m.str("PayableAmount"),
	}

	quantity := "InvoicedQuantity"
	if doc == "CreditNote" {
		quantity = "CreditedQuantity"
	}
	for _, l := range root.all(doc + "Line") {
		q := l.child(quantity)
		d.Lines = append(d.Lines, Line{
			ID:          l.str("ID"),
			Name:        l.str("Item", "Name"),
			Description: l.str("Item", "Description"),
			Quantity:    l.str(quantity),
			UnitCode:    q.attr("unitCode"),
			Price:       l.str("Price", "PriceAmount"),
			Net:         l.str("LineExtensionAmount"),
			VATCategory: l.str("Item", "ClassifiedTaxCategory", "ID"),
			VATRate:     l.str("Item", "ClassifiedTaxCategory", "Percent"),
		})
	}
	return d
}

// ublParty reads a cac:Party.
func ublParty(p *node) Party {
	a := p.child("PostalAddress")
	out := Party{
		Name:     firstOf(p.str("PartyLegalEntity", "RegistrationName"), p.str("PartyName", "Name")),
		Street:   a.str("StreetName"),
		Street2:  a.str("AdditionalStreetName"),
		Street3:  a.str("AddressLine", "Line"),
		Postcode: a.str("PostalZone"),
		City:     a.str("CityName"),
		Country:  a.str("Country", "IdentificationCode"),
		Email:    p.str("Contact", "ElectronicMail"),
	}
	for _, ts := range p.all("PartyTaxScheme") {
		if strings.EqualFold(ts.str("TaxScheme", "ID"), "VAT") {
			out.VATID = ts.str("CompanyID")
			break
		}
	}
	return out
}

// firstOf is the first of values that is not empty.
func firstOf(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}

// compact is s without spaces (an IBAN as written on paper).
func compact(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// isoDate is a date as YYYY-MM-DD: UBL's is already; CII's format 102 is
// YYYYMMDD. Anything else is kept as written (the check says so).
func isoDate(s string) string {
	if len(s) == 8 && allDigits(s) {
		return s[:4] + "-" + s[4:6] + "-" + s[6:]
	}
	return s
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
