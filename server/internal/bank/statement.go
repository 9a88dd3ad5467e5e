package bank

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"time"

	"folio/server/internal/money"
)

// Statement is one parsed bank statement, whatever its format.
type Statement struct {
	// Format is one of migrations.BankFormats.
	Format string
	// Account is the statement's account (an IBAN, or the bank's
	// account id), Currency its currency.
	Account, Currency string
	// Ref is the bank's id of the statement (camt Stmt/Id, MT940 :20:).
	Ref string
	// From and To are the days it covers (zero when the file does not say).
	From, To time.Time
	Entries  []Entry
}

// Entry is one booked entry of a statement.
type Entry struct {
	// BankRef is the bank's own reference of the entry (camt
	// AcctSvcrRef, MT940 :61: bank reference), "" when there is none.
	BankRef                 string
	BookingDate, ValueDate  time.Time
	AmountCents             int64
	Currency                string
	Credit                  bool
	Counterparty            string
	CounterpartyIBAN        string
	Remittance, CreditorRef string
}

// errAmount is an amount that is not a decimal number.
var errAmount = errors.New("not an amount")

// parseCents reads a decimal amount ("1234.5", "1.234,50" with
// decimalComma, "-12") into the currency's minor units, exactly (no
// floats). It answers the magnitude and whether it was negative.
func parseCents(s, currency string, decimalComma bool) (int64, bool, error) {
	s = strings.TrimSpace(s)
	s = strings.ReplaceAll(s, " ", "")
	s = strings.ReplaceAll(s, "\u00a0", "")
	if decimalComma {
		s = strings.ReplaceAll(s, ".", "")
		s = strings.ReplaceAll(s, ",", ".")
	} else {
		s = strings.ReplaceAll(s, ",", "")
	}
	neg := false
	switch {
	case strings.HasPrefix(s, "-"):
		neg, s = true, s[1:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	case strings.HasSuffix(s, "-"):
		neg, s = true, s[:len(s)-1]
	}
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" && frac == "" {
		return 0, false, errAmount
	}
	digits := money.MinorDigits(currency)
	if len(frac) > digits {
		// Trailing zeros beyond the minor unit are harmless; anything else is not.
		if strings.Trim(frac[digits:], "0") != "" {
			return 0, false, errAmount
		}
		frac = frac[:digits]
	}
	frac += strings.Repeat("0", digits-len(frac))
	if whole == "" {
		whole = "0"
	}
	for _, part := range []string{whole, frac} {
		for _, c := range part {
			if c < '0' || c > '9' {
				return 0, false, errAmount
			}
		}
	}
	if len(whole)+len(frac) > 15 {
		return 0, false, errAmount
	}
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		return 0, false, errAmount
	}
	return n, neg && n != 0, nil
}

// noRef are the placeholders banks write where an entry has no reference.
var noRef = map[string]bool{"": true, "NONREF": true, "NOTPROVIDED": true, "NOT PROVIDED": true}

// DedupKey is an entry's identity within a business: the bank's own
// reference when it gave one (prefixed by the account, so two accounts
// never collide), else a hash of what the entry says and of how many
// entries saying exactly that came before it in the same statement
// (occurrence), so two genuine identical transfers on one day stay two
// while the same statement imported again, or an overlapping one, gives
// the same keys.
func DedupKey(account string, e Entry, occurrence int) string {
	account = strings.ToUpper(strings.ReplaceAll(account, " ", ""))
	if ref := strings.TrimSpace(e.BankRef); !noRef[strings.ToUpper(ref)] {
		return "ref:" + account + ":" + ref
	}
	return "sum:" + contentHash(account, e, occurrence)
}

// contentKey is what an entry says, without the bank's reference.
func contentKey(account string, e Entry) string {
	dir := "D"
	if e.Credit {
		dir = "C"
	}
	return strings.Join([]string{
		strings.ToUpper(strings.ReplaceAll(account, " ", "")),
		e.BookingDate.Format(time.DateOnly),
		strconv.FormatInt(e.AmountCents, 10), strings.ToUpper(e.Currency), dir,
		strings.ToUpper(strings.Join(strings.Fields(e.Counterparty), " ")),
		strings.ToUpper(strings.ReplaceAll(e.CounterpartyIBAN, " ", "")),
		strings.Join(strings.Fields(e.Remittance), " "),
		strings.TrimSpace(e.CreditorRef),
	}, "\x1f")
}

func contentHash(account string, e Entry, occurrence int) string {
	sum := sha256.Sum256([]byte(contentKey(account, e) + "\x1f" + strconv.Itoa(occurrence)))
	return hex.EncodeToString(sum[:16])
}

// Keys are the dedup keys of a statement's entries, in order.
func Keys(st *Statement) []string {
	seen := make(map[string]int, len(st.Entries))
	keys := make([]string, len(st.Entries))
	for i, e := range st.Entries {
		ck := contentKey(st.Account, e)
		keys[i] = DedupKey(st.Account, e, seen[ck])
		seen[ck]++
	}
	return keys
}

// parseDay reads a YYYY-MM-DD day, or the date of a date-time.
func parseDay(s string) time.Time {
	s = strings.TrimSpace(s)
	if len(s) >= 10 {
		if d, err := time.Parse(time.DateOnly, s[:10]); err == nil {
			return d
		}
	}
	return time.Time{}
}
