package billing

import (
	"encoding/json"
	"math"
	"slices"
	"strings"

	"folio/server/internal/money"
	"folio/server/migrations"
)

// ItemPrice is one of an item's prices: an amount in a currency.
type ItemPrice struct {
	Currency string `json:"currency"`
	Cents    int64  `json:"cents"`
}

// itemInput is what decideItem reads of an item as it is about to be saved.
type itemInput struct {
	name, sku, vatCategory string
	taxRate                float64
	// prices is the prices field as stored (JSON, possibly null).
	prices []byte
}

// itemDecision is the item as it is saved.
type itemDecision struct {
	name, sku, vatCategory string
	prices                 []ItemPrice
}

// decideItem checks and normalizes an item: the name and SKU trimmed, each
// price a whole number of cents within a line's limit in a 3-letter
// currency (upper case), one price per currency, at most
// migrations.ItemPricesMax of them; an item at 0 % gets the default VAT
// category, one above 0 % none (a taxed line is "S" on every document).
func decideItem(in itemInput) (itemDecision, *ruleError) {
	out := itemDecision{name: strings.TrimSpace(in.name), sku: strings.TrimSpace(in.sku), prices: []ItemPrice{}}
	raw := strings.TrimSpace(string(in.prices))
	if raw != "" && raw != "null" {
		var prices []struct {
			Currency string  `json:"currency"`
			Cents    float64 `json:"cents"`
		}
		if err := json.Unmarshal([]byte(raw), &prices); err != nil {
			return out, newRuleError(migrations.FieldItemPrices, "folio_item_price_invalid", msgItemPriceInvalid)
		}
		if len(prices) > migrations.ItemPricesMax {
			return out, newRuleError(migrations.FieldItemPrices, "folio_item_price_invalid", msgItemPriceInvalid)
		}
		for _, p := range prices {
			cur := strings.ToUpper(strings.TrimSpace(p.Currency))
			if !isCurrencyCode(cur) {
				return out, newRuleError(migrations.FieldItemPrices, "folio_item_price_currency", msgItemPriceCurrency)
			}
			if p.Cents != math.Trunc(p.Cents) || math.Abs(p.Cents) > money.MaxUnitPriceCents {
				return out, newRuleError(migrations.FieldItemPrices, "folio_item_price_invalid", msgItemPriceInvalid)
			}
			if slices.ContainsFunc(out.prices, func(q ItemPrice) bool { return q.Currency == cur }) {
				return out, newRuleError(migrations.FieldItemPrices, "folio_item_price_twice", msgItemPriceTwice)
			}
			out.prices = append(out.prices, ItemPrice{Currency: cur, Cents: int64(p.Cents)})
		}
	}
	switch {
	case in.taxRate > 0:
		out.vatCategory = ""
	case in.vatCategory == "":
		out.vatCategory = migrations.DefaultVATExemptionCategory
	case !slices.Contains(migrations.VATExemptionCategories, in.vatCategory):
		return out, newRuleError(migrations.FieldItemVATCategory, "folio_invalid_vat_category", msgVATCategory)
	default:
		out.vatCategory = in.vatCategory
	}
	return out, nil
}

// isCurrencyCode is an ISO 4217 code's shape: three capital letters.
func isCurrencyCode(s string) bool {
	if len(s) != 3 {
		return false
	}
	for _, c := range s {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	return true
}
