package replica_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/app"
	"folio/server/internal/replica"
	"folio/server/internal/testapp"
)

var alice = testapp.Alice.ID

var ui = fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}}

// serverApp is a test app on a clone of the migrated template, opened as
// the server opens its databases (replica.DBConnect: transactions begin
// IMMEDIATE). The test app's default would let Litestream's checkpoint
// writes fail a deferred transaction with SQLITE_BUSY_SNAPSHOT.
func serverApp(t testing.TB) *tests.TestApp {
	t.Helper()
	tmpl := testapp.New(t)
	dir := tmpl.DataDir()
	if err := tmpl.ResetBootstrapState(); err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	a, err := tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: dir, DBConnect: replica.DBConnect, EncryptionEnv: "pb_test_env"})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// bound is a test app on dir with everything `serve` binds (no replica).
func bound(t testing.TB, app0 *tests.TestApp) *tests.TestApp {
	t.Helper()
	err := app.BindWith(app0, app.Options{Getenv: getenv(map[string]string{"FOLIO_DEMO": "off", "FOLIO_RATE_LIMITS": "off"}),
		Out: io.Discard, UI: ui, Command: "folio"})
	if err != nil {
		t.Fatal(err)
	}
	return app0
}

func save(t testing.TB, a core.App, collection string, fields map[string]any) *core.Record {
	t.Helper()
	col, err := a.FindCollectionByNameOrId(collection)
	if err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(col)
	for k, v := range fields {
		rec.Set(k, v)
	}
	if err := a.Save(rec); err != nil {
		t.Fatalf("save %s: %v", collection, err)
	}
	return rec
}

// books makes Alice, a customer and a sent invoice of 1,000,000.00 EUR (100 × 10,000.00) to
// pay in small parts; it returns the invoice's id.
func books(t testing.TB, a core.App) string {
	t.Helper()
	testapp.CreateUser(t, a, testapp.Alice)
	today := time.Now().UTC().Format(time.DateOnly)
	cust := save(t, a, "customers", map[string]any{"business": alice, "name": "Acme", "currency": "EUR"})
	inv := save(t, a, "invoices", map[string]any{"business": alice, "customer": cust.Id, "issue_date": today, "due_date": today,
		"items": []map[string]any{{"description": "Work", "quantity": 100, "unit_price_cents": 1_000_000, "tax_rate": 0}}})
	inv.Set("status", "sent")
	if err := a.Save(inv); err != nil {
		t.Fatal(err)
	}
	return inv.Id
}

// pay posts a payment through the API as Alice; it returns its id.
func pay(client *http.Client, base, token, invoice string, cents int) (string, error) {
	body, _ := json.Marshal(map[string]any{"business": alice, "invoice": invoice, "amount_cents": cents,
		"date": time.Now().UTC().Format(time.DateOnly), "method": "bank_transfer"})
	req, _ := http.NewRequest(http.MethodPost, base+"/api/collections/payments/records", bytes.NewReader(body))
	req.Header.Set("Authorization", token)
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var out struct {
		ID string `json:"id"`
	}
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK || json.Unmarshal(b, &out) != nil || out.ID == "" {
		return "", fmt.Errorf("payment: %d %s", res.StatusCode, b)
	}
	return out.ID, nil
}

type answered struct {
	id string
	at time.Time
}

// TestKillNineLosesOnlyTheLastMoment: a Folio server (a child process)
// streams to a real S3 server while payments are posted to it without
// pause; it is killed with SIGKILL mid-write. Restored from the replica
// alone into a fresh dir, the books hold every payment answered more than
// the sync interval before the kill, and every invariant holds.
func TestKillNineLosesOnlyTheLastMoment(t *testing.T) {
	s3 := startS3(t)
	const interval = time.Second // the default

	setup := bound(t, testapp.New(t))
	invoice := books(t, setup)
	token := testapp.Token(t, setup, alice)
	dir := setup.DataDir()
	if err := setup.ResetBootstrapState(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })

	addr := freeAddr(t)
	var log bytes.Buffer
	child := exec.Command(os.Args[0])
	child.Env = append(os.Environ(), envChild+"=1", envChildDir+"="+dir, envChildAddr+"="+addr,
		"FOLIO_DEMO=off", "FOLIO_RATE_LIMITS=off")
	for k, v := range s3.env("books/db") {
		child.Env = append(child.Env, k+"="+v)
	}
	child.Stdout, child.Stderr = &log, &log
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = child.Process.Kill() }()
	waitTCP(t, addr, log.String)
	base := "http://" + addr

	// Two writers post payments until the server dies.
	var (
		mu      sync.Mutex
		done    []answered
		lastErr error
		errs    int
		wg      sync.WaitGroup
	)
	client := &http.Client{Timeout: 5 * time.Second}
	stop := make(chan struct{})
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				id, err := pay(client, base, token, invoice, 100)
				if err != nil {
					mu.Lock()
					lastErr, errs = err, errs+1
					mu.Unlock()
					time.Sleep(10 * time.Millisecond)
					continue // a refused or cut request (the kill): not answered
				}
				mu.Lock()
				done = append(done, answered{id, time.Now()})
				mu.Unlock()
			}
		}()
	}
	time.Sleep(4 * time.Second)
	killedAt := time.Now()
	if err := child.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	_ = child.Wait()
	close(stop)
	wg.Wait()

	mu.Lock()
	var must []string
	for _, a := range done {
		if a.at.Before(killedAt.Add(-interval)) {
			must = append(must, a.id)
		}
	}
	total := len(done)
	mu.Unlock()
	if len(must) < 20 || total == len(must) {
		t.Fatalf("%d payments before the kill, %d answered: the writers stopped before it (%d errors, the last %v)\n%s", len(must), total, errs, lastErr, log.String())
	}

	// Another machine: only the replica.
	fresh := filepath.Join(t.TempDir(), "pb_data")
	cfg, err := replica.LoadConfig(getenv(s3.env("books/db")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := replica.Restore(context.Background(), *cfg, replica.RestoreOptions{DataDir: fresh, Now: time.Now()}); err != nil {
		t.Fatal(err)
	}
	restored, err := tests.NewTestApp(fresh)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Cleanup()
	// As `serve` does on start (the logs database is not replicated).
	if err := restored.RunAllMigrations(); err != nil {
		t.Fatal(err)
	}
	bound(t, restored)

	var have []string
	if err := restored.DB().Select("id").From("payments").Column(&have); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, id := range have {
		got[id] = true
	}
	var lost []string
	for _, id := range must {
		if !got[id] {
			lost = append(lost, id)
		}
	}
	if len(lost) > 0 {
		t.Errorf("%d of the %d payments answered more than %s before the kill are not in the replica: %v", len(lost), len(must), interval, lost)
	}
	t.Logf("%d payments answered, %d of them more than %s before the kill; %d restored; %d requests not answered (the last: %v)",
		total, len(must), interval, len(have), errs, lastErr)
	checkInvariants(t, restored, invoice)
}

// checkInvariants: the invoice's paid is the sum of its payments, payment
// numbers are unique, and the dashboard's collected is the sum of the
// payments, as its route answers on the restored books.
func checkInvariants(t *testing.T, a *tests.TestApp, invoice string) {
	t.Helper()
	var sum, n, distinct int64
	if err := a.DB().NewQuery("SELECT COALESCE(SUM(amount_cents),0) AS s FROM payments WHERE invoice = {:i}").
		Bind(map[string]any{"i": invoice}).Row(&sum); err != nil {
		t.Fatal(err)
	}
	inv, err := a.FindRecordById("invoices", invoice)
	if err != nil {
		t.Fatal(err)
	}
	if paid := inv.GetInt("paid_cents"); int64(paid) != sum || inv.GetInt("balance_cents") != inv.GetInt("total_cents")-paid {
		t.Errorf("invoice paid %d balance %d total %d, payments sum %d", paid, inv.GetInt("balance_cents"), inv.GetInt("total_cents"), sum)
	}
	if err := a.DB().NewQuery("SELECT COUNT(*), COUNT(DISTINCT number) FROM payments WHERE business = {:b}").
		Bind(map[string]any{"b": alice}).Row(&n, &distinct); err != nil {
		t.Fatal(err)
	}
	if n != distinct || n == 0 {
		t.Errorf("%d payments, %d distinct numbers", n, distinct)
	}
	today := time.Now().UTC().Format(time.DateOnly)
	req := httptest.NewRequest(http.MethodGet, "/api/folio/dashboard?from="+today+"&to="+today+"&currency=EUR&business="+alice, nil)
	req.Header.Set("Authorization", testapp.Token(t, a, alice))
	rec := httptest.NewRecorder()
	testapp.Mux(t, a).ServeHTTP(rec, req)
	var d struct {
		Collected int64 `json:"collected_cents"`
	}
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &d) != nil {
		t.Fatalf("dashboard: %d %s", rec.Code, rec.Body.String())
	}
	if d.Collected != sum {
		t.Errorf("dashboard collected %d, payments sum %d", d.Collected, sum)
	}
}
