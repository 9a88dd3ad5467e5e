package billing

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"folio/server/migrations"
)

// withLanguages sets the fixture customer's and alice's document languages
// (after withEmail's usual state before sending).
func withLanguages(customer, business string) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		withEmail(custAcme)(t, app)
		c := get(t, app, migrations.CustomersCollection, custAcme)
		c.Set(migrations.FieldCustomerLanguage, customer)
		if err := app.Save(c); err != nil {
			t.Fatal(err)
		}
		setBusiness(alice, map[string]any{migrations.FieldDocumentLanguage: business})(t, app)
	}
}

// The mail is written in the customer's language, else the business's,
// whatever the owner's interface speaks; the owner's own templates stay
// theirs.
func TestSendRouteLanguage(t *testing.T) {
	post := http.MethodPost
	runAPICases(t, []apiCase{
		{name: "a German customer gets a German mail", as: alice, method: post,
			url: sendURL("invoices", invDraft), before: withLanguages("de", ""), status: 200,
			after: mailed("ap@acme.test", "Rechnung INV-00001 von Alice & Co",
				"Guten Tag Jane Roe,",
				"Alice & Co hat Ihnen folgendes Dokument gesendet: Rechnung INV-00001 über 120,00\u00a0€, fällig bis 31.03.2026.",
				"Rechnungsdatum: 01.03.2026\nFälligkeitsdatum: 31.03.2026\n",
				"- Consulting: 1 × 100,00\u00a0€ (Steuer 20\u00a0%) = 100,00\u00a0€\n",
				"Zwischensumme: 100,00\u00a0€\nSteuer: 20,00\u00a0€\nGesamtbetrag: 120,00\u00a0€\nOffener Betrag: 120,00\u00a0€\n",
				"Online ansehen: ", "{APP_URL}/d/", "Vielen Dank\nAlice & Co")},
		{name: "no customer language: the business's (French), for a quote", as: alice, method: post,
			url: sendURL("quotes", quoDraft), before: withLanguages("", "fr"), status: 200,
			after: mailed("ap@acme.test", "Devis QUO-00001 de Alice & Co",
				"Bonjour Jane Roe,",
				"Alice & Co vous a envoyé le document suivant\u00a0: Devis QUO-00001 d’un montant de 120,00\u00a0€, valable jusqu’au 31 mars 2026.",
				"Date d’émission: 1 mars 2026\nDate de validité: 31 mars 2026\n", "Total: 120,00\u00a0€\n", "{APP_URL}/d/")},
		{name: "the customer's English wins over a German business", as: alice, method: post,
			url: sendURL("invoices", invDraft), before: withLanguages("en", "de"), status: 200,
			after: mailed("ap@acme.test", "Invoice INV-00001 from Alice & Co",
				"Alice & Co has sent you Invoice INV-00001 for €120.00, due by Mar 31, 2026.", "Total due: €120.00\n")},
		{name: "the English default as typed (the dialog's pre-fill) follows the language", as: alice, method: post,
			url: sendURL("invoices", invDraft), before: withLanguages("es", ""), status: 200,
			body: map[string]string{"subject": migrations.DefaultSendSubjectTemplate, "message": migrations.DefaultSendMessageTemplate},
			after: mailed("ap@acme.test", "Factura INV-00001 de Alice & Co",
				"Estimado/a Jane Roe:", "por un importe de 120,00\u00a0€, con vencimiento el 31 mar 2026.",
				"Fecha de emisión: 1 mar 2026\n", "Saldo pendiente: 120,00\u00a0€\n")},
		{name: "the owner's own templates stay theirs; the summary follows the language", as: alice, method: post,
			url: sendURL("invoices", invDraft),
			before: func(t testing.TB, app *tests.TestApp) {
				withLanguages("de", "")(t, app)
				setBusiness(alice, map[string]any{migrations.FieldSendSubjectTemplate: "Your {kind} {number}",
					migrations.FieldSendMessageTemplate: "{business}: pay {amount} by {due_date}.\n{link}"})(t, app)
			},
			status: 200,
			after: mailed("ap@acme.test", "Your Rechnung INV-00001",
				"Alice & Co: pay 120,00\u00a0€ by 31.03.2026.\n", "{APP_URL}/d/", "Offener Betrag: 120,00\u00a0€\n")},
		{name: "an Arabic customer: the kind word and Latin digits", as: alice, method: post,
			url: sendURL("invoices", invDraft), before: withLanguages("ar", ""), status: 200,
			after: mailed("ap@acme.test", "فاتورة INV-00001 من Alice & Co",
				"مرحبًا Jane Roe،", "بمبلغ \u200f120.00\u00a0€، تاريخ الاستحقاق 31\u200f/03\u200f/2026.", "الرصيد المستحق: \u200f120.00\u00a0€\n")},
	})
}

// The public page reads the document's language from the printable.
func TestPublicDocumentLanguage(t *testing.T) {
	runAPICases(t, []apiCase{
		{name: "the customer's language", method: http.MethodGet, url: publicURLFor(tokInvSent), status: 200,
			before: withLanguages("fr", "de"), contains: []string{`"language":"fr"`}},
		{name: "the business's when the customer has none", method: http.MethodGet, url: publicURLFor(tokInvSent), status: 200,
			before: withLanguages("", "ar"), contains: []string{`"language":"ar"`}},
		{name: "English when neither chose", method: http.MethodGet, url: publicURLFor(tokInvSent), status: 200,
			contains: []string{`"language":"en"`}},
	})
}
