package migrations_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// A 1×1 PNG, a receipt's photo.
var receiptPNG = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89" +
	"\x00\x00\x00\rIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\xa7\x35\x81\x84\x00\x00\x00\x00IEND\xaeB`\x82")

// expenseBody is an expense of business as a client sends it (the rules
// alone are tested here: no hook computes the totals).
func expenseBody(id, business, vendor string) string {
	return `{"id":"` + id + `","business":"` + business + `","vendor":"` + vendor + `","vendor_name":"Paper","date":"2026-03-02",` +
		`"currency":"EUR","payment_state":"unpaid","vat_lines":[{"rate":19,"gross_cents":11900}],"total_cents":11900}`
}

// upload sends a multipart form with a receipt as who and answers the
// status and body.
func (a *teamAPI) upload(who, method, path string, fields map[string]string) (int, string) {
	a.t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	part, err := w.CreateFormFile(migrations.FieldReceipt, "receipt.png")
	if err != nil {
		a.t.Fatal(err)
	}
	_, _ = part.Write(receiptPNG)
	_ = w.Close()
	req := httptest.NewRequest(method, path, &b)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", testapp.Token(a.t, a.app, who))
	res := httptest.NewRecorder()
	a.mux.ServeHTTP(res, req)
	return res.Code, res.Body.String()
}

// Vendors and expenses through the PocketBase API, role by role: every
// member of Alice's business (the accountant too) lists and views them,
// whatever the filter, the expand of the vendor or the fields; owners,
// admins and members create and change them; only owners and admins
// delete them; the accountant writes nothing; Carol (another business) and
// a guest see and change nothing of Alice's, even through a relation.
func TestExpensesByRole(t *testing.T) {
	a := newTeam(t)
	vendors, expenses := "/api/collections/vendors/records", "/api/collections/expenses/records"
	if code, body := a.call(testapp.Alice.ID, http.MethodPost, vendors,
		`{"id":"vendalice000001","business":"`+testapp.Alice.ID+`","name":"Paper & Co","iban":"DE89370400440532013000"}`); code != http.StatusOK {
		t.Fatalf("Alice's vendor: %d %s", code, body)
	}
	if code, body := a.call(testapp.Alice.ID, http.MethodPost, expenses, expenseBody("expalice0000001", testapp.Alice.ID, "vendalice000001")); code != http.StatusOK {
		t.Fatalf("Alice's expense: %d %s", code, body)
	}
	if code, body := a.call(testapp.Carol.ID, http.MethodPost, vendors,
		`{"id":"vendcarol000001","business":"`+testapp.Carol.ID+`","name":"Carol's Paper"}`); code != http.StatusOK {
		t.Fatalf("Carol's vendor: %d %s", code, body)
	}
	// Carol's expense names Alice's vendor (the hooks refuse that; the
	// rules must not show the vendor through it either).
	if code, body := a.call(testapp.Carol.ID, http.MethodPost, expenses, expenseBody("expcarol0000001", testapp.Carol.ID, "vendalice000001")); code != http.StatusOK {
		t.Fatalf("Carol's expense: %d %s", code, body)
	}

	people := []struct {
		name, id             string
		reads, writes, drops bool
	}{
		{"owner", testapp.Alice.ID, true, true, true},
		{"admin", teamAdmin.ID, true, true, true},
		{"member", teamMember.ID, true, true, false},
		{"accountant", teamAccountant.ID, true, false, false},
		{"another business", testapp.Carol.ID, false, false, false},
		{"guest", "", false, false, false},
	}
	queries := []string{
		"",
		"?filter=" + url.QueryEscape("vendor.name~'Paper'"),
		"?filter=" + url.QueryEscape("vendor.iban!='' || business.company_name!='x'"),
		"?expand=vendor&sort=-vendor.iban",
		"?fields=id,vendor_name,expand.vendor.iban&expand=vendor&perPage=500",
	}
	for _, p := range people {
		for _, q := range queries {
			code, body := a.call(p.id, http.MethodGet, expenses+q, "")
			if shown := code == http.StatusOK && strings.Contains(body, "expalice0000001"); shown != p.reads {
				t.Errorf("%s: expenses%s shows Alice's expense = %v, want %v", p.name, q, shown, p.reads)
			}
			// Alice's vendor's IBAN shows only to Alice's business, never
			// through Carol's expense.
			if leaked := strings.Contains(body, "DE89370400440532013000"); leaked && !p.reads {
				t.Errorf("%s: expenses%s shows Alice's vendor: %s", p.name, q, body)
			}
			if p.id != testapp.Carol.ID && strings.Contains(body, "expcarol0000001") {
				t.Errorf("%s: expenses%s shows Carol's expense", p.name, q)
			}
			if strings.Contains(q, "expand") && p.reads && !strings.Contains(body, "DE89370400440532013000") {
				t.Errorf("%s: expenses%s does not expand the vendor: %s", p.name, q, body)
			}
		}
		if code, body := a.call(p.id, http.MethodGet, vendors, ""); (code == http.StatusOK && strings.Contains(body, "vendalice000001")) != p.reads {
			t.Errorf("%s: the vendors' list = %d %s", p.name, code, body)
		}
		if code, _ := a.call(p.id, http.MethodGet, expenses+"/expalice0000001?expand=vendor", ""); (code == http.StatusOK) != p.reads {
			t.Errorf("%s: view = %d, want readable %v", p.name, code, p.reads)
		}

		// Create, change and delete, each on a row of its own.
		id := ("exp" + p.name + "0000000000000")[:15]
		id = strings.ReplaceAll(id, " ", "x")
		code, _ := a.call(p.id, http.MethodPost, expenses, expenseBody(id, testapp.Alice.ID, "vendalice000001"))
		if (code == http.StatusOK) != p.writes {
			t.Errorf("%s: create = %d, want allowed %v", p.name, code, p.writes)
		}
		if code, _ := a.call(p.id, http.MethodPost, vendors, `{"business":"`+testapp.Alice.ID+`","name":"New"}`); (code == http.StatusOK) != p.writes {
			t.Errorf("%s: create a vendor = %d, want allowed %v", p.name, code, p.writes)
		}
		if code, _ := a.call(p.id, http.MethodPatch, expenses+"/expalice0000001", `{"note":"seen"}`); (code == http.StatusOK) != p.writes {
			t.Errorf("%s: update = %d, want allowed %v", p.name, code, p.writes)
		}
		if code, _ := a.call(p.id, http.MethodPatch, vendors+"/vendalice000001", `{"email":"a@paper.test"}`); (code == http.StatusOK) != p.writes {
			t.Errorf("%s: update a vendor = %d, want allowed %v", p.name, code, p.writes)
		}
		victim := "expvictim" + strings.Repeat("0", 6)
		if _, err := a.app.DB().Insert(migrations.ExpensesCollection, dbx.Params{"id": victim, "business": testapp.Alice.ID}).Execute(); err != nil {
			t.Fatal(err)
		}
		if code, _ := a.call(p.id, http.MethodDelete, expenses+"/"+victim, ""); (code == http.StatusNoContent) != p.drops {
			t.Errorf("%s: delete = %d, want allowed %v", p.name, code, p.drops)
		}
		_, _ = a.app.DB().Delete(migrations.ExpensesCollection, dbx.HashExp{"id": victim}).Execute()
	}
	// Nobody moves an expense to another business.
	if code, body := a.call(testapp.Alice.ID, http.MethodPatch, expenses+"/expalice0000001", `{"business":"`+testapp.Carol.ID+`"}`); code == http.StatusOK {
		t.Errorf("the expense moved to Carol's business: %s", body)
	}
	// Only owners and admins delete a vendor.
	for _, p := range people {
		if p.drops {
			continue
		}
		if code, _ := a.call(p.id, http.MethodDelete, vendors+"/vendalice000001", ""); code == http.StatusNoContent {
			t.Errorf("%s deleted Alice's vendor", p.name)
		}
	}
	if code, body := a.call(teamAdmin.ID, http.MethodDelete, vendors+"/vendalice000001", ""); code != http.StatusNoContent {
		t.Errorf("the admin's vendor delete: %d %s", code, body)
	}
}

// The receipt is a protected file: its plain URL shows nothing, the URL
// with a file token shows it to every member of the business (the
// accountant too), and another business's member's token gets nothing.
func TestReceiptIsProtected(t *testing.T) {
	a := newTeam(t)
	code, body := a.upload(teamMember.ID, http.MethodPost, "/api/collections/expenses/records", map[string]string{
		"id": "expreceipt00001", "business": testapp.Alice.ID, "date": "2026-03-02", "currency": "EUR",
		"payment_state": "unpaid", "vat_lines": `[{"rate":7,"net_cents":1250}]`,
	})
	if code != http.StatusOK {
		t.Fatalf("the member's receipt: %d %s", code, body)
	}
	var rec struct {
		Receipt string `json:"receipt"`
	}
	if err := json.Unmarshal([]byte(body), &rec); err != nil || rec.Receipt == "" {
		t.Fatalf("no receipt stored: %s", body)
	}
	file := "/api/files/expenses/expreceipt00001/" + rec.Receipt
	if code, _ := a.call("", http.MethodGet, file, ""); code == http.StatusOK {
		t.Error("the receipt shows without a token")
	}
	if code, _ := a.call("", http.MethodGet, file+"?token=not-a-token", ""); code == http.StatusOK {
		t.Error("the receipt shows with a forged token")
	}
	for _, p := range []struct {
		name, id string
		sees     bool
	}{
		{"owner", testapp.Alice.ID, true}, {"admin", teamAdmin.ID, true}, {"member", teamMember.ID, true},
		{"accountant", teamAccountant.ID, true}, {"another business", testapp.Carol.ID, false},
	} {
		code, body := a.call(p.id, http.MethodPost, "/api/files/token", "")
		var tok struct {
			Token string `json:"token"`
		}
		if code != http.StatusOK || json.Unmarshal([]byte(body), &tok) != nil || tok.Token == "" {
			t.Fatalf("%s: no file token: %d %s", p.name, code, body)
		}
		got, body := a.call("", http.MethodGet, file+"?token="+tok.Token, "")
		if (got == http.StatusOK) != p.sees {
			t.Errorf("%s: the receipt with their token = %d, want shown %v", p.name, got, p.sees)
		}
		if p.sees && body != string(receiptPNG) {
			t.Errorf("%s: the receipt's bytes differ", p.name)
		}
	}
}

// Realtime keeps the rules: the accountant hears of a member's new expense
// and vendor, Carol hears of neither.
func TestExpensesRealtime(t *testing.T) {
	a := newTeam(t)
	srv := httptest.NewServer(a.mux)
	t.Cleanup(srv.Close) // after the streams' cleanups
	accountant, carol := a.listen(srv.URL, teamAccountant.ID, "expenses"), a.listen(srv.URL, testapp.Carol.ID, "expenses")
	accountantV, carolV := a.listen(srv.URL, teamAccountant.ID, "vendors"), a.listen(srv.URL, testapp.Carol.ID, "vendors")

	if code, body := a.call(teamMember.ID, http.MethodPost, "/api/collections/vendors/records",
		`{"id":"vendlive0000001","business":"`+testapp.Alice.ID+`","name":"Live vendor"}`); code != http.StatusOK {
		t.Fatalf("the member's vendor: %d %s", code, body)
	}
	if code, body := a.call(teamMember.ID, http.MethodPost, "/api/collections/expenses/records",
		expenseBody("explive00000001", testapp.Alice.ID, "vendlive0000001")); code != http.StatusOK {
		t.Fatalf("the member's expense: %d %s", code, body)
	}
	if !heard(accountant, "explive00000001") {
		t.Error("the accountant was not told of the new expense")
	}
	if !heard(accountantV, "vendlive0000001") {
		t.Error("the accountant was not told of the new vendor")
	}
	if heard(carol, "explive00000001") {
		t.Error("Carol was told of Alice's expense")
	}
	if heard(carolV, "vendlive0000001") {
		t.Error("Carol was told of Alice's vendor")
	}
}
