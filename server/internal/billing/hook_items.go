package billing

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// saveItem normalizes and checks an item on every save (decideItem), keeps
// its business, and explains a SKU another item of the business has
// before the unique index refuses it without a word.
func saveItem(e *core.RecordEvent) error {
	r := e.Record
	if _, err := keepBusiness(e.App, r); err != nil {
		return err
	}
	d, rerr := decideItem(itemInput{
		name:        r.GetString("name"),
		sku:         r.GetString(migrations.FieldItemSKU),
		vatCategory: r.GetString(migrations.FieldItemVATCategory),
		taxRate:     r.GetFloat("tax_rate"),
		prices:      RawJSON(r, migrations.FieldItemPrices),
	})
	if rerr != nil {
		return rerr.api()
	}
	r.Set("name", d.name)
	r.Set(migrations.FieldItemSKU, d.sku)
	r.Set(migrations.FieldItemVATCategory, d.vatCategory)
	r.Set(migrations.FieldItemPrices, d.prices)
	if d.sku != "" {
		var n int
		err := e.App.DB().Select("count(*)").From(migrations.ItemsCollection).
			Where(dbx.HashExp{migrations.FieldBusiness: r.GetString(migrations.FieldBusiness), migrations.FieldItemSKU: d.sku}).
			AndWhere(dbx.Not(dbx.HashExp{"id": r.Id})).Row(&n)
		if err != nil {
			return err
		}
		if n > 0 {
			return refuse(migrations.FieldItemSKU, "folio_item_sku_taken", msgItemSKUTaken)
		}
	}
	return e.Next()
}

// keepBusiness refuses to move a stored record to another business and
// answers its stored version (the record itself when it is new).
func keepBusiness(app core.App, r *core.Record) (*core.Record, error) {
	orig, err := storedVersion(app, r)
	if err != nil {
		return nil, err
	}
	if !r.IsNew() && r.GetString(migrations.FieldBusiness) != orig.GetString(migrations.FieldBusiness) {
		return nil, refuse(migrations.FieldBusiness, "folio_owner_fixed", msgOwnerFixed)
	}
	return orig, nil
}
