package billing

import (
	"testing"

	"folio/server/migrations"
)

func TestDecideDocumentLanguage(t *testing.T) {
	cases := []struct {
		name, customer, business, want string
	}{
		{"neither chose: English", "", "", "en"},
		{"the business's", "", "de", "de"},
		{"the customer's wins", "fr", "de", "fr"},
		{"the customer's without a business language", "ar", "", "ar"},
		{"an unknown customer value counts as none", "xx", "es", "es"},
		{"unknown everywhere: English", "xx", "yy", "en"},
		{"English chosen for a customer of a German business", "en", "de", "en"},
	}
	for _, c := range cases {
		if got := decideDocumentLanguage(c.customer, c.business); got != c.want {
			t.Errorf("%s: decideDocumentLanguage(%q, %q) = %q, want %q", c.name, c.customer, c.business, got, c.want)
		}
	}
}

func TestDecideSendTemplate(t *testing.T) {
	en, de, fr := migrations.DefaultSendSubjectTemplate, mailCatalogue["de"].DefaultSubject, mailCatalogue["fr"].DefaultSubject
	cases := []struct {
		name, typed, saved, want string
	}{
		{"nothing typed or saved: the language's default", "", "", de},
		{"the saved English default is no choice", "", en, de},
		{"the English default as typed (pre-filled) is no choice either", en, en, de},
		{"another language's built-in default saved in the settings is no choice", "", fr, de},
		{"the owner's own template wins", "", "Ihre {kind}", "Ihre {kind}"},
		{"what the person typed wins over everything", "  Typed {number} ", "Ihre {kind}", "Typed {number}"},
		{"blank typed text counts as none", "   ", "Ihre {kind}", "Ihre {kind}"},
	}
	for _, c := range cases {
		if got := decideSendTemplate(c.typed, c.saved, de, builtInSubjects); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	// English documents: the default is the English one, as before.
	if got := decideSendTemplate("", en, en, builtInSubjects); got != en {
		t.Errorf("English default = %q", got)
	}
	if got := decideSendTemplate("", mailCatalogue["ar"].DefaultMessage, migrations.DefaultSendMessageTemplate,
		builtInMessages); got != migrations.DefaultSendMessageTemplate {
		t.Errorf("an Arabic default saved, an English customer: %q", got)
	}
}

// The language is part of what an issued PDF prints, but English documents
// issued before it existed keep their fingerprint.
func TestIssuedFingerprintLanguage(t *testing.T) {
	p := PrintableDocument{Kind: "invoice", Number: "INV-00003", TotalCents: 12000}
	before := issuedFingerprint(p, "", issuedExtras{})
	p.Language = "en"
	if got := issuedFingerprint(p, "", issuedExtras{}); got != before {
		t.Error("an English document's fingerprint changed with the language field")
	}
	p.Language = "de"
	german := issuedFingerprint(p, "", issuedExtras{})
	if german == before {
		t.Error("a German copy has the English copy's fingerprint")
	}
	p.Language = "fr"
	if issuedFingerprint(p, "", issuedExtras{}) == german {
		t.Error("French and German copies share a fingerprint")
	}
}
