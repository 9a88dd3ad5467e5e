package imports

import (
	"math"
	"strconv"
	"strings"

	"folio/server/migrations"
)

// ItemFields are the item fields a column can fill. The price is in the
// currency column's currency, or the business's default currency.
var ItemFields = []string{"name", "description", "sku", "unit", "price", "currency", "tax_rate"}

// itemAliases are the headers of the item exports of Invoice Ninja
// (products), Zoho Invoice, InvoiceShelf, sevDesk and lexoffice, and the
// plain words, normalized (normHeader).
var itemAliases = map[string][]string{
	"name":        {"itemname", "productname", "productkey", "bezeichnung", "artikelname", "name", "produkt", "artikel", "designation", "nombre", "nom", "الاسم"},
	"description": {"description", "notes", "beschreibung", "langtext", "descripcion", "الوصف"},
	"sku":         {"sku", "artikelnummer", "artnr", "productcode", "itemcode", "code", "reference", "referencia"},
	"unit":        {"usageunit", "unit", "unitname", "einheit", "unite", "unidad", "الوحدة"},
	"price": {
		"rate", "price", "sellingprice", "unitprice", "nettopreis", "preisnetto", "verkaufspreis", "preis",
		"prixunitaire", "prix", "precio", "السعر",
	},
	"currency": {"currencycode", "currency", "wahrung", "devise", "moneda", "العملة"},
	"tax_rate": {"taxpercentage", "taxrate1", "taxrate", "steuersatz", "umsatzsteuer", "ustsatz", "mwst", "tauxtva", "tva", "iva", "vat"},
}

// parseAmount reads "1234.5", "1,234.50", "1.234,50", "12,5" or "€ 12.50"
// as a number: the last "." or "," followed by one or two digits is the
// decimal mark, the others group thousands.
func parseAmount(s string) (float64, bool) {
	s = strings.Map(func(r rune) rune {
		if (r >= '0' && r <= '9') || r == '.' || r == ',' || r == '-' {
			return r
		}
		return -1
	}, s)
	if s == "" {
		return 0, false
	}
	mark := strings.LastIndexAny(s, ".,")
	if mark >= 0 && len(s)-mark-1 <= 2 {
		s = strings.NewReplacer(".", "", ",", "").Replace(s[:mark]) + "." + s[mark+1:]
	} else {
		s = strings.NewReplacer(".", "", ",", "").Replace(s)
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// decideItemRow turns a row into an item's values: the price, in the
// row's currency or currency (the business's default), becomes its one
// price; the tax rate is a percentage ("19", "19 %", "7,5"). The item's
// own rules (a price per currency, the rate, a unique SKU) run when it is
// saved.
func decideItemRow(m Mapping, n int, cells []string, currency string) (map[string]any, []Problem) {
	cell := cellOf(m, cells)
	v := map[string]any{}
	for _, f := range []string{"name", "description", "unit", migrations.FieldItemSKU} {
		if s := cell(f); s != "" {
			v[f] = s
		}
	}
	var problems []Problem
	if v["name"] == nil {
		problems = append(problems, Problem{Row: n, Field: "name", Code: problemRequired})
	}
	if p := cell("price"); p != "" {
		amount, ok := parseAmount(p)
		if !ok {
			problems = append(problems, Problem{Row: n, Field: "price", Code: problemNotNumber})
		} else {
			cur := strings.ToUpper(cell("currency"))
			if cur == "" {
				cur = currency
			}
			v[migrations.FieldItemPrices] = []map[string]any{{"currency": cur, "cents": int64(math.Round(amount * 100))}}
		}
	}
	if r := cell("tax_rate"); r != "" {
		rate, ok := parseAmount(r)
		if !ok {
			problems = append(problems, Problem{Row: n, Field: "tax_rate", Code: problemNotNumber})
		} else {
			v["tax_rate"] = rate
		}
	}
	return v, problems
}
