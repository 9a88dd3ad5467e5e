package export

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"folio/server/internal/billing"
	"folio/server/internal/refusal/refusaltest"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestMain(m *testing.M) { testapp.Main(m) }

// TestRefusalCodes: one sentence per code, each in the web app's catalogue.
func TestRefusalCodes(t *testing.T) {
	refusaltest.Check(t, "Messages", "export", Messages, nil)
}

// Each fixture user has the business a sign-up gives (same id). Alice's
// admin, member and accountant are her team (testapp.AliceTeam).
var (
	alice      = testapp.Alice.ID
	bob        = testapp.Bob.ID
	admin      = testapp.AliceAdmin
	member     = testapp.AliceMember
	accountant = testapp.AliceAccountant
)

const pdf = "%PDF-1.7\n% issued copy\n%%EOF\n"

// buildFixture: Alice has two customers (one named like a formula), a
// quote, two invoices (one issued with a PDF), a payment and the events
// the hooks wrote; Bob has his own customer and invoice. Alice's business
// has a name, and her team (an admin, a member, an accountant).
func buildFixture(app *tests.TestApp) error {
	billing.BindWithClock(app, testapp.Clock)
	if err := testapp.AliceTeamAnd(app, testapp.Bob); err != nil {
		return err
	}
	var err error
	save := func(collection string, fields map[string]any) *core.Record {
		if err != nil {
			return nil
		}
		col, e := app.FindCollectionByNameOrId(collection)
		if e != nil {
			err = e
			return nil
		}
		rec := core.NewRecord(col)
		for k, v := range fields {
			rec.Set(k, v)
		}
		err = app.Save(rec)
		return rec
	}
	set := func(rec *core.Record, fields map[string]any) {
		if err != nil {
			return
		}
		for k, v := range fields {
			rec.Set(k, v)
		}
		err = app.Save(rec)
	}
	items := func(desc string, cents int) []map[string]any {
		return []map[string]any{
			{"description": desc, "quantity": 2, "unit": "h", "unit_price_cents": cents, "tax_rate": 20},
			{"description": desc + " extra", "quantity": 1, "unit": "", "unit_price_cents": 500, "tax_rate": 0},
		}
	}

	business, err := app.FindRecordById(migrations.BusinessesCollection, alice)
	if err != nil {
		return err
	}
	set(business, map[string]any{migrations.FieldCompanyName: "Alice Design Studio",
		// The Stripe secrets are stored sealed; neither form is exported.
		migrations.FieldStripeSecretKey: "sealed-stripe-secret-key", migrations.FieldStripeWebhookSecret: "sealed-stripe-webhook-secret"})
	acme := save("customers", map[string]any{"business": alice, "name": "Acme", "currency": "EUR", "email": "ap@acme.test"})
	save("customers", map[string]any{"business": alice, "name": "=HYPERLINK(\"http://evil\")", "currency": "EUR"})
	save("quotes", map[string]any{"business": alice, "customer": acme.Id, "issue_date": "2026-03-01", "expiry_date": "2026-04-01", "items": items("Design", 1000)})
	inv := save("invoices", map[string]any{"business": alice, "customer": acme.Id, "issue_date": "2026-03-02", "due_date": "2026-04-01", "items": items("Build", 2000)})
	set(inv, map[string]any{"status": "sent"})
	if err != nil {
		return err
	}
	save("invoices", map[string]any{"business": alice, "customer": acme.Id, "issue_date": "2026-03-03", "due_date": "2026-04-02", "items": items("Draft", 300)})
	save("payments", map[string]any{"business": alice, "invoice": inv.Id, "date": "2026-03-05", "amount_cents": 1000, "method": "bank_transfer"})
	if err == nil {
		f, e := filesystem.NewFileFromBytes([]byte(pdf), "issued.pdf")
		if e != nil {
			return e
		}
		fresh, e := app.FindRecordById(migrations.InvoicesCollection, inv.Id)
		if e != nil {
			return e
		}
		set(fresh, map[string]any{migrations.FieldIssuedPDF: f})
	}

	if err != nil {
		return err
	}
	bobs := save("customers", map[string]any{"business": bob, "name": "Bob Secret Co", "currency": "EUR"})
	bi := save("invoices", map[string]any{"business": bob, "customer": bobs.Id, "issue_date": "2026-03-02", "due_date": "2026-04-01", "items": items("Bob's work", 7000)})
	set(bi, map[string]any{"status": "sent"})
	return err
}

func factory(t *testing.T, now func() time.Time) (*tests.TestApp, http.Handler) {
	t.Helper()
	app := testapp.Fixture(t, "export", buildFixture)
	billing.BindWithClock(app, testapp.Clock)
	bindWith(app, now)
	mux := testapp.Mux(t, app)
	return app, mux
}

func do(t *testing.T, mux http.Handler, method, path, token string) (int, []byte, http.Header) {
	t.Helper()
	return doBody(t, mux, method, path, token, "")
}

// ask asks for an export of business with token.
func ask(t *testing.T, mux http.Handler, business, token string) (int, []byte) {
	t.Helper()
	code, body, _ := doBody(t, mux, http.MethodPost, Path, token, `{"business":"`+business+`"}`)
	return code, body
}

func doBody(t *testing.T, mux http.Handler, method, path, token, payload string) (int, []byte, http.Header) {
	t.Helper()
	var in io.Reader
	if payload != "" {
		in = strings.NewReader(payload)
	}
	req := httptest.NewRequest(method, path, in)
	if payload != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, req)
	body, _ := io.ReadAll(rec.Body)
	return rec.Code, body, rec.Header()
}

// exportOf asks for an export of business as user and downloads it.
func exportOf(t *testing.T, app core.App, mux http.Handler, user, business string) (map[string][]byte, http.Header) {
	t.Helper()
	code, body := ask(t, mux, business, testapp.Token(t, app, user))
	if code != http.StatusOK {
		t.Fatalf("ask: %d %s", code, body)
	}
	var answer struct {
		URL string `json:"url"`
	}
	if err := json.Unmarshal(body, &answer); err != nil || !strings.HasPrefix(answer.URL, Path+"/") {
		t.Fatalf("answer %s (%v)", body, err)
	}
	code, zipped, h := do(t, mux, http.MethodGet, answer.URL, "")
	if code != http.StatusOK {
		t.Fatalf("download: %d %s", code, zipped)
	}
	zr, err := zip.NewReader(bytes.NewReader(zipped), int64(len(zipped)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	files := map[string][]byte{}
	for _, f := range zr.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		files[f.Name], _ = io.ReadAll(r)
		r.Close()
	}
	return files, h
}

func readCSV(t *testing.T, b []byte) [][]string {
	t.Helper()
	if !bytes.HasPrefix(b, []byte(csvBOM)) {
		t.Error("a CSV without its byte-order mark")
	}
	if !bytes.Contains(b, []byte("\r\n")) {
		t.Error("a CSV without CRLF line ends")
	}
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(b, []byte(csvBOM)))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestExportHasEveryRecordOfTheBusiness(t *testing.T) {
	t.Parallel()
	app, mux := factory(t, func() time.Time { return testapp.FixedNow })
	defer app.Cleanup()

	files, h := exportOf(t, app, mux, alice, alice)
	if h.Get("Content-Type") != "application/zip" || h.Get("Cache-Control") != "no-store" ||
		!strings.Contains(h.Get("Content-Disposition"), "folio-export-2026-03-15.zip") {
		t.Errorf("headers %v", h)
	}

	var names []string
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, want := range []string{
		"account.csv", "account.json", "business.csv", "business.json", "customers.csv", "customers.json", "document_events.csv", "document_events.json",
		"invoice_lines.csv", "invoice_lines.json", "invoices.csv", "invoices.json", "manifest.json",
		"payments.csv", "payments.json", "quote_lines.csv", "quote_lines.json", "quotes.csv", "quotes.json",
	} {
		if _, ok := files[want]; !ok {
			t.Errorf("no %s in %v", want, names)
		}
	}

	// Counts: JSON and CSV say the same, and match the database.
	counts := map[string]int{"account": 1, "business": 1, "customers": 2, "quotes": 1, "invoices": 2, "payments": 1, "quote_lines": 2, "invoice_lines": 4}
	var events int
	if err := app.DB().NewQuery("SELECT COUNT(*) FROM document_events WHERE business = {:o}").Bind(map[string]any{"o": alice}).Row(&events); err != nil {
		t.Fatal(err)
	}
	if events == 0 {
		t.Fatal("the fixture has no events")
	}
	counts["document_events"] = events
	var m Manifest
	if err := json.Unmarshal(files["manifest.json"], &m); err != nil {
		t.Fatal(err)
	}
	for name, n := range counts {
		var list []map[string]any
		if err := json.Unmarshal(files[name+".json"], &list); err != nil {
			t.Fatalf("%s.json: %v", name, err)
		}
		if len(list) != n {
			t.Errorf("%s.json has %d records, want %d", name, len(list), n)
		}
		if rows := readCSV(t, files[name+".csv"]); len(rows) != n+1 {
			t.Errorf("%s.csv has %d rows, want %d and a header", name, len(rows)-1, n)
		}
		if m.Records[name] != n {
			t.Errorf("manifest says %d %s, want %d", m.Records[name], name, n)
		}
	}
	if m.Format != "folio-export" || m.Version != 2 || m.Business != alice || m.BusinessName != "Alice Design Studio" ||
		m.Account != alice || m.Email != testapp.Alice.Email || m.ExportedAt != "2026-03-15T10:00:00Z" || m.Files != 1 {
		t.Errorf("manifest %+v", m)
	}

	// Invoices carry their stored totals, numbers and payments.
	var invoices []map[string]any
	_ = json.Unmarshal(files["invoices.json"], &invoices)
	var sent map[string]any
	for _, inv := range invoices {
		if inv["status"] == "partial" {
			sent = inv
		}
	}
	if sent == nil || sent["number"] == "" || sent["total_cents"] != float64(5300) || sent["paid_cents"] != float64(1000) || sent["balance_cents"] != float64(4300) {
		t.Errorf("sent invoice %v", sent)
	}

	// The issued PDF, named by the invoice's number.
	if got := files["pdfs/invoices/"+sent["number"].(string)+".pdf"]; string(got) != pdf {
		t.Errorf("issued PDF %q in %v", got, names)
	}

	// Lines: one row per line, with the document's number.
	lines := readCSV(t, files["invoice_lines.csv"])
	if strings.Join(lines[0][:6], ",") != "document,number,line,id,description,quantity" && strings.Join(lines[0][:5], ",") != "document,number,line,description,quantity" {
		t.Errorf("line columns %v", lines[0])
	}

	// A text a spreadsheet would run is kept as text.
	if !bytes.Contains(files["customers.csv"], []byte(`"'=HYPERLINK(""http://evil"")"`)) {
		t.Errorf("formula not guarded:\n%s", files["customers.csv"])
	}

	// The business's settings are in business.json, not in the profile.
	if !bytes.Contains(files["business.json"], []byte("Alice Design Studio")) || bytes.Contains(files["account.json"], []byte("Alice Design Studio")) {
		t.Errorf("business %s\naccount %s", files["business.json"], files["account.json"])
	}

	// No secret, nothing of Bob's, and not the team's people (memberships
	// and invitations are not books).
	for name, b := range files {
		for _, bad := range []string{"Bob Secret Co", "Bob's work", bob, "totp", "tokenKey", "password", "token_hash", admin.ID, accountant.ID,
			"sealed-stripe", migrations.FieldStripeSecretKey, migrations.FieldStripeWebhookSecret} {
			if bytes.Contains(b, []byte(bad)) {
				t.Errorf("%s contains %q", name, bad)
			}
		}
	}
}

// TestExportIsTheBusinesssOwn: each business's export has its own records
// only, and nobody without a session gets anything.
func TestExportIsTheBusinesssOwn(t *testing.T) {
	t.Parallel()
	app, mux := factory(t, func() time.Time { return testapp.FixedNow })
	defer app.Cleanup()

	files, _ := exportOf(t, app, mux, bob, bob)
	var customers []map[string]any
	_ = json.Unmarshal(files["customers.json"], &customers)
	if len(customers) != 1 || customers[0]["name"] != "Bob Secret Co" {
		t.Errorf("Bob's customers: %v", customers)
	}
	for name, b := range files {
		for _, bad := range []string{"Acme", "HYPERLINK", alice, testapp.Alice.Email} {
			if bytes.Contains(b, []byte(bad)) {
				t.Errorf("Bob's %s contains Alice's %q", name, bad)
			}
		}
	}

	if code, _ := ask(t, mux, alice, ""); code != http.StatusUnauthorized {
		t.Errorf("ask without a session: %d", code)
	}
	if code, body, _ := do(t, mux, http.MethodGet, Path+"/"+strings.Repeat("ab", 32), ""); code != http.StatusNotFound || !strings.Contains(string(body), "folio_download_expired") {
		t.Errorf("a made-up ticket: %d %s", code, body)
	}
}

// TestExportIsRateLimited: 5 an hour per business (whichever member asks),
// then a 429 with its sentence; another business is not affected; an hour
// later it works again.
func TestExportIsRateLimited(t *testing.T) {
	t.Parallel()
	now := testapp.FixedNow
	app, mux := factory(t, func() time.Time { return now })
	defer app.Cleanup()

	asAlice := testapp.Token(t, app, alice)
	for i := 0; i < Limit; i++ {
		if code, body := ask(t, mux, alice, asAlice); code != http.StatusOK {
			t.Fatalf("export %d: %d %s", i+1, code, body)
		}
	}
	code, body := ask(t, mux, alice, asAlice)
	if code != http.StatusTooManyRequests || !strings.Contains(string(body), "folio_export_too_many") || !strings.Contains(string(body), MessageTooMany) {
		t.Errorf("sixth export: %d %s", code, body)
	}
	if code, _ := ask(t, mux, alice, testapp.Token(t, app, admin.ID)); code != http.StatusTooManyRequests {
		t.Errorf("Alice's admin starts a sixth export of her business: %d", code)
	}
	if code, _ := ask(t, mux, bob, testapp.Token(t, app, bob)); code != http.StatusOK {
		t.Errorf("Bob's business is limited by Alice's exports: %d", code)
	}
	now = now.Add(Window)
	if code, _ := ask(t, mux, alice, asAlice); code != http.StatusOK {
		t.Errorf("an hour later: %d", code)
	}
}

// TestExportLimitHoldsUnderRaces: 20 requests at once, exactly Limit pass.
func TestExportLimitHoldsUnderRaces(t *testing.T) {
	t.Parallel()
	app, mux := factory(t, func() time.Time { return testapp.FixedNow })
	defer app.Cleanup()
	token := testapp.Token(t, app, alice)

	codes := make(chan int, 20)
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := httptest.NewRequest(http.MethodPost, Path, strings.NewReader(`{"business":"`+alice+`"}`))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", token)
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, req)
			codes <- rec.Code
		}()
	}
	wg.Wait()
	close(codes)
	got := map[int]int{}
	for c := range codes {
		got[c]++
	}
	if got[http.StatusOK] != Limit || got[http.StatusTooManyRequests] != 20-Limit {
		t.Errorf("answers %v, want %d × 200 and %d × 429", got, Limit, 20-Limit)
	}
}

// TestExportRoles: owners, admins and accountants export the business (an
// accountant's zip is the business's, with the accountant as who asked); a
// member is told who can; a non-member, or no business, gets 404.
func TestExportRoles(t *testing.T) {
	t.Parallel()
	app, mux := factory(t, func() time.Time { return testapp.FixedNow })
	defer app.Cleanup()

	cases := []struct {
		name, as, business string
		want               int
	}{
		{"owner", alice, alice, http.StatusOK},
		{"admin", admin.ID, alice, http.StatusOK},
		{"member", member.ID, alice, http.StatusForbidden},
		{"accountant", accountant.ID, alice, http.StatusOK},
		{"non-member", bob, alice, http.StatusNotFound},
		{"no business", alice, "", http.StatusNotFound},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, body := ask(t, mux, c.business, testapp.Token(t, app, c.as))
			if code != c.want {
				t.Fatalf("%d %s, want %d", code, body, c.want)
			}
			if code != http.StatusOK && bytes.Contains(body, []byte(`"url"`)) {
				t.Errorf("a refusal with a URL: %s", body)
			}
		})
	}

	files, _ := exportOf(t, app, mux, accountant.ID, alice)
	var m Manifest
	if err := json.Unmarshal(files["manifest.json"], &m); err != nil {
		t.Fatal(err)
	}
	var customers []map[string]any
	_ = json.Unmarshal(files["customers.json"], &customers)
	if m.Business != alice || m.Account != accountant.ID || m.Email != accountant.Email || len(customers) != 2 {
		t.Errorf("the accountant's export: manifest %+v, %d customers", m, len(customers))
	}
}

// TestExportTicketNeedsTheRoleStill: a ticket asked for by an admin who is
// then removed downloads nothing.
func TestExportTicketNeedsTheRoleStill(t *testing.T) {
	t.Parallel()
	app, mux := factory(t, func() time.Time { return testapp.FixedNow })
	defer app.Cleanup()

	code, body := ask(t, mux, alice, testapp.Token(t, app, admin.ID))
	var answer struct {
		URL string `json:"url"`
	}
	if err := json.Unmarshal(body, &answer); code != http.StatusOK || err != nil {
		t.Fatalf("ask: %d %s", code, body)
	}
	m, err := app.FindFirstRecordByFilter(migrations.MembershipsCollection, "user = {:u} && business = {:b}", map[string]any{"u": admin.ID, "b": alice})
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Delete(m); err != nil {
		t.Fatal(err)
	}
	if code, body, _ := do(t, mux, http.MethodGet, answer.URL, ""); code != http.StatusNotFound || !strings.Contains(string(body), "folio_download_expired") {
		t.Errorf("download after removal: %d %.200s", code, body)
	}
}
