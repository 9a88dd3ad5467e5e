package reports

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"folio/server/internal/billing"
	"folio/server/internal/refusal/refusaltest"
	"folio/server/internal/testapp"
	"folio/server/internal/ticket"
	"folio/server/migrations"
)

func TestMain(m *testing.M) { testapp.Main(m) }

// Today is 2026-03-15 (testapp.FixedNow); the quarter is 2026-01-01..03-31.
var (
	alice = testapp.Alice.ID
	bob   = testapp.Bob.ID
)

// The fixture's invoices of Alice's first quarter, by name.
const (
	invA     = "reportsinvoicea" // 100.00 + 19 %, issued 01-10, due 02-09, sent
	invB     = "reportsinvoiceb" // 50.00 + 7 %, issued 02-20, due 04-01, sent
	invDraft = "reportsinvdraft" // 999.00 + 19 %, a draft
	cnA      = "reportscreditna" // 20.00 + 19 % off invA, 03-01
)

// The files of the fixture's expenses: a receipt and a received e-invoice.
const (
	receiptPDF  = "%PDF-1.4\nRail Co ticket\n%%EOF\n"
	receivedXML = `<?xml version="1.0"?><Invoice/>`
)

func line(description string, cents int, rate float64) []map[string]any {
	return []map[string]any{{"description": description, "quantity": 1, "unit_price_cents": cents, "tax_rate": rate}}
}

func save(app core.App, collection, id string, fields map[string]any) error {
	col, err := app.FindCollectionByNameOrId(collection)
	if err != nil {
		return err
	}
	rec := core.NewRecord(col)
	if id != "" {
		rec.Id = id
	}
	for k, v := range fields {
		rec.Set(k, v)
	}
	return app.Save(rec)
}

func buildFixture(app *tests.TestApp) error {
	billing.BindWithClock(app, testapp.Clock)
	if err := testapp.AliceTeamAnd(app, testapp.Bob); err != nil {
		return err
	}
	steps := []func() error{
		func() error {
			return save(app, "customers", "reportscustacme", map[string]any{"business": alice, "name": "=Acme", "currency": "EUR"})
		},
		func() error {
			return save(app, "customers", "reportscustbobs", map[string]any{"business": bob, "name": "Bob's", "currency": "EUR"})
		},
		func() error {
			return save(app, "invoices", invA, map[string]any{"business": alice, "customer": "reportscustacme",
				"issue_date": "2026-01-10", "due_date": "2026-02-09", "items": line("Design", 10000, 19)})
		},
		func() error {
			return save(app, "invoices", invB, map[string]any{"business": alice, "customer": "reportscustacme",
				"issue_date": "2026-02-20", "due_date": "2026-04-01", "items": line("Books", 5000, 7)})
		},
		func() error {
			return save(app, "invoices", invDraft, map[string]any{"business": alice, "customer": "reportscustacme",
				"issue_date": "2026-03-01", "due_date": "2026-03-31", "items": line("Draft", 99900, 19)})
		},
		func() error {
			return save(app, "invoices", "reportsinvoiceq", map[string]any{"business": alice, "customer": "reportscustacme",
				"issue_date": "2026-04-02", "due_date": "2026-05-01", "items": line("Next quarter", 7000, 19)})
		},
		func() error {
			return save(app, "invoices", "reportsinvbobs1", map[string]any{"business": bob, "customer": "reportscustbobs",
				"issue_date": "2026-02-01", "due_date": "2026-03-01", "items": line("Bob's work", 123400, 19)})
		},
	}
	for _, id := range []string{invA, invB, "reportsinvoiceq", "reportsinvbobs1"} {
		steps = append(steps, func() error {
			inv, err := app.FindRecordById("invoices", id)
			if err != nil {
				return err
			}
			inv.Set("status", "sent")
			return app.Save(inv)
		})
	}
	steps = append(steps, func() error {
		return save(app, migrations.ExpensesCollection, "reportsexpense1", map[string]any{"business": alice,
			"date": "2026-02-10", "currency": "EUR", "category": "Rent", "vendor_name": "Landlord",
			"vat_lines": []any{map[string]any{"rate": 19, "gross_cents": 11900}}})
	}, func() error {
		receipt, err := filesystem.NewFileFromBytes([]byte(receiptPDF), "ticket.pdf")
		if err != nil {
			return err
		}
		return save(app, migrations.ExpensesCollection, "reportsexpense2", map[string]any{"business": alice,
			"date": "2026-03-02", "currency": "EUR", "category": "Travel", "vendor_name": "Rail Co", "number": "R-7",
			"vat_lines": []any{map[string]any{"rate": 7, "net_cents": 1000}}, migrations.FieldReceipt: receipt})
	}, func() error {
		return save(app, migrations.ExpensesCollection, "reportsexpense3", map[string]any{"business": alice,
			"date": "2026-04-01", "currency": "EUR", "category": "Rent",
			"vat_lines": []any{map[string]any{"rate": 19, "gross_cents": 11900}}})
	}, func() error {
		return save(app, migrations.ExpensesCollection, "reportsexpbobs1", map[string]any{"business": bob,
			"date": "2026-02-01", "currency": "EUR", "category": "Rent",
			"vat_lines": []any{map[string]any{"rate": 19, "gross_cents": 5950}}})
	}, func() error {
		ex, err := app.FindRecordById(migrations.ExpensesCollection, "reportsexpense1")
		if err != nil {
			return err
		}
		source, err := filesystem.NewFileFromBytes([]byte(receivedXML), "received.xml")
		if err != nil {
			return err
		}
		ex.Set(migrations.FieldSourceFile, source)
		return app.Save(ex)
	}, func() error {
		return save(app, "credit_notes", cnA, map[string]any{"business": alice, "invoice": invA,
			"issue_date": "2026-03-01", "items": line("Design", 2000, 19)})
	})
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

func newAPI(t *testing.T) *testapp.API {
	return testapp.NewAPI(t, "reports", buildFixture, billing.BindWithClock, bindWith)
}

// raw sends a GET as who and answers the status, the headers and the body.
func raw(t *testing.T, api *testapp.API, who, url string) (int, http.Header, []byte) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, url, nil)
	if who != "" {
		req.Header.Set("Authorization", testapp.Token(t, api.App, who))
	}
	res := httptest.NewRecorder()
	api.Mux.ServeHTTP(res, req)
	return res.Code, res.Header(), res.Body.Bytes()
}

func TestReportsByRole(t *testing.T) {
	api := newAPI(t)
	quarter := "?business=" + alice + "&period=quarter&date=2026-02-01"
	cases := []struct {
		name, who, url string
		status         int
		contains       string
	}{
		{"the owner reads the VAT", alice, Path + "/vat" + quarter, 200, `"currency":"EUR"`},
		{"the admin reads the profit", testapp.AliceAdmin.ID, Path + "/profit" + quarter, 200, `"income_cents":13000`},
		{"a member reads the aging", testapp.AliceMember.ID, Path + "/aging" + quarter, 200, `"today":"2026-03-15"`},
		{"the accountant reads the VAT", testapp.AliceAccountant.ID, Path + "/vat" + quarter, 200, `"collected_vat_cents":1870`},
		{"another business gets nothing", bob, Path + "/vat" + quarter, 404, `"folio_business_not_found"`},
		{"another business's aging neither", bob, Path + "/aging" + quarter, 404, `"folio_business_not_found"`},
		{"another business's zip neither", bob, Path + "/zip" + quarter, 404, `"folio_business_not_found"`},
		{"the dashboard's period (from..to)", testapp.AliceAccountant.ID, Path + "/profit?business=" + alice + "&from=2026-02-15&to=2026-03-15", 200, `"income_cents":3000`},
		{"a guest is refused", "", Path + "/vat" + quarter, 401, ""},
		{"a week is no period", alice, Path + "/vat?business=" + alice + "&period=week", 400, `"folio_report_period"`},
		{"a day that does not exist", alice, Path + "/profit?business=" + alice + "&date=2026-02-30", 400, `"folio_report_date"`},
		{"a zip's range backwards", alice, Path + "/zip?business=" + alice + "&from=2026-03-31&to=2026-01-01", 400, `"folio_report_range"`},
	}
	for _, c := range cases {
		status, _, body := raw(t, api, c.who, c.url)
		if status != c.status || !strings.Contains(string(body), c.contains) {
			t.Errorf("%s: %d %s, want %d with %s", c.name, status, body, c.status, c.contains)
		}
		if c.status != 200 && strings.Contains(string(body), "reportsinvoicea") {
			t.Errorf("%s: a refusal names an invoice: %s", c.name, body)
		}
	}
}

func TestVATAndProfitOfTheQuarter(t *testing.T) {
	api := newAPI(t)
	status, _, body := raw(t, api, testapp.AliceAccountant.ID, Path+"/vat?business="+alice+"&period=quarter&date=2026-02-01")
	if status != 200 {
		t.Fatalf("%d %s", status, body)
	}
	var got struct {
		Period Period    `json:"period"`
		Report VATReport `json:"report"`
	}
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	// Collected at 19 %: invA 100.00/19.00 less the credit note's
	// 20.00/3.80; at 7 %: invB. Paid: the rent (119.00 gross at 19 %) and
	// the ticket (10.00 net at 7 %). The draft, the next quarter's invoice
	// and expense, and Bob's, are not in it.
	want := VATReport{Currencies: []VATCurrency{{Currency: "EUR", Rows: []VATRow{
		{Rate: 7, CollectedNetCents: 5000, CollectedVATCents: 350, PaidNetCents: 1000, PaidVATCents: 70, DifferenceCents: 280},
		{Rate: 19, CollectedNetCents: 8000, CollectedVATCents: 1520, PaidNetCents: 10000, PaidVATCents: 1900, DifferenceCents: -380},
	}, CollectedVATCents: 1870, PaidVATCents: 1970, DifferenceCents: -100}}}
	same(t, "vat", got.Report, want)
	var profit struct {
		Report ProfitReport `json:"report"`
	}
	_, _, body = raw(t, api, testapp.AliceMember.ID, Path+"/profit?business="+alice+"&period=quarter&date=2026-02-01")
	if err := json.Unmarshal(body, &profit); err != nil {
		t.Fatal(err)
	}
	same(t, "profit", profit.Report, ProfitReport{Currencies: []ProfitCurrency{{Currency: "EUR",
		InvoicedCents: 15000, CreditedCents: 2000, IncomeCents: 13000,
		Expenses:      []CategoryRow{{Category: "Rent", NetCents: 10000}, {Category: "Travel", NetCents: 1000}},
		ExpensesCents: 11000, ProfitCents: 2000}}})
	same(t, "period", got.Period, Period{Kind: "quarter", From: "2026-01-01", To: "2026-03-31", Previous: "2025-10-01", Next: "2026-04-01"})
}

func TestAgingOfToday(t *testing.T) {
	api := newAPI(t)
	_, _, body := raw(t, api, alice, Path+"/aging?business="+alice)
	var got struct {
		Report AgingReport `json:"report"`
	}
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Report.Currencies) != 1 {
		t.Fatalf("%s", body)
	}
	c := got.Report.Currencies[0]
	// invB (53.50) is not due; invA (119.00 − 23.80) is 34 days late; the
	// next quarter's invoice (83.30) is not due either.
	if c.Buckets[0].Cents != 5350+8330 || c.Buckets[2].Cents != 9520 || c.TotalCents != 5350+8330+9520 {
		t.Errorf("aging %s", body)
	}
	if inv := c.Buckets[2].Invoices; len(inv) != 1 || inv[0].ID != invA || inv[0].DaysLate != 34 || inv[0].CustomerName != "=Acme" {
		t.Errorf("31–60 days: %+v", inv)
	}
}

func TestCSVInTheDocumentLanguage(t *testing.T) {
	api := newAPI(t)
	url := Path + "/vat?business=" + alice + "&period=quarter&date=2026-02-01&format=csv"
	status, h, body := raw(t, api, testapp.AliceAccountant.ID, url)
	if status != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/csv") ||
		!strings.Contains(h.Get("Content-Disposition"), `filename="vat-2026-01-01-2026-03-31.csv"`) {
		t.Fatalf("%d %v", status, h)
	}
	want := "\uFEFFCurrency,VAT rate (%),Net sales,VAT collected,Net purchases,VAT paid,Difference\r\n" +
		"EUR,7,50.00,3.50,10.00,0.70,2.80\r\n" +
		"EUR,19,80.00,15.20,100.00,19.00,-3.80\r\n" +
		"EUR,Total,,18.70,,19.70,-1.00\r\n"
	if string(body) != want {
		t.Errorf("CSV:\n%q\nwant\n%q", body, want)
	}

	business, err := api.App.FindRecordById(migrations.BusinessesCollection, alice)
	if err != nil {
		t.Fatal(err)
	}
	business.Set(migrations.FieldDocumentLanguage, "de")
	if err := api.App.Save(business); err != nil {
		t.Fatal(err)
	}
	_, _, body = raw(t, api, alice, strings.Replace(url, "/vat", "/aging", 1))
	lines := strings.Split(string(body), "\r\n")
	if lines[0] != "\uFEFFWährung,Alter,Rechnung,Kunde,Rechnungsdatum,Fällig am,Tage überfällig,Offener Betrag" {
		t.Errorf("German heading: %q", lines[0])
	}
	// A customer name that a spreadsheet would run as a formula is quoted.
	if !slices.Contains(lines, "EUR,31–60 Tage,INV-00001,'=Acme,2026-01-10,2026-02-09,34,95.20") {
		t.Errorf("aging rows: %q", lines)
	}
	_, _, body = raw(t, api, alice, strings.Replace(url, "/vat", "/profit", 1))
	if !strings.Contains(string(body), "EUR,Gutschriften (netto),,-20.00\r\nEUR,Einnahmen,,130.00\r\n"+
		"EUR,Ausgabe,Rent,-100.00\r\nEUR,Ausgabe,Travel,-10.00\r\nEUR,Ausgaben,,-110.00\r\nEUR,Gewinn,,20.00\r\n") {
		t.Errorf("profit CSV: %q", body)
	}
}

// zipListing reads a zip's file names and one file's text.
func zipListing(t *testing.T, body []byte) ([]string, map[string]string) {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	var names []string
	texts := map[string]string{}
	for _, f := range zr.File {
		names = append(names, f.Name)
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(r)
		_ = r.Close()
		texts[f.Name] = string(b)
	}
	slices.Sort(names)
	return names, texts
}

func TestAccountantsZip(t *testing.T) {
	api := newAPI(t)
	// invB was sent from Folio: its issued copy is stored.
	pdf := []byte("%PDF-1.4\nthe issued copy\n%%EOF\n")
	storeIssuedCopy(t, api.App, "invoices", invB, pdf)

	status, h, body := raw(t, api, testapp.AliceAccountant.ID, Path+"/zip?business="+alice+"&from=2026-01-01&to=2026-03-31")
	if status != 200 || h.Get("Content-Type") != "application/zip" ||
		!strings.Contains(h.Get("Content-Disposition"), "folio-2026-01-01-2026-03-31.zip") {
		t.Fatalf("%d %v %s", status, h, body)
	}
	names, texts := zipListing(t, body)
	want := []string{"README.txt", "aging-2026-03-15.csv",
		"expenses/e-invoices/2026-02-10-Landlord-reportsexpense1.xml",
		"expenses/receipts/2026-03-02-Rail_Co-R-7-reportsexpense2.pdf", "invoices/INV-00002.pdf",
		"profit-2026-01-01-2026-03-31.csv", "vat-2026-01-01-2026-03-31.csv"}
	if !slices.Equal(names, want) {
		t.Errorf("zip holds %v, want %v", names, want)
	}
	if texts["invoices/INV-00002.pdf"] != string(pdf) {
		t.Errorf("the PDF is not the issued copy: %q", texts["invoices/INV-00002.pdf"])
	}
	if texts["expenses/receipts/2026-03-02-Rail_Co-R-7-reportsexpense2.pdf"] != receiptPDF ||
		texts["expenses/e-invoices/2026-02-10-Landlord-reportsexpense1.xml"] != receivedXML {
		t.Errorf("the expenses' files are not as stored")
	}
	readme := texts["README.txt"]
	if !strings.Contains(readme, "from 2026-01-01 to 2026-03-31") || !strings.Contains(readme, "- INV-00001 (2026-01-10)") ||
		!strings.Contains(readme, "- CN-00001 (2026-03-01)") || strings.Contains(readme, "INV-00002") || strings.Contains(readme, "INV-00003") {
		t.Errorf("README:\n%s", readme)
	}
	if !strings.Contains(texts["vat-2026-01-01-2026-03-31.csv"], "EUR,Total,,18.70,,19.70,-1.00") {
		t.Errorf("VAT CSV in the zip: %q", texts["vat-2026-01-01-2026-03-31.csv"])
	}
}

func TestRefusals(t *testing.T) {
	refusaltest.Check(t, "Messages", "reports", Messages, nil)
}

// A deposit's VAT is chargeable when its money comes in (Art. 65 of
// Directive 2006/112/EC): a deposit issued in Q1 and paid in part in Q2
// counts nothing in Q1 and the VAT inside the payment in Q2; the final
// invoice, deducting what was paid, counts the VAT it states. In 2025, a
// year the fixture leaves empty, as payments are not dated after today.
func TestVATOfADepositPaidInPart(t *testing.T) {
	api := newAPI(t)
	app := api.App
	if err := save(app, "invoices", "reportsworkinv1", map[string]any{"business": alice, "customer": "reportscustacme",
		"issue_date": "2025-05-15", "due_date": "2025-06-14", "items": line("Build", 100000, 19)}); err != nil {
		t.Fatal(err)
	}
	status, dep := api.Do(alice, httptest.NewRequest(http.MethodPost,
		strings.ReplaceAll(strings.ReplaceAll(billing.PathDeposit, "{collection}", "invoices"), "{id}", "reportsworkinv1"),
		strings.NewReader(`{"percent": 30}`)))
	if status != 200 {
		t.Fatalf("deposit: %d %v", status, dep)
	}
	set := func(id string, fields map[string]any) {
		t.Helper()
		r, err := app.FindRecordById("invoices", id)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range fields {
			r.Set(k, v)
		}
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
	depID, _ := dep["id"].(string)
	set(depID, map[string]any{"status": "sent", "issue_date": "2025-02-01", "due_date": "2025-03-01"})
	if err := save(app, "payments", "", map[string]any{"business": alice, "invoice": depID, "amount_cents": 17850,
		"date": "2025-04-10", "method": "bank_transfer"}); err != nil {
		t.Fatal(err)
	}
	set("reportsworkinv1", map[string]any{"status": "sent"})
	fin, err := app.FindRecordById("invoices", "reportsworkinv1")
	if err != nil {
		t.Fatal(err)
	}
	if fin.GetString("kind") != "final" || fin.GetInt(migrations.FieldDeductedCents) != 17850 {
		t.Fatalf("the final deducts %d (%q), want the part paid", fin.GetInt(migrations.FieldDeductedCents), fin.GetString("kind"))
	}

	vat := func(date string) []VATCurrency {
		t.Helper()
		_, _, body := raw(t, api, alice, Path+"/vat?business="+alice+"&period=quarter&date="+date)
		var got struct {
			Report VATReport `json:"report"`
		}
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatalf("%s: %v %s", date, err, body)
		}
		return got.Report.Currencies
	}
	// Q1: the deposit issued on 2025-02-01 and not paid then charges nothing.
	if got := vat("2025-02-01"); len(got) != 0 {
		t.Errorf("Q1: %+v", got)
	}
	// Q2: the payment's 150.00/28.50 and the final's stated 850.00/161.50,
	// the work's 1,000.00/190.00 once.
	same(t, "Q2", vat("2025-05-01"), []VATCurrency{{Currency: "EUR", Rows: []VATRow{
		{Rate: 19, CollectedNetCents: 15000 + 85000, CollectedVATCents: 2850 + 16150, DifferenceCents: 19000},
	}, CollectedVATCents: 19000, DifferenceCents: 19000}})
}

// The browser downloads the zip with a plain GET: a POST checks the
// request and answers a one-time URL that needs no token.
func TestZipDownloadTicket(t *testing.T) {
	api := newAPI(t)
	ask := func(who, query string) (int, string) {
		t.Helper()
		status, body := api.Do(who, httptest.NewRequest(http.MethodPost, Path+"/zip?"+query, nil))
		u, _ := body["url"].(string)
		return status, u
	}
	quarter := "business=" + alice + "&period=quarter&date=2026-02-01"

	status, u := ask(testapp.AliceAccountant.ID, quarter)
	if status != 200 || !strings.HasPrefix(u, Path+"/zip/") {
		t.Fatalf("ticket: %d %q", status, u)
	}
	status, h, body := raw(t, api, "", u)
	if status != 200 || h.Get("Content-Type") != "application/zip" ||
		h.Get("Content-Disposition") != `attachment; filename="folio-2026-01-01-2026-03-31.zip"` {
		t.Fatalf("download: %d %v %s", status, h, body)
	}
	if names, _ := zipListing(t, body); !slices.Contains(names, "vat-2026-01-01-2026-03-31.csv") {
		t.Errorf("zip holds %v", names)
	}
	if status, _, body := raw(t, api, "", u); status != 404 || !strings.Contains(string(body), `"folio_download_expired"`) {
		t.Errorf("a used ticket: %d %s", status, body)
	}

	// Made three minutes ago: expired.
	old, err := ticket.For(api.App).Issue(ticket.Ticket{Kind: zipTicketKind, UserID: alice,
		Name: "business=" + alice + "&from=2026-01-01&to=2026-03-31"}, testapp.FixedNow.Add(-3*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if status, _, body := raw(t, api, "", Path+"/zip/"+old); status != 404 || !strings.Contains(string(body), `"folio_download_expired"`) {
		t.Errorf("an expired ticket: %d %s", status, body)
	}

	// Another business's: Bob gets no ticket for Alice's books, and a
	// ticket of Bob's naming them opens nothing.
	if status, u := ask(bob, quarter); status != 404 || u != "" {
		t.Errorf("Bob asked Alice's zip: %d %q", status, u)
	}
	forged, err := ticket.For(api.App).Issue(ticket.Ticket{Kind: zipTicketKind, UserID: bob,
		Name: "business=" + alice + "&from=2026-01-01&to=2026-03-31"}, testapp.FixedNow)
	if err != nil {
		t.Fatal(err)
	}
	if status, _, body := raw(t, api, "", Path+"/zip/"+forged); status != 404 || strings.Contains(string(body), "PK") {
		t.Errorf("Bob's ticket for Alice's books: %d %s", status, body)
	}
	// An export's ticket is not a zip's; nobody gets a ticket unsigned.
	export, _ := ticket.For(api.App).Issue(ticket.Ticket{Kind: "export", UserID: alice, Name: alice}, testapp.FixedNow)
	if status, _, _ := raw(t, api, "", Path+"/zip/"+export); status != 404 {
		t.Errorf("an export ticket opened the zip: %d", status)
	}
	if status, u := ask("", quarter); status != 401 || u != "" {
		t.Errorf("a guest asked a ticket: %d %q", status, u)
	}
}
