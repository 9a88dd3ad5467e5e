package replica_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"folio/server/internal/replica"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// started binds the replica on a bound test app and runs `serve`'s hooks
// (testapp.Mux), as the server starts; it waits until the replication runs.
func started(t *testing.T, a *tests.TestApp, env map[string]string, opts replica.Options) (*replica.Binding, http.Handler) {
	t.Helper()
	cfg, err := replica.LoadConfig(getenv(env))
	if err != nil {
		t.Fatal(err)
	}
	opts.Config = cfg
	b := replica.Bind(a, opts)
	mux := testapp.Mux(t, a)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if r := b.Replicator(); r != nil && r.Status().Running {
			return b, mux
		}
		if time.Now().After(deadline) {
			t.Fatal("the replication did not start")
		}
	}
}

// stop runs the server's terminate hooks (the replication ships what is
// left and stops).
func stop(t *testing.T, a core.App) {
	t.Helper()
	if err := a.OnTerminate().Trigger(&core.TerminateEvent{App: a}, func(*core.TerminateEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
}

func payments(t *testing.T, dir string) []string {
	t.Helper()
	a, err := tests.NewTestApp(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Cleanup()
	var ids []string
	if err := a.DB().Select("id").From("payments").OrderBy("id").Column(&ids); err != nil {
		t.Fatal(err)
	}
	return ids
}

func payment(t testing.TB, a core.App, invoice string) string {
	t.Helper()
	return save(t, a, "payments", map[string]any{"business": alice, "invoice": invoice, "amount_cents": 100,
		"date": time.Now().UTC().Format(time.DateOnly), "method": "bank_transfer"}).Id
}

// TestRestoreToAMoment: a restore as of a moment between two payments
// has the first and not the second; the latest has both; a moment before
// the replica began is refused, and so is a data dir that has data.
func TestRestoreToAMoment(t *testing.T) {
	s3 := startS3(t)
	env := s3.env("pitr/db")
	a := bound(t, serverApp(t))
	defer a.Cleanup()
	invoice := books(t, a)
	before := time.Now().Add(-time.Hour)
	b, _ := started(t, a, env, replica.Options{})
	ctx := context.Background()

	first := payment(t, a, invoice)
	if err := b.Replicator().Sync(ctx); err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)
	moment := time.Now()
	time.Sleep(20 * time.Millisecond)
	second := payment(t, a, invoice)
	if err := b.Replicator().Sync(ctx); err != nil {
		t.Fatal(err)
	}
	stop(t, a)

	cfg, _ := replica.LoadConfig(getenv(env))
	restore := func(at time.Time) (string, error) {
		dir := filepath.Join(t.TempDir(), "pb_data")
		_, err := replica.Restore(ctx, *cfg, replica.RestoreOptions{DataDir: dir, At: at, Now: time.Now()})
		return dir, err
	}
	dir, err := restore(moment)
	if err != nil {
		t.Fatal(err)
	}
	if got := payments(t, dir); len(got) != 1 || got[0] != first {
		t.Errorf("as of the moment between them: %v, want only the first %s (not %s)", got, first, second)
	}
	dir, err = restore(time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if got := payments(t, dir); len(got) != 2 {
		t.Errorf("the latest: %v, want %s and %s", got, first, second)
	}
	if _, err := restore(before); err == nil || !strings.Contains(err.Error(), "holds nothing as early as") {
		t.Errorf("a moment before the replica: %v", err)
	}
	// Into a data dir that has data: refused unless forced, which keeps
	// the data as it was.
	_, err = replica.Restore(ctx, *cfg, replica.RestoreOptions{DataDir: dir, At: moment, Now: time.Now()})
	if !errors.Is(err, replica.ErrNotEmpty) {
		t.Fatalf("into a dir with data: %v, want ErrNotEmpty", err)
	}
	if got := payments(t, dir); len(got) != 2 {
		t.Errorf("the refused restore changed the data: %v", got)
	}
	res, err := replica.Restore(ctx, *cfg, replica.RestoreOptions{DataDir: dir, At: moment, Force: true, Now: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if got := payments(t, dir); len(got) != 1 {
		t.Errorf("forced to the moment: %v", got)
	}
	if _, err := os.Stat(res.Previous); err != nil {
		t.Errorf("the data as it was is not kept: %v", err)
	}
}

// TestUnreachableReplica: a replica nobody answers at is reported in the
// banner and to the operator's status, mailed to the operator once, and
// the app goes on writing.
func TestUnreachableReplica(t *testing.T) {
	a := bound(t, serverApp(t))
	defer a.Cleanup()
	invoice := books(t, a)
	env := map[string]string{"FOLIO_REPLICA_URL": "s3://folio/db", "FOLIO_REPLICA_S3_ENDPOINT": "http://" + freeAddr(t),
		"FOLIO_REPLICA_S3_ACCESS_KEY": "k", "FOLIO_REPLICA_S3_SECRET": "s", "FOLIO_REPLICA_FILES": "off"}
	b, mux := started(t, a, env, replica.Options{OperatorEmail: testapp.Alice.Email, MailAfter: time.Second})
	defer stop(t, a)

	deadline := time.Now().Add(30 * time.Second)
	for a.TestMailer.TotalSend() == 0 && time.Now().Before(deadline) {
		payment(t, a, invoice) // the app keeps writing
		time.Sleep(100 * time.Millisecond)
	}
	if a.TestMailer.TotalSend() != 1 {
		t.Fatalf("%d mails to the operator, want 1", a.TestMailer.TotalSend())
	}
	msg := a.TestMailer.LastMessage()
	if msg.To[0].Address != testapp.Alice.Email || msg.Subject != "Folio: the replica cannot be reached" || !strings.Contains(msg.Text, "s3://folio/db") {
		t.Errorf("mail: to %v, %q\n%s", msg.To, msg.Subject, msg.Text)
	}
	for i := 0; i < 25; i++ { // still failing, still writing: no second mail
		payment(t, a, invoice)
		time.Sleep(100 * time.Millisecond)
	}
	if n := a.TestMailer.TotalSend(); n != 1 {
		t.Errorf("%d mails for one outage, want 1", n)
	}
	if line := b.BannerLine(); !strings.Contains(line, "NOT REACHED") {
		t.Errorf("banner line: %q", line)
	}

	status := func(user string) map[string]any {
		req := httptest.NewRequest(http.MethodGet, replica.StatusPath, nil)
		req.Header.Set("Authorization", testapp.Token(t, a, user))
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		var out map[string]any
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &out) != nil {
			t.Fatalf("status: %d %s", rec.Code, rec.Body.String())
		}
		return out
	}
	got := status(alice)
	st, _ := got["status"].(map[string]any)
	if got["operator"] != true || st == nil || st["error"] == "" || st["where"] != "s3://folio/db at "+env["FOLIO_REPLICA_S3_ENDPOINT"] {
		t.Errorf("operator's status: %v", got)
	}
	testapp.CreateUser(t, a, testapp.Bob)
	if got := status(testapp.Bob.ID); got["operator"] != false || got["status"] != nil {
		t.Errorf("another account learns: %v", got)
	}
}

// TestFilesGoToTheBucket: with an S3 replica, an uploaded logo is stored
// in the replica's bucket, not on this machine's disk.
func TestFilesGoToTheBucket(t *testing.T) {
	s3 := startS3(t)
	a := bound(t, serverApp(t))
	defer a.Cleanup()
	testapp.CreateUser(t, a, testapp.Alice)
	started(t, a, s3.env("files/db"), replica.Options{})
	defer stop(t, a)

	if s := a.Settings().S3; !s.Enabled || s.Bucket != bucket || s.Endpoint != s3.Endpoint || !s.ForcePathStyle {
		t.Fatalf("file storage settings: %+v", s)
	}
	var img bytes.Buffer
	if err := png.Encode(&img, image.NewRGBA(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	f, err := filesystem.NewFileFromBytes(img.Bytes(), "logo.png")
	if err != nil {
		t.Fatal(err)
	}
	business := testapp.Business(t, a, testapp.Alice)
	business.Set(migrations.FieldLogo, f)
	if err := a.Save(business); err != nil {
		t.Fatal(err)
	}
	name := business.GetString(migrations.FieldLogo)
	key := business.BaseFilesPath() + "/" + name
	stored, err := os.ReadFile(filepath.Join(s3.Root, bucket, filepath.FromSlash(key)))
	if err != nil || !bytes.Equal(stored, img.Bytes()) {
		t.Errorf("the logo is not in the bucket at %s: %v", key, err)
	}
	if _, err := os.Stat(filepath.Join(a.DataDir(), "storage", filepath.FromSlash(key))); err == nil {
		t.Errorf("the logo is on the local disk too")
	}
}

// TestMoveToAnotherMachine: a data dir restored from the replica, served
// with the same replica, streams on to it: a payment made on the new
// machine is in the next restore, with those of the old one.
func TestMoveToAnotherMachine(t *testing.T) {
	s3 := startS3(t)
	env := s3.env("move/db")
	ctx := context.Background()
	old := bound(t, serverApp(t))
	defer old.Cleanup()
	invoice := books(t, old)
	b, _ := started(t, old, env, replica.Options{})
	first := payment(t, old, invoice)
	if err := b.Replicator().Sync(ctx); err != nil {
		t.Fatal(err)
	}
	stop(t, old)

	cfg, _ := replica.LoadConfig(getenv(env))
	dir := filepath.Join(t.TempDir(), "pb_data")
	if _, err := replica.Restore(ctx, *cfg, replica.RestoreOptions{DataDir: dir, Now: time.Now()}); err != nil {
		t.Fatal(err)
	}
	moved, err := tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: dir, DBConnect: replica.DBConnect, EncryptionEnv: "pb_test_env"})
	if err != nil {
		t.Fatal(err)
	}
	defer moved.Cleanup()
	if err := moved.RunAllMigrations(); err != nil {
		t.Fatal(err)
	}
	bound(t, moved)
	b, _ = started(t, moved, env, replica.Options{})
	second := payment(t, moved, invoice)
	if err := b.Replicator().Sync(ctx); err != nil {
		t.Fatal(err)
	}
	stop(t, moved)

	again := filepath.Join(t.TempDir(), "pb_data")
	if _, err := replica.Restore(ctx, *cfg, replica.RestoreOptions{DataDir: again, Now: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if got := payments(t, again); len(got) != 2 {
		t.Errorf("after the move: %v, want %s (old machine) and %s (new one)", got, first, second)
	}
}
