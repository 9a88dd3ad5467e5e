package imports

import (
	"reflect"
	"testing"
)

func TestDecideRow(t *testing.T) {
	t.Parallel()
	m := Mapping{"name": 0, "contact_first": 1, "contact_last": 2, "address": 3, "address_2": 4, "country": 5,
		"currency": 6, "payment_terms_days": 7, "website": 8, "email": 9}
	checkRows(t, func(cells []string) (map[string]any, []Problem) { return decideRow(m, 7, cells) }, []rowCase{
		{"everything", []string{" Müller GmbH ", "Jan", "Müller", "Hauptstr. 1", "Hinterhaus", "Deutschland", "eur", "Net 30", "mueller.test", "a@b.test"},
			map[string]any{"name": "Müller GmbH", "contact_name": "Jan Müller", "address": "Hauptstr. 1\nHinterhaus", "country": "DE",
				"currency": "EUR", "payment_terms_days": 30, "website": "https://mueller.test", "email": "a@b.test"}, nil},
		{"a person, no company", []string{"", "Jane", "Doe", "", "", "fr", "", "14 Tage", "https://jane.test", ""},
			map[string]any{"name": "Jane Doe", "country": "FR", "payment_terms_days": 14, "website": "https://jane.test"}, nil},
		{"an unknown country stays for the rule to refuse", []string{"X", "", "", "", "", "Atlantis", "", "", "", ""},
			map[string]any{"name": "X", "country": "Atlantis"}, nil},
		{"no name, terms not a number", []string{"", "", "", "", "", "", "", "on receipt", "", "a@b.test"},
			map[string]any{"email": "a@b.test"},
			[]Problem{{Row: 7, Field: "name", Code: problemRequired}, {Row: 7, Field: "payment_terms_days", Code: problemNotNumber}}},
		{"short row", []string{"Only"}, map[string]any{"name": "Only"}, nil},
	})
}

// rowCase is a row's cells and the values and problems they become.
type rowCase struct {
	name     string
	cells    []string
	want     map[string]any
	problems []Problem
}

// checkRows checks what decide makes of each case's cells.
func checkRows(t *testing.T, decide func(cells []string) (map[string]any, []Problem), cases []rowCase) {
	t.Helper()
	for _, c := range cases {
		got, problems := decide(c.cells)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
		if !reflect.DeepEqual(problems, c.problems) {
			t.Errorf("%s: problems %v, want %v", c.name, problems, c.problems)
		}
	}
}

func TestProblemsOf(t *testing.T) {
	t.Parallel()
	got := problemsOf(3, map[string]any{
		"email":           map[string]any{"code": "validation_is_email", "message": "x"},
		"name":            map[string]any{"code": "validation_required", "message": "x"},
		"country":         map[string]any{"code": "validation_invalid_format", "message": "x"},
		"postal_code":     map[string]any{"code": "validation_max_text_constraint", "message": "x"},
		"currency":        map[string]any{"code": "validation_max_text_constraint", "message": "x"},
		"endpoint_scheme": map[string]any{"code": "folio_invalid_endpoint_scheme", "message": "x", "params": map[string]any{"a": 1}},
	})
	sortProblems(got)
	want := []Problem{
		{Row: 3, Field: "country", Code: problemInvalid},
		{Row: 3, Field: "currency", Code: problemInvalid},
		{Row: 3, Field: "email", Code: problemEmail},
		{Row: 3, Field: "endpoint_scheme", Code: "folio_invalid_endpoint_scheme", Params: map[string]any{"a": 1}},
		{Row: 3, Field: "name", Code: problemRequired},
		{Row: 3, Field: "postal_code", Code: problemTooLong},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%+v\nwant %+v", got, want)
	}
}
