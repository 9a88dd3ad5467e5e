package inbound

import "strings"

// nsCII is the root namespace of a UN/CEFACT Cross Industry Invoice D16B.
const nsCII = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"

// readCII reads a CrossIndustryInvoice (XRechnung CII, Factur-X/ZUGFeRD).
func readCII(root *node) Document {
	d := Document{Format: FormatCII, Kind: KindInvoice}
	d.Specification = root.str("ExchangedDocumentContext", "GuidelineSpecifiedDocumentContextParameter", "ID")
	ex := root.child("ExchangedDocument")
	d.Number = ex.str("ID")
	d.TypeCode = ex.str("TypeCode")
	if d.TypeCode == "381" {
		d.Kind = KindCreditNote
	}
	d.IssueDate = isoDate(ex.str("IssueDateTime", "DateTimeString"))
	for _, n := range ex.all("IncludedNote") {
		if t := n.str("Content"); t != "" {
			d.Notes = append(d.Notes, t)
		}
	}

	tx := root.child("SupplyChainTradeTransaction")
	agreement := tx.child("ApplicableHeaderTradeAgreement")
	d.BuyerReference = agreement.str("BuyerReference")
	d.Seller = ciiParty(agreement.child("SellerTradeParty"))
	d.Buyer = ciiParty(agreement.child("BuyerTradeParty"))

	s := tx.child("ApplicableHeaderTradeSettlement")
	d.Currency = s.str("InvoiceCurrencyCode")
	d.PaymentReference = s.str("PaymentReference")
	for _, pm := range s.all("SpecifiedTradeSettlementPaymentMeans") {
		if d.PaymentMeans == "" {
			d.PaymentMeans = pm.str("TypeCode")
		}
		if acc := pm.child("PayeePartyCreditorFinancialAccount"); acc != nil && d.Seller.IBAN == "" {
			d.Seller.IBAN = compact(firstOf(acc.str("IBANID"), acc.str("ProprietaryID")))
			d.Seller.AccountName = acc.str("AccountName")
			d.Seller.BIC = pm.str("PayeeSpecifiedCreditorFinancialInstitution", "BICID")
		}
	}
	for _, t := range s.all("ApplicableTradeTax") {
		d.VAT = append(d.VAT, VATGroup{
			Category:  t.str("CategoryCode"),
			Rate:      t.str("RateApplicablePercent"),
			Taxable:   t.str("BasisAmount"),
			Tax:       t.str("CalculatedAmount"),
			Exemption: firstOf(t.str("ExemptionReason"), t.str("ExemptionReasonCode")),
		})
	}
	var terms []string
	for _, pt := range s.all("SpecifiedTradePaymentTerms") {
		if t := pt.str("Description"); t != "" {
			terms = append(terms, t)
		}
		if d.DueDate == "" {
			d.DueDate = isoDate(pt.str("DueDateDateTime", "DateTimeString"))
		}
	}
	d.PaymentTerms = strings.Join(terms, "\n")
	for _, ref := range s.all("InvoiceReferencedDocument") {
		if id := ref.str("IssuerAssignedID"); id != "" {
			d.Preceding = append(d.Preceding, id)
		}
	}

	m := s.child("SpecifiedTradeSettlementHeaderMonetarySummation")
	// The VAT total in the invoice's currency (a second one may be in the
	// VAT accounting currency, BT-111).
	vat := ""
	for _, t := range m.all("TaxTotalAmount") {
		if vat == "" || t.attr("currencyID") == d.Currency {
			vat = strings.TrimSpace(t.text)
		}
	}
	d.Totals = Totals{
		Lines:      m.str("LineTotalAmount"),
		Allowances: m.str("AllowanceTotalAmount"),
		Charges:    m.str("ChargeTotalAmount"),
		Net:        m.str("TaxBasisTotalAmount"),
		VAT:        vat,
		Gross:      m.str("GrandTotalAmount"),
		Prepaid:    m.str("TotalPrepaidAmount"),
		Rounding:   m.str("RoundingAmount"),
		Payable:    m.str("DuePayableAmount"),
	}

	for _, l := range tx.all("IncludedSupplyChainTradeLineItem") {
		q := l.at("SpecifiedLineTradeDelivery", "BilledQuantity")
		settlement := l.child("SpecifiedLineTradeSettlement")
		d.Lines = append(d.Lines, Line{
			ID:          l.str("AssociatedDocumentLineDocument", "LineID"),
			Name:        l.str("SpecifiedTradeProduct", "Name"),
			Description: l.str("SpecifiedTradeProduct", "Description"),
			Quantity:    l.str("SpecifiedLineTradeDelivery", "BilledQuantity"),
			UnitCode:    q.attr("unitCode"),
			Price:       l.str("SpecifiedLineTradeAgreement", "NetPriceProductTradePrice", "ChargeAmount"),
			Net:         settlement.str("SpecifiedTradeSettlementLineMonetarySummation", "LineTotalAmount"),
			VATCategory: settlement.str("ApplicableTradeTax", "CategoryCode"),
			VATRate:     settlement.str("ApplicableTradeTax", "RateApplicablePercent"),
		})
	}
	return d
}

// ciiParty reads a SellerTradeParty or BuyerTradeParty.
func ciiParty(p *node) Party {
	a := p.child("PostalTradeAddress")
	out := Party{
		Name:     p.str("Name"),
		Street:   a.str("LineOne"),
		Street2:  a.str("LineTwo"),
		Street3:  a.str("LineThree"),
		Postcode: a.str("PostcodeCode"),
		City:     a.str("CityName"),
		Country:  a.str("CountryID"),
		Email:    p.str("DefinedTradeContact", "EmailURIUniversalCommunication", "URIID"),
	}
	for _, r := range p.all("SpecifiedTaxRegistration") {
		if id := r.child("ID"); id != nil && id.attr("schemeID") == "VA" {
			out.VATID = strings.TrimSpace(id.text)
			break
		}
	}
	return out
}
