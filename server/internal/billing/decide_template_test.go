package billing

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"folio/server/migrations"
)

// templateVectorsPath is shared with the web app's preview of the send
// templates, so the mail and its preview say the same.
const templateVectorsPath = "../../../tests/vectors/templates.json"

// templateVector is one rendering: the table of this test.
type templateVector struct {
	Name string `json:"name"`
	// Language and Default mark a built-in default: Template is that
	// language's default subject or message ("subject", "message").
	Language string         `json:"language,omitempty"`
	Default  string         `json:"default,omitempty"`
	Template string         `json:"template"`
	Values   templateValues `json:"values"`
	Expected string         `json:"expected"`
}

func readTemplateVectors(t *testing.T) []templateVector {
	t.Helper()
	b, err := os.ReadFile(templateVectorsPath)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var v []templateVector
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	if len(v) == 0 {
		t.Fatal("no template vectors")
	}
	return v
}

func TestRenderTemplateVectors(t *testing.T) {
	for _, c := range readTemplateVectors(t) {
		t.Run(c.Name, func(t *testing.T) {
			if got := renderTemplate(c.Template, c.Values); got != c.Expected {
				t.Errorf("renderTemplate(%q)\n got %q\nwant %q", c.Template, got, c.Expected)
			}
		})
	}
}

// The vectors render the defaults the server gives new accounts, so the
// preview's defaults can't drift from them either.
func TestTemplateVectorsCoverTheDefaults(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range readTemplateVectors(t) {
		seen[c.Template] = true
	}
	for _, tmpl := range []string{migrations.DefaultSendSubjectTemplate, migrations.DefaultSendMessageTemplate} {
		if !seen[tmpl] {
			t.Errorf("no vector renders the default template %q", tmpl)
		}
	}
}

// Every document language's built-in subject and message are vectors, and
// each vector marked as a default is that language's default: the send
// dialog's preview (src/billing/templates.ts) offers the same ones.
func TestTemplateVectorsAreTheLanguageDefaults(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range readTemplateVectors(t) {
		if c.Default == "" {
			continue
		}
		w, ok := mailCatalogue[c.Language]
		if !ok {
			t.Errorf("%s: no document language %q", c.Name, c.Language)
			continue
		}
		want := map[string]string{"subject": w.DefaultSubject, "message": w.DefaultMessage, "quoteMessage": w.QuoteMessage}[c.Default]
		if c.Template != want {
			t.Errorf("%s: template\n %q\nis not the %s default\n %q", c.Name, c.Template, c.Language, want)
		}
		seen[c.Language+"/"+c.Default] = true
	}
	for _, lang := range migrations.DocumentLanguages {
		for _, part := range []string{"subject", "message", "quoteMessage"} {
			if !seen[lang+"/"+part] {
				t.Errorf("no vector renders the %s default %s", lang, part)
			}
		}
	}
}

// mailValuesVector is one document's placeholder values in a language,
// shared with the preview's templateValues (tests/vectors/mail-values.json).
type mailValuesVector struct {
	Name     string  `json:"name"`
	Language string  `json:"language"`
	Kind     string  `json:"kind"`
	Cents    int64   `json:"cents"`
	Currency string  `json:"currency"`
	Date     string  `json:"date"`
	Rate     float64 `json:"rate"`
	Expected struct {
		Kind    string `json:"kind"`
		Amount  string `json:"amount"`
		DueDate string `json:"due_date"`
		Rate    string `json:"rate"`
	} `json:"expected"`
}

func TestMailValuesVectors(t *testing.T) {
	b, err := os.ReadFile("../../../tests/vectors/mail-values.json")
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var cases []mailValuesVector
	if err := dec.Decode(&cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no vectors")
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			v := mailTemplateValues(wordsFor(c.Language), c.Kind, "N-1", "B", "C", c.Cents, c.Currency, c.Date, "L")
			if v.Kind != c.Expected.Kind || v.Amount != c.Expected.Amount || v.DueDate != c.Expected.DueDate {
				t.Errorf("got kind %q amount %q date %q, want %+v", v.Kind, v.Amount, v.DueDate, c.Expected)
			}
			if got := wordsFor(c.Language).percent(c.Rate); got != c.Expected.Rate {
				t.Errorf("rate %v: got %q, want %q", c.Rate, got, c.Expected.Rate)
			}
		})
	}
}
