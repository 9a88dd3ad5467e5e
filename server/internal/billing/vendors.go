package billing

import (
	"database/sql"
	"errors"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// VendorFacts are what a receipt or a received e-invoice says of its
// vendor.
type VendorFacts struct {
	Name, VATID, IBAN, Address, Country, Email string
}

// VendorKey is a field a vendor is matched on and how its values are
// compared.
type VendorKey struct {
	Field string
	Key   func(string) string
}

// VendorKeys are the fields a receipt, a received e-invoice or an imported
// row is matched to a vendor on, in order: the VAT ID and the IBAN as
// stored (no spaces, upper case), then the name (trimmed, any case).
var VendorKeys = []VendorKey{
	{"vat_id", normalizeVATID},
	{migrations.FieldIBAN, normalizeIBAN},
	{"name", func(s string) string { return strings.ToLower(strings.TrimSpace(s)) }},
}

// VendorPreference orders the vendors that match alike, the one taken
// first: an active one before an archived one, then the oldest.
var VendorPreference = []string{migrations.FieldArchived + " ASC", "created ASC"}

// MatchOrCreateVendor finds the business's vendor a receipt or a received
// e-invoice is from, or creates it: by VendorKeys (first by VAT ID, then
// by IBAN, then by the exact name); an archived vendor is taken only when
// no active one matches (VendorPreference). With no match a vendor is created with the facts; an IBAN,
// VAT ID or country the vendor's checks would refuse is left out of it
// (a document from outside may carry a wrong one; the reader reports it)
// rather than failing the import. It answers nil and no error when there
// is nothing to match on and no name to create a vendor with. Call it with
// the app of the import's transaction.
func MatchOrCreateVendor(app core.App, business string, f VendorFacts) (*core.Record, error) {
	name := strings.TrimSpace(f.Name)
	vatID, iban := normalizeVATID(f.VATID), normalizeIBAN(f.IBAN)
	facts := map[string]string{"vat_id": vatID, migrations.FieldIBAN: iban, "name": name}
	for _, by := range VendorKeys {
		value := by.Key(facts[by.Field])
		if value == "" {
			continue
		}
		var exp dbx.Expression = dbx.HashExp{by.Field: value}
		if by.Field == "name" {
			exp = dbx.NewExp("lower(trim([[name]])) = lower({:name})", dbx.Params{"name": name})
		}
		rec := &core.Record{}
		err := app.RecordQuery(migrations.VendorsCollection).
			AndWhere(dbx.HashExp{migrations.FieldBusiness: business}).AndWhere(exp).
			OrderBy(VendorPreference...).Limit(1).One(rec)
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
	if email := strings.TrimSpace(f.Email); is.EmailFormat.Validate(email) == nil {
		rec.Set("email", email)
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
