package replica_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"folio/server/internal/backup"
	"folio/server/internal/replica"
)

// TestRestoreCommand: `folio restore --from-replica` as an operator types
// it, against a directory replica: the refusals (a dir with data, a
// malformed moment, --at without --from-replica, a backup file and the
// replica at once) change nothing and fail the command; a fresh dir is
// restored and the output says from where.
func TestRestoreCommand(t *testing.T) {
	a := bound(t, serverApp(t))
	defer a.Cleanup()
	invoice := books(t, a)
	payment(t, a, invoice)
	replicaDir := t.TempDir()
	cfg, err := replica.LoadConfig(getenv(map[string]string{"FOLIO_REPLICA_URL": "file://" + replicaDir}))
	if err != nil {
		t.Fatal(err)
	}
	rep := replica.New(filepath.Join(a.DataDir(), "data.db"), *cfg, nil, nil)
	rep.Start()
	for deadline := time.Now().Add(10 * time.Second); !rep.Status().Running; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the replication did not start")
		}
	}
	if err := rep.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := rep.Close(); err != nil {
		t.Fatal(err)
	}

	full := t.TempDir()
	if err := os.WriteFile(filepath.Join(full, "data.db"), []byte("the books"), 0o600); err != nil {
		t.Fatal(err)
	}
	fresh := filepath.Join(t.TempDir(), "pb_data")
	env := map[string]string{"FOLIO_REPLICA_URL": "file://" + replicaDir}
	run := func(dir string, args ...string) (string, error) {
		cmd := backup.NewRestoreCommand(a)
		replica.AddRestoreFlags(cmd, func() string { return dir }, getenv(env))
		var out bytes.Buffer
		cmd.SetOut(&out)
		cmd.SetErr(&out)
		cmd.SetArgs(args)
		cmd.SilenceUsage = true
		err := cmd.Execute()
		return out.String(), err
	}
	refusals := []struct {
		name, dir string
		args      []string
		says      string
	}{
		{"a dir with data", full, []string{"--from-replica"}, "not empty"},
		{"a malformed moment", fresh, []string{"--from-replica", "--at", "yesterday"}, "--at must be a moment"},
		{"--at without --from-replica", fresh, []string{"--at", "2026-11-27T14:03:00Z", "x.zip"}, "go with --from-replica"},
		{"a backup and the replica", fresh, []string{"--from-replica", "x.zip"}, "not both"},
		{"no replica anywhere", fresh, []string{"--from-replica=s3://"}, "FOLIO_REPLICA_URL"},
	}
	for _, r := range refusals {
		out, err := run(r.dir, r.args...)
		if err == nil || !strings.Contains(err.Error()+out, r.says) {
			t.Errorf("%s: %v %q, want a failure saying %q", r.name, err, out, r.says)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(full, "data.db")); string(b) != "the books" {
		t.Errorf("the refused restore changed the dir with data")
	}
	if _, err := os.Stat(fresh); err == nil {
		t.Errorf("a refused restore created %s", fresh)
	}
	out, err := run(fresh, "--from-replica")
	if err != nil || !strings.Contains(out, "Restored "+fresh+" from file://"+replicaDir) {
		t.Fatalf("restore: %v\n%s", err, out)
	}
	if got := payments(t, fresh); len(got) != 1 {
		t.Errorf("restored payments: %v", got)
	}
}

// TestBackupLeavesReplicaWorkFiles: a backup made while the server
// streamed holds Litestream's work files; restored, they are left out, so
// the replication starts afresh from the restored data.db instead of from
// a position the data no longer has.
func TestBackupLeavesReplicaWorkFiles(t *testing.T) {
	a := bound(t, serverApp(t))
	defer a.Cleanup()
	work := filepath.Join(a.DataDir(), backup.ReplicaWorkDir, "ltx", "0")
	if err := os.MkdirAll(work, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(work, "0000000000000009-0000000000000009.ltx"), []byte("stale"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := a.CreateBackup(context.Background(), "streamed.zip"); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "pb_data")
	if _, err := backup.Restore(dir, filepath.Join(a.DataDir(), "backups", "streamed.zip"), time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "data.db")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, backup.ReplicaWorkDir)); err == nil {
		t.Errorf("the restored dir has the replica's old work files")
	}
}
