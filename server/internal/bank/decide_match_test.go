package bank

import (
	"slices"
	"testing"

	"folio/server/migrations"
)

var openInvoices = []OpenInvoice{
	{ID: "inv42", Number: "INV-00042", CustomerName: "Müller GmbH", Currency: "EUR", BalanceCents: 119_00},
	{ID: "inv43", Number: "INV-00043", CustomerName: "Acme Ltd", Currency: "EUR", BalanceCents: 500_00},
	{ID: "inv44", Number: "INV-00044", CustomerName: "Acme Ltd", Currency: "EUR", BalanceCents: 80_00},
	{ID: "inv45", Number: "INV-00045", CustomerName: "Dupont SARL", Currency: "EUR", BalanceCents: 250_00},
	{ID: "inv46", Number: "INV-00046", CustomerName: "García y Hijos", Currency: "EUR", BalanceCents: 250_00},
	{ID: "inv47", Number: "INV-00047", CustomerName: "Tokyo KK", Currency: "USD", BalanceCents: 990_00},
	// A partly paid invoice: its balance is what is left.
	{ID: "inv48", Number: "INV-00048", CustomerName: "Jansen BV", Currency: "EUR", BalanceCents: 60_00},
	// Another prefix with parts.
	{ID: "re7", Number: "RE-2026-00007", CustomerName: "Schmidt KG", Currency: "EUR", BalanceCents: 70_00},
}

func TestDecideMatch(t *testing.T) {
	t.Parallel()
	ix := NewIndex(openInvoices)
	in := func(amount int64, payer, text, ref string) Incoming {
		return Incoming{Credit: true, AmountCents: amount, Currency: "EUR", Counterparty: payer, Remittance: text, CreditorRef: ref}
	}
	cases := []struct {
		name       string
		tx         Incoming
		state      string
		invoice    string
		candidates []string
		reasons    []string
	}{
		{"number and full balance", in(119_00, "MUELLER GMBH", "Rechnung INV-00042 vom 1.3.", ""),
			migrations.BankStateCertain, "inv42", []string{"inv42"}, []string{ReasonNumberInRemittance, ReasonAmountEqualsBalance}},
		{"number written without zeros or dash", in(119_00, "", "inv 42", ""),
			migrations.BankStateCertain, "inv42", []string{"inv42"}, []string{ReasonNumberInRemittance, ReasonAmountEqualsBalance}},
		{"number in the structured reference", in(119_00, "", "", "INV00042"),
			migrations.BankStateCertain, "inv42", []string{"inv42"}, []string{ReasonNumberInReference, ReasonAmountEqualsBalance}},
		{"number with a prefix in parts", in(70_00, "", "RE 2026 00007 danke", ""),
			migrations.BankStateCertain, "re7", []string{"re7"}, []string{ReasonNumberInRemittance, ReasonAmountEqualsBalance}},
		{"number, part of the balance", in(50_00, "", "INV-00043 first half", ""),
			migrations.BankStateCertain, "inv43", []string{"inv43"}, []string{ReasonNumberInRemittance, ReasonAmountBelowBalance}},
		{"number, more than the balance", in(600_00, "", "INV-00043", ""),
			migrations.BankStateSuggested, "", []string{"inv43"}, []string{ReasonNumberInRemittance, ReasonAmountAboveBalance}},
		{"number of an invoice in another currency", in(990_00, "", "INV-00047", ""),
			migrations.BankStateSuggested, "", []string{"inv47"}, []string{ReasonNumberInRemittance, ReasonCurrencyDiffers}},
		{"two numbers", in(580_00, "ACME", "INV-00043 INV-00044", ""),
			migrations.BankStateSuggested, "", []string{"inv43", "inv44"}, []string{ReasonSeveralInvoices}},
		{"a number inside a longer one is not it", in(119_00, "", "XINV-00042", ""),
			migrations.BankStateSuggested, "", []string{"inv42"}, []string{ReasonAmountEqualsBalance}},
		{"amount and payer name", in(80_00, "ACME LTD.", "payment", ""),
			migrations.BankStateCertain, "inv44", []string{"inv44"}, []string{ReasonAmountEqualsBalance, ReasonPayerName}},
		{"the open balance after a partial payment", in(60_00, "Jansen B.V.", "rest", ""),
			migrations.BankStateCertain, "inv48", []string{"inv48"}, []string{ReasonAmountEqualsBalance, ReasonPayerName}},
		{"accents folded", in(250_00, "GARCIA Y HIJOS", "factura", ""),
			migrations.BankStateCertain, "inv46", []string{"inv46"}, []string{ReasonAmountEqualsBalance, ReasonPayerName}},
		{"amount of two invoices, no name", in(250_00, "Someone Else", "", ""),
			migrations.BankStateSuggested, "", []string{"inv45", "inv46"}, []string{ReasonAmountEqualsBalance}},
		{"payer name, a part of a balance", in(100_00, "Acme Ltd", "", ""),
			migrations.BankStateSuggested, "", []string{"inv43"}, []string{ReasonPayerName, ReasonAmountBelowBalance}},
		{"nothing", in(3_33, "Nobody", "Miete", ""),
			migrations.BankStateUnmatched, "", nil, []string{ReasonNothingFound}},
		{"outgoing", Incoming{Credit: false, AmountCents: 119_00, Currency: "EUR", Remittance: "INV-00042"},
			migrations.BankStateUnmatched, "", nil, []string{ReasonOutgoing}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := ix.Decide(c.tx)
			var ids []string
			for _, cand := range m.Candidates {
				ids = append(ids, cand.Invoice)
			}
			slices.Sort(ids)
			if m.State != c.state || m.Invoice != c.invoice || !slices.Equal(ids, c.candidates) || !slices.Equal(m.Reasons, c.reasons) {
				t.Errorf("got %s %q %v %v, want %s %q %v %v", m.State, m.Invoice, ids, m.Reasons, c.state, c.invoice, c.candidates, c.reasons)
			}
		})
	}
}

func TestNameWords(t *testing.T) {
	t.Parallel()
	for _, c := range [][2]string{{"Müller GmbH", "MUELLER GMBH"}, {"Müller", "MULLER"}, {"Straße AG", "STRASSE"}} {
		if !sameName(nameWords(c[0]), nameWords(c[1])) {
			t.Errorf("%q and %q differ: %v %v", c[0], c[1], nameWords(c[0]), nameWords(c[1]))
		}
	}
	if sameName(nameWords("GmbH"), nameWords("GmbH")) {
		t.Error("a legal form alone is a name")
	}
}
