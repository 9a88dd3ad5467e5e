package imports

import (
	"strconv"
	"strings"
	"unicode"
)

// Problem is one problem of one row: a code the web app puts into a
// sentence ("Row 14: the email address is not valid."), the field and,
// for the billing rules' own codes, their params.
type Problem struct {
	Row    int            `json:"row"`
	Field  string         `json:"field,omitempty"`
	Code   string         `json:"code"`
	Params map[string]any `json:"params,omitempty"`
}

// The row problems the import finds itself; every other problem is the
// code a typed customer gets (the collection's and the billing hooks').
const (
	problemRequired  = "row_required"
	problemInvalid   = "row_invalid"
	problemEmail     = "row_invalid_email"
	problemNotNumber = "row_not_number"
	problemTooLong   = "row_too_long"
)

// countries maps the country names the exports write (in English, German,
// French and Spanish) to ISO 3166 codes; a two-letter value is taken as a
// code.
var countries = map[string]string{
	"germany": "DE", "deutschland": "DE", "allemagne": "DE", "alemania": "DE",
	"austria": "AT", "osterreich": "AT", "autriche": "AT",
	"switzerland": "CH", "schweiz": "CH", "suisse": "CH", "suiza": "CH",
	"france": "FR", "frankreich": "FR", "francia": "FR",
	"spain": "ES", "spanien": "ES", "espagne": "ES", "espana": "ES",
	"italy": "IT", "italien": "IT", "italie": "IT", "italia": "IT",
	"netherlands": "NL", "niederlande": "NL", "paysbas": "NL", "paisesbajos": "NL", "thenetherlands": "NL",
	"belgium": "BE", "belgien": "BE", "belgique": "BE", "belgica": "BE",
	"luxembourg": "LU", "luxemburg": "LU", "luxemburgo": "LU",
	"unitedkingdom": "GB", "greatbritain": "GB", "uk": "GB", "vereinigteskonigreich": "GB", "royaumeuni": "GB", "reinounido": "GB",
	"unitedstates": "US", "unitedstatesofamerica": "US", "usa": "US", "vereinigtestaaten": "US", "etatsunis": "US", "estadosunidos": "US",
	"ireland": "IE", "irland": "IE", "irlande": "IE", "irlanda": "IE",
	"portugal": "PT", "poland": "PL", "polen": "PL", "pologne": "PL", "polonia": "PL",
	"denmark": "DK", "danemark": "DK", "dinamarca": "DK", "sweden": "SE", "schweden": "SE", "suede": "SE", "suecia": "SE",
	"unitedarabemirates": "AE", "saudiarabia": "SA", "egypt": "EG", "morocco": "MA", "marokko": "MA", "maroc": "MA", "marruecos": "MA",
}

// countryCode is a country as Folio stores it: a two-letter code as it
// is (upper case), a known name as its code, anything else unchanged (the
// customer's rule then refuses it).
func countryCode(s string) string {
	if len(s) == 2 {
		return strings.ToUpper(s)
	}
	if code, ok := countries[normHeader(s)]; ok {
		return code
	}
	return s
}

// paymentTerms reads "30", "30 days", "Net 30", "30 Tage"; ok is false
// for a value with no number or more than one.
func paymentTerms(s string) (int, bool) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsDigit(r) })
	if len(fields) != 1 {
		return 0, false
	}
	n, err := strconv.Atoi(fields[0])
	return n, err == nil
}

// cellOf reads a row's cell by the field the mapping gives its column,
// trimmed; "" for a field not mapped or a row too short.
func cellOf(m Mapping, cells []string) func(field string) string {
	return func(field string) string {
		i, ok := m[field]
		if !ok || i < 0 || i >= len(cells) {
			return ""
		}
		return strings.TrimSpace(cells[i])
	}
}

// decideRow turns a row's cells into a customer's values by the mapping,
// normalized as the customer form writes them (the rules that refuse are
// the customer's own, run when the row is saved). A row without a name
// and a payment term that is not a number are its problems.
func decideRow(m Mapping, n int, cells []string) (map[string]any, []Problem) {
	cell := cellOf(m, cells)
	person := joinSet(" ", cell("contact_first"), cell("contact_last"))
	v := map[string]any{}
	set := setIn(v)
	set("name", cell("name"))
	if v["name"] == nil {
		set("name", person)
	} else {
		set("contact_name", cell("contact_name"))
		if v["contact_name"] == nil {
			set("contact_name", person)
		}
	}
	for _, f := range []string{"email", "phone", "tax_id", "postal_code", "city", "notes"} {
		set(f, cell(f))
	}
	set("address", joinSet("\n", cell("address"), cell("address_2")))
	set("country", countryCode(cell("country")))
	set("currency", strings.ToUpper(cell("currency")))
	if w := cell("website"); w != "" && !strings.Contains(w, "://") {
		set("website", "https://"+w)
	} else {
		set("website", w)
	}
	var problems []Problem
	if v["name"] == nil {
		problems = append(problems, Problem{Row: n, Field: "name", Code: problemRequired})
	}
	if t := cell("payment_terms_days"); t != "" {
		if days, ok := paymentTerms(t); ok {
			v["payment_terms_days"] = days
		} else {
			problems = append(problems, Problem{Row: n, Field: "payment_terms_days", Code: problemNotNumber})
		}
	}
	return v, problems
}

// problemsOf turns a refused save into the row's problems: the billing
// rules' codes (folio_…) as they are, with their params; the collection's
// own checks (required, email, pattern, length) as the import's codes.
func problemsOf(n int, data map[string]any) []Problem {
	var out []Problem
	for field, raw := range data {
		item, ok := raw.(map[string]any)
		if !ok {
			continue
		}
		code, _ := item["code"].(string)
		p := Problem{Row: n, Field: field, Code: code}
		switch {
		case strings.HasPrefix(code, "folio_"):
			if params, ok := item["params"].(map[string]any); ok {
				p.Params = params
			}
		case code == "validation_required":
			p.Code = problemRequired
		case field == "country" || field == "currency":
			p.Code = problemInvalid // a code: too long is not what is wrong
		case strings.Contains(code, "email"):
			p.Code = problemEmail
		case strings.Contains(code, "length") || strings.Contains(code, "max"):
			p.Code = problemTooLong
		default:
			p.Code = problemInvalid
		}
		out = append(out, p)
	}
	return out
}
