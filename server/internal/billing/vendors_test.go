package billing

import (
	"testing"

	"folio/server/migrations"
)

// MatchOrCreateVendor finds a business's vendor by VAT ID, then IBAN, then
// the exact name in any case, never another business's, prefers an active
// vendor to an archived one, and otherwise creates one, leaving out an
// identifier the vendor's checks refuse.
func TestMatchOrCreateVendor(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()
	vendor := func(id, business, name, vatID, iban string, archived bool) {
		t.Helper()
		if _, err := create(app, migrations.VendorsCollection, id, map[string]any{"business": business, "name": name,
			"vat_id": vatID, "iban": iban, "archived": archived}); err != nil {
			t.Fatal(err)
		}
	}
	vendor("vendvatid000001", alice, "Paper & Co", "DE123456789", "", false)
	vendor("vendiban0000001", alice, "Bank Vendor", "", "DE89370400440532013000", false)
	vendor("vendname0000001", alice, "Bakery Müller", "", "", false)
	vendor("vendold00000001", alice, "Printer Ltd", "", "", true)
	vendor("vendnew00000001", alice, "printer ltd", "", "", false)
	vendor("vendbob00000001", bob, "Bob's Supplier", "FR12345678901", "", false)

	for _, c := range []struct {
		name string
		f    VendorFacts
		want string
	}{
		{"by VAT ID, spaces and case aside, over a name", VendorFacts{Name: "Bakery Müller", VATID: "de 123 456 789"}, "vendvatid000001"},
		{"by IBAN as written on paper", VendorFacts{Name: "Other", IBAN: "DE89 3704 0044 0532 0130 00"}, "vendiban0000001"},
		{"an unknown VAT ID falls back to the IBAN", VendorFacts{VATID: "DE999999999", IBAN: "de89370400440532013000"}, "vendiban0000001"},
		{"by name in any case", VendorFacts{Name: "  BAKERY müller "}, "vendname0000001"},
		{"the active one before the archived one", VendorFacts{Name: "Printer Ltd"}, "vendnew00000001"},
	} {
		got, err := MatchOrCreateVendor(app, alice, c.f)
		if err != nil || got == nil || got.Id != c.want {
			t.Errorf("%s: got %v %v, want %s", c.name, got, err, c.want)
		}
	}

	// Bob's vendor's VAT ID is not Alice's: a new vendor, in her business.
	before, _ := app.CountRecords(migrations.VendorsCollection)
	got, err := MatchOrCreateVendor(app, alice, VendorFacts{Name: " Fournisseur SARL ", VATID: "fr12345678901",
		IBAN: "FR00 1234", Address: "1 rue X\nParis", Country: "fr", Email: " factures@fournisseur.example "})
	if err != nil || got == nil {
		t.Fatalf("create: %v %v", got, err)
	}
	after, _ := app.CountRecords(migrations.VendorsCollection)
	stored := get(t, app, migrations.VendorsCollection, got.Id)
	if after != before+1 || stored.GetString("business") != alice || stored.GetString("name") != "Fournisseur SARL" ||
		stored.GetString("vat_id") != "FR12345678901" || stored.GetString("iban") != "" ||
		stored.GetString("country") != "FR" || stored.GetString("address") != "1 rue X\nParis" ||
		stored.GetString("email") != "factures@fournisseur.example" {
		t.Errorf("created %v (%d → %d vendors)", stored.FieldsData(), before, after)
	}
	// The same facts again find it.
	if again, err := MatchOrCreateVendor(app, alice, VendorFacts{Name: "fournisseur sarl"}); err != nil || again == nil || again.Id != got.Id {
		t.Errorf("again: %v %v, want %s", again, err, got.Id)
	}
	// An address that isn't one is left off, like a refused IBAN.
	if odd, err := MatchOrCreateVendor(app, alice, VendorFacts{Name: "Odd Mail GmbH", Email: "not an address"}); err != nil ||
		odd == nil || odd.GetString("email") != "" {
		t.Errorf("a bad email: %v %v", odd, err)
	}
	// Nothing to match on and no name: no vendor.
	if none, err := MatchOrCreateVendor(app, alice, VendorFacts{Address: "somewhere"}); none != nil || err != nil {
		t.Errorf("nothing to go on: %v %v", none, err)
	}
}
