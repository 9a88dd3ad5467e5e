package billing

import (
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"folio/server/internal/mailwords"
	"folio/server/internal/money"
	"folio/server/migrations"
)

// The catalogue speaks every document language, and each language has
// every word.
func TestMailCatalogueIsComplete(t *testing.T) {
	var langs []string
	for lang := range mailCatalogue {
		langs = append(langs, lang)
	}
	slices.Sort(langs)
	want := slices.Clone(migrations.DocumentLanguages)
	slices.Sort(want)
	if !slices.Equal(langs, want) {
		t.Fatalf("catalogue languages %v, want %v", langs, want)
	}

	placeholders := regexp.MustCompile(`\{[a-z_]+\}`)
	placeholdersOf := func(s string) []string {
		found := placeholders.FindAllString(s, -1)
		slices.Sort(found)
		return slices.Compact(found)
	}
	en := mailCatalogue["en"]
	typ := reflect.TypeOf(mailWords{})
	for lang, w := range mailCatalogue {
		v := reflect.ValueOf(w)
		for i := range typ.NumField() {
			f := typ.Field(i)
			if !f.IsExported() || f.Type.Kind() != reflect.String {
				continue
			}
			word := v.Field(i).String()
			if strings.TrimSpace(word) == "" {
				t.Errorf("%s has no %s", lang, f.Name)
			}
			// Every word reads the placeholders English reads, and no more.
			if got, want := placeholdersOf(word), placeholdersOf(reflect.ValueOf(en).Field(i).String()); !slices.Equal(got, want) {
				t.Errorf("%s.%s = %q: placeholders %v, English %v", lang, f.Name, word, got, want)
			}
		}
		if _, ok := intlFormats[lang]; w.decimal == "" || !ok {
			t.Errorf("%s has no number or date format", lang)
		}
		// The defaults fill the same placeholders as English's.
		if got, want := placeholdersOf(w.DefaultSubject), placeholdersOf(en.DefaultSubject); !slices.Equal(got, want) {
			t.Errorf("%s subject placeholders %v, want %v", lang, got, want)
		}
		if got, want := placeholdersOf(w.DefaultMessage), placeholdersOf(en.DefaultMessage); !slices.Equal(got, want) {
			t.Errorf("%s message placeholders %v, want %v", lang, got, want)
		}
		if lang != "en" && (w.DefaultMessage == en.DefaultMessage || w.Invoice == en.Invoice) {
			t.Errorf("%s is left in English", lang)
		}
	}
}

// Every placeholder of the words the code fills itself is one it fills, in
// every language: {rate} in a rate's label, {number} in a deposit's line,
// and the send templates' names (templateValues) in the built-in
// subject and messages.
func TestMailWordsPlaceholdersAreFilled(t *testing.T) {
	templateNames := []string{"amount", "business", "customer", "due_date", "invoice", "kind", "link", "number"}
	for lang, w := range mailCatalogue {
		for _, c := range []struct {
			name, word string
			filled     []string
		}{
			{"LineTax", w.LineTax, []string{"rate"}},
			{"LineDiscount", w.LineDiscount, []string{"rate"}},
			{"Discount", w.Discount, []string{"rate"}},
			{"DepositQuote", w.DepositQuote, []string{"number"}},
			{"DepositInvoice", w.DepositInvoice, []string{"number"}},
		} {
			if got := mailwords.Placeholders(c.word); !slices.Equal(got, c.filled) {
				t.Errorf("%s.%s = %q reads %v, the code fills %v", lang, c.name, c.word, got, c.filled)
			}
		}
		for _, word := range []string{w.DefaultSubject, w.DefaultMessage, w.QuoteMessage, w.CreditNoteMessage,
			reminderWordsFor(lang).Subject, reminderWordsFor(lang).Message} {
			for _, name := range mailwords.Placeholders(word) {
				if !slices.Contains(templateNames, name) {
					t.Errorf("%s: {%s} in %q is no template value", lang, name, word)
				}
			}
		}
	}
	if got := fillRate(wordsFor("de").LineTax, "19\u00a0%"); got != "Steuer 19\u00a0%" {
		t.Errorf("de line tax = %q", got)
	}
}

func TestMailWordsFormats(t *testing.T) {
	cases := []struct {
		lang                   string
		quantity, rate, amount string
	}{
		// Amounts as on the sheet (Intl): never "1234.50 EUR".
		{"en", "1.5", "5.5%", "€1,234.50"},
		{"de", "1,5", "5,5\u00a0%", "1.234,50\u00a0€"},
		{"fr", "1,5", "5,5\u00a0%", "1\u202f234,50\u00a0€"},
		{"es", "1,5", "5,5\u00a0%", "1234,50\u00a0€"},
		{"ar", "1.5", "5.5\u200e%\u200e", "\u200f1,234.50\u00a0€"}, // Intl's direction marks around %
		{"xx", "1.5", "5.5%", "€1,234.50"},
	}
	for _, c := range cases {
		w := wordsFor(c.lang)
		if got := w.number(1.5); got != c.quantity {
			t.Errorf("%s number = %q, want %q", c.lang, got, c.quantity)
		}
		if got := w.percent(5.5); got != c.rate {
			t.Errorf("%s percent = %q, want %q", c.lang, got, c.rate)
		}
		if got := w.money(123450, "EUR"); got != c.amount {
			t.Errorf("%s money = %q, want %q", c.lang, got, c.amount)
		}
	}
	if got := wordsFor("de").date("not-a-date"); got != "not-a-date" {
		t.Errorf("an unreadable date = %q, want it kept", got)
	}
	if got := intlFormatOf("de").group("123"); got != "123" {
		t.Errorf("group(123) = %q", got)
	}
	// Spanish groups from 5 digits on, as Intl does.
	if got := wordsFor("es").money(1234567, "EUR"); got != "12.345,67\u00a0€" {
		t.Errorf("es 12345.67 = %q", got)
	}
	// Dates as on the sheet, never ISO.
	for lang, want := range map[string]string{"en": "Dec 27, 2026", "de": "27.12.2026", "fr": "27 déc. 2026",
		"es": "27 dic 2026", "ar": "27\u200f/12\u200f/2026"} {
		if got := wordsFor(lang).date("2026-12-27"); got != want {
			t.Errorf("%s date = %q, want %q", lang, got, want)
		}
	}
}

// sampleSendDoc is a partly paid invoice with a discounted line.
func sampleSendDoc(t *testing.T, lang, noun string) sendDoc {
	t.Helper()
	lines := []money.Line{
		{Description: "Beratung", Quantity: 1.5, Unit: "h", UnitPriceCents: 100000, TaxRate: 19, DiscountPercent: 10},
	}
	totals, err := money.ComputeTotals(lines, 0)
	if err != nil {
		t.Fatal(err)
	}
	return sendDoc{Language: lang, Noun: noun, Number: "INV-00001", Seller: "Alice & Co", CustomerName: "Jane Roe",
		IssueDate: "2026-03-01", EndDate: "2026-03-31", Currency: "EUR", Lines: lines, NetCents: totals.LinesNetCents,
		Totals: totals, PaidCents: 5000, DueCents: totals.TotalCents - 5000, Link: "https://folio.example/d/abc",
		Subject: "S", Message: "M"}
}

func TestComposeSendMailInGerman(t *testing.T) {
	_, text, html, err := composeSendMail(sampleSendDoc(t, "de", "invoice"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Rechnung INV-00001\n",
		"Rechnungsdatum: 01.03.2026\nFälligkeitsdatum: 31.03.2026\n",
		"- Beratung: 1,5 h × 1.000,00\u00a0€ abzgl. 10\u00a0% (Steuer 19\u00a0%) = 1.350,00\u00a0€\n",
		"Zwischensumme: 1.350,00\u00a0€\nSteuer: 256,50\u00a0€\nGesamtbetrag: 1.606,50\u00a0€\nBezahlt: -50,00\u00a0€\nOffener Betrag: 1.556,50\u00a0€\n",
		"Rechnung online ansehen: https://folio.example/d/abc",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("German text lacks %q:\n%s", want, text)
		}
	}
	for _, want := range []string{`<html lang="de">`, "<th>Beschreibung</th><th>Menge</th><th>Einzelpreis</th>",
		">Betrag</th>", ">Rechnung online ansehen</a>"} {
		if !strings.Contains(html, want) {
			t.Errorf("German HTML lacks %q:\n%s", want, html)
		}
	}
	for _, english := range []string{"Issued", "Due", "Subtotal", "Total due", "View the", "Description"} {
		if strings.Contains(text, english) || strings.Contains(html, english) {
			t.Errorf("German mail says %q", english)
		}
	}
}

func TestComposeSendMailInFrenchAndArabic(t *testing.T) {
	_, text, _, err := composeSendMail(sampleSendDoc(t, "fr", "quote"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Devis INV-00001\n", "Date d’émission: 1 mars 2026\nDate de validité: 31 mars 2026\n",
		"Sous-total: 1\u202f350,00\u00a0€\n", "Total: 1\u202f606,50\u00a0€\n", "Voir le devis en ligne: "} {
		if !strings.Contains(text, want) {
			t.Errorf("French text lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Solde dû") {
		t.Error("a quote has no balance")
	}

	_, _, html, err := composeSendMail(sampleSendDoc(t, "ar", "invoice"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<html lang="ar" dir="rtl">`, "text-align: right; border-bottom", "<th>الوصف</th>",
		"فاتورة INV-00001", "الرصيد المستحق"} {
		if !strings.Contains(html, want) {
			t.Errorf("Arabic HTML lacks %q:\n%s", want, html)
		}
	}
}

// An invoice's mail carries how to pay it, in its language, with the
// amount due: holder, IBAN in groups of four, BIC, reference. Every value
// is escaped in the HTML body.
func TestComposeSendMailPaymentDetails(t *testing.T) {
	pay := &PaymentInstructions{Holder: "Alice <script>alert(1)</script> & Co", IBAN: "DE89370400440532013000",
		BIC: "COBADEFFXXX", Reference: "INV-00001"}
	want := map[string][]string{
		"en": {"Payment details\nAccount holder: Alice <script>alert(1)</script> & Co\nIBAN: DE89 3704 0044 0532 0130 00\nBIC: COBADEFFXXX\nReference: INV-00001\nTotal due: €1,556.50\n"},
		"de": {"Zahlungsinformationen\nKontoinhaber: ", "IBAN: DE89 3704 0044 0532 0130 00\n", "Verwendungszweck: INV-00001\nOffener Betrag: 1.556,50\u00a0€\n"},
		"fr": {"Coordonnées de paiement\nTitulaire du compte: ", "Référence: INV-00001\n"},
		"es": {"Datos de pago\nTitular de la cuenta: ", "Concepto: INV-00001\n"},
		"ar": {"بيانات الدفع\nصاحب الحساب: ", "المرجع: INV-00001\n"},
	}
	for lang, parts := range want {
		d := sampleSendDoc(t, lang, "invoice")
		d.Payment = pay
		_, text, html, err := composeSendMail(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range parts {
			if !strings.Contains(text, p) {
				t.Errorf("%s text lacks %q:\n%s", lang, p, text)
			}
		}
		if strings.Contains(html, "<script>") || !strings.Contains(html, "Alice &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co") {
			t.Errorf("%s HTML does not escape the holder:\n%s", lang, html)
		}
		if !strings.Contains(html, "DE89 3704 0044 0532 0130 00") {
			t.Errorf("%s HTML lacks the IBAN", lang)
		}
	}
	// None for a quote, for an invoice paid in full, or without an IBAN.
	quote := sampleSendDoc(t, "en", "quote")
	quote.Payment = pay
	paid := sampleSendDoc(t, "en", "invoice")
	paid.Payment, paid.DueCents = pay, 0
	for name, d := range map[string]sendDoc{"quote": quote, "paid": paid, "no IBAN": sampleSendDoc(t, "en", "invoice")} {
		_, text, html, err := composeSendMail(d)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(text, "IBAN") || strings.Contains(html, "IBAN") {
			t.Errorf("%s: the mail shows bank details:\n%s", name, text)
		}
	}
}

// The HTML body is laid out like the sheet: the business's name (escaped)
// and logo, the amount due large, a button to the link; the plain-text
// part has the same facts. Five languages, Arabic right to left.
func TestComposeSendMailHTMLLikeTheSheet(t *testing.T) {
	due := map[string]string{"en": "€1,556.50", "de": "1.556,50\u00a0€", "fr": "1\u202f556,50\u00a0€",
		"es": "1556,50\u00a0€", "ar": "\u200f1,556.50\u00a0€"}
	for lang, amount := range due {
		d := sampleSendDoc(t, lang, "invoice")
		d.Seller = "<script>alert(1)</script> & Co"
		d.LogoURL = publicLogoURL(d.Link)
		_, text, html, err := composeSendMail(d)
		if err != nil {
			t.Fatal(err)
		}
		w := wordsFor(lang)
		for _, want := range []string{
			`<img src="https://folio.example/api/folio/public/documents/abc/logo" alt="&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co"`,
			`<div style="font-size: 18px; font-weight: bold">&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co</div>`,
			`<div style="font-size: 28px; font-weight: bold; margin: 4px 0 8px">` + amount + `</div>`,
			`<a href="https://folio.example/d/abc" style="display: inline-block; background: #1d4ed8`,
			">" + w.ViewInvoice + "</a>",
		} {
			if !strings.Contains(html, want) {
				t.Errorf("%s HTML lacks %q:\n%s", lang, want, html)
			}
		}
		if strings.Contains(html, "<script>") {
			t.Errorf("%s HTML has an unescaped script", lang)
		}
		if (lang == "ar") != strings.Contains(html, `dir="rtl"`) {
			t.Errorf("%s HTML direction is wrong", lang)
		}
		// The plain-text part says the same: the amount due and the link.
		if !strings.Contains(text, w.TotalDue+": "+amount+"\n") || !strings.Contains(text, "https://folio.example/d/abc") {
			t.Errorf("%s text lacks the amount due or the link:\n%s", lang, text)
		}
	}
	// A quote's headline is its total; no logo without one.
	_, _, html, err := composeSendMail(sampleSendDoc(t, "en", "quote"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(html, "<img") || !strings.Contains(html, `<div style="font-size: 14px; color: #555">Total</div>`) {
		t.Errorf("quote HTML:\n%s", html)
	}
}

func TestPublicLogoURL(t *testing.T) {
	t.Parallel()
	for link, want := range map[string]string{
		"https://folio.example/d/AbC-123_xyz": "https://folio.example/api/folio/public/documents/AbC-123_xyz/logo",
		"https://folio.example/":              "",
		"https://folio.example/d/":            "",
		"https://folio.example/d/a/b":         "",
	} {
		if got := publicLogoURL(link); got != want {
			t.Errorf("publicLogoURL(%q) = %q, want %q", link, got, want)
		}
	}
}
