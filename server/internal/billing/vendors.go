package billing

import (
	"database/sql"
	"errors"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// VendorFacts are what a receipt or a received e-invoice says of its
// vendor.
type VendorFacts struct {
	Name, VATID, IBAN, Address, Country string
}

// MatchOrCreateVendor finds the business's vendor a receipt or a received
// e-invoice is from, or creates it: first by VAT ID, then by IBAN (both
// compared as stored: no spaces, upper case), then by the exact name
// (trimmed, any case); an archived vendor is taken only when no active
// one matches. With no match a vendor is created with the facts; an IBAN,
// VAT ID or country the vendor's checks would refuse is left out of it
// (a document from outside may carry a wrong one; the reader reports it)
// rather than failing the import. It answers nil and no error when there
// is nothing to match on and no name to create a vendor with. Call it with
// the app of the import's transaction.
func MatchOrCreateVendor(app core.App, business string, f VendorFacts) (*core.Record, error) {
	name := strings.TrimSpace(f.Name)
	vatID, iban := normalizeVATID(f.VATID), normalizeIBAN(f.IBAN)
	for _, by := range []struct {
		field, value string
		exp          dbx.Expression
	}{
		{"vat_id", vatID, dbx.HashExp{"vat_id": vatID}},
		{migrations.FieldIBAN, iban, dbx.HashExp{migrations.FieldIBAN: iban}},
		{"name", name, dbx.NewExp("lower(trim([[name]])) = lower({:name})", dbx.Params{"name": name})},
	} {
		if by.value == "" {
			continue
		}
		rec := &core.Record{}
		err := app.RecordQuery(migrations.VendorsCollection).
			AndWhere(dbx.HashExp{migrations.FieldBusiness: business}).AndWhere(by.exp).
			OrderBy(migrations.FieldArchived+" ASC", "created ASC").Limit(1).One(rec)
		if err == nil {
			return rec, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
	}
	if name == "" {
		return nil, nil
	}
	vendors, err := app.FindCachedCollectionByNameOrId(migrations.VendorsCollection)
	if err != nil {
		return nil, err
	}
	rec := core.NewRecord(vendors)
	rec.Set(migrations.FieldBusiness, business)
	rec.Set("name", atMost(name, migrations.VendorNameMax))
	rec.Set("address", atMost(strings.TrimSpace(f.Address), 1000))
	if v, rerr := decideVendor(name, iban, "", ""); rerr == nil {
		rec.Set(migrations.FieldIBAN, v.iban)
	}
	if v, rerr := decideVendor(name, "", vatID, ""); rerr == nil {
		rec.Set("vat_id", v.vatID)
	}
	if v, rerr := decideVendor(name, "", "", f.Country); rerr == nil {
		rec.Set("country", v.country)
	}
	if err := app.Save(rec); err != nil {
		return nil, err
	}
	return rec, nil
}

// atMost is s cut to n characters (a received document's text may be
// longer than the field).
func atMost(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}
