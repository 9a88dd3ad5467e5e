package bank

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// entryLine is an entry as one comparable line.
func entryLine(e Entry) string {
	dir := "D"
	if e.Credit {
		dir = "C"
	}
	return fmt.Sprintf("%s %s %s%d %s | %s | %s | %s | %s", e.BookingDate.Format(time.DateOnly), e.BankRef, dir, e.AmountCents,
		e.Currency, e.Counterparty, e.CounterpartyIBAN, e.Remittance, e.CreditorRef)
}

func checkEntries(t *testing.T, st *Statement, want []string) {
	t.Helper()
	var got []string
	for _, e := range st.Entries {
		got = append(got, entryLine(e))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("entries:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestParseCamt053V02(t *testing.T) {
	t.Parallel()
	st, err := ParseCamt(bytes.NewReader(readFile(t, "camt053_001_02.xml")))
	if err != nil {
		t.Fatal(err)
	}
	if st.Account != "DE89370400440532013000" || st.Currency != "EUR" || st.Ref != "0352C5320260303061244000" ||
		st.From.Format(time.DateOnly) != "2026-03-02" || st.To.Format(time.DateOnly) != "2026-03-02" {
		t.Errorf("statement %+v", st)
	}
	// The pending entry is left for the statement that books it; the batch
	// of two credits is two entries.
	checkEntries(t, st, []string{
		"2026-03-02 2026030200004711 C11900 EUR | Mueller GmbH | DE02120300000000202051 | Rechnung INV-00042 Kundennr. 1007 | ",
		"2026-03-02 2026030200004712 D150000 EUR | Hausverwaltung Berg | DE44500105175407324931 | Miete Maerz 2026 | ",
		"2026-03-02 2026030200004713-1 C100000 EUR | ACME LTD |  |  | INV-00043",
		"2026-03-02 2026030200004713-2 C79401 EUR | Dupont SARL |  | Facture INV-00045 | ",
	})
}

func TestParseCamt053V08(t *testing.T) {
	t.Parallel()
	st, err := ParseCamt(bytes.NewReader(readFile(t, "camt053_001_08.xml")))
	if err != nil {
		t.Fatal(err)
	}
	checkEntries(t, st, []string{
		"2026-03-05 ZV2026030500081 C8000 EUR | Acme Ltd. | GB33BUKB20201555555555 | Payment for services February | ",
		"2026-03-05  C25000 EUR | García y Hijos S.L. |  | Factura INV-00046 | ",
	})
}

func TestParseCamtRefusesOtherXML(t *testing.T) {
	t.Parallel()
	if _, err := ParseCamt(strings.NewReader(`<?xml version="1.0"?><Document><CstmrCdtTrfInitn/></Document>`)); err != ErrNotCamt {
		t.Errorf("pain.001 read as a statement: %v", err)
	}
	if _, err := ParseCamt(strings.NewReader(`<Document><BkToCstmrStmt><Stmt><Ntry><Amt>12,00</Amt></Ntry></Stmt></BkToCstmrStmt></Document>`)); err == nil {
		t.Error("a comma amount in camt read")
	}
}

func TestParseMT940(t *testing.T) {
	t.Parallel()
	st, err := ParseMT940(readFile(t, "mt940_sparkasse.sta"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Account != "37040044/0532013000" || st.Currency != "EUR" || st.From.Format(time.DateOnly) != "2026-03-01" {
		t.Errorf("statement %+v", st)
	}
	// Windows-1252 ("März"), :86: lines cut mid-word and mid-number.
	checkEntries(t, st, []string{
		"2026-03-02 2026030200004711 C11900 EUR | Mueller GmbH | DE02120300000000202051 | Rechnung INV-00042 Kundennr. 1007 | ",
		"2026-03-02 2026030200004712 D150000 EUR | Hausverwaltung Berg |  | Miete März 2026 | ",
		"2026-03-02  C6000 EUR | JANSEN B.V. |  | Restbetrag INV-00048 danke | ",
	})
	if _, err := ParseMT940([]byte("just some text\n")); err == nil {
		t.Error("text read as MT940")
	}
}

func TestParseCSV(t *testing.T) {
	t.Parallel()
	b := readFile(t, "csv_sparkasse.csv")
	p, err := PreviewCSV(b)
	if err != nil {
		t.Fatal(err)
	}
	m := p.Guess
	if m.Delimiter != ";" || m.Date != "Buchungstag" || m.Amount != "Betrag" || !m.DecimalComma || m.DateFormat != "DD.MM.YY" ||
		m.Counterparty != "Beguenstigter/Zahlungspflichtiger" || m.Remittance != "Verwendungszweck" || m.CurrencyCol != "Waehrung" {
		t.Errorf("guess %+v", m)
	}
	st, err := ParseCSV(b, m)
	if err != nil {
		t.Fatal(err)
	}
	checkEntries(t, st, []string{
		"2026-03-02  C111900 EUR | Müller GmbH | DE02120300000000202051 | Rechnung INV-00042 | ",
		"2026-03-02  D8450 EUR | Stadtwerke | DE44500105175407324931 | Strom März | ",
		"2026-03-03  C8000 EUR | Acme Ltd | GB33BUKB20201555555555 |  | ",
	})
	if st.Account != "DE89370400440532013000" {
		t.Errorf("account %q", st.Account)
	}
	// The same export saved as UTF-8 with a BOM reads the same.
	utf := append([]byte{0xEF, 0xBB, 0xBF}, []byte(strings.NewReplacer("\xfc", "ü", "\xe4", "ä").Replace(string(b)))...)
	st2, err := ParseCSV(utf, m)
	if err != nil || entryLine(st2.Entries[0]) != entryLine(st.Entries[0]) {
		t.Errorf("UTF-8 with BOM: %v %v", err, st2)
	}
	bad := m
	bad.DateFormat = "YYYY-MM-DD"
	if _, err := ParseCSV(b, bad); err == nil {
		t.Error("dates read with the wrong format")
	}
}

func TestParseCents(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in       string
		ccy      string
		comma    bool
		cents    int64
		negative bool
		ok       bool
	}{
		{"119.00", "EUR", false, 11900, false, true},
		{"119", "EUR", false, 11900, false, true},
		{"1.234,5", "EUR", true, 123450, false, true},
		{"-84,50", "EUR", true, 8450, true, true},
		{"84,50-", "EUR", true, 8450, true, true},
		{"1500", "JPY", false, 1500, false, true},
		{"1.005", "KWD", false, 1005, false, true},
		{"1.001", "EUR", false, 0, false, false},
		{"12.340", "EUR", false, 1234, false, true},
		{"abc", "EUR", false, 0, false, false},
		{"", "EUR", false, 0, false, false},
	}
	for _, c := range cases {
		cents, neg, err := parseCents(c.in, c.ccy, c.comma)
		if (err == nil) != c.ok || cents != c.cents || neg != c.negative {
			t.Errorf("%q %s: %d %v %v", c.in, c.ccy, cents, neg, err)
		}
	}
}

// Importing the same statement again, or one that overlaps it, gives the
// same keys for the same entries; two identical transfers on one day stay
// two.
func TestDedupKeys(t *testing.T) {
	t.Parallel()
	day := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
	same := Entry{BookingDate: day, AmountCents: 5000, Currency: "EUR", Credit: true, Counterparty: "A", Remittance: "x"}
	other := same
	other.AmountCents = 5001
	monday := &Statement{Account: "DE89 3704", Entries: []Entry{same, same, other}}
	k := Keys(monday)
	if k[0] == k[1] || k[0] == k[2] || k[1] == k[2] {
		t.Errorf("keys collide: %v", k)
	}
	overlap := &Statement{Account: "DE893704", Entries: []Entry{other, same, same}}
	k2 := Keys(overlap)
	if k2[0] != k[2] || k2[1] != k[0] || k2[2] != k[1] {
		t.Errorf("an overlapping statement's keys differ: %v %v", k, k2)
	}
	withRef := same
	withRef.BankRef = "ABC1"
	if DedupKey("DE1", withRef, 0) != DedupKey("DE1", withRef, 3) || DedupKey("DE1", withRef, 0) == DedupKey("DE2", withRef, 0) {
		t.Error("the bank's reference is not the key")
	}
	withRef.BankRef = "NONREF"
	if DedupKey("DE1", withRef, 0) == DedupKey("DE1", withRef, 1) {
		t.Error("NONREF taken as a reference")
	}
}

// payer is the name on entry i: the first 5,000 are customers, the
// others strangers.
func payer(i int) string {
	if i < 5000 {
		return fmt.Sprintf("Customer %d", i)
	}
	return fmt.Sprintf("Stranger %d", i)
}

// generateCamt writes a camt.053.001.08 statement of n credits, entry i
// paying invoice number INV-<i+1> of amount (i%500+1) euros.
func generateCamt(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>BIG</MsgId></GrpHdr><Stmt><Id>BIG-1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>`)
	for i := range n {
		fmt.Fprintf(&b, `<Ntry><Amt Ccy="EUR">%d.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-03-%02d</Dt></BookgDt><AcctSvcrRef>BIG%06d</AcctSvcrRef><NtryDtls><TxDtls><Amt Ccy="EUR">%d.00</Amt><RltdPties><Dbtr><Pty><Nm>%s</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>Invoice INV-%05d</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
			i%500+1, i%28+1, i, i%500+1, payer(i), i+1)
	}
	b.WriteString(`</Stmt></BkToCstmrStmt></Document>`)
	return b.Bytes()
}

// A statement of 10,000 entries parses and matches against 5,000 open
// invoices quickly, in little memory.
func TestLargeStatement(t *testing.T) {
	file := generateCamt(10_000)
	invoices := make([]OpenInvoice, 5000)
	for i := range invoices {
		invoices[i] = OpenInvoice{ID: fmt.Sprintf("inv%d", i), Number: fmt.Sprintf("INV-%05d", i+1),
			CustomerName: fmt.Sprintf("Customer %d", i), Currency: "EUR", BalanceCents: int64(i%500+1) * 100}
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	st, err := ParseCamt(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	ix := NewIndex(invoices)
	certain := 0
	for _, e := range st.Entries {
		m := ix.Decide(Incoming{Credit: e.Credit, AmountCents: e.AmountCents, Currency: e.Currency, Counterparty: e.Counterparty, Remittance: e.Remittance})
		if m.State == "certain" {
			certain++
		}
	}
	keys := Keys(st)
	took := time.Since(start)
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if len(st.Entries) != 10_000 || len(keys) != 10_000 {
		t.Fatalf("%d entries", len(st.Entries))
	}
	// The first 5,000 name an open invoice by number with its balance.
	if certain != 5000 {
		t.Errorf("%d certain matches, want 5000", certain)
	}
	t.Logf("parsed and matched 10,000 entries in %v, %.1f MB allocated", took, float64(after.TotalAlloc-before.TotalAlloc)/1e6)
	if took > 3*time.Second {
		t.Errorf("took %v", took)
	}
}
