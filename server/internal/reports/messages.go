package reports

// Sentences of the refusals of a bad period.
const (
	msgBadPeriod = "The period must be month, quarter or year."
	msgBadDate   = "A date must be a calendar day like 2026-10-01."
	msgBadRange  = "Give from and to (YYYY-MM-DD), from on or before to, at most 10 years apart."
)

// Messages maps each code of this package to its sentence.
var Messages = map[string]string{
	"folio_report_period": msgBadPeriod,
	"folio_report_date":   msgBadDate,
	"folio_report_range":  msgBadRange,
}

// words are the CSVs' headings and labels and the zip's README, in the
// business's document language.
type words struct {
	Currency, Rate, CollectedNet, CollectedVAT, PaidNet, PaidVAT, Difference, Total string
	Item, Category, Amount, Invoiced, Credited, Income, Expense, Expenses, Profit   string
	Uncategorised                                                                   string
	Bucket, Invoice, Customer, IssueDate, DueDate, DaysLate, Balance                string
	// Buckets name the aging buckets, in agingBuckets' order.
	Buckets [5]string
	// ReadmeTitle heads the zip's README ({from} and {to} filled in);
	// Missing introduces the documents whose issued copy is not stored
	// (never sent from Folio), NoneMissing says every one is there.
	ReadmeTitle, Missing, NoneMissing string
}

var wordsByLang = map[string]words{
	"en": {
		Currency: "Currency", Rate: "VAT rate (%)", CollectedNet: "Net sales", CollectedVAT: "VAT collected",
		PaidNet: "Net purchases", PaidVAT: "VAT paid", Difference: "Difference", Total: "Total",
		Item: "Item", Category: "Category", Amount: "Amount", Invoiced: "Invoiced (net)",
		Credited: "Credit notes (net)", Income: "Income", Expense: "Expense", Expenses: "Expenses",
		Profit: "Profit", Uncategorised: "Uncategorised",
		Bucket: "Age", Invoice: "Invoice", Customer: "Customer", IssueDate: "Issue date", DueDate: "Due date",
		DaysLate: "Days overdue", Balance: "Balance due",
		Buckets:     [5]string{"Not yet due", "1–30 days", "31–60 days", "61–90 days", "Over 90 days"},
		ReadmeTitle: "Documents and figures from {from} to {to}",
		Missing:     "No issued copy is stored for these documents (they were not sent from Folio); print them from Folio if you need them:",
		NoneMissing: "Every issued document of the period is in this zip.",
	},
	"de": {
		Currency: "Währung", Rate: "USt-Satz (%)", CollectedNet: "Umsätze netto", CollectedVAT: "Umsatzsteuer",
		PaidNet: "Einkäufe netto", PaidVAT: "Vorsteuer", Difference: "Differenz", Total: "Summe",
		Item: "Posten", Category: "Kategorie", Amount: "Betrag", Invoiced: "Rechnungen (netto)",
		Credited: "Gutschriften (netto)", Income: "Einnahmen", Expense: "Ausgabe", Expenses: "Ausgaben",
		Profit: "Gewinn", Uncategorised: "Ohne Kategorie",
		Bucket: "Alter", Invoice: "Rechnung", Customer: "Kunde", IssueDate: "Rechnungsdatum", DueDate: "Fällig am",
		DaysLate: "Tage überfällig", Balance: "Offener Betrag",
		Buckets:     [5]string{"Noch nicht fällig", "1–30 Tage", "31–60 Tage", "61–90 Tage", "Über 90 Tage"},
		ReadmeTitle: "Belege und Zahlen vom {from} bis {to}",
		Missing:     "Für diese Belege ist keine ausgestellte Kopie gespeichert (sie wurden nicht aus Folio versendet); drucken Sie sie bei Bedarf in Folio:",
		NoneMissing: "Alle ausgestellten Belege des Zeitraums sind in dieser ZIP-Datei.",
	},
	"fr": {
		Currency: "Devise", Rate: "Taux de TVA (%)", CollectedNet: "Ventes HT", CollectedVAT: "TVA collectée",
		PaidNet: "Achats HT", PaidVAT: "TVA déductible", Difference: "Différence", Total: "Total",
		Item: "Poste", Category: "Catégorie", Amount: "Montant", Invoiced: "Facturé (HT)",
		Credited: "Avoirs (HT)", Income: "Produits", Expense: "Charge", Expenses: "Charges",
		Profit: "Résultat", Uncategorised: "Sans catégorie",
		Bucket: "Ancienneté", Invoice: "Facture", Customer: "Client", IssueDate: "Date d'émission", DueDate: "Échéance",
		DaysLate: "Jours de retard", Balance: "Reste dû",
		Buckets:     [5]string{"Non échu", "1 à 30 jours", "31 à 60 jours", "61 à 90 jours", "Plus de 90 jours"},
		ReadmeTitle: "Documents et chiffres du {from} au {to}",
		Missing:     "Aucune copie émise n'est conservée pour ces documents (ils n'ont pas été envoyés depuis Folio) ; imprimez-les depuis Folio si besoin :",
		NoneMissing: "Tous les documents émis de la période sont dans ce zip.",
	},
	"es": {
		Currency: "Moneda", Rate: "Tipo de IVA (%)", CollectedNet: "Ventas netas", CollectedVAT: "IVA repercutido",
		PaidNet: "Compras netas", PaidVAT: "IVA soportado", Difference: "Diferencia", Total: "Total",
		Item: "Concepto", Category: "Categoría", Amount: "Importe", Invoiced: "Facturado (neto)",
		Credited: "Notas de crédito (neto)", Income: "Ingresos", Expense: "Gasto", Expenses: "Gastos",
		Profit: "Beneficio", Uncategorised: "Sin categoría",
		Bucket: "Antigüedad", Invoice: "Factura", Customer: "Cliente", IssueDate: "Fecha de emisión", DueDate: "Vencimiento",
		DaysLate: "Días de retraso", Balance: "Pendiente",
		Buckets:     [5]string{"No vencido", "1–30 días", "31–60 días", "61–90 días", "Más de 90 días"},
		ReadmeTitle: "Documentos y cifras del {from} al {to}",
		Missing:     "No hay copia emitida guardada de estos documentos (no se enviaron desde Folio); imprímelos desde Folio si los necesitas:",
		NoneMissing: "Todos los documentos emitidos del periodo están en este zip.",
	},
	"ar": {
		Currency: "العملة", Rate: "نسبة الضريبة (%)", CollectedNet: "صافي المبيعات", CollectedVAT: "الضريبة المحصلة",
		PaidNet: "صافي المشتريات", PaidVAT: "الضريبة المدفوعة", Difference: "الفرق", Total: "الإجمالي",
		Item: "البند", Category: "الفئة", Amount: "المبلغ", Invoiced: "المفوتر (صافٍ)",
		Credited: "إشعارات دائنة (صافٍ)", Income: "الإيرادات", Expense: "مصروف", Expenses: "المصروفات",
		Profit: "الربح", Uncategorised: "بدون فئة",
		Bucket: "العمر", Invoice: "الفاتورة", Customer: "العميل", IssueDate: "تاريخ الإصدار", DueDate: "تاريخ الاستحقاق",
		DaysLate: "أيام التأخير", Balance: "المبلغ المستحق",
		Buckets:     [5]string{"غير مستحق بعد", "1–30 يومًا", "31–60 يومًا", "61–90 يومًا", "أكثر من 90 يومًا"},
		ReadmeTitle: "المستندات والأرقام من {from} إلى {to}",
		Missing:     "لا توجد نسخة صادرة محفوظة لهذه المستندات (لم تُرسل من Folio)؛ اطبعها من Folio إذا احتجت إليها:",
		NoneMissing: "جميع المستندات الصادرة في الفترة موجودة في هذا الملف.",
	},
}

// wordsFor is the words of lang, English for a language without them.
func wordsFor(lang string) words {
	if w, ok := wordsByLang[lang]; ok {
		return w
	}
	return wordsByLang["en"]
}
