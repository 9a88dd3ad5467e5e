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
	Name     string         `json:"name"`
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
