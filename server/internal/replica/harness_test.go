package replica_test

import (
	"bytes"
	"fmt"
	"log"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/pocketbase/pocketbase"

	"folio/server/internal/app"
	"folio/server/internal/replica"
	"folio/server/internal/testapp"
)

// The S3-compatible server of the tests: Versity Gateway serving a temp
// directory. .ci/run installs it and sets FOLIO_VERSITYGW; without it the
// test installs it with `go install` into the temp dir (once a machine).
const versityModule = "github.com/versity/versitygw/cmd/versitygw@v1.8.0"

// Child mode: the test binary run as a Folio server (the SIGKILL test's).
const (
	envChild     = "FOLIO_REPLICA_TEST_CHILD"
	envChildDir  = "FOLIO_REPLICA_TEST_DIR"
	envChildAddr = "FOLIO_REPLICA_TEST_ADDR"
)

func TestMain(m *testing.M) {
	if os.Getenv(envChild) == "1" {
		serveChild()
		return
	}
	testapp.Main(m)
}

// serveChild runs `folio serve` as main does, on the env's dir and address.
func serveChild() {
	dir := os.Getenv(envChildDir)
	pb := pocketbase.NewWithConfig(pocketbase.Config{DefaultDataDir: dir, DBConnect: replica.DBConnect})
	err := app.BindWith(pb, app.Options{Getenv: os.Getenv, Out: os.Stdout,
		UI: fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}}, Command: "folio"})
	if err != nil {
		log.Fatal(err)
	}
	pb.RootCmd.SetArgs([]string{"serve", "--http", os.Getenv(envChildAddr), "--dir", dir})
	if err := pb.Start(); err != nil {
		log.Fatal(err)
	}
	os.Exit(0)
}

var (
	versityOnce sync.Once
	versityBin  string
	versityErr  error
)

// versity is the gateway's binary; the test is skipped only when the
// module proxy cannot be reached to install it.
func versity(t testing.TB) string {
	t.Helper()
	versityOnce.Do(func() {
		if p := os.Getenv("FOLIO_VERSITYGW"); p != "" {
			versityBin = p
			return
		}
		dir := filepath.Join(os.TempDir(), "folio-versitygw-v1.8.0")
		versityBin = filepath.Join(dir, "versitygw")
		if _, err := os.Stat(versityBin); err == nil {
			return
		}
		cmd := exec.Command("go", "install", versityModule)
		cmd.Dir = os.TempDir()
		cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=")
		out, err := cmd.CombinedOutput()
		if err != nil {
			versityErr = fmt.Errorf("go install %s: %v\n%s", versityModule, err, out)
		}
	})
	if versityErr != nil {
		msg := versityErr.Error()
		if strings.Contains(msg, "dial tcp") || strings.Contains(msg, "no such host") || strings.Contains(msg, "connection refused") {
			t.Skipf("Versity Gateway cannot be installed, the network refuses: %v", versityErr)
		}
		t.Fatal(versityErr)
	}
	return versityBin
}

// s3Server is a running gateway with one bucket, "folio".
type s3Server struct {
	Endpoint, Root, Key, Secret string
}

const bucket = "folio"

// env is the replica's environment for a path in the bucket.
func (s *s3Server) env(path string) map[string]string {
	return map[string]string{
		"FOLIO_REPLICA_URL":           "s3://" + bucket + "/" + path,
		"FOLIO_REPLICA_S3_ENDPOINT":   s.Endpoint,
		"FOLIO_REPLICA_S3_ACCESS_KEY": s.Key,
		"FOLIO_REPLICA_S3_SECRET":     s.Secret,
		"FOLIO_REPLICA_S3_REGION":     "us-east-1",
	}
}

func startS3(t testing.TB) *s3Server {
	t.Helper()
	bin := versity(t)
	s := &s3Server{Root: t.TempDir(), Key: "folio-test-key", Secret: "folio-test-secret-0123456789"}
	if err := os.Mkdir(filepath.Join(s.Root, bucket), 0o755); err != nil {
		t.Fatal(err)
	}
	addr := freeAddr(t)
	s.Endpoint = "http://" + addr
	var out bytes.Buffer
	cmd := exec.Command(bin, "--access", s.Key, "--secret", s.Secret, "--port", addr, "posix", s.Root)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	waitTCP(t, addr, func() string { return out.String() })
	return s
}

func freeAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	return addr
}

func waitTCP(t testing.TB, addr string, log func() string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			_ = c.Close()
			return
		}
	}
	t.Fatalf("nothing listens on %s:\n%s", addr, log())
}

// getenv turns a map into the environment a Bind reads.
func getenv(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}
