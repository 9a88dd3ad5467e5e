package imports

import (
	"math"
	"strconv"
	"strings"

	"folio/server/migrations"
)

// ExpenseFields are the fields of an expense a column can fill: one row
// is one VAT line of a receipt (rows with the same vendor, number and
// date are one expense, see groupExpenses); the vendor is matched or
// created by its name and VAT ID.
var ExpenseFields = []string{
	"date", "vendor", "vendor_vat_id", "number", "description", "category", "currency",
	"net", "vat_rate", "vat_amount", "gross", "payment_state", "paid_on",
}

// expenseAliases are the headers of the expense and receipt exports of
// Invoice Ninja, Zoho Books / Zoho Expense, sevDesk ("Belege") and
// lexoffice ("Belege") (testdata/expenses), and the plain words,
// normalized (normHeader).
var expenseAliases = map[string][]string{
	"date":          {"expensedate", "belegdatum", "rechnungsdatum", "receiptdate", "date", "datum", "fecha", "التاريخ"},
	"vendor":        {"vendor", "vendorname", "merchantname", "merchant", "lieferant", "lieferantenname", "kontakt", "supplier", "fournisseur", "proveedor", "المورد"},
	"vendor_vat_id": {"vendorvatregno", "vendorvatnumber", "ustidnrlieferant", "vatregno", "vatnumber", "vatid", "ustidnr", "ustid", "numerotva", "nif"},
	"number":        {"reference", "belegnummer", "rechnungsnummer", "receiptnumber", "invoicenumber", "number", "nummer", "numero"},
	"description":   {"description", "beschreibung", "publicnotes", "verwendungszweck", "notes", "notiz", "descripcion", "الوصف"},
	"category":      {"expensecategory", "expenseaccount", "category", "kategorie", "categorie", "categoria", "الفئة"},
	"currency":      {"currencycode", "currency", "wahrung", "devise", "moneda", "العملة"},
	"net":           {"netamount", "nettobetrag", "betragnetto", "netto", "net", "expenseamount", "subtotal", "montantht", "importeneto"},
	"vat_rate":      {"taxpercentage", "taxrate1", "taxrate", "vatrate", "steuersatz", "ustsatz", "mwstsatz", "tauxdetva", "tipodeiva", "tipoiva"},
	"vat_amount":    {"taxamount", "vatamount", "steuerbetrag", "ustbetrag", "steuer", "mwst", "montanttva", "cuotaiva", "iva"},
	"gross":         {"total", "grossamount", "bruttobetrag", "betragbrutto", "brutto", "amount", "betrag", "montantttc", "importetotal", "المجموع"},
	"payment_state": {"zahlungsstatus", "paymentstatus", "status", "paid", "bezahlt", "statut", "estado"},
	"paid_on":       {"paymentdate", "paiddate", "paidon", "bezahltam", "zahlungsdatum", "datedepaiement", "fechadepago"},
}

// paymentStates are the payment states the exports write, normalized
// (normHeader), as Folio's.
var paymentStates = map[string]string{
	"paid": migrations.ExpensePaid, "bezahlt": migrations.ExpensePaid, "beglichen": migrations.ExpensePaid,
	"erstattet": migrations.ExpensePaid, "reimbursed": migrations.ExpensePaid, "yes": migrations.ExpensePaid,
	"ja": migrations.ExpensePaid, "paye": migrations.ExpensePaid, "payee": migrations.ExpensePaid,
	"pagado": migrations.ExpensePaid, "pagada": migrations.ExpensePaid, "مدفوع": migrations.ExpensePaid,
	"unpaid": migrations.ExpenseUnpaid, "offen": migrations.ExpenseUnpaid, "open": migrations.ExpenseUnpaid,
	"unbezahlt": migrations.ExpenseUnpaid, "no": migrations.ExpenseUnpaid, "nein": migrations.ExpenseUnpaid,
	"impaye": migrations.ExpenseUnpaid, "pendiente": migrations.ExpenseUnpaid, "غيرمدفوع": migrations.ExpenseUnpaid,
	// sevDesk's states of a receipt not paid in full.
	"uberfallig": migrations.ExpenseUnpaid, "overdue": migrations.ExpenseUnpaid, "teilbezahlt": migrations.ExpenseUnpaid,
	"teilweisebezahlt": migrations.ExpenseUnpaid, "partiallypaid": migrations.ExpenseUnpaid,
}

// lineRowsKey holds, in an expense's values, the file row of each of its
// VAT lines (a problem of line 2 is one of that row).
const lineRowsKey = "_line_rows"

// decideExpenseRow turns a row into an expense's values with its one VAT
// line: date and paid_on (YYYY-MM-DD), vendor_name and vendor_vat_id
// (to match or create the vendor), number, description, category,
// currency (upper case, when given), payment_state, and vat_lines with
// the rate and the amounts the row gives (net, VAT, gross in cents; the
// expense's own rules complete and check them when it is saved). A row
// without a date or an amount, and a value that can't be read, are its
// problems; a row with no rate and no VAT amount is at 0 %.
func decideExpenseRow(m Mapping, n int, cells []string, _ string) (map[string]any, []Problem) {
	cell := cellOf(m, cells)
	v := map[string]any{}
	var problems []Problem
	bad := func(field, code string) { problems = append(problems, Problem{Row: n, Field: field, Code: code}) }
	set := setIn(v)
	set(migrations.FieldVendorName, cell("vendor"))
	set("vendor_vat_id", cell("vendor_vat_id"))
	for _, f := range []string{"number", "description", "category"} {
		set(f, cell(f))
	}
	set("currency", strings.ToUpper(cell("currency")))
	for _, fk := range [][2]string{{"date", "date"}, {"paid_on", migrations.FieldPaidOn}} {
		field, key := fk[0], fk[1]
		s := cell(field)
		if s == "" {
			if field == "date" {
				bad(field, problemRequired)
			}
			continue
		}
		if day, ok := parseDay(s); ok {
			v[key] = day
		} else {
			bad(field, problemDate)
		}
	}
	if s := cell("payment_state"); s != "" {
		if state, ok := paymentStates[normHeader(s)]; ok {
			v[migrations.FieldPaymentState] = state
		} else {
			bad("payment_state", problemInvalid)
		}
	} else if v[migrations.FieldPaidOn] != nil {
		v[migrations.FieldPaymentState] = migrations.ExpensePaid
	}
	line := map[string]any{}
	for _, fk := range [][2]string{{"net", "net_cents"}, {"vat_amount", "vat_cents"}, {"gross", "gross_cents"}} {
		field, key := fk[0], fk[1]
		if s := cell(field); s != "" {
			a, ok := parseAmount(s)
			if !ok || a < 0 {
				bad(field, problemNotNumber)
				continue
			}
			line[key] = int64(math.Round(a * 100))
		}
	}
	if line["net_cents"] == nil && line["gross_cents"] == nil && !hasProblem(problems, "net", "gross") {
		bad("gross", problemRequired)
	}
	switch s := strings.TrimSpace(strings.TrimSuffix(cell("vat_rate"), "%")); {
	case s != "":
		rate, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(s), ",", "."), 64)
		if err != nil {
			bad("vat_rate", problemNotNumber)
		}
		line["rate"] = rate
	case line["vat_cents"] == nil:
		line["rate"] = 0.0
	default:
		bad("vat_rate", problemRequired)
	}
	v[migrations.FieldVATLines] = []map[string]any{line}
	v[lineRowsKey] = []int{n}
	return v, problems
}

// hasProblem tells whether problems name one of fields.
func hasProblem(problems []Problem, fields ...string) bool {
	for _, p := range problems {
		for _, f := range fields {
			if p.Field == f {
				return true
			}
		}
	}
	return false
}

// expenseKey is what makes rows one receipt: the vendor, the number and
// the date; "" for a row with no number (a receipt of its own).
func expenseKey(v map[string]any) string {
	number, _ := v["number"].(string)
	if strings.TrimSpace(number) == "" {
		return ""
	}
	vendor, _ := v[migrations.FieldVendorName].(string)
	date, _ := v["date"].(string)
	return lower(vendor) + "\x00" + lower(number) + "\x00" + date
}

// mergeExpense adds the VAT line of a row of the same receipt to the
// expense of its first row (one line per rate: the expense's rules
// refuse a rate twice, naming the row).
func mergeExpense(into, row map[string]any) {
	into[migrations.FieldVATLines] = append(into[migrations.FieldVATLines].([]map[string]any), row[migrations.FieldVATLines].([]map[string]any)...)
	into[lineRowsKey] = append(into[lineRowsKey].([]int), row[lineRowsKey].([]int)...)
	for _, f := range []string{"description", "category", migrations.FieldPaidOn, migrations.FieldPaymentState, "vendor_vat_id", "currency"} {
		if into[f] == nil && row[f] != nil {
			into[f] = row[f]
		}
	}
}
