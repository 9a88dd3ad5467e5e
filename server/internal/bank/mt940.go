package bank

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// MT940 (SWIFT customer statement, still the export of many German,
// Dutch and Swiss banks) is read by hand: no Go MT940 library is kept up
// (the known ones had their last change years ago and read only the
// fields of one bank), and the format is lines of ":tag:value". The
// German banks' structured :86: (the "?20"…"?29" remittance lines, "?32"
// and "?33" the other party's name, "?31" its IBAN, and the SEPA
// keywords EREF+, SVWZ+ inside) is unfolded; any other :86: is taken as
// the remittance text as it is.

// ErrNotMT940 is a file that is not an MT940 statement.
var ErrNotMT940 = errors.New("not an MT940 statement")

var (
	mt940Tag = regexp.MustCompile(`^:(\d{2}[A-Z]?):`)
	// :61: value date, entry date, mark, funds code, amount, type, references.
	mt940Line = regexp.MustCompile(`^(\d{6})(\d{4})?(R?[CD])([A-Z])?(\d+,\d*)([NFS][A-Z0-9]{3})([^/\n]*)(?://([^\n]*))?`)
	// A subfield of a structured :86: ("?20…").
	mt940Sub = regexp.MustCompile(`\?(\d{2})`)
	// The SEPA keywords inside its remittance lines.
	sepaKeyword = regexp.MustCompile(`(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC)\+`)
)

// ParseMT940 reads an MT940 file: one or more statements (of one account,
// usually one per day), given as one Statement.
func ParseMT940(b []byte) (*Statement, error) {
	text, err := decodeText(b)
	if err != nil {
		return nil, err
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")

	// The fields, each with its continuation lines.
	type field struct{ tag, value string }
	var fields []field
	for _, line := range strings.Split(text, "\n") {
		if m := mt940Tag.FindStringSubmatch(line); m != nil {
			fields = append(fields, field{m[1], line[len(m[0]):]})
			continue
		}
		if len(fields) == 0 || line == "-" || strings.HasPrefix(line, "{") || strings.TrimSpace(line) == "" {
			continue
		}
		fields[len(fields)-1].value += "\n" + line
	}

	st := &Statement{Format: "mt940"}
	seen := false
	var last *Entry
	for _, f := range fields {
		switch f.tag {
		case "20":
			seen = true
			if st.Ref == "" {
				st.Ref = strings.TrimSpace(f.value)
			}
		case "25":
			if st.Account == "" {
				st.Account = strings.TrimSpace(f.value)
			}
		case "60F", "60M":
			v := strings.TrimSpace(f.value)
			if len(v) >= 10 {
				if st.Currency == "" {
					st.Currency = v[7:10]
				}
				if d, ok := mt940Day(v[1:7]); ok && (st.From.IsZero() || d.Before(st.From)) {
					st.From = d
				}
			}
		case "62F", "62M":
			v := strings.TrimSpace(f.value)
			if len(v) >= 7 {
				if d, ok := mt940Day(v[1:7]); ok && d.After(st.To) {
					st.To = d
				}
			}
		case "61":
			e, err := mt940Entry(f.value, st.Currency)
			if err != nil {
				return nil, err
			}
			st.Entries = append(st.Entries, e)
			last = &st.Entries[len(st.Entries)-1]
		case "86":
			if last != nil {
				mt940Details(last, f.value)
				last = nil
			}
		}
	}
	if !seen || st.Account == "" {
		return nil, ErrNotMT940
	}
	return st, nil
}

// mt940Day reads a YYMMDD day (years 80–99 are the 1900s).
func mt940Day(s string) (time.Time, bool) {
	d, err := time.Parse("060102", s)
	return d, err == nil
}

// mt940Entry reads a :61: statement line.
func mt940Entry(v, currency string) (Entry, error) {
	m := mt940Line.FindStringSubmatch(strings.TrimSpace(v))
	if m == nil {
		return Entry{}, fmt.Errorf("MT940: statement line %q: %w", firstLine(v), ErrNotMT940)
	}
	value, ok := mt940Day(m[1])
	if !ok {
		return Entry{}, fmt.Errorf("MT940: date %q: %w", m[1], ErrNotMT940)
	}
	booking := value
	if m[2] != "" {
		b, err := time.Parse("0102", m[2])
		if err == nil {
			year := value.Year()
			switch {
			case b.Month() == time.December && value.Month() == time.January:
				year--
			case b.Month() == time.January && value.Month() == time.December:
				year++
			}
			booking = time.Date(year, b.Month(), b.Day(), 0, 0, 0, 0, time.UTC)
		}
	}
	cents, _, err := parseCents(m[5], currency, true)
	if err != nil {
		return Entry{}, fmt.Errorf("MT940: amount %q: %w", m[5], err)
	}
	// A reversal of a debit is money coming in, and the other way round.
	credit := m[3] == "C" || m[3] == "RD"
	return Entry{
		BankRef:     strings.TrimSpace(m[8]),
		BookingDate: booking,
		ValueDate:   value,
		AmountCents: cents,
		Currency:    currency,
		Credit:      credit,
	}, nil
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return l
}

// mt940Details fills an entry from its :86: information.
func mt940Details(e *Entry, v string) {
	// Continuation lines were cut at a fixed width, not at words.
	joined := strings.ReplaceAll(v, "\n", "")
	if len(joined) < 4 || !isDigits(joined[:3]) || !strings.HasPrefix(joined[3:], "?") {
		e.Remittance = strings.Join(strings.Fields(strings.ReplaceAll(v, "\n", " ")), " ")
		return
	}
	subs := map[string]string{}
	idx := mt940Sub.FindAllStringSubmatchIndex(joined, -1)
	for i, m := range idx {
		end := len(joined)
		if i+1 < len(idx) {
			end = idx[i+1][0]
		}
		subs[joined[m[2]:m[3]]] += joined[m[1]:end]
	}
	var lines strings.Builder
	for _, k := range []string{"20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "60", "61", "62", "63"} {
		lines.WriteString(subs[k])
	}
	remit := lines.String()
	if kw := sepaKeyword.FindAllStringSubmatchIndex(remit, -1); len(kw) > 0 {
		parts := map[string]string{}
		for i, m := range kw {
			end := len(remit)
			if i+1 < len(kw) {
				end = kw[i+1][0]
			}
			parts[remit[m[2]:m[3]]] = strings.TrimSpace(remit[m[1]:end])
		}
		if s := parts["SVWZ"]; s != "" {
			remit = s
		}
		if ref := parts["EREF"]; ref != "" && !noRef[strings.ToUpper(ref)] && e.CreditorRef == "" {
			e.CreditorRef = ref
		}
	}
	e.Remittance = strings.Join(strings.Fields(remit), " ")
	e.Counterparty = strings.Join(strings.Fields(subs["32"]+subs["33"]), " ")
	e.CounterpartyIBAN = strings.TrimSpace(subs["31"])
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
