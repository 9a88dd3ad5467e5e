package billing

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"folio/server/migrations"
)

// statusVectorsPath is shared with the web app's TypeScript twin of the
// status machines, so both sides refuse and derive the same statuses.
const statusVectorsPath = "../../../tests/vectors/status.json"

type statusVectors struct {
	Derive []deriveVector `json:"derive_invoice_status"`
	Moves  []moveVector   `json:"moves"`
}

// deriveVector is one call of deriveInvoiceStatus.
type deriveVector struct {
	Name         string `json:"name"`
	Status       string `json:"status"`
	PaidCents    int64  `json:"paid_cents"`
	TotalCents   int64  `json:"total_cents"`
	ViewedBefore bool   `json:"viewed_before"`
	Expected     string `json:"expected"`
}

// moveVector is a status change a person makes by PATCH: Expected is the
// status stored, or nil when refused with Code.
type moveVector struct {
	Name       string  `json:"name"`
	Kind       string  `json:"kind"` // "quote" or "invoice"
	From       string  `json:"from"`
	To         string  `json:"to"`
	Lines      int     `json:"lines"`
	TotalCents int64   `json:"total_cents"`
	PaidCents  int64   `json:"paid_cents"`
	Expired    bool    `json:"expired"`
	VoidReason string  `json:"void_reason"`
	Expected   *string `json:"expected"`
	Code       string  `json:"code"`
}

// decide runs the move through the real machine of its kind.
func (v moveVector) decide() (string, *ruleError) {
	if v.Kind == "quote" {
		return decideQuoteStatus(quoteMove{from: v.From, to: v.To, lines: v.Lines, totalCents: v.TotalCents, expired: v.Expired})
	}
	return decideInvoiceStatus(invoiceMove{from: v.From, to: v.To, lines: v.Lines, totalCents: v.TotalCents,
		paidCents: v.PaidCents, voidReason: v.VoidReason})
}

func readStatusVectors(t *testing.T) statusVectors {
	t.Helper()
	b, err := os.ReadFile(statusVectorsPath)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields() // a misspelt field would silently read as zero
	var v statusVectors
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestDeriveInvoiceStatusVectors(t *testing.T) {
	v := readStatusVectors(t)
	if len(v.Derive) < 10 {
		t.Fatalf("only %d derive_invoice_status vectors", len(v.Derive))
	}
	for _, c := range v.Derive {
		if got := deriveInvoiceStatus(c.Status, c.PaidCents, c.TotalCents, c.ViewedBefore); got != c.Expected {
			t.Errorf("%s: deriveInvoiceStatus(%q, %d, %d, %v) = %q, want %q",
				c.Name, c.Status, c.PaidCents, c.TotalCents, c.ViewedBefore, got, c.Expected)
		}
	}
}

func TestStatusMoveVectors(t *testing.T) {
	v := readStatusVectors(t)
	names := map[string]bool{}
	// covered holds the plain moves (one line, 120.00, nothing paid, not
	// expired, a void reason): every pair of distinct statuses must be one.
	type pair struct{ kind, from, to string }
	covered := map[pair]bool{}
	for _, c := range v.Moves {
		if names[c.Name] {
			t.Errorf("two vectors are named %q", c.Name)
		}
		names[c.Name] = true
		if c.Kind != "quote" && c.Kind != "invoice" || c.From == "" {
			t.Errorf("%s: kind %q from %q: want quote or invoice, from a stored status", c.Name, c.Kind, c.From)
			continue
		}
		if (c.Expected == nil) == (c.Code == "") {
			t.Errorf("%s: want either expected or a code", c.Name)
		}

		got, rerr := c.decide()
		switch {
		case rerr != nil && c.Expected != nil:
			t.Errorf("%s: refused (%s), want %q", c.Name, rerr.code, *c.Expected)
		case rerr != nil && rerr.code != c.Code:
			t.Errorf("%s: refused with %s, want %s", c.Name, rerr.code, c.Code)
		case rerr == nil && c.Expected == nil:
			t.Errorf("%s: stored %q, want refused with %s", c.Name, got, c.Code)
		case rerr == nil && got != *c.Expected:
			t.Errorf("%s: stored %q, want %q", c.Name, got, *c.Expected)
		}

		if c.Lines == 1 && c.TotalCents == 12000 && c.PaidCents == 0 && !c.Expired && c.VoidReason == "Duplicate" {
			covered[pair{c.Kind, c.From, c.To}] = true
		}
	}

	for kind, statuses := range map[string][]string{"quote": migrations.QuoteStatuses, "invoice": migrations.InvoiceStatuses} {
		for _, from := range statuses {
			for _, to := range statuses {
				if from != to && !covered[pair{kind, from, to}] {
					t.Errorf("no plain vector for %s %s → %s", kind, from, to)
				}
			}
		}
	}
}
