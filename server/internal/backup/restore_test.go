package backup

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/billing"
	"folio/server/internal/dashboard"
	"folio/server/internal/testapp"
)

func TestMain(m *testing.M) { testapp.Main(m) }

var (
	alice = testapp.Alice.ID
	bob   = testapp.Bob.ID
)

// books writes through the billing hooks, as the API would.
type books struct {
	t   *testing.T
	app core.App
}

func (b books) save(collection string, fields map[string]any) *core.Record {
	b.t.Helper()
	col, err := b.app.FindCollectionByNameOrId(collection)
	if err != nil {
		b.t.Fatal(err)
	}
	rec := core.NewRecord(col)
	for k, v := range fields {
		rec.Set(k, v)
	}
	if err := b.app.Save(rec); err != nil {
		b.t.Fatalf("save %s %v: %v", collection, fields, err)
	}
	return rec
}

func (b books) update(collection, id string, fields map[string]any) {
	b.t.Helper()
	rec, err := b.app.FindRecordById(collection, id)
	if err != nil {
		b.t.Fatal(err)
	}
	for k, v := range fields {
		rec.Set(k, v)
	}
	if err := b.app.Save(rec); err != nil {
		b.t.Fatalf("update %s %s: %v", collection, id, err)
	}
}

func (b books) invoice(business, customer, issue string, cents int) string {
	b.t.Helper()
	rec := b.save("invoices", map[string]any{
		"business": business, "customer": customer, "issue_date": issue, "due_date": issue,
		"items": []map[string]any{{"description": "Work", "quantity": 1, "unit_price_cents": cents, "tax_rate": 10}},
	})
	b.update("invoices", rec.Id, map[string]any{"status": "sent"})
	return rec.Id
}

func (b books) pay(business, invoice, date string, cents int) string {
	b.t.Helper()
	return b.save("payments", map[string]any{
		"business": business, "invoice": invoice, "date": date, "amount_cents": cents, "method": "bank_transfer",
	}).Id
}

// state is what the books say: every invoice and payment as stored, the
// customers, and each business's dashboard as its route answers.
type state struct {
	Customers []string
	Invoices  []string
	Payments  []string
	Quotes    []string
	Dashboard map[string]string
}

func readState(t *testing.T, app core.App) state {
	t.Helper()
	var s state
	rows := func(sql string) []string {
		var out []struct {
			Row string `db:"row"`
		}
		if err := app.DB().NewQuery(sql).All(&out); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		list := make([]string, len(out))
		for i, r := range out {
			list[i] = r.Row
		}
		return list
	}
	s.Customers = rows("SELECT id || ' ' || business || ' ' || name || ' ' || currency AS row FROM customers ORDER BY id")
	s.Invoices = rows("SELECT id || ' ' || business || ' ' || number || ' ' || status || ' ' || total_cents || ' ' || paid_cents || ' ' || balance_cents AS row FROM invoices ORDER BY id")
	s.Payments = rows("SELECT id || ' ' || business || ' ' || number || ' ' || invoice || ' ' || amount_cents AS row FROM payments ORDER BY id")
	s.Quotes = rows("SELECT id || ' ' || business || ' ' || number || ' ' || status AS row FROM quotes ORDER BY id")

	mux := muxOf(t, app)
	s.Dashboard = map[string]string{}
	for _, u := range []string{alice, bob} {
		req := httptest.NewRequest(http.MethodGet, "/api/folio/dashboard?business="+u+"&from=2026-01-01&to=2026-12-31&currency=EUR", nil)
		req.Header.Set("Authorization", testapp.Token(t, app, u))
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		body, _ := io.ReadAll(rec.Body)
		if rec.Code != http.StatusOK {
			t.Fatalf("dashboard of %s: %d %s", u, rec.Code, body)
		}
		s.Dashboard[u] = string(body)
	}
	return s
}

var muxes = map[core.App]http.Handler{}

// muxOf is app's router as `serve` builds it (once per app: the serve
// hooks register their routes once).
func muxOf(t *testing.T, app core.App) http.Handler {
	t.Helper()
	if m, ok := muxes[app]; ok {
		return m
	}
	mux := testapp.Mux(t, app)
	muxes[app] = mux
	return mux
}

// checkInvariants: paid is the sum of the payments and the balance is
// what is left, numbers are unique per business, and each business's
// dashboard collected sum is the sum of its payments in the period.
func checkInvariants(t *testing.T, app core.App, s state) {
	t.Helper()
	var bad []struct {
		ID string `db:"id"`
	}
	err := app.DB().NewQuery(`SELECT i.id AS id FROM invoices i
		WHERE i.paid_cents != (SELECT COALESCE(SUM(p.amount_cents), 0) FROM payments p WHERE p.invoice = i.id)
		   OR (i.status != 'void' AND i.balance_cents != i.total_cents - i.paid_cents)`).All(&bad)
	if err != nil || len(bad) > 0 {
		t.Errorf("invoices whose paid or balance don't match their payments: %v (%v)", bad, err)
	}
	for _, table := range []string{"invoices", "quotes", "payments"} {
		var dup []struct {
			N string `db:"n"`
		}
		if err := app.DB().NewQuery(fmt.Sprintf(
			"SELECT business || ' ' || number AS n FROM %s WHERE number != '' GROUP BY business, number HAVING COUNT(*) > 1", table,
		)).All(&dup); err != nil || len(dup) > 0 {
			t.Errorf("%s numbers used twice: %v (%v)", table, dup, err)
		}
	}
	for _, u := range []string{alice, bob} {
		var paid int64
		if err := app.DB().Select("COALESCE(SUM(amount_cents), 0)").From("payments").
			Where(dbx.NewExp("business = {:o} AND date >= '2026-01-01' AND currency = 'EUR'", dbx.Params{"o": u})).Row(&paid); err != nil {
			t.Fatal(err)
		}
		var d struct {
			Collected int64 `json:"collected_cents"`
		}
		if err := json.Unmarshal([]byte(s.Dashboard[u]), &d); err != nil {
			t.Fatal(err)
		}
		if d.Collected != paid {
			t.Errorf("%s: dashboard collected %d, payments sum %d", u, d.Collected, paid)
		}
	}
}

// openApp starts the server's app on dataDir as `serve` does: migrations
// run, the hooks and routes bound.
func openApp(t *testing.T, dataDir string) *core.BaseApp {
	t.Helper()
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dataDir, EncryptionEnv: "pb_test_env"})
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	if err := app.RunAllMigrations(); err != nil {
		t.Fatal(err)
	}
	billing.BindWithClock(app, testapp.Clock)
	dashboard.Bind(app)
	return app
}

// TestBackupChangeRestore is the round trip the README documents: a
// backup, then changes to payments, invoices and customers, then
// `folio restore <file>` with the server stopped; the books are exactly as
// they were at the backup, and every invariant holds.
func TestBackupChangeRestore(t *testing.T) {
	test := testapp.New(t)
	dataDir := test.DataDir()
	defer os.RemoveAll(dataDir)
	// The test app's own hooks are left behind: the books are written by an
	// app as the server runs it.
	if err := test.ResetBootstrapState(); err != nil {
		t.Fatal(err)
	}
	app := openApp(t, dataDir)
	b := books{t, app}
	if err := testapp.AddUsers(app, testapp.Alice, testapp.Bob); err != nil {
		t.Fatal(err)
	}

	acme := b.save("customers", map[string]any{"business": alice, "name": "Acme", "currency": "EUR"}).Id
	zed := b.save("customers", map[string]any{"business": alice, "name": "Zed", "currency": "EUR"}).Id
	bobs := b.save("customers", map[string]any{"business": bob, "name": "Bob's", "currency": "EUR"}).Id
	i1 := b.invoice(alice, acme, "2026-02-01", 10000)
	i2 := b.invoice(alice, zed, "2026-02-10", 20000)
	i3 := b.invoice(bob, bobs, "2026-03-01", 5000)
	b.pay(alice, i1, "2026-02-20", 4000)
	b.pay(alice, i2, "2026-03-01", 22000) // paid in full (total with tax)
	p3 := b.pay(bob, i3, "2026-03-02", 1000)

	before := readState(t, app)
	checkInvariants(t, app, before)

	if err := app.CreateBackup(context.Background(), "before.zip"); err != nil {
		t.Fatal(err)
	}

	// Change everything a day brings: payments, invoices, customers.
	b.pay(alice, i1, "2026-03-10", 7000)
	b.update("payments", p3, map[string]any{"amount_cents": 2500})
	i4 := b.invoice(alice, acme, "2026-03-12", 30000)
	b.pay(alice, i4, "2026-03-13", 100)
	b.update("customers", zed, map[string]any{"name": "Zed Renamed"})
	b.save("customers", map[string]any{"business": bob, "name": "Newco", "currency": "EUR"})
	draft := b.save("invoices", map[string]any{
		"business": bob, "customer": bobs, "issue_date": "2026-03-14", "due_date": "2026-03-14",
		"items": []map[string]any{{"description": "Draft", "quantity": 1, "unit_price_cents": 100}},
	})
	if err := app.Delete(draft); err != nil {
		t.Fatal(err)
	}

	after := readState(t, app)
	checkInvariants(t, app, after)
	if reflect.DeepEqual(before, after) {
		t.Fatal("the changes changed nothing")
	}

	// Stop the server, then run `folio restore before.zip --dir <dataDir>`
	// as an operator would (the command's start bootstraps the app first).
	if err := app.ResetBootstrapState(); err != nil {
		t.Fatal(err)
	}
	cli := core.NewBaseApp(core.BaseAppConfig{DataDir: dataDir, EncryptionEnv: "pb_test_env"})
	if err := cli.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	cmd := NewRestoreCommand(cli)
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetArgs([]string{"before.zip"})
	if err := cmd.Execute(); err != nil {
		t.Fatalf("folio restore: %v\n%s", err, out.String())
	}
	m := regexp.MustCompile(`The data as it was is in (\S+pre_restore_\d{14}\.zip) `).FindStringSubmatch(out.String())
	if !strings.Contains(out.String(), "Restored ") || m == nil {
		t.Fatalf("folio restore said:\n%s", out.String())
	}
	res := Restored{Previous: m[1]}

	app = openApp(t, dataDir)
	restored := readState(t, app)
	checkInvariants(t, app, restored)
	if !reflect.DeepEqual(before, restored) {
		t.Errorf("restored books differ from the backup:\n before %+v\nrestored %+v", before, restored)
	}
	// Numbering goes on from the restored books.
	i5 := books{t, app}.invoice(alice, acme, "2026-03-15", 500)
	if rec, _ := app.FindRecordById("invoices", i5); rec == nil || rec.GetString("number") == "" {
		t.Error("a new invoice after the restore has no number")
	}
	checkInvariants(t, app, readState(t, app))

	// The restore can be undone with the copy it made.
	if err := app.ResetBootstrapState(); err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(dataDir, filepath.Base(res.Previous), testapp.FixedNow.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	// The data dir stays private.
	_ = filepath.WalkDir(dataDir, func(p string, d os.DirEntry, err error) error {
		if err == nil {
			if info, _ := d.Info(); info != nil && info.Mode().Perm()&0o077 != 0 {
				t.Errorf("%s is %v after a restore", p, info.Mode().Perm())
			}
		}
		return nil
	})

	app = openApp(t, dataDir)
	if undone := readState(t, app); !reflect.DeepEqual(after, undone) {
		t.Errorf("undoing the restore did not bring back the changed books:\n after %+v\nundone %+v", after, undone)
	}
	_ = app.ResetBootstrapState()

}

// TestRestoreRefusesWhatIsNotABackup: nothing changes when the file is
// missing, not a zip, or a zip without a sound database.
func TestRestoreRefusesWhatIsNotABackup(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()
	dataDir := app.DataDir()
	if err := app.ResetBootstrapState(); err != nil {
		t.Fatal(err)
	}
	db, _ := os.ReadFile(filepath.Join(dataDir, "data.db"))

	notZip := filepath.Join(t.TempDir(), "notes.zip")
	os.WriteFile(notZip, []byte("hello"), 0o600)
	emptyZip := filepath.Join(t.TempDir(), "empty.zip")
	os.WriteFile(emptyZip, []byte("PK\x05\x06"+strings.Repeat("\x00", 18)), 0o600)

	for _, file := range []string{"", "missing.zip", notZip, emptyZip} {
		if _, err := Restore(dataDir, file, testapp.FixedNow); err == nil {
			t.Errorf("restore of %q succeeded", file)
		}
	}
	if now, _ := os.ReadFile(filepath.Join(dataDir, "data.db")); string(now) != string(db) {
		t.Error("a refused restore changed data.db")
	}
	if _, err := os.Stat(filepath.Join(dataDir, core.LocalBackupsDirName)); err == nil {
		entries, _ := os.ReadDir(filepath.Join(dataDir, core.LocalBackupsDirName))
		if len(entries) > 0 {
			t.Errorf("a refused restore left %d files in backups", len(entries))
		}
	}
}
