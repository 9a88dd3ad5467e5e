package money

import (
	"errors"
	"strings"
	"testing"

	"folio/server/internal/refusal/refusaltest"
)

// TestRefusalCodes: one sentence per code; a message for every code in the
// web app; and samples of each refusal, with its params, for the web app's
// tests (they rebuild the English sentence from the code and params).
func TestRefusalCodes(t *testing.T) {
	refusaltest.CheckSources(t, "refusalMessages")
	refusaltest.CheckCatalogue(t, refusalMessages)

	line := `{"description":"A","quantity":1,"unit_price_cents":100}`
	parse := []string{
		`{"a":1}`,
		"[" + strings.TrimSuffix(strings.Repeat(line+",", MaxLines+1), ",") + "]",
		`[{"quantity":1,"unit_price_cents":1}]`,
		`[` + line + `,{"description":"A","unit_price_cents":1}]`,
		`[{"description":"A","quantity":1}]`,
		`[{"description":5,"quantity":1,"unit_price_cents":1}]`,
		`[{"id":5,"description":"A","quantity":1,"unit_price_cents":1}]`,
		`[{"description":"A","unit":"` + strings.Repeat("u", MaxUnit+1) + `","quantity":1,"unit_price_cents":1}]`,
		`[{"description":"` + strings.Repeat("d", MaxDescription+1) + `","quantity":1,"unit_price_cents":1}]`,
		`[{"description":"A","quantity":"1","unit_price_cents":1}]`,
		`[{"description":"A","quantity":1,"unit_price_cents":1,"tax_rate":"20"}]`,
		`[{"description":"A","unit_code":"hour","quantity":1,"unit_price_cents":1}]`,
		`[{"description":"A","quantity":1,"unit_price_cents":1.5}]`,
		`[{"description":"A","quantity":1,"unit_price_cents":900000000000}]`,
		`[{"description":"A","quantity":0,"unit_price_cents":1}]`,
		`[{"description":"A","quantity":1000000,"unit_price_cents":1}]`,
		`[{"description":"A","quantity":1.0005,"unit_price_cents":1}]`,
		`[{"description":"A","quantity":1,"unit_price_cents":1,"discount_percent":101}]`,
		`[{"description":"A","quantity":1,"unit_price_cents":1,"tax_rate":101}]`,
		`[{"description":"A","quantity":1,"unit_price_cents":1,"tax_rate":9.9751}]`,
	}
	var errs []error
	for _, raw := range parse {
		_, err := ParseLines([]byte(raw))
		errs = append(errs, err)
	}
	ok := Line{Description: "A", Quantity: 1, UnitPriceCents: 100}
	_, err := ComputeTotals([]Line{ok}, 100.5)
	errs = append(errs, err)
	_, err = ComputeTotals([]Line{{Description: "A", Quantity: 1, UnitPriceCents: -100}}, 0)
	errs = append(errs, err)

	var samples []refusaltest.Sample
	for i, err := range errs {
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Fatalf("case %d: %v is no InputError", i, err)
		}
		samples = append(samples, refusaltest.Sample{Code: ie.Code, Params: ie.Params(), Message: ie.Error()})
	}
	refusaltest.CheckSamples(t, "money", refusalMessages, samples)
}
