package billing

import "folio/server/migrations"

// defaultExpenseCategories are the expense categories of a business that
// has not made its own list, in its document language.
var defaultExpenseCategories = map[string][]string{
	"en": {"Rent", "Travel", "Software", "Office supplies", "Meals", "Phone and internet", "Insurance", "Fees",
		"Goods for resale", "Other"},
	"de": {"Miete", "Reisekosten", "Software", "Büromaterial", "Bewirtung", "Telefon und Internet", "Versicherungen",
		"Gebühren", "Wareneinkauf", "Sonstiges"},
	"fr": {"Loyer", "Déplacements", "Logiciels", "Fournitures de bureau", "Repas", "Téléphone et internet",
		"Assurances", "Frais et commissions", "Marchandises", "Autres"},
	"es": {"Alquiler", "Viajes", "Software", "Material de oficina", "Comidas", "Teléfono e internet", "Seguros",
		"Comisiones", "Mercaderías", "Otros"},
	"ar": {"الإيجار", "السفر", "البرمجيات", "مستلزمات المكتب", "الوجبات", "الهاتف والإنترنت", "التأمين", "الرسوم",
		"بضائع لإعادة البيع", "أخرى"},
}

// DefaultExpenseCategories is the default category list in lang (the
// business's document language; English for one Folio does not write in).
func DefaultExpenseCategories(lang string) []string {
	if list, ok := defaultExpenseCategories[lang]; ok {
		return list
	}
	return defaultExpenseCategories[migrations.DefaultDocumentLanguage]
}
