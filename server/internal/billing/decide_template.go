package billing

import "strings"

// templateValues fill the placeholders of the send templates (subject and
// message of a document mail). The web app's preview renders the same
// templates with the same rules: both pass tests/vectors/templates.json.
type templateValues struct {
	Kind     string `json:"kind"`     // {kind}: "Invoice" or "Quote"
	Number   string `json:"number"`   // {number}: "INV-00042"
	Business string `json:"business"` // {business}: the seller's name
	Customer string `json:"customer"` // {customer}: the contact, else the customer's name
	Amount   string `json:"amount"`   // {amount}: the balance due (invoice) or total (quote), "120.00 EUR"
	DueDate  string `json:"due_date"` // {due_date}: the due date (invoice) or expiry date (quote), YYYY-MM-DD
	Link     string `json:"link"`     // {link}: the public link to the document
}

// lookup is a placeholder's value; ok is false for an unknown name.
func (v templateValues) lookup(name string) (string, bool) {
	switch name {
	case "kind":
		return v.Kind, true
	case "number":
		return v.Number, true
	case "business":
		return v.Business, true
	case "customer":
		return v.Customer, true
	case "amount":
		return v.Amount, true
	case "due_date":
		return v.DueDate, true
	case "link":
		return v.Link, true
	}
	return "", false
}

// renderTemplate replaces each {name} of a known placeholder with its
// value, in one pass: a value is never read as a template, and anything
// else (unknown names, "{ kind }", "{Kind}", a lone brace) stays as typed.
func renderTemplate(tmpl string, v templateValues) string {
	var b strings.Builder
	b.Grow(len(tmpl))
	for {
		open := strings.IndexByte(tmpl, '{')
		if open < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		b.WriteString(tmpl[:open])
		tmpl = tmpl[open:]
		end := strings.IndexByte(tmpl, '}')
		if end < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		name := tmpl[1:end]
		if strings.ContainsRune(name, '{') {
			// "{{kind}": the first brace is plain text; look again from the next.
			b.WriteByte('{')
			tmpl = tmpl[1:]
			continue
		}
		if value, ok := v.lookup(name); ok {
			b.WriteString(value)
		} else {
			b.WriteString(tmpl[:end+1])
		}
		tmpl = tmpl[end+1:]
	}
}
