package billing

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"folio/server/internal/money"
	"folio/server/migrations"
)

// The data EN 16931 e-invoices need (research: XRechnung, Factur-X, Peppol
// BIS). The web app builds the XML from the stored records; these
// decisions keep what it reads well-formed.

// vatIDPattern is a VAT identifier with its country prefix (BT-31, BT-48).
var vatIDPattern = regexp.MustCompile(`^[A-Z]{2}[0-9A-Z+*.]{2,12}$`)

// leitwegPattern is a Leitweg-ID: the coarse address (2–12 digits), an
// optional fine address (up to 30 letters and digits) and 2 check digits.
var leitwegPattern = regexp.MustCompile(`^[0-9]{2,12}(-[0-9A-Z]{1,30})?-[0-9]{2}$`)

// normalizeVATID writes a VAT ID as stored: without spaces, upper case.
func normalizeVATID(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), ""))
}

// decideVATID normalizes the business's VAT ID and refuses one without its
// country prefix or with other characters. Empty is allowed.
func decideVATID(field, s string) (string, *ruleError) {
	s = normalizeVATID(s)
	if s != "" && !vatIDPattern.MatchString(s) {
		return "", newRuleError(field, "folio_invalid_vat_id", msgInvalidVATID)
	}
	return s, nil
}

// decideCountry normalizes a country code (trimmed, upper case) and refuses
// anything but two letters. Empty is allowed.
func decideCountry(field, s string) (string, *ruleError) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if s != "" && (len(s) != 2 || s[0] < 'A' || s[0] > 'Z' || s[1] < 'A' || s[1] > 'Z') {
		return "", newRuleError(field, "folio_invalid_country", msgInvalidCountry)
	}
	return s, nil
}

// decideEndpoint checks an electronic address (BT-34, BT-49) and its EAS
// scheme: both or neither, a scheme from the list, an email for EM and a
// Leitweg-ID for 0204. It returns them trimmed (the scheme upper case).
func decideEndpoint(idField, schemeField, id, scheme string) (string, string, *ruleError) {
	id, scheme = strings.TrimSpace(id), strings.ToUpper(strings.TrimSpace(scheme))
	switch {
	case id == "" && scheme == "":
		return "", "", nil
	case scheme == "":
		return "", "", newRuleError(schemeField, "folio_endpoint_scheme_missing", msgEndpointScheme)
	case !slices.Contains(migrations.EndpointSchemes, scheme):
		return "", "", newRuleError(schemeField, "folio_invalid_endpoint_scheme", msgEndpointSchemeUnknown)
	case id == "":
		return "", "", newRuleError(idField, "folio_endpoint_id_missing", msgEndpointID)
	case scheme == "EM" && !plainEmail(id):
		return "", "", newRuleError(idField, "folio_invalid_endpoint_email", msgEndpointEmail)
	case scheme == "0204":
		lw, rerr := decideLeitwegID(idField, id)
		if rerr != nil {
			return "", "", rerr
		}
		id = lw
	}
	return id, scheme, nil
}

// leitwegCheckDigits computes the 2 check digits of a Leitweg-ID from the
// part before them (the coarse and fine address, dashes dropped): ISO/IEC
// 7064 MOD 97-10, letters as 10..35, as the Leitweg-ID format
// specification (KoSIT) requires. It returns "" for other characters.
func leitwegCheckDigits(body string) string {
	rest := 0
	for _, c := range strings.ToUpper(strings.ReplaceAll(body, "-", "")) {
		switch {
		case c >= '0' && c <= '9':
			rest = (rest*10 + int(c-'0')) % 97
		case c >= 'A' && c <= 'Z':
			rest = (rest*100 + int(c-'A') + 10) % 97
		default:
			return ""
		}
	}
	rest = rest * 100 % 97 // two zeros where the check digits go
	return fmt.Sprintf("%02d", 98-rest)
}

// decideLeitwegID normalizes a Leitweg-ID (trimmed, upper case) and refuses
// a malformed one or one whose check digits don't match.
func decideLeitwegID(field, s string) (string, *ruleError) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if !leitwegPattern.MatchString(s) {
		return "", newRuleError(field, "folio_invalid_leitweg_id", msgLeitwegFormat)
	}
	cut := strings.LastIndexByte(s, '-')
	if leitwegCheckDigits(s[:cut]) != s[cut+1:] {
		return "", newRuleError(field, "folio_leitweg_check_digits", msgLeitwegCheck)
	}
	return s, nil
}

// looksLikeLeitwegID is a buyer reference that is meant as a Leitweg-ID: it
// starts with a digit and has a dash. Other references are free text.
func looksLikeLeitwegID(s string) bool {
	return s != "" && s[0] >= '0' && s[0] <= '9' && strings.Contains(s, "-")
}

// decideBuyerReference trims a customer's buyer reference (BT-10) and, when
// it looks like a Leitweg-ID, checks it as one.
func decideBuyerReference(s string) (string, *ruleError) {
	s = strings.TrimSpace(s)
	if looksLikeLeitwegID(s) {
		return decideLeitwegID(migrations.FieldBuyerReference, s)
	}
	return s, nil
}

// ValidLeitwegID reports whether s is a well-formed Leitweg-ID whose check
// digits match.
func ValidLeitwegID(s string) bool {
	_, rerr := decideLeitwegID("", s)
	return rerr == nil
}

// LeitwegID completes a Leitweg-ID without its check digits
// ("04011000-12345") with them ("04011000-12345-xx").
func LeitwegID(body string) string {
	return body + "-" + leitwegCheckDigits(body)
}

// einvoiceEssential is a business setting an e-invoice can't go without.
type einvoiceEssential struct {
	field, label string
}

// einvoiceEssentials are checked, in this order, while e-invoicing is on.
var einvoiceEssentials = []einvoiceEssential{
	{migrations.FieldCompanyName, "the company name"},
	{migrations.FieldCompanyVATID, "the VAT ID"},
	{migrations.FieldCompanyPostalCode, "the postal code"},
	{migrations.FieldCompanyCity, "the city"},
	{migrations.FieldCompanyCountry, "the country"},
}

// decideEInvoiceEssentials lists the essentials missing from the business
// settings (values by field), one refusal per field, each "Fill in the
// city to send e-invoices." (params: fields, the field's name alone). Nil
// when all are there.
func decideEInvoiceEssentials(values map[string]string) []ruleError {
	var missing []ruleError
	for _, e := range einvoiceEssentials {
		if strings.TrimSpace(values[e.field]) == "" {
			missing = append(missing, ruleError{field: e.field, code: "folio_einvoice_missing",
				message: fmt.Sprintf(fmtEInvoiceMissing, e.label), params: params{"fields": []string{e.field}}})
		}
	}
	return missing
}

// einvoiceMissingRefusal is the refusal of all missing essentials at once
// (about no field): "Fill in the VAT ID, the city and the country to send
// e-invoices.", with the fields' names in order as params.
func einvoiceMissingRefusal(missing []ruleError) *ruleError {
	labels := make([]string, 0, len(missing))
	fields := make([]string, 0, len(missing))
	for _, m := range missing {
		for _, e := range einvoiceEssentials {
			if e.field == m.field {
				labels = append(labels, e.label)
				fields = append(fields, e.field)
			}
		}
	}
	text := strings.Join(labels, ", ")
	if n := len(labels); n > 1 {
		text = strings.Join(labels[:n-1], ", ") + " and " + labels[n-1]
	}
	return &ruleError{code: "folio_einvoice_missing", message: fmt.Sprintf(fmtEInvoiceMissing, text),
		params: params{"fields": fields}}
}

// einvoiceMissingMessage is the sentence for all missing essentials at
// once: "Fill in the VAT ID, the city and the country to send e-invoices."
func einvoiceMissingMessage(missing []ruleError) string {
	return einvoiceMissingRefusal(missing).message
}

// exemptionCase is what decideExemption looks at on a document.
type exemptionCase struct {
	category, reason string
	// zeroRated is true when at least one line is at 0 %.
	zeroRated bool
	// buyerVATID is the customer's tax_id, sellerVATID the business's
	// company_vat_id.
	buyerVATID, sellerVATID string
}

// categoryNeedsReason are the categories whose 0 % lines must say why.
var categoryNeedsReason = []string{"E", "AE", "K", "G", "O"}

// decideExemption refuses a document whose 0 % lines are exempt (E, AE, K,
// G, O) without the reason printed on it, and a reverse charge (AE) or an
// intra-community supply (K) without both VAT IDs. A document without a
// 0 % line, or with category Z, needs nothing.
func decideExemption(c exemptionCase) *ruleError {
	if !c.zeroRated || !slices.Contains(categoryNeedsReason, c.category) {
		return nil
	}
	if strings.TrimSpace(c.reason) == "" {
		return newRuleError(migrations.FieldVATExemptionReason, "folio_exemption_reason_missing", msgExemptionReason)
	}
	what := ""
	switch c.category {
	case "AE":
		what = "A reverse charge"
	case "K":
		what = "An intra-community supply"
	default:
		return nil
	}
	category := params{"category": c.category}
	if strings.TrimSpace(c.buyerVATID) == "" {
		return &ruleError{field: "customer", code: "folio_buyer_vat_id_missing",
			message: fmt.Sprintf(fmtBuyerVATIDMissing, what), params: category}
	}
	if strings.TrimSpace(c.sellerVATID) == "" {
		return &ruleError{field: migrations.FieldVATExemptionCategory, code: "folio_seller_vat_id_missing",
			message: fmt.Sprintf(fmtSellerVATIDMissing, what), params: category}
	}
	return nil
}

// exemptionApplies says whether a save must pass decideExemption: when the
// document leaves draft (mark sent, send, accept…), and when a document
// that has left draft changes its lines or exemption. Drafts are never
// refused, so editing is not blocked; converting a quote and voiding an
// invoice change nothing the customer gets.
func exemptionApplies(from, to string, changed []string) bool {
	switch to {
	case statusDraft, statusConverted, statusVoid:
		return false
	}
	if from == "" || from == statusDraft {
		return true
	}
	return slices.ContainsFunc(changed, func(f string) bool {
		return f == "items" || f == migrations.FieldVATExemptionCategory || f == migrations.FieldVATExemptionReason
	})
}

// hasZeroRate reports whether any line is at 0 %.
func hasZeroRate(lines []money.Line) bool {
	return slices.ContainsFunc(lines, func(l money.Line) bool { return l.TaxRate == 0 })
}

// TaxRow is one row of a stored tax_breakdown: the money.TaxGroup of one
// rate and its EN 16931 VAT category (BT-118).
type TaxRow struct {
	// Rate is the tax rate, in percent.
	Rate float64 `json:"rate"`
	// NetCents is the taxable base at that rate.
	NetCents int64 `json:"net_cents"`
	// TaxCents is the tax at that rate.
	TaxCents int64 `json:"tax_cents"`
	// Category is "S" above 0 %, the document's vat_exemption_category at 0 %.
	Category string `json:"category"`
}

// TaxBreakdown adds the VAT category to the tax groups ComputeTotals made:
// S for a rate above 0 %, exemption (the document's category, Z when
// empty) at 0 %. The amounts are the groups' own.
func TaxBreakdown(groups []money.TaxGroup, exemption string) []TaxRow {
	exemption = orDefault(exemption, migrations.DefaultVATExemptionCategory)
	rows := make([]TaxRow, len(groups))
	for i, g := range groups {
		cat := exemption
		if g.Rate > 0 {
			cat = "S"
		}
		rows[i] = TaxRow{Rate: g.Rate, NetCents: g.NetCents, TaxCents: g.TaxCents, Category: cat}
	}
	return rows
}
