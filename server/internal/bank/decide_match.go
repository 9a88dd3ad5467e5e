package bank

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"folio/server/migrations"
)

// The reasons a match gives, as codes the web app translates
// (bank.reason.<code> in src/locales/*/bank.json).
const (
	ReasonNumberInReference   = "number_in_reference"
	ReasonNumberInRemittance  = "number_in_remittance"
	ReasonAmountEqualsBalance = "amount_equals_balance"
	ReasonAmountBelowBalance  = "amount_below_balance"
	ReasonAmountAboveBalance  = "amount_above_balance"
	ReasonPayerName           = "payer_name"
	ReasonCurrencyDiffers     = "currency_differs"
	ReasonSeveralInvoices     = "several_invoices"
	ReasonOutgoing            = "outgoing"
	ReasonNothingFound        = "nothing_found"
)

// maxCandidates bounds the candidates of a suggestion: more is no help.
const maxCandidates = 5

// maxWordInvoices: a name word found on more open invoices than this is
// not looked up alone.
const maxWordInvoices = 200

// OpenInvoice is an invoice that can still be paid, as matching sees it.
type OpenInvoice struct {
	ID, Number, CustomerName, Currency string
	BalanceCents                       int64
}

// Incoming is what matching reads of a bank entry.
type Incoming struct {
	Credit                  bool
	AmountCents             int64
	Currency, Counterparty  string
	Remittance, CreditorRef string
}

// Candidate is one invoice a bank entry may pay, and why.
type Candidate struct {
	Invoice string   `json:"invoice"`
	Number  string   `json:"number"`
	Reasons []string `json:"reasons"`
}

// Match is the decision about one bank entry: its state (certain,
// suggested or unmatched; see migrations.BankState*), the invoice of a
// certain match, the candidates of a suggestion, and why.
type Match struct {
	State      string
	Invoice    string
	Candidates []Candidate
	Reasons    []string
}

// Index holds a business's open invoices the way matching looks them up:
// by number (as a transfer's text may write it), by balance and by the
// customer's name. Built once per import, it makes each entry's decision
// a few map reads, whatever the number of invoices.
type Index struct {
	invoices []OpenInvoice
	// byNumber maps numberKey(number) to invoices.
	byNumber map[string][]int
	// prefixes are the numbers' prefixes, cut into their letter and digit runs.
	prefixes [][]string
	// byAmount maps currency + balance to invoices.
	byAmount map[amountKey][]int
	// byWord maps each significant word of a customer's name to invoices.
	byWord map[string][]int
	names  [][]string
}

type amountKey struct {
	currency string
	cents    int64
}

// NewIndex indexes the open invoices.
func NewIndex(invoices []OpenInvoice) *Index {
	ix := &Index{
		invoices: invoices,
		byNumber: make(map[string][]int, len(invoices)),
		byAmount: make(map[amountKey][]int, len(invoices)),
		byWord:   make(map[string][]int, len(invoices)),
		names:    make([][]string, len(invoices)),
	}
	seenPrefix := map[string]bool{}
	for i, inv := range invoices {
		prefix, digits := splitNumber(inv.Number)
		if digits == "" {
			continue
		}
		pieces := runs(prefix)
		k := strings.Join(pieces, "") + "|" + trimZeros(digits)
		ix.byNumber[k] = append(ix.byNumber[k], i)
		if p := strings.Join(pieces, "\x1f"); !seenPrefix[p] && len(pieces) > 0 {
			seenPrefix[p] = true
			ix.prefixes = append(ix.prefixes, pieces)
		}
		ak := amountKey{inv.Currency, inv.BalanceCents}
		ix.byAmount[ak] = append(ix.byAmount[ak], i)
		ix.names[i] = nameWords(inv.CustomerName)
		for _, w := range ix.names[i] {
			ix.byWord[w] = append(ix.byWord[w], i)
		}
	}
	return ix
}

// splitNumber cuts a document number into its prefix and its final digits
// ("INV-00042" → "INV-", "00042").
func splitNumber(n string) (string, string) {
	n = strings.ToUpper(strings.TrimSpace(n))
	i := len(n)
	for i > 0 && n[i-1] >= '0' && n[i-1] <= '9' {
		i--
	}
	return n[:i], n[i:]
}

func trimZeros(d string) string {
	t := strings.TrimLeft(d, "0")
	if t == "" {
		return "0"
	}
	return t
}

// runs cuts s into its runs of letters and digits ("RE-2026/" → RE, 2026).
func runs(s string) []string {
	return strings.FieldsFunc(strings.ToUpper(s), func(r rune) bool {
		return !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	})
}

// isSeparator is what a person may write between the parts of a number.
func isSeparator(c byte) bool {
	return c == ' ' || c == '-' || c == '/' || c == '_' || c == '.' || c == '#' || c == ':'
}

func isAlnum(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z'
}

// numbersIn finds the invoices whose number text writes: their prefix
// (its parts with or without separators between them), then the digits,
// with or without the leading zeros ("inv 42", "INV-00042", "INV00042").
func (ix *Index) numbersIn(text string) []int {
	if text == "" {
		return nil
	}
	u := strings.ToUpper(text)
	var found []int
	for _, pieces := range ix.prefixes {
		for start := 0; start < len(u); {
			at := strings.Index(u[start:], pieces[0])
			if at < 0 {
				break
			}
			at += start
			start = at + 1
			if at > 0 && isAlnum(u[at-1]) {
				continue
			}
			i := at + len(pieces[0])
			ok := true
			for _, p := range pieces[1:] {
				for i < len(u) && isSeparator(u[i]) {
					i++
				}
				if !strings.HasPrefix(u[i:], p) {
					ok = false
					break
				}
				i += len(p)
			}
			if !ok {
				continue
			}
			for i < len(u) && isSeparator(u[i]) {
				i++
			}
			j := i
			for j < len(u) && u[j] >= '0' && u[j] <= '9' {
				j++
			}
			if j == i {
				continue
			}
			for _, n := range ix.byNumber[strings.Join(pieces, "")+"|"+trimZeros(u[i:j])] {
				if !slices.Contains(found, n) {
					found = append(found, n)
				}
			}
		}
	}
	return found
}

// legalWords are words of a name that say nothing about who it is.
var legalWords = map[string]bool{
	"GMBH": true, "AG": true, "KG": true, "OHG": true, "UG": true, "EK": true, "GBR": true, "MBH": true, "CO": true,
	"LTD": true, "LLC": true, "INC": true, "PLC": true, "LLP": true, "CORP": true, "SARL": true, "SAS": true, "SA": true,
	"SL": true, "SRL": true, "BV": true, "NV": true, "THE": true, "UND": true, "AND": true, "ET": true, "Y": true,
	"HERR": true, "FRAU": true, "MR": true, "MRS": true, "MS": true, "DR": true,
}

// nameWords are the significant words of a name, folded so that a bank's
// "MUELLER" or "MULLER" and a customer's "Müller" are the same word.
func nameWords(name string) []string {
	folded := norm.NFD.String(strings.ToUpper(name))
	var b strings.Builder
	for _, r := range folded {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r == 'ß':
			b.WriteString("SS")
		case r >= 'A' && r <= 'Z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte(' ')
		}
	}
	var out []string
	for _, w := range strings.Fields(b.String()) {
		w = strings.NewReplacer("AE", "A", "OE", "O", "UE", "U").Replace(w)
		if len(w) >= 2 && !legalWords[w] && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// sameName: every significant word of the shorter name is in the longer.
func sameName(a, b []string) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	for _, w := range a {
		if !slices.Contains(b, w) {
			return false
		}
	}
	return true
}

// Decide matches one entry against the open invoices (see the package
// doc's rules): the invoice number in the structured reference or the
// remittance text decides first, with the amount against the balance;
// then an amount equal to an open balance, with the payer's name; then
// the payer's name alone. Only an unambiguous number, or a unique amount
// and name, is certain.
func (ix *Index) Decide(tx Incoming) Match {
	if !tx.Credit {
		return Match{State: migrations.BankStateUnmatched, Reasons: []string{ReasonOutgoing}}
	}
	byRef := ix.numbersIn(tx.CreditorRef)
	byText := ix.numbersIn(tx.Remittance)
	hits := append(slices.Clone(byRef), byText...)
	hits = uniq(hits)
	if len(hits) == 1 {
		inv := ix.invoices[hits[0]]
		found := ReasonNumberInRemittance
		if slices.Contains(byRef, hits[0]) {
			found = ReasonNumberInReference
		}
		c := Candidate{Invoice: inv.ID, Number: inv.Number, Reasons: []string{found}}
		state := migrations.BankStateCertain
		switch {
		case inv.Currency != tx.Currency:
			c.Reasons = append(c.Reasons, ReasonCurrencyDiffers)
			state = migrations.BankStateSuggested
		case tx.AmountCents == inv.BalanceCents:
			c.Reasons = append(c.Reasons, ReasonAmountEqualsBalance)
		case tx.AmountCents < inv.BalanceCents:
			c.Reasons = append(c.Reasons, ReasonAmountBelowBalance)
		default:
			c.Reasons = append(c.Reasons, ReasonAmountAboveBalance)
			state = migrations.BankStateSuggested
		}
		m := Match{State: state, Candidates: []Candidate{c}, Reasons: c.Reasons}
		if state == migrations.BankStateCertain {
			m.Invoice = inv.ID
		}
		return m
	}
	if len(hits) > 1 {
		m := Match{State: migrations.BankStateSuggested, Reasons: []string{ReasonSeveralInvoices}}
		for _, i := range hits[:min(len(hits), maxCandidates)] {
			inv := ix.invoices[i]
			found := ReasonNumberInRemittance
			if slices.Contains(byRef, i) {
				found = ReasonNumberInReference
			}
			m.Candidates = append(m.Candidates, Candidate{Invoice: inv.ID, Number: inv.Number, Reasons: []string{found, ReasonSeveralInvoices}})
		}
		return m
	}

	payer := nameWords(tx.Counterparty)
	same := ix.byAmount[amountKey{tx.Currency, tx.AmountCents}]
	var named []int
	for _, i := range same {
		if sameName(payer, ix.names[i]) {
			named = append(named, i)
		}
	}
	switch {
	case len(named) == 1:
		inv := ix.invoices[named[0]]
		reasons := []string{ReasonAmountEqualsBalance, ReasonPayerName}
		return Match{State: migrations.BankStateCertain, Invoice: inv.ID, Reasons: reasons,
			Candidates: []Candidate{{Invoice: inv.ID, Number: inv.Number, Reasons: reasons}}}
	case len(named) > 1:
		return ix.suggest(named, ReasonAmountEqualsBalance, ReasonPayerName)
	case len(same) > 0:
		return ix.suggest(same, ReasonAmountEqualsBalance)
	}

	// The payer's open invoices that the amount could pay part of.
	var partial []int
	for _, w := range payer {
		if len(ix.byWord[w]) > maxWordInvoices {
			continue // a word many customers share tells nothing
		}
		for _, i := range ix.byWord[w] {
			inv := ix.invoices[i]
			if inv.Currency == tx.Currency && inv.BalanceCents > tx.AmountCents && sameName(payer, ix.names[i]) && !slices.Contains(partial, i) {
				partial = append(partial, i)
			}
		}
	}
	if len(partial) > 0 {
		return ix.suggest(partial, ReasonPayerName, ReasonAmountBelowBalance)
	}
	return Match{State: migrations.BankStateUnmatched, Reasons: []string{ReasonNothingFound}}
}

// suggest is a suggestion of the invoices at idx (at most maxCandidates),
// each for the same reasons.
func (ix *Index) suggest(idx []int, reasons ...string) Match {
	m := Match{State: migrations.BankStateSuggested, Reasons: reasons}
	for _, i := range idx[:min(len(idx), maxCandidates)] {
		inv := ix.invoices[i]
		m.Candidates = append(m.Candidates, Candidate{Invoice: inv.ID, Number: inv.Number, Reasons: reasons})
	}
	return m
}

func uniq(s []int) []int {
	out := s[:0:0]
	for _, v := range s {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}
