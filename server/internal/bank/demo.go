package bank

import (
	"fmt"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// Demo imports a small statement into the demo business: transfers that
// name three of its open invoices (ready to confirm), one that pays an
// open balance without naming it, one nobody can place, and money going
// out, so the bank screen shows every state it has. It reads the
// business's open invoices, so it runs after the demo's invoices exist.
func Demo(app core.App, business, userID string, now time.Time) error {
	invoices, err := loadOpenInvoices(app, business)
	if err != nil {
		return err
	}
	day := now.UTC().Truncate(24*time.Hour).AddDate(0, 0, -2)
	st := &Statement{Format: "camt053", Account: "DE89370400440532013000", Currency: "EUR",
		Ref: "DEMO-" + day.Format("20060102"), From: day, To: day}
	add := func(e Entry) {
		e.BookingDate, e.ValueDate = day, day
		e.BankRef = fmt.Sprintf("DEMO%s%03d", day.Format("20060102"), len(st.Entries)+1)
		st.Entries = append(st.Entries, e)
	}
	named := 0
	for i, inv := range invoices {
		if inv.Currency != "EUR" {
			continue
		}
		switch {
		case named < 3:
			named++
			add(Entry{AmountCents: inv.BalanceCents, Currency: "EUR", Credit: true, Counterparty: inv.CustomerName,
				Remittance: "Invoice " + inv.Number + " – thank you"})
		case named == 3 && i%2 == 0:
			named++
			add(Entry{AmountCents: inv.BalanceCents, Currency: "EUR", Credit: true, Counterparty: inv.CustomerName,
				Remittance: "Payment"})
		}
	}
	add(Entry{AmountCents: 4_250, Currency: "EUR", Credit: true, Counterparty: "Unbekannter Absender",
		Remittance: "Erstattung Kaution Mai"})
	add(Entry{AmountCents: 129_900, Currency: "EUR", Credit: false,
		Counterparty: "Hausverwaltung Sonnenschein-Friedrichshain Grundstücksgesellschaft mbH & Co. KG",
		Remittance:   "Miete Büro Friedrichstraße 123, Hinterhaus 4. OG, Vertragsnummer 2019-04-0042"})
	_, err = store(app, business, userID, "demo-statement.xml", st)
	return err
}
