package billing

import (
	"encoding/json"
	"reflect"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// printableVectors is tests/vectors/printable.json: stored records in, the
// printable document out. The web app's toPrintable passes the same cases
// (tests/unit/lib/printable-vectors.test.ts), so the document the customer
// sees from the server is the one the owner prints.
type printableVectors struct {
	Today string            `json:"today"`
	Cases []printableVector `json:"cases"`
}

type printableVector struct {
	Name string `json:"name"`
	// Kind is the collection: quotes, invoices or credit_notes.
	Kind string `json:"kind"`
	// Server false: the server prints no such document (a credit note).
	Server   *bool          `json:"server"`
	LogoURL  string         `json:"logo_url"`
	Document map[string]any `json:"document"`
	Business map[string]any `json:"business"`
	Customer map[string]any `json:"customer"`
	// Printable is the document as printed (its JSON, key for key).
	Printable map[string]any `json:"printable"`
}

func readPrintableVectors(t testing.TB) printableVectors {
	t.Helper()
	var v printableVectors
	readVectors(t, "printable.json", &v)
	if len(v.Cases) == 0 {
		t.Fatal("tests/vectors/printable.json has no cases")
	}
	return v
}

// vectorRecord is a stored record with the vector's fields.
func vectorRecord(fields map[string]any) *core.Record {
	r := core.NewRecord(core.NewBaseCollection("vector"))
	r.Load(fields)
	return r
}

func TestPrintableVectors(t *testing.T) {
	v := readPrintableVectors(t)
	today, err := time.Parse(time.DateOnly, v.Today)
	if err != nil {
		t.Fatal(err)
	}
	served := 0
	for _, c := range v.Cases {
		if c.Server != nil && !*c.Server {
			continue
		}
		served++
		k := invoiceKind
		if c.Kind == "quotes" {
			k = quoteKind
		}
		business := vectorRecord(c.Business)
		p, err := buildPrintable(printableSource{kind: k, doc: vectorRecord(c.Document), business: business,
			customer: vectorRecord(c.Customer), seller: business.GetString("company_name"), logoURL: c.LogoURL, today: today})
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		b, _ := json.Marshal(p)
		var got map[string]any
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, c.Printable) {
			want, _ := json.Marshal(c.Printable)
			t.Errorf("%s:\n got %s\nwant %s", c.Name, b, want)
		}
	}
	if served < 10 {
		t.Errorf("%d cases the server prints, want at least 10", served)
	}
}

// printableContract is the printable document's keys, per object ("" the
// document, "seller", "items", …), as the shared vectors hold them: the web
// app's contract, and nothing else.
func printableContract(t testing.TB) map[string][]string {
	t.Helper()
	contract := map[string][]string{}
	add := func(where string, m map[string]any) {
		keys := keysOf(m)
		if have, ok := contract[where]; ok && !slices.Equal(have, keys) {
			t.Fatalf("the vectors disagree on the keys of %q: %v and %v", where, have, keys)
		}
		contract[where] = keys
	}
	for _, c := range readPrintableVectors(t).Cases {
		if c.Server != nil && !*c.Server {
			continue
		}
		add("", c.Printable)
		for _, obj := range []string{"seller", "buyer", "payment", "answer"} {
			if m, ok := c.Printable[obj].(map[string]any); ok {
				add(obj, m)
			}
		}
		for _, list := range []string{"items", "tax_breakdown"} {
			rows, _ := c.Printable[list].([]any)
			for _, row := range rows {
				add(list, row.(map[string]any))
			}
		}
	}
	for _, where := range []string{"", "seller", "buyer", "payment", "answer", "items", "tax_breakdown"} {
		if len(contract[where]) == 0 {
			t.Fatalf("no vector shows the keys of %q", where)
		}
	}
	return contract
}

func keysOf(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
