package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The item catalogue (issue 31): what a business sells, so a document's
// line is picked rather than typed. An item belongs to a business like a
// customer does, with the same rules (members read, owners, admins and
// members write). Its prices are a JSON list of {currency, cents}, one per
// currency at most (internal/billing decideItem checks and normalizes it);
// its unit, unit code and tax rate are what a line has, and its VAT
// category is the one a 0 % line of it needs on a document.
const (
	// ItemsCollection holds the items.
	ItemsCollection = "items"

	// FieldItemPrices is the item's prices: [{"currency":"EUR","cents":1500}].
	FieldItemPrices = "prices"
	// FieldItemSKU is the item's own code, unique in its business when set.
	FieldItemSKU = "sku"
	// FieldItemVATCategory is the VAT category of the item at 0 %.
	FieldItemVATCategory = "vat_category"
	// FieldArchived hides a record from pickers without deleting it.
	FieldArchived = "archived"

	// ItemNameMax is the longest item name (a line's description is 500).
	ItemNameMax = 200
	// ItemDescriptionMax is the longest item description.
	ItemDescriptionMax = 2000
	// ItemSKUMax is the longest SKU.
	ItemSKUMax = 64
	// ItemPricesMax is the most prices (currencies) an item has.
	ItemPricesMax = 20
)

// CatalogueCollections are the business record collections added after
// the move to businesses (BusinessRecordCollections is that migration's
// list and stays as it was): the items, then the vendors and expenses
// (1795300200).
var CatalogueCollections = []string{ItemsCollection, VendorsCollection, ExpensesCollection}

func init() {
	m.Register(func(app core.App) error {
		businesses, err := app.FindCollectionByNameOrId(BusinessesCollection)
		if err != nil {
			return err
		}
		zero, hundred := 0.0, 100.0
		c := core.NewBaseCollection(ItemsCollection)
		c.ListRule = ptr(BusinessReadRule)
		c.ViewRule = ptr(BusinessReadRule)
		c.CreateRule = ptr(BusinessCreateRule)
		c.UpdateRule = ptr(BusinessUpdateRule)
		c.DeleteRule = ptr(BusinessWriteRule)
		c.Fields.Add(
			&core.RelationField{Name: FieldBusiness, CollectionId: businesses.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
			&core.TextField{Name: "name", Required: true, Max: ItemNameMax},
			&core.TextField{Name: "description", Max: ItemDescriptionMax},
			&core.TextField{Name: "unit", Max: 20},
			&core.TextField{Name: "unit_code", Max: 3, Pattern: `^[A-Z0-9]{2,3}$`},
			&core.JSONField{Name: FieldItemPrices, MaxSize: 4096},
			&core.NumberField{Name: "tax_rate", Min: &zero, Max: &hundred},
			&core.SelectField{Name: FieldItemVATCategory, Values: VATExemptionCategories, MaxSelect: 1},
			&core.TextField{Name: FieldItemSKU, Max: ItemSKUMax},
			&core.BoolField{Name: FieldArchived},
		)
		withTimestamps(c)
		c.AddIndex("idx_items_business_name", false, "`business`, `archived`, `name`", "")
		c.AddIndex("idx_items_business_sku", true, "`business`, `sku`", "`sku` != ''")
		return app.Save(c)
	}, func(app core.App) error {
		return deleteCollections(app, ItemsCollection)
	})
}
