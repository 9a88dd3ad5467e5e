package bank

import (
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Mapping says how to read one bank's CSV export: which columns (by
// their header, as the bank writes it) hold what, and how dates and
// amounts are written. It is remembered per business and bank (the
// bank_csv_mappings collection, keyed by the header's Signature).
type Mapping struct {
	// Delimiter is the separator: ";" (German banks), "," or "\t".
	Delimiter string `json:"delimiter"`
	// DateFormat is a Go layout built from DD, MM, YYYY/YY (e.g. "DD.MM.YYYY").
	DateFormat string `json:"date_format"`
	// DecimalComma reads "1.234,56".
	DecimalComma bool `json:"decimal_comma"`
	// Currency is the currency when no column gives it.
	Currency string `json:"currency"`
	// The columns; Amount is signed, or Credit and Debit are two columns.
	Date         string `json:"date"`
	ValueDate    string `json:"value_date,omitempty"`
	Amount       string `json:"amount,omitempty"`
	Credit       string `json:"credit,omitempty"`
	Debit        string `json:"debit,omitempty"`
	CurrencyCol  string `json:"currency_column,omitempty"`
	Counterparty string `json:"counterparty,omitempty"`
	IBAN         string `json:"iban,omitempty"`
	Remittance   string `json:"remittance,omitempty"`
	Reference    string `json:"reference,omitempty"`
	Account      string `json:"account,omitempty"`
}

// ErrNoMapping is a CSV whose columns are not known yet: the person says
// which is which (the answer carries the header and a few rows).
var ErrNoMapping = errors.New("the CSV's columns need a mapping")

// CSVPreview is what the mapping step shows: the header, the first rows,
// a guessed mapping and the signature to remember it under.
type CSVPreview struct {
	Signature string     `json:"signature"`
	Header    []string   `json:"header"`
	Rows      [][]string `json:"rows"`
	Guess     Mapping    `json:"guess"`
}

// sniffDelimiter picks the separator the header line uses most.
func sniffDelimiter(line string) string {
	best, n := ";", 0
	for _, d := range []string{";", ",", "\t", "|"} {
		if c := strings.Count(line, d); c > n {
			best, n = d, c
		}
	}
	return best
}

// csvRecords reads every record of a CSV text with a delimiter.
func csvRecords(text, delimiter string) ([][]string, error) {
	r := csv.NewReader(strings.NewReader(text))
	r.Comma = []rune(delimiter)[0]
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	return r.ReadAll()
}

// headerAt finds the header row: banks put an account summary above it;
// it is the first row with at least three non-empty cells.
func headerAt(records [][]string) int {
	for i, rec := range records {
		n := 0
		for _, c := range rec {
			if strings.TrimSpace(c) != "" {
				n++
			}
		}
		if n >= 3 {
			return i
		}
	}
	return -1
}

// Signature identifies a bank's export by its header.
func Signature(header []string) string {
	norm := make([]string, len(header))
	for i, h := range header {
		norm[i] = strings.ToLower(strings.TrimSpace(h))
	}
	sum := sha256.Sum256([]byte(strings.Join(norm, "\x1f")))
	return hex.EncodeToString(sum[:12])
}

// PreviewCSV reads a CSV's header and first rows, and guesses a mapping.
func PreviewCSV(b []byte) (*CSVPreview, error) {
	text, err := decodeText(b)
	if err != nil {
		return nil, err
	}
	first, _, _ := strings.Cut(text, "\n")
	delim := sniffDelimiter(first)
	records, err := csvRecords(text, delim)
	if err != nil {
		return nil, fmt.Errorf("CSV: %w", err)
	}
	at := headerAt(records)
	if at < 0 {
		return nil, fmt.Errorf("CSV: %w", ErrNoMapping)
	}
	header := trimAll(records[at])
	rows := records[at+1:]
	if len(rows) > 5 {
		rows = rows[:5]
	}
	return &CSVPreview{Signature: Signature(header), Header: header, Rows: rows, Guess: guessMapping(header, rows, delim)}, nil
}

func trimAll(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = strings.TrimSpace(strings.TrimPrefix(v, "\ufeff"))
	}
	return out
}

// guessMapping names the columns whose header says what they are.
func guessMapping(header []string, rows [][]string, delim string) Mapping {
	m := Mapping{Delimiter: delim, DateFormat: "DD.MM.YYYY", Currency: "EUR"}
	// A header that is the word wins over one that contains it
	// ("Betrag" over "Lastschrift Ursprungsbetrag").
	pick := func(dst *string, words ...string) {
		for _, exact := range []bool{true, false} {
			for _, w := range words {
				for _, h := range header {
					l := strings.ToLower(h)
					if *dst == "" && (l == w || !exact && strings.Contains(l, w)) {
						*dst = h
					}
				}
			}
		}
	}
	pick(&m.Date, "buchungstag", "buchungsdatum", "booking date", "date comptable", "fecha", "date")
	pick(&m.ValueDate, "valuta", "value date", "date de valeur")
	pick(&m.Amount, "betrag", "amount", "montant", "importe")
	pick(&m.CurrencyCol, "währung", "waehrung", "currency", "devise", "divisa")
	pick(&m.Counterparty, "beguenstigter", "begünstigter", "zahlungspflichtiger", "auftraggeber", "name", "payer", "counterparty", "tiers", "ordenante")
	pick(&m.IBAN, "iban", "kontonummer")
	pick(&m.Remittance, "verwendungszweck", "remittance", "purpose", "libellé", "libelle", "concepto", "description")
	pick(&m.Reference, "end-to-end", "kundenreferenz", "reference", "référence", "referencia")
	pick(&m.Account, "auftragskonto", "account")
	for _, r := range rows {
		for i, h := range header {
			if h == m.Amount && i < len(r) && strings.Contains(r[i], ",") && !strings.Contains(r[i], ".") {
				m.DecimalComma = true
			}
			if h == m.Date && i < len(r) {
				m.DateFormat = guessDateFormat(r[i])
			}
		}
	}
	return m
}

func guessDateFormat(s string) string {
	s = strings.TrimSpace(s)
	switch {
	case len(s) == 10 && s[4] == '-':
		return "YYYY-MM-DD"
	case len(s) == 10 && s[2] == '/':
		return "DD/MM/YYYY"
	case len(s) == 8 && s[2] == '.':
		return "DD.MM.YY"
	}
	return "DD.MM.YYYY"
}

// goLayout turns "DD.MM.YYYY" into Go's "02.01.2006".
func goLayout(f string) string {
	return strings.NewReplacer("YYYY", "2006", "YY", "06", "MM", "01", "DD", "02").Replace(f)
}

// ParseCSV reads a CSV export with a mapping.
func ParseCSV(b []byte, m Mapping) (*Statement, error) {
	text, err := decodeText(b)
	if err != nil {
		return nil, err
	}
	if m.Delimiter == "" {
		first, _, _ := strings.Cut(text, "\n")
		m.Delimiter = sniffDelimiter(first)
	}
	records, err := csvRecords(text, m.Delimiter)
	if err != nil {
		return nil, fmt.Errorf("CSV: %w", err)
	}
	at := headerAt(records)
	if at < 0 {
		return nil, fmt.Errorf("CSV: %w", ErrNoMapping)
	}
	col := map[string]int{}
	for i, h := range trimAll(records[at]) {
		if _, dup := col[h]; !dup {
			col[h] = i
		}
	}
	cell := func(rec []string, name string) string {
		i, ok := col[name]
		if name == "" || !ok || i >= len(rec) {
			return ""
		}
		return strings.TrimSpace(rec[i])
	}
	if _, ok := col[m.Date]; !ok {
		return nil, fmt.Errorf("CSV: no column %q: %w", m.Date, ErrNoMapping)
	}
	if _, ok := col[m.Amount]; !ok {
		if _, ok := col[m.Credit]; !ok {
			return nil, fmt.Errorf("CSV: no amount column: %w", ErrNoMapping)
		}
	}
	layout := goLayout(m.DateFormat)
	st := &Statement{Format: "csv", Currency: strings.ToUpper(m.Currency)}
	for n, rec := range records[at+1:] {
		if len(rec) == 0 || strings.TrimSpace(strings.Join(rec, "")) == "" {
			continue
		}
		day, err := time.Parse(layout, cell(rec, m.Date))
		if err != nil {
			return nil, fmt.Errorf("CSV: row %d: date %q is not %s", n+at+2, cell(rec, m.Date), m.DateFormat)
		}
		ccy := strings.ToUpper(cell(rec, m.CurrencyCol))
		if ccy == "" {
			ccy = st.Currency
		}
		var cents int64
		var neg bool
		if m.Amount != "" {
			cents, neg, err = parseCents(cell(rec, m.Amount), ccy, m.DecimalComma)
		} else if c := cell(rec, m.Credit); c != "" {
			cents, _, err = parseCents(c, ccy, m.DecimalComma)
		} else {
			cents, _, err = parseCents(cell(rec, m.Debit), ccy, m.DecimalComma)
			neg = true
		}
		if err != nil {
			return nil, fmt.Errorf("CSV: row %d: amount: %w", n+at+2, err)
		}
		e := Entry{
			BookingDate: day, AmountCents: cents, Currency: ccy, Credit: !neg,
			Counterparty: cell(rec, m.Counterparty), CounterpartyIBAN: cell(rec, m.IBAN),
			Remittance: strings.Join(strings.Fields(cell(rec, m.Remittance)), " "), CreditorRef: cell(rec, m.Reference),
		}
		if v, err := time.Parse(layout, cell(rec, m.ValueDate)); err == nil {
			e.ValueDate = v
		}
		if noRef[strings.ToUpper(e.CreditorRef)] {
			e.CreditorRef = ""
		}
		if st.Account == "" {
			st.Account = cell(rec, m.Account)
		}
		if st.From.IsZero() || day.Before(st.From) {
			st.From = day
		}
		if day.After(st.To) {
			st.To = day
		}
		st.Entries = append(st.Entries, e)
	}
	if st.Currency == "" && len(st.Entries) > 0 {
		st.Currency = st.Entries[0].Currency
	}
	return st, nil
}
