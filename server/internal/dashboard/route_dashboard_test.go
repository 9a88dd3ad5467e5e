package dashboard

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/billing"
	"folio/server/internal/testapp"
)

func TestMain(m *testing.M) { testapp.Main(m) }

// The fixture's accounts, each with the business a sign-up gives (same id).
// Today is 2026-03-15 (testapp.FixedNow) in every dashboard test. Alice's
// admin, member and accountant are her team (testapp.AliceTeam).
var (
	alice      = testapp.Alice.ID
	bob        = testapp.Bob.ID
	carol      = testapp.Carol.ID // no data at all
	admin      = testapp.AliceAdmin
	member     = testapp.AliceMember
	accountant = testapp.AliceAccountant
)

// at is the dashboard's address for business with the extra query (which
// starts with "?" or is empty).
func at(business, query string) string {
	u := Path + "?business=" + business
	if query != "" {
		u += "&" + strings.TrimPrefix(query, "?")
	}
	return u
}

func factory(t testing.TB) *tests.TestApp {
	app := testapp.Fixture(t, "dashboard", buildFixture)
	billing.BindWithClock(app, testapp.Clock)
	bindWith(app, testapp.Clock)
	return app
}

// buildFixture is a small ledger with known sums (see TestDashboard). Every
// line has no tax, so a document's total is its one line's price.
func buildFixture(app *tests.TestApp) error {
	billing.BindWithClock(app, testapp.Clock)
	b := &builder{app: app, err: testapp.AddUsers(app, testapp.Alice, testapp.Bob, testapp.Carol)}
	if b.err == nil {
		b.err = testapp.AliceTeam(app)
	}

	acme := b.save("customers", map[string]any{"business": alice, "name": "Acme", "currency": "EUR"})
	zed := b.save("customers", map[string]any{"business": alice, "name": "Zed Ltd", "currency": "EUR"})
	blue := b.save("customers", map[string]any{"business": alice, "name": "Blue Inc", "currency": "USD"})
	bobs := b.save("customers", map[string]any{"business": bob, "name": "Bob's", "currency": "EUR"})

	// name: customer, issue, due, total, then the statuses to walk through.
	b.invoice("A", alice, acme, "2026-01-10", "2026-02-09", 10000, "sent")
	b.invoice("B", alice, zed, "2026-02-20", "2026-03-10", 20000, "sent")
	b.pay(alice, "B", "2026-03-01", 5000)
	b.invoice("C", alice, acme, "2026-03-01", "2026-03-20", 30000, "sent")
	b.invoice("D", alice, acme, "2026-02-01", "2026-03-01", 40000, "sent", "viewed")
	b.pay(alice, "D", "2026-02-15", 40000)
	b.invoice("E", alice, acme, "2026-03-05", "2026-04-04", 50000) // draft
	b.invoice("F", alice, acme, "2026-01-05", "2026-02-04", 60000, "sent", "void")
	b.invoice("G", alice, zed, "2025-06-10", "2025-07-10", 70000, "sent")
	b.pay(alice, "G", "2025-07-01", 70000)
	b.invoice("H", alice, zed, "2025-10-01", "2025-11-01", 80000, "sent")
	b.invoice("U", alice, blue, "2026-02-01", "2026-03-03", 99900, "sent")
	b.invoice("Bob", bob, bobs, "2026-02-01", "2026-03-03", 123400, "sent")

	b.quote("Q1", alice, acme, "2026-03-01", "2026-04-01", 1000, "sent")
	b.quote("Q2", alice, zed, "2026-03-02", "2026-03-20", 2000, "sent", "viewed")
	b.quote("Q3", alice, acme, "2026-01-15", "2026-03-01", 3000, "sent") // expired
	b.quote("Q4", alice, acme, "2026-02-01", "2026-12-31", 4000, "sent", "accepted")
	b.quote("Q5", alice, acme, "2026-02-02", "2026-12-31", 5000, "sent", "rejected")
	b.quote("Q6", alice, acme, "2026-02-03", "2026-12-31", 6000, "sent", "accepted")
	b.quote("Q7", alice, acme, "2026-02-04", "2026-12-31", 7000) // draft
	b.quote("Q8", alice, acme, "2025-05-04", "2025-12-31", 8000, "sent", "rejected")
	if b.err == nil {
		_, _, b.err = billing.ConvertQuote(app, b.ids["Q6"], testapp.FixedNow)
	}
	return b.err
}

// builder saves fixture records through the billing hooks.
type builder struct {
	app *tests.TestApp
	err error
	ids map[string]string
}

func (b *builder) save(collection string, fields map[string]any) string {
	if b.err != nil {
		return ""
	}
	col, err := b.app.FindCollectionByNameOrId(collection)
	if err != nil {
		b.err = err
		return ""
	}
	rec := core.NewRecord(col)
	for k, v := range fields {
		rec.Set(k, v)
	}
	b.err = b.app.Save(rec)
	return rec.Id
}

func (b *builder) walk(collection, id string, statuses []string) {
	for _, s := range statuses {
		if b.err != nil {
			return
		}
		rec, err := b.app.FindRecordById(collection, id)
		if err != nil {
			b.err = err
			return
		}
		rec.Set("status", s)
		if s == "void" {
			rec.Set("void_reason", "test")
		}
		b.err = b.app.Save(rec)
	}
}

func (b *builder) doc(collection, name, business, customer, issue, endField, end string, cents int, statuses []string) {
	if b.ids == nil {
		b.ids = map[string]string{}
	}
	id := b.save(collection, map[string]any{
		"business": business, "customer": customer, "issue_date": issue, endField: end,
		"items": []map[string]any{{"description": name, "quantity": 1, "unit_price_cents": cents}},
	})
	b.ids[name] = id
	b.walk(collection, id, statuses)
}

func (b *builder) invoice(name, business, customer, issue, due string, cents int, statuses ...string) {
	b.doc("invoices", name, business, customer, issue, "due_date", due, cents, statuses)
}

func (b *builder) quote(name, business, customer, issue, expiry string, cents int, statuses ...string) {
	b.doc("quotes", name, business, customer, issue, "expiry_date", expiry, cents, statuses)
}

func (b *builder) pay(business, invoice, date string, cents int) {
	b.save("payments", map[string]any{"business": business, "invoice": b.ids[invoice], "date": date, "amount_cents": cents, "method": "bank_transfer"})
}

func decode(t testing.TB, res *http.Response) Response {
	t.Helper()
	var r Response
	if err := json.NewDecoder(res.Body).Decode(&r); err != nil {
		t.Fatal(err)
	}
	return r
}

func months(year int, invoiced, collected map[int]int64) []Month {
	out := make([]Month, 12)
	for i := range out {
		m := time.Date(year, time.Month(i+1), 1, 0, 0, 0, 0, time.UTC)
		out[i] = Month{Month: m.Format("2006-01"), InvoicedCents: invoiced[i+1], CollectedCents: collected[i+1]}
	}
	return out
}

func TestDashboard(t *testing.T) {
	t.Parallel()

	half := 0.5
	cases := []struct {
		name  string
		as    string
		query string
		check func(t testing.TB, r Response)
	}{
		{"defaults: this calendar year, the most used currency", alice, "", func(t testing.TB, r Response) {
			if r.Currency != "EUR" || !reflect.DeepEqual(r.Currencies, []string{"EUR", "USD"}) || r.Today != "2026-03-15" {
				t.Errorf("currency %s of %v, today %s", r.Currency, r.Currencies, r.Today)
			}
			if r.Period != (Period{"2026-01-01", "2026-12-31"}) || r.Previous.From != "2025-01-01" || r.Previous.To != "2025-12-31" {
				t.Errorf("period %+v, previous %s..%s", r.Period, r.Previous.From, r.Previous.To)
			}
			// A + B + C + D; drafts (E) and void (F) are not invoiced.
			if r.InvoicedCents != 100000 || r.CollectedCents != 45000 {
				t.Errorf("invoiced %d collected %d", r.InvoicedCents, r.CollectedCents)
			}
			if r.Previous.InvoicedCents != 150000 || r.Previous.CollectedCents != 70000 {
				t.Errorf("previous %+v", r.Previous)
			}
			// A 10000 + B 15000 + C 30000 + H 80000
			if r.OutstandingCents != 135000 {
				t.Errorf("outstanding %d", r.OutstandingCents)
			}
			if r.Overdue != (Overdue{Cents: 105000, Count: 3, OldestDays: 134}) {
				t.Errorf("overdue %+v", r.Overdue)
			}
			if r.Aging != (Aging{NotDue: 30000, D1To30: 15000, D31To60: 10000, D61To90: 0, D90Plus: 80000}) {
				t.Errorf("aging %+v", r.Aging)
			}
			if r.OpenQuotes != (OpenQuotes{Count: 2, Cents: 3000}) {
				t.Errorf("open quotes %+v", r.OpenQuotes)
			}
			// won Q4, Q6 (converted); lost Q3 (expired), Q5; Q8 is last year.
			if r.QuoteWinRate == nil || *r.QuoteWinRate != half {
				t.Errorf("win rate %v", r.QuoteWinRate)
			}
			want := months(2026, map[int]int64{1: 10000, 2: 60000, 3: 30000}, map[int]int64{2: 40000, 3: 5000})
			if !reflect.DeepEqual(r.Monthly, want) {
				t.Errorf("monthly %+v", r.Monthly)
			}
			numbers := func(rows []InvoiceRow) (out []int64) {
				for _, x := range rows {
					out = append(out, x.BalanceCents)
				}
				return out
			}
			if got := numbers(r.Lists.Overdue); !reflect.DeepEqual(got, []int64{80000, 10000, 15000}) {
				t.Errorf("overdue list balances %v (want H, A, B)", got)
			}
			if o := r.Lists.Overdue[0]; o.DaysOverdue != 134 || o.CustomerName != "Zed Ltd" || o.DueDate != "2025-11-01" || o.Status != "sent" || o.Number == "" {
				t.Errorf("overdue[0] = %+v", o)
			}
			if len(r.Lists.DueSoon) != 1 || r.Lists.DueSoon[0].TotalCents != 30000 || r.Lists.DueSoon[0].DaysOverdue != -5 {
				t.Errorf("due soon %+v", r.Lists.DueSoon)
			}
			var paid []int64
			for _, p := range r.Lists.RecentPayments {
				paid = append(paid, p.AmountCents)
			}
			if !reflect.DeepEqual(paid, []int64{5000, 40000, 70000}) || r.Lists.RecentPayments[0].InvoiceNumber == "" || r.Lists.RecentPayments[0].Date != "2026-03-01" {
				t.Errorf("recent payments %+v", r.Lists.RecentPayments)
			}
			aw := r.Lists.AwaitingQuotes
			if len(aw) != 2 || aw[0].TotalCents != 2000 || aw[0].DaysToExpiry == nil || *aw[0].DaysToExpiry != 5 || aw[1].TotalCents != 1000 {
				t.Errorf("awaiting quotes %+v", aw)
			}
		}},
		{"another currency", alice, "?currency=usd", func(t testing.TB, r Response) {
			if r.Currency != "USD" || r.InvoicedCents != 99900 || r.OutstandingCents != 99900 || r.CollectedCents != 0 {
				t.Errorf("%+v", r)
			}
			if r.Overdue != (Overdue{Cents: 99900, Count: 1, OldestDays: 12}) || r.Aging.D1To30 != 99900 || r.QuoteWinRate != nil {
				t.Errorf("overdue %+v aging %+v win %v", r.Overdue, r.Aging, r.QuoteWinRate)
			}
		}},
		{"a chosen period compares with the same length before", alice, "?from=2026-02-01&to=2026-02-28", func(t testing.TB, r Response) {
			if r.InvoicedCents != 60000 || r.CollectedCents != 40000 {
				t.Errorf("invoiced %d collected %d", r.InvoicedCents, r.CollectedCents)
			}
			if r.Previous.From != "2026-01-01" || r.Previous.To != "2026-01-31" || r.Previous.InvoicedCents != 10000 || r.Previous.CollectedCents != 0 {
				t.Errorf("previous %+v", r.Previous)
			}
			if r.Monthly[0].Month != "2025-03" || r.Monthly[11].Month != "2026-02" || r.Monthly[11].InvoicedCents != 60000 || r.Monthly[7].InvoicedCents != 80000 {
				t.Errorf("monthly %+v", r.Monthly)
			}
			// Outstanding and overdue are as of today, whatever the period.
			if r.OutstandingCents != 135000 {
				t.Errorf("outstanding %d", r.OutstandingCents)
			}
		}},
		{"another business's owner sees only its figures", bob, "", func(t testing.TB, r Response) {
			if r.InvoicedCents != 123400 || r.OutstandingCents != 123400 || !reflect.DeepEqual(r.Currencies, []string{"EUR"}) ||
				len(r.Lists.Overdue) != 1 || r.Lists.Overdue[0].TotalCents != 123400 || len(r.Lists.AwaitingQuotes) != 0 {
				t.Errorf("%+v", r)
			}
		}},
		{"a business without data gets zeros", carol, "", func(t testing.TB, r Response) {
			if r.Currency != "EUR" || len(r.Currencies) != 0 || r.InvoicedCents != 0 || r.QuoteWinRate != nil || len(r.Monthly) != 12 ||
				r.Lists.Overdue == nil || len(r.Lists.RecentPayments) != 0 {
				t.Errorf("%+v", r)
			}
		}},
	}
	for _, c := range cases {
		headers := map[string]string{}
		s := tests.ApiScenario{
			Name: c.name, Method: http.MethodGet, URL: at(c.as, c.query), Headers: headers,
			ExpectedStatus: 200, ExpectedContent: []string{`"currency":`},
			TestAppFactory: factory,
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				headers["Authorization"] = testapp.Token(t, app, c.as)
			},
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
				if cc := res.Header.Get("Cache-Control"); cc != "private, no-cache" {
					t.Errorf("Cache-Control %q", cc)
				}
				c.check(t, decode(t, res))
			},
		}
		s.Test(t)
	}
}

// Invoiced and collected come from the per-day sums the billing hooks keep:
// a write shows on the next request.
func TestDashboardFollowsWrites(t *testing.T) {
	t.Parallel()

	byTotal := func(t testing.TB, app *tests.TestApp, cents int) *core.Record {
		rec, err := app.FindFirstRecordByData("invoices", "total_cents", cents)
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	save := func(t testing.TB, app *tests.TestApp, rec *core.Record) {
		if err := app.Save(rec); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name, query string
		write       func(t testing.TB, app *tests.TestApp)
		check       func(t testing.TB, r Response)
	}{
		{"a new payment on C", "", func(t testing.TB, app *tests.TestApp) {
			payments, _ := app.FindCollectionByNameOrId("payments")
			p := core.NewRecord(payments)
			p.Load(map[string]any{"business": alice, "invoice": byTotal(t, app, 30000).Id, "date": "2026-03-14",
				"amount_cents": 1000, "method": "cash"})
			save(t, app, p)
		}, func(t testing.TB, r Response) {
			if r.CollectedCents != 46000 || r.Monthly[2].CollectedCents != 6000 || r.OutstandingCents != 134000 {
				t.Errorf("collected %d march %+v outstanding %d", r.CollectedCents, r.Monthly[2], r.OutstandingCents)
			}
		}},
		{"U voided", "?currency=USD", func(t testing.TB, app *tests.TestApp) {
			u := byTotal(t, app, 99900)
			u.Set("status", "void")
			u.Set("void_reason", "test")
			save(t, app, u)
		}, func(t testing.TB, r Response) {
			if r.InvoicedCents != 0 || r.OutstandingCents != 0 || r.Monthly[1].InvoicedCents != 0 {
				t.Errorf("invoiced %d outstanding %d february %+v", r.InvoicedCents, r.OutstandingCents, r.Monthly[1])
			}
		}},
		{"C moved to last year", "", func(t testing.TB, app *tests.TestApp) {
			c := byTotal(t, app, 30000)
			c.Set("issue_date", "2025-12-20")
			c.Set("due_date", "2026-01-19")
			save(t, app, c)
		}, func(t testing.TB, r Response) {
			if r.InvoicedCents != 70000 || r.Previous.InvoicedCents != 180000 || r.Monthly[2].InvoicedCents != 0 {
				t.Errorf("invoiced %d previous %d march %+v", r.InvoicedCents, r.Previous.InvoicedCents, r.Monthly[2])
			}
		}},
	}
	for _, c := range cases {
		headers := map[string]string{}
		s := tests.ApiScenario{
			Name: c.name, Method: http.MethodGet, URL: at(alice, c.query), Headers: headers,
			ExpectedStatus: 200, ExpectedContent: []string{`"currency":`},
			TestAppFactory: factory,
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				headers["Authorization"] = testapp.Token(t, app, alice)
				c.write(t, app)
			},
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) { c.check(t, decode(t, res)) },
		}
		s.Test(t)
	}
}

func TestDashboardBadRequests(t *testing.T) {
	t.Parallel()

	cases := []struct{ query, message string }{
		{"?from=2026-01-01", msgBothOrNeither},
		{"?to=2026-01-01", msgBothOrNeither},
		{"?from=2026-13-01&to=2026-12-31", msgBadFrom},
		{"?from=2026-01-01&to=31/12/2026", msgBadTo},
		{"?from=2026-02-01&to=2026-01-31", msgFromAfterTo},
		{"?from=2010-01-01&to=2026-01-01", msgTooLong},
		{"?currency=EURO", msgBadCurrency},
		{"?currency=E1R", msgBadCurrency},
	}
	for _, c := range cases {
		headers := map[string]string{}
		s := tests.ApiScenario{
			Name: c.query, Method: http.MethodGet, URL: at(alice, c.query), Headers: headers,
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"` + c.message + `"`},
			TestAppFactory: factory,
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				headers["Authorization"] = testapp.Token(t, app, alice)
			},
		}
		s.Test(t)
	}
	guest := tests.ApiScenario{Name: "guest", Method: http.MethodGet, URL: Path, TestAppFactory: factory,
		ExpectedStatus: 401, ExpectedContent: []string{`"status":401`}}
	guest.Test(t)
}

// Every member of a business reads its dashboard, whatever their role;
// anyone else gets the answer a business that does not exist gets (404),
// and a member of two businesses sees each one's own figures.
func TestDashboardRoles(t *testing.T) {
	t.Parallel()

	aliceInvoiced := func(t testing.TB, r Response) {
		if r.InvoicedCents != 100000 || r.OutstandingCents != 135000 {
			t.Errorf("invoiced %d outstanding %d", r.InvoicedCents, r.OutstandingCents)
		}
	}
	cases := []struct {
		name, as, url string
		status        int
		check         func(t testing.TB, r Response)
	}{
		{"owner", alice, at(alice, ""), 200, aliceInvoiced},
		{"admin", admin.ID, at(alice, ""), 200, aliceInvoiced},
		{"member", member.ID, at(alice, ""), 200, aliceInvoiced},
		{"accountant", accountant.ID, at(alice, ""), 200, aliceInvoiced},
		{"non-member", bob, at(alice, ""), 404, nil},
		{"a member's own other business", admin.ID, at(admin.ID, ""), 200, func(t testing.TB, r Response) {
			if r.InvoicedCents != 0 || len(r.Currencies) != 0 {
				t.Errorf("Alice's figures under her admin's own business: %+v", r)
			}
		}},
		{"no business", alice, Path, 404, nil},
		{"a business that does not exist", alice, at("nosuchbusiness1", ""), 404, nil},
	}
	for _, c := range cases {
		headers := map[string]string{}
		s := tests.ApiScenario{
			Name: c.name, Method: http.MethodGet, URL: c.url, Headers: headers,
			ExpectedStatus: c.status, ExpectedContent: []string{`"`},
			TestAppFactory: factory,
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
				headers["Authorization"] = testapp.Token(t, app, c.as)
			},
			AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
				if c.check != nil {
					c.check(t, decode(t, res))
				}
			},
		}
		if c.status == 404 {
			s.NotExpectedContent = []string{`"currency"`, `invoiced_cents`}
		}
		s.Test(t)
	}
}
