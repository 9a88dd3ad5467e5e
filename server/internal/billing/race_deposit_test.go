package billing

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// call is one request of atOnce; contentType "" is JSON.
type call struct{ method, url, body, contentType string }

// atOnce sends the requests all at the same moment as alice and returns
// each answer, in the order given.
func atOnce(t *testing.T, app *tests.TestApp, reqs []call) []answer {
	t.Helper()
	srv := testServer(t, app)
	auth := testapp.Token(t, app, alice)
	out := make([]answer, len(reqs))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, r := range reqs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			headers := map[string]string{"Authorization": auth}
			if r.contentType != "" {
				headers["Content-Type"] = r.contentType
			}
			rec := do(srv, r.method, r.url, strings.NewReader(r.body), headers)
			out[i] = answer{code: rec.Code, body: rec.Body.String()}
		}()
	}
	close(start)
	wg.Wait()
	return out
}

// answer is one response of atOnce.
type answer struct {
	code int
	body string
}

// A deposit asked twice at the same moment (a double click, two devices)
// makes two drafts (several deposits of one piece of work are allowed),
// each with its own number, the next two with none skipped or repeated,
// never a 500.
func TestDepositRequestedTwiceAtOnce(t *testing.T) {
	t.Parallel()
	for round := range 3 {
		t.Run(fmt.Sprint(round), func(t *testing.T) {
			app := factory(t)
			defer app.Cleanup()
			before, err := app.CountRecords(migrations.InvoicesCollection)
			if err != nil {
				t.Fatal(err)
			}
			req := call{http.MethodPost, depositURL("quotes", quoAccepted), `{"percent": 30}`, ""}
			answers := atOnce(t, app, []call{req, req})
			var numbers []string
			for _, a := range answers {
				if a.code != http.StatusOK {
					t.Fatalf("answer %d: %s", a.code, a.body)
				}
				var inv struct{ Number, Kind, Status string }
				if err := json.Unmarshal([]byte(a.body), &inv); err != nil {
					t.Fatal(err)
				}
				if inv.Kind != kindDeposit || inv.Status != statusDraft {
					t.Errorf("answer %s", a.body)
				}
				numbers = append(numbers, inv.Number)
			}
			slices.Sort(numbers)
			if want := []string{"INV-00007", "INV-00008"}; !slices.Equal(numbers, want) {
				t.Errorf("numbers %v, want %v", numbers, want)
			}
			deposits, err := app.FindAllRecords(migrations.InvoicesCollection,
				dbx.HashExp{migrations.FieldWorkQuote: quoAccepted, migrations.FieldInvoiceKind: kindDeposit})
			if err != nil || len(deposits) != 2 {
				t.Errorf("%d deposits stored (%v), want 2", len(deposits), err)
			}
			if after, _ := app.CountRecords(migrations.InvoicesCollection); after != before+2 {
				t.Errorf("%d invoices, want %d", after, before+2)
			}
		})
	}
}

// finalWithUnpaidDeposit is the accepted quote (120.00, VAT 20.00) with a
// sent 50 % deposit (60.00), not paid yet, converted: the final invoice
// is a draft that deducts nothing so far. It answers the deposit's and
// the final's ids.
func finalWithUnpaidDeposit(t testing.TB, app *tests.TestApp) (deposit, final string) {
	t.Helper()
	withEmail(custAcme)(t, app)
	dep, err := makeDeposit(app, get(t, app, "quotes", quoAccepted), depositRequest{Percent: 50}, testapp.FixedNow, nil)
	if err != nil {
		t.Fatal(err)
	}
	setAndSave(t, app, dep, map[string]any{"status": "sent"})
	_, fin, err := ConvertQuote(app, quoAccepted, testapp.FixedNow)
	if err != nil {
		t.Fatal(err)
	}
	expect(t, fin, map[string]any{"status": "draft", "deducted_cents": 0, "total_cents": 12000})
	return dep.Id, fin.Id
}

// checkIssuedFinal: the issued final deducts what the deposit had brought
// in when it left the draft (all of it or nothing, here) — its stored
// figures, its deduction block and the mail's amount due all say the
// same, never a mix of before and after.
func checkIssuedFinal(t testing.TB, app *tests.TestApp, final string) {
	t.Helper()
	fin := get(t, app, "invoices", final)
	deducted := fin.GetInt(migrations.FieldDeductedCents)
	if deducted != 0 && deducted != 6000 {
		t.Fatalf("the final deducts %d, want 0 or 6000", deducted)
	}
	if fin.GetString("status") != statusSent || fin.GetInt("balance_cents") != 12000-deducted {
		t.Errorf("final %s, balance %d, deducts %d", fin.GetString("status"), fin.GetInt("balance_cents"), deducted)
	}
	var d finalDeduction
	_ = json.Unmarshal(RawJSON(fin, migrations.FieldDeposits), &d)
	if int(d.DeductedCents) != deducted {
		t.Errorf("deduction block %d, stored deduction %d", d.DeductedCents, deducted)
	}
	due := wordsFor("en").money(int64(12000-deducted), "EUR")
	if n := app.TestMailer.TotalSend(); n != 1 {
		t.Fatalf("%d mails, want 1", n)
	}
	m := app.TestMailer.LastMessage()
	if !strings.Contains(m.Text, "Total due: "+due+"\n") {
		t.Errorf("the mail does not say the stored amount due %s:\n%s", due, m.Text)
	}
	if said := strings.Contains(m.Text, "Deposits paid: -€60.00\n"); said != (deducted == 6000) {
		t.Errorf("the mail's deduction row (%v) is not the stored one (%d):\n%s", said, deducted, m.Text)
	}
}

// The deposit is paid after the send loaded the final and before it marks
// it sent: the final issued deducts that payment, and says so in its mail.
func TestFinalIssuedJustAfterItsDepositIsPaid(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()
	deposit, final := finalWithUnpaidDeposit(t, app)
	onLinkCreated(app, func() {
		if _, err := create(app, "payments", "", map[string]any{"business": alice, "invoice": deposit,
			"amount_cents": 6000, "date": "2026-03-14", "method": "bank_transfer"}); err != nil {
			t.Errorf("concurrent payment: %v", err)
		}
	})
	rec := do(testServer(t, app), http.MethodPost, sendURL("invoices", final), strings.NewReader("{}"),
		map[string]string{"Authorization": testapp.Token(t, app, alice)})
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"deducted_cents":6000`) {
		t.Fatalf("answer %d: %s", rec.Code, rec.Body.String())
	}
	checkIssuedFinal(t, app, final)
	expect(t, get(t, app, "invoices", final), map[string]any{"deducted_cents": 6000, "balance_cents": 6000})
}

// withPDF is a send's form with the PDF made on the device.
func withPDF(t testing.TB) (body, contentType string) {
	t.Helper()
	r, ct := multipartSend(t, nil, pdfA, "x.pdf")
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), ct
}

// Sent with the PDF the device made from the draft it read (deducting
// nothing), the final is refused with a clear code when the deposit was
// paid in between: nothing is sent or kept, the draft now deducts the
// payment, and sent again (with a new PDF) it goes out deducting it.
func TestFinalWithAnOutdatedPDFIsRefused(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()
	deposit, final := finalWithUnpaidDeposit(t, app)
	paid := false
	onLinkCreated(app, func() {
		if paid {
			return
		}
		paid = true
		if _, err := create(app, "payments", "", map[string]any{"business": alice, "invoice": deposit,
			"amount_cents": 6000, "date": "2026-03-14", "method": "bank_transfer"}); err != nil {
			t.Errorf("concurrent payment: %v", err)
		}
	})
	srv, auth := testServer(t, app), testapp.Token(t, app, alice)
	send := func() *httptest.ResponseRecorder {
		body, ct := withPDF(t)
		return do(srv, http.MethodPost, sendURL("invoices", final), strings.NewReader(body),
			map[string]string{"Authorization": auth, "Content-Type": ct})
	}
	if rec := send(); rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), `"code":"folio_deposits_moved"`) {
		t.Fatalf("answer %d: %s", rec.Code, rec.Body.String())
	}
	noMail(t, app)
	if n := liveLinks(t, app, final); n != 0 {
		t.Errorf("%d live links after a refused send", n)
	}
	expect(t, get(t, app, "invoices", final), map[string]any{"status": "draft", "deducted_cents": 6000, "balance_cents": 6000,
		migrations.FieldIssuedPDF: ""})

	if rec := send(); rec.Code != http.StatusOK {
		t.Fatalf("sent again: %d %s", rec.Code, rec.Body.String())
	}
	checkIssuedFinal(t, app, final)
}

// The final is sent while its deposit is paid, both at the same moment,
// a few times over, without and with the device's PDF. Without it, both
// succeed; with it, the send goes out before the payment or is refused
// (folio_deposits_moved). Either way the final deducts all of the deposit
// or none of it, consistently in every figure and its mail.
func TestFinalIssuedWhileItsDepositIsPaid(t *testing.T) {
	t.Parallel()
	for round := range 6 {
		t.Run(fmt.Sprint(round), func(t *testing.T) {
			app := factory(t)
			defer app.Cleanup()
			deposit, final := finalWithUnpaidDeposit(t, app)
			pay := fmt.Sprintf(`{"business":%q,"invoice":%q,"amount_cents":6000,"date":"2026-03-14","method":"bank_transfer"}`,
				alice, deposit)
			send := call{http.MethodPost, sendURL("invoices", final), "{}", ""}
			upload := round%2 == 1
			if upload {
				send.body, send.contentType = withPDF(t)
			}
			answers := atOnce(t, app, []call{{http.MethodPost, "/api/collections/payments/records", pay, ""}, send})
			if answers[0].code != http.StatusOK {
				t.Fatalf("payment: %d %s", answers[0].code, answers[0].body)
			}
			expect(t, get(t, app, "invoices", deposit), map[string]any{"status": "paid", "paid_cents": 6000})
			t.Logf("upload %v: send %d, final deducts %d", upload, answers[1].code,
				get(t, app, "invoices", final).GetInt(migrations.FieldDeductedCents))
			switch s := answers[1]; {
			case s.code == http.StatusOK:
				checkIssuedFinal(t, app, final)
				if upload && get(t, app, "invoices", final).GetInt(migrations.FieldDeductedCents) != 0 {
					t.Error("a final sent with a PDF of its draft deducts what the PDF does not show")
				}
			case upload && s.code == http.StatusConflict && strings.Contains(s.body, `"code":"folio_deposits_moved"`):
				noMail(t, app)
				expect(t, get(t, app, "invoices", final), map[string]any{"status": "draft", "deducted_cents": 6000})
			default:
				t.Fatalf("send: %d %s", s.code, s.body)
			}
		})
	}
}
