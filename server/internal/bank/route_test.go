package bank

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/billing"
	"folio/server/internal/team"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestMain(m *testing.M) { testapp.Main(m) }

var (
	alice = testapp.Alice.ID
	carol = testapp.Carol.ID
)

// The fixture's invoices of Alice's business, all sent: INV-00001 (Müller
// GmbH, 120.00 EUR), INV-00002 (Acme Ltd, 120.00 EUR), INV-00003 (Acme
// Ltd, 120.00 EUR, 50.00 paid: 70.00 open).
const (
	invMueller = "invmueller00001"
	invAcme    = "invacme00000001"
	invPartial = "invpartial00001"
)

var oneLine = []map[string]any{{"description": "Consulting", "quantity": 1, "unit_price_cents": 10000, "tax_rate": 20}}

func buildFixture(app *tests.TestApp) error {
	team.BindWithClock(app, testapp.Clock)
	billing.BindWithClock(app, testapp.Clock)
	if err := testapp.AliceTeamAnd(app, testapp.Carol); err != nil {
		return err
	}
	save := func(collection, id string, fields map[string]any) error {
		col, err := app.FindCollectionByNameOrId(collection)
		if err != nil {
			return err
		}
		rec := core.NewRecord(col)
		rec.Id = id
		for k, v := range fields {
			rec.Set(k, v)
		}
		return app.Save(rec)
	}
	sent := func(id, customer string) error {
		if err := save("invoices", id, map[string]any{"business": alice, "customer": customer, "issue_date": "2026-03-01", "items": oneLine}); err != nil {
			return err
		}
		rec, err := app.FindRecordById("invoices", id)
		if err != nil {
			return err
		}
		rec.Set("status", "sent")
		return app.Save(rec)
	}
	for _, err := range []error{
		save("customers", "custmueller0001", map[string]any{"business": alice, "name": "Müller GmbH", "currency": "EUR"}),
		save("customers", "custacme0000001", map[string]any{"business": alice, "name": "Acme Ltd", "currency": "EUR"}),
		sent(invMueller, "custmueller0001"),
		sent(invAcme, "custacme0000001"),
		sent(invPartial, "custacme0000001"),
		save("payments", "paypartial00001", map[string]any{"business": alice, "invoice": invPartial, "amount_cents": 5000, "date": "2026-03-10", "method": "cash"}),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}

type bankAPI struct{ *testapp.API }

func newAPI(t *testing.T) *bankAPI {
	return &bankAPI{testapp.NewAPI(t, "bank", buildFixture, team.BindWithClock, billing.BindWithClock, BindWithClock)}
}

// upload imports file as who into business, with the form fields given.
func (a *bankAPI) upload(who, business, name string, file []byte, fields ...string) (int, map[string]any) {
	a.T.Helper()
	return a.Do(who, testapp.Upload(PathImport+"?business="+business, name, file, fields...))
}

func (a *bankAPI) post(who, path, body string) (int, map[string]any) {
	a.T.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return a.Do(who, req)
}

// txByRef is the transaction of the bank's reference ref.
func (a *bankAPI) txByRef(ref string) *core.Record { return a.txWhere("bank_ref", ref) }

// txWhere is the transaction whose field is value.
func (a *bankAPI) txWhere(field, value string) *core.Record {
	a.T.Helper()
	rec, err := a.App.FindFirstRecordByFilter(migrations.BankTransactionsCollection, field+" = {:v}", dbx.Params{"v": value})
	if err != nil {
		a.T.Fatalf("no transaction with %s %q: %v", field, value, err)
	}
	return rec
}

func (a *bankAPI) count(collection string, where dbx.Expression) int {
	a.T.Helper()
	var n int
	q := a.App.DB().Select("COUNT(*)").From(collection)
	if where != nil {
		q = q.Where(where)
	}
	if err := q.Row(&n); err != nil {
		a.T.Fatal(err)
	}
	return n
}

func path(p, id string) string { return strings.Replace(p, "{id}", id, 1) }

// camt is a camt.053.001.08 statement of the entries given as
// ref|amount|CRDT or DBIT|payer|remittance.
func camt(entries ...string) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>T</MsgId></GrpHdr><Stmt><Id>T-1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>`)
	for _, e := range entries {
		f := strings.Split(e, "|")
		fmt.Fprintf(&b, `<Ntry><Amt Ccy="EUR">%s</Amt><CdtDbtInd>%s</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-03-12</Dt></BookgDt><AcctSvcrRef>%s</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Dbtr><Pty><Nm>%s</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>%s</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
			f[1], f[2], f[0], f[3], f[4])
	}
	b.WriteString(`</Stmt></BkToCstmrStmt></Document>`)
	return []byte(b.String())
}

var march = camt(
	"R1|120.00|CRDT|MUELLER GMBH|Rechnung INV-00001",
	"R2|70.00|CRDT|ACME LTD|balance",
	"R3|30.00|CRDT|Someone|INV-00002 part",
	"R4|99.00|DBIT|Landlord|Rent",
	"R5|12.34|CRDT|Nobody|Gift",
)

// A member imports a statement: each credit is matched; confirming the
// certain one records a payment linked to it and the invoice is paid;
// importing the same statement again, or one that overlaps, adds nothing.
func TestImportMatchConfirm(t *testing.T) {
	a := newAPI(t)
	code, res := a.upload(testapp.AliceMember.ID, alice, "march.xml", march)
	if code != http.StatusOK {
		t.Fatalf("import = %d %v", code, res)
	}
	if res["added"] != 5.0 || res["certain"] != 3.0 || res["unmatched"] != 2.0 || res["duplicates"] != 0.0 {
		t.Errorf("import result %v", res)
	}
	for ref, want := range map[string][2]string{
		"R1": {migrations.BankStateCertain, invMueller},
		"R2": {migrations.BankStateCertain, invPartial}, // the open balance after a partial payment, and the payer
		"R3": {migrations.BankStateCertain, invAcme},    // a part of INV-00002
		"R4": {migrations.BankStateUnmatched, ""},
		"R5": {migrations.BankStateUnmatched, ""},
	} {
		tx := a.txByRef(ref)
		if tx.GetString("state") != want[0] || tx.GetString("invoice") != want[1] || tx.GetString("business") != alice {
			t.Errorf("%s: %s %s, want %v", ref, tx.GetString("state"), tx.GetString("invoice"), want)
		}
	}

	r1 := a.txByRef("R1")
	code, res = a.post(testapp.AliceMember.ID, path(PathConfirm, r1.Id), "")
	if code != http.StatusOK {
		t.Fatalf("confirm = %d %v", code, res)
	}
	pay, err := a.App.FindFirstRecordByFilter("payments", "bank_transaction = {:t}", dbx.Params{"t": r1.Id})
	if err != nil || pay.GetInt("amount_cents") != 12000 || pay.GetString("invoice") != invMueller || pay.GetString("method") != "bank_transfer" ||
		pay.GetDateTime("date").Time().Format("2006-01-02") != "2026-03-12" {
		t.Fatalf("payment %v %v", pay, err)
	}
	inv, _ := a.App.FindRecordById("invoices", invMueller)
	if inv.GetString("status") != "paid" || inv.GetInt("balance_cents") != 0 {
		t.Errorf("invoice %s, balance %d", inv.GetString("status"), inv.GetInt("balance_cents"))
	}
	// The invoice's activity names who confirmed it.
	ev, err := a.App.FindFirstRecordByFilter(migrations.DocumentEventsCollection, "document = {:d} && type = {:t}",
		dbx.Params{"d": invMueller, "t": migrations.EventPayment})
	if err != nil || ev.GetString(migrations.FieldActor) != testapp.AliceMember.ID {
		t.Errorf("payment event %v %v", ev, err)
	}
	r1 = a.txByRef("R1")
	if r1.GetString("state") != migrations.BankStateMatched || r1.GetString("payment") != pay.Id || r1.GetString("decided_by") != testapp.AliceMember.ID {
		t.Errorf("transaction after confirm: %v", r1)
	}
	// Twice: refused, still one payment.
	if code, res = a.post(testapp.AliceMember.ID, path(PathConfirm, r1.Id), ""); code != http.StatusConflict {
		t.Errorf("second confirm = %d %v", code, res)
	}

	// The same file again, then one that overlaps it.
	statements := a.count(migrations.BankStatementsCollection, nil)
	code, res = a.upload(testapp.AliceMember.ID, alice, "march.xml", march)
	if code != http.StatusOK || res["added"] != 0.0 || res["duplicates"] != 5.0 || res["statement"] != "" {
		t.Errorf("again = %d %v", code, res)
	}
	overlap := camt("R5|12.34|CRDT|Nobody|Gift", "R6|1.00|CRDT|Nobody|x")
	code, res = a.upload(testapp.AliceMember.ID, alice, "overlap.xml", overlap)
	if code != http.StatusOK || res["added"] != 1.0 || res["duplicates"] != 1.0 {
		t.Errorf("overlap = %d %v", code, res)
	}
	if n := a.count(migrations.BankTransactionsCollection, nil); n != 6 {
		t.Errorf("%d transactions, want 6", n)
	}
	if n := a.count(migrations.BankStatementsCollection, nil); n != statements+1 {
		t.Errorf("%d statements, want %d", n, statements+1)
	}
	if n := a.count("payments", dbx.HashExp{"invoice": invMueller}); n != 1 {
		t.Errorf("%d payments on the invoice, want 1", n)
	}
}

// Assigning by hand, ignoring and taking back, and what the payment rules
// refuse.
func TestAssignIgnoreRestore(t *testing.T) {
	a := newAPI(t)
	if code, res := a.upload(testapp.Alice.ID, alice, "march.xml", march); code != http.StatusOK {
		t.Fatalf("import = %d %v", code, res)
	}
	r5, r4 := a.txByRef("R5"), a.txByRef("R4")
	if code, _ := a.post(testapp.Alice.ID, path(PathConfirm, r5.Id), ""); code != http.StatusBadRequest {
		t.Errorf("confirm without an invoice = %d", code)
	}
	if code, res := a.post(testapp.Alice.ID, path(PathAssign, r5.Id), `{"invoice":"`+invAcme+`"}`); code != http.StatusOK {
		t.Errorf("assign = %d %v", code, res)
	}
	if inv, _ := a.App.FindRecordById("invoices", invAcme); inv.GetString("status") != "partial" {
		t.Errorf("invoice after a part: %s", inv.GetString("status"))
	}
	if code, _ := a.post(testapp.Alice.ID, path(PathAssign, r4.Id), `{"invoice":"`+invAcme+`"}`); code != http.StatusBadRequest {
		t.Errorf("an outgoing payment assigned = %d", code)
	}
	// More than the balance: the payment rules refuse it, nothing recorded.
	r1 := a.txByRef("R1")
	if code, res := a.post(testapp.Alice.ID, path(PathAssign, r1.Id), `{"invoice":"`+invPartial+`"}`); code != http.StatusBadRequest ||
		!strings.Contains(fmt.Sprint(res), "folio_overpayment") {
		t.Errorf("overpayment = %d %v", code, res)
	}
	if a.txByRef("R1").GetString("state") != migrations.BankStateCertain {
		t.Error("a refused confirm changed the transaction")
	}
	if code, _ := a.post(testapp.Alice.ID, path(PathIgnore, r4.Id), ""); code != http.StatusOK || a.txByRef("R4").GetString("state") != migrations.BankStateIgnored {
		t.Errorf("ignore = %d", code)
	}
	if code, _ := a.post(testapp.Alice.ID, path(PathRestore, r4.Id), ""); code != http.StatusOK || a.txByRef("R4").GetString("state") != migrations.BankStateUnmatched {
		t.Errorf("restore = %d", code)
	}
	if code, _ := a.post(testapp.Alice.ID, path(PathIgnore, r5.Id), ""); code != http.StatusConflict {
		t.Errorf("ignoring a matched transaction = %d", code)
	}
	// Deleting the payment frees the transaction.
	pay, _ := a.App.FindFirstRecordByFilter("payments", "bank_transaction = {:t}", dbx.Params{"t": r5.Id})
	if err := a.App.Delete(pay); err != nil {
		t.Fatal(err)
	}
	if r5 = a.txByRef("R5"); r5.GetString("state") != migrations.BankStateSuggested || r5.GetString("payment") != "" {
		t.Errorf("after the payment's delete: %s %q", r5.GetString("state"), r5.GetString("payment"))
	}
}

// Confirming the same transaction many times at once records one payment.
func TestConfirmRace(t *testing.T) {
	a := newAPI(t)
	if code, res := a.upload(testapp.Alice.ID, alice, "march.xml", march); code != http.StatusOK {
		t.Fatalf("import = %d %v", code, res)
	}
	r1 := a.txByRef("R1")
	token := testapp.Token(t, a.App, testapp.Alice.ID)
	won := testapp.Race(8, func() bool {
		req := httptest.NewRequest(http.MethodPost, path(PathConfirm, r1.Id), nil)
		req.Header.Set("Authorization", token)
		res := httptest.NewRecorder()
		a.Mux.ServeHTTP(res, req)
		return res.Code == http.StatusOK
	})
	if won != 1 {
		t.Errorf("%d confirmations went through, want 1", won)
	}
	if n := a.count("payments", dbx.HashExp{"bank_transaction": r1.Id}); n != 1 {
		t.Errorf("%d payments, want 1", n)
	}
}

// Who may import and decide: owners, admins and members; the accountant
// reads; a stranger finds nothing.
func TestBankRoutesByRole(t *testing.T) {
	a := newAPI(t)
	for _, c := range []struct {
		who  string
		want int
	}{
		{testapp.AliceAccountant.ID, http.StatusForbidden},
		{carol, http.StatusNotFound},
		{"", http.StatusUnauthorized},
		{testapp.AliceAdmin.ID, http.StatusOK},
	} {
		if code, res := a.upload(c.who, alice, "march.xml", march); code != c.want {
			t.Errorf("%q imports: %d %v, want %d", c.who, code, res, c.want)
		}
	}
	r1 := a.txByRef("R1")
	for _, c := range []struct {
		who  string
		want int
	}{
		{testapp.AliceAccountant.ID, http.StatusForbidden},
		{carol, http.StatusNotFound},
	} {
		for _, p := range []string{PathConfirm, PathIgnore, PathRestore} {
			if code, _ := a.post(c.who, path(p, r1.Id), ""); code != c.want {
				t.Errorf("%s %s = %d, want %d", c.who, p, code, c.want)
			}
		}
	}
	if a.txByRef("R1").GetString("state") != migrations.BankStateCertain {
		t.Error("a refused person changed the transaction")
	}
	// Nobody links a payment to a bank transaction through the API.
	code, res := a.post(testapp.AliceMember.ID, "/api/collections/payments/records",
		`{"business":"`+alice+`","invoice":"`+invMueller+`","amount_cents":100,"date":"2026-03-12","method":"cash","bank_transaction":"`+r1.Id+`"}`)
	if code != http.StatusOK || res["bank_transaction"] != "" {
		t.Errorf("payment with a bank link = %d %v", code, res)
	}
}

func TestImportRefusals(t *testing.T) {
	a := newAPI(t)
	big := bytes.Repeat([]byte("x"), MaxFileBytes+1)
	if code, res := a.upload(testapp.Alice.ID, alice, "big.xml", append([]byte("<Document>"), big...)); code != http.StatusRequestEntityTooLarge ||
		!strings.Contains(fmt.Sprint(res), "folio_bank_file_too_large") {
		t.Errorf("too large = %d %v", code, res)
	}
	if code, res := a.upload(testapp.Alice.ID, alice, "x.pdf", []byte("<html>no</html>")); code != http.StatusBadRequest ||
		!strings.Contains(fmt.Sprint(res), "folio_bank_file_unreadable") {
		t.Errorf("not a statement = %d %v", code, res)
	}
	req := httptest.NewRequest(http.MethodPost, PathImport+"?business="+alice, strings.NewReader("{}"))
	req.Header.Set("Content-Type", "application/json")
	if code, _ := a.Do(testapp.Alice.ID, req); code != http.StatusBadRequest {
		t.Errorf("no file = %d", code)
	}
	if a.count(migrations.BankStatementsCollection, nil) != 0 {
		t.Error("a refused import left a statement")
	}
}

// A CSV of a new bank asks for its columns; the mapping is remembered for
// the bank's next file.
func TestCSVMappingRemembered(t *testing.T) {
	a := newAPI(t)
	file := readFile(t, "csv_sparkasse.csv")
	code, res := a.upload(testapp.Alice.ID, alice, "umsatz.csv", file)
	if code != http.StatusUnprocessableEntity || !strings.Contains(fmt.Sprint(res), "folio_bank_csv_mapping") {
		t.Fatalf("first CSV = %d %v", code, res)
	}
	preview := res["data"].(map[string]any)["preview"].(map[string]any)
	guess, _ := json.Marshal(preview["guess"])
	if code, res = a.upload(testapp.Alice.ID, alice, "umsatz.csv", file, "mapping", string(guess)); code != http.StatusOK || res["added"] != 3.0 {
		t.Fatalf("with the mapping = %d %v", code, res)
	}
	if tx := a.txWhere("remittance", "Rechnung INV-00042"); tx.GetInt("amount_cents") != 111900 || !tx.GetBool("credit") {
		t.Errorf("CSV entry %v", tx)
	}
	next := []byte(strings.SplitN(string(file), "\r\n", 2)[0] + "\r\n" +
		`"DE89370400440532013000";"13.03.26";"13.03.26";"GUTSCHR.";"INV-00002";"";"";"";"";"";"";"Acme Ltd";"";"";"120,00";"EUR";""` + "\r\n")
	if code, res = a.upload(testapp.Alice.ID, alice, "april.csv", next); code != http.StatusOK || res["added"] != 1.0 || res["certain"] != 1.0 {
		t.Errorf("the bank's next file = %d %v", code, res)
	}
}

// A business that confirms certain matches itself gets them recorded at
// import.
func TestAutoConfirm(t *testing.T) {
	a := newAPI(t)
	b, _ := a.App.FindRecordById(migrations.BusinessesCollection, alice)
	b.Set(migrations.FieldBankAutoConfirm, true)
	if err := a.App.Save(b); err != nil {
		t.Fatal(err)
	}
	code, res := a.upload(testapp.Alice.ID, alice, "march.xml", march)
	if code != http.StatusOK || res["confirmed"] != 3.0 {
		t.Fatalf("import = %d %v", code, res)
	}
	if inv, _ := a.App.FindRecordById("invoices", invMueller); inv.GetString("status") != "paid" {
		t.Errorf("invoice %s", inv.GetString("status"))
	}
	if a.txByRef("R1").GetString("state") != migrations.BankStateMatched {
		t.Error("not matched")
	}
}

// The demo's statement shows every state the screen has: transfers that
// name open invoices, one that nobody can place, money going out.
func TestDemoStatement(t *testing.T) {
	a := newAPI(t)
	if err := Demo(a.App, alice, alice, testapp.FixedNow); err != nil {
		t.Fatal(err)
	}
	for state, want := range map[string]int{migrations.BankStateCertain: 3, migrations.BankStateUnmatched: 2} {
		if n := a.count(migrations.BankTransactionsCollection, dbx.HashExp{"state": state}); n != want {
			t.Errorf("%d %s, want %d", n, state, want)
		}
	}
	if n := a.count(migrations.BankTransactionsCollection, dbx.HashExp{"credit": false}); n != 1 {
		t.Errorf("%d outgoing, want 1", n)
	}
}
