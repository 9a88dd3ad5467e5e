package bank

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// camt.053 (ISO 20022 BankToCustomerStatement) is read with encoding/xml:
// the only Go ISO 20022 library with camt types (moov-io/iso20022) had one
// release, in January 2022, and pulls a web server and its tooling along.
// The structs below name elements by their local names only, so they read
// every version's namespace (camt.053.001.02 up to .001.13); where a
// version moved an element (a party's name under Pty from .001.08 on, the
// status under Cd, a transaction's amount outside AmtDtls) both places
// are read. The file is streamed: each Ntry is decoded and turned into
// entries on its own, so a statement of tens of thousands of entries
// never sits in memory as XML.

type camtAmount struct {
	Value string `xml:",chardata"`
	Ccy   string `xml:"Ccy,attr"`
}

type camtDate struct {
	Dt   string `xml:"Dt"`
	DtTm string `xml:"DtTm"`
}

func (d camtDate) day() string {
	if d.Dt != "" {
		return d.Dt
	}
	return d.DtTm
}

type camtParty struct {
	Nm  string `xml:"Nm"`
	Pty struct {
		Nm string `xml:"Nm"`
	} `xml:"Pty"`
}

func (p camtParty) name() string {
	if p.Nm != "" {
		return p.Nm
	}
	return p.Pty.Nm
}

type camtAccount struct {
	ID struct {
		IBAN string `xml:"IBAN"`
		Othr struct {
			ID string `xml:"Id"`
		} `xml:"Othr"`
	} `xml:"Id"`
	Ccy string `xml:"Ccy"`
}

func (a camtAccount) id() string {
	if a.ID.IBAN != "" {
		return a.ID.IBAN
	}
	return a.ID.Othr.ID
}

type camtTx struct {
	Refs struct {
		AcctSvcrRef string `xml:"AcctSvcrRef"`
		EndToEndID  string `xml:"EndToEndId"`
	} `xml:"Refs"`
	Amt     camtAmount `xml:"Amt"`
	AmtDtls struct {
		TxAmt struct {
			Amt camtAmount `xml:"Amt"`
		} `xml:"TxAmt"`
	} `xml:"AmtDtls"`
	RltdPties struct {
		Dbtr      camtParty   `xml:"Dbtr"`
		DbtrAcct  camtAccount `xml:"DbtrAcct"`
		UltmtDbtr camtParty   `xml:"UltmtDbtr"`
		Cdtr      camtParty   `xml:"Cdtr"`
		CdtrAcct  camtAccount `xml:"CdtrAcct"`
	} `xml:"RltdPties"`
	RmtInf struct {
		Ustrd []string `xml:"Ustrd"`
		Strd  []struct {
			CdtrRefInf struct {
				Ref string `xml:"Ref"`
			} `xml:"CdtrRefInf"`
			AddtlRmtInf []string `xml:"AddtlRmtInf"`
		} `xml:"Strd"`
	} `xml:"RmtInf"`
	AddtlTxInf string `xml:"AddtlTxInf"`
}

func (t camtTx) amount() camtAmount {
	if strings.TrimSpace(t.Amt.Value) != "" {
		return t.Amt
	}
	return t.AmtDtls.TxAmt.Amt
}

type camtEntry struct {
	NtryRef   string     `xml:"NtryRef"`
	Amt       camtAmount `xml:"Amt"`
	CdtDbtInd string     `xml:"CdtDbtInd"`
	Sts       struct {
		Value string `xml:",chardata"`
		Cd    string `xml:"Cd"`
	} `xml:"Sts"`
	BookgDt      camtDate `xml:"BookgDt"`
	ValDt        camtDate `xml:"ValDt"`
	AcctSvcrRef  string   `xml:"AcctSvcrRef"`
	AddtlNtryInf string   `xml:"AddtlNtryInf"`
	NtryDtls     []struct {
		TxDtls []camtTx `xml:"TxDtls"`
	} `xml:"NtryDtls"`
}

// ErrNotCamt is a file that is not a camt.053 statement.
var ErrNotCamt = errors.New("not a camt.053 statement")

// ParseCamt reads a camt.053 statement. A file with several Stmt (several
// accounts or days) gives one Statement with all their entries, each
// entry carrying its own account in the dedup key (the first account is
// the statement's).
func ParseCamt(r io.Reader) (*Statement, error) {
	dec := xml.NewDecoder(r)
	dec.CharsetReader = charsetReader
	st := &Statement{Format: "camt053"}
	var (
		inStmt, sawDoc bool
		depth, stmtAt  int
		account, ccy   string
	)
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("camt.053: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			name := t.Name.Local
			switch {
			case name == "BkToCstmrStmt":
				sawDoc = true
			case name == "Stmt" && sawDoc:
				inStmt, stmtAt, account, ccy = true, depth, "", ""
			case inStmt && depth == stmtAt+1 && name == "Id":
				var id string
				if err := dec.DecodeElement(&id, &t); err != nil {
					return nil, fmt.Errorf("camt.053: %w", err)
				}
				depth--
				if st.Ref == "" {
					st.Ref = strings.TrimSpace(id)
				}
			case inStmt && depth == stmtAt+1 && name == "Acct":
				var a camtAccount
				if err := dec.DecodeElement(&a, &t); err != nil {
					return nil, fmt.Errorf("camt.053: %w", err)
				}
				depth--
				account, ccy = strings.TrimSpace(a.id()), strings.TrimSpace(a.Ccy)
				if st.Account == "" {
					st.Account, st.Currency = account, ccy
				}
			case inStmt && depth == stmtAt+1 && name == "FrToDt":
				var p struct {
					Fr string `xml:"FrDtTm"`
					To string `xml:"ToDtTm"`
				}
				if err := dec.DecodeElement(&p, &t); err != nil {
					return nil, fmt.Errorf("camt.053: %w", err)
				}
				depth--
				if from := parseDay(p.Fr); !from.IsZero() && (st.From.IsZero() || from.Before(st.From)) {
					st.From = from
				}
				if to := parseDay(p.To); to.After(st.To) {
					st.To = to
				}
			case inStmt && depth == stmtAt+1 && name == "Ntry":
				var n camtEntry
				if err := dec.DecodeElement(&n, &t); err != nil {
					return nil, fmt.Errorf("camt.053: %w", err)
				}
				depth--
				entries, err := n.entries(ccy)
				if err != nil {
					return nil, err
				}
				if account != st.Account {
					// Another account of the same file: its references are its own.
					for i := range entries {
						if entries[i].BankRef != "" {
							entries[i].BankRef = account + ":" + entries[i].BankRef
						}
					}
				}
				st.Entries = append(st.Entries, entries...)
			}
		case xml.EndElement:
			if inStmt && depth == stmtAt && t.Name.Local == "Stmt" {
				inStmt = false
			}
			depth--
		}
	}
	if !sawDoc {
		return nil, ErrNotCamt
	}
	return st, nil
}

// entries turns one Ntry into entries: one, or one per transaction of a
// batch whose transactions each carry an amount (a collective credit).
func (n camtEntry) entries(stmtCcy string) ([]Entry, error) {
	status := strings.TrimSpace(n.Sts.Cd)
	if status == "" {
		status = strings.TrimSpace(n.Sts.Value)
	}
	if status == "PDNG" || status == "INFO" {
		return nil, nil // not booked: it comes again, booked, in a later statement
	}
	credit := strings.TrimSpace(n.CdtDbtInd) == "CRDT"
	ccy := strings.TrimSpace(n.Amt.Ccy)
	if ccy == "" {
		ccy = stmtCcy
	}
	base := Entry{
		BankRef:     strings.TrimSpace(n.AcctSvcrRef),
		BookingDate: parseDay(n.BookgDt.day()),
		ValueDate:   parseDay(n.ValDt.day()),
		Currency:    ccy,
		Credit:      credit,
	}
	var txs []camtTx
	for _, d := range n.NtryDtls {
		txs = append(txs, d.TxDtls...)
	}
	split := len(txs) > 1
	for _, t := range txs {
		if strings.TrimSpace(t.amount().Value) == "" {
			split = false
		}
	}
	if !split {
		cents, err := camtCents(n.Amt.Value, ccy)
		if err != nil {
			return nil, fmt.Errorf("camt.053: entry %q: amount %q: %w", n.AcctSvcrRef, n.Amt.Value, err)
		}
		e := base
		e.AmountCents = cents
		if len(txs) == 1 {
			fillFromTx(&e, txs[0])
		}
		if e.Remittance == "" {
			e.Remittance = strings.TrimSpace(n.AddtlNtryInf)
		}
		return []Entry{e}, nil
	}
	out := make([]Entry, 0, len(txs))
	for i, t := range txs {
		a := t.amount()
		c := strings.TrimSpace(a.Ccy)
		if c == "" {
			c = ccy
		}
		cents, err := camtCents(a.Value, c)
		if err != nil {
			return nil, fmt.Errorf("camt.053: entry %q: amount %q: %w", n.AcctSvcrRef, a.Value, err)
		}
		e := base
		e.AmountCents, e.Currency = cents, c
		fillFromTx(&e, t)
		switch {
		case strings.TrimSpace(t.Refs.AcctSvcrRef) != "" && strings.TrimSpace(t.Refs.AcctSvcrRef) != base.BankRef:
			e.BankRef = strings.TrimSpace(t.Refs.AcctSvcrRef)
		case base.BankRef != "":
			e.BankRef = fmt.Sprintf("%s/%d", base.BankRef, i+1)
		}
		out = append(out, e)
	}
	return out, nil
}

// fillFromTx copies the other party, the remittance and the creditor
// reference of a transaction.
func fillFromTx(e *Entry, t camtTx) {
	p := t.RltdPties
	if e.Credit {
		e.Counterparty = p.Dbtr.name()
		if e.Counterparty == "" {
			e.Counterparty = p.UltmtDbtr.name()
		}
		e.CounterpartyIBAN = p.DbtrAcct.id()
	} else {
		e.Counterparty = p.Cdtr.name()
		e.CounterpartyIBAN = p.CdtrAcct.id()
	}
	e.Counterparty = strings.TrimSpace(e.Counterparty)
	e.CounterpartyIBAN = strings.TrimSpace(e.CounterpartyIBAN)
	parts := make([]string, 0, len(t.RmtInf.Ustrd))
	for _, u := range t.RmtInf.Ustrd {
		if u = strings.TrimSpace(u); u != "" {
			parts = append(parts, u)
		}
	}
	for _, s := range t.RmtInf.Strd {
		if ref := strings.TrimSpace(s.CdtrRefInf.Ref); ref != "" && e.CreditorRef == "" {
			e.CreditorRef = ref
		}
		for _, a := range s.AddtlRmtInf {
			if a = strings.TrimSpace(a); a != "" {
				parts = append(parts, a)
			}
		}
	}
	// Banks cut long remittance texts into 35- or 140-character lines;
	// they are one text.
	e.Remittance = strings.Join(parts, " ")
	if e.Remittance == "" {
		e.Remittance = strings.TrimSpace(t.AddtlTxInf)
	}
}

// camtCents reads an ISO 20022 amount: digits and a decimal point only.
func camtCents(s, currency string) (int64, error) {
	if strings.ContainsAny(s, ",-+ ") {
		return 0, errAmount
	}
	cents, _, err := parseCents(s, currency, false)
	return cents, err
}
