package testapp

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// StripeMockModule is the stripe-mock the tests run: Stripe's own mock of
// its API, which checks every request against Stripe's OpenAPI
// description and answers canned objects. .ci/run installs it and sets
// FOLIO_STRIPE_MOCK; without it the tests install it with `go install`
// into the temp dir (once a machine). Never a reason to skip: a test that
// needs it fails when it can't be had.
const StripeMockModule = "github.com/stripe/stripe-mock@v0.203.0"

// EnvStripeMock names an installed stripe-mock binary.
const EnvStripeMock = "FOLIO_STRIPE_MOCK"

var (
	stripeMockOnce sync.Once
	stripeMockURL  string
	stripeMockErr  error
	stripeMockCmd  *exec.Cmd
)

// StripeMock is the address of a stripe-mock started for this test binary
// (one per process, stopped by Main), e.g. http://127.0.0.1:40123.
func StripeMock(t testing.TB) string {
	t.Helper()
	stripeMockOnce.Do(startStripeMock)
	if stripeMockErr != nil {
		t.Fatalf("stripe-mock: %v", stripeMockErr)
	}
	return stripeMockURL
}

// StripeMockBinary is the path of the stripe-mock binary, installing it
// into the temp dir when FOLIO_STRIPE_MOCK does not name one.
func StripeMockBinary() (string, error) {
	if p := os.Getenv(EnvStripeMock); p != "" {
		return p, nil
	}
	dir := filepath.Join(os.TempDir(), "folio-stripe-mock-v0.203.0")
	bin := filepath.Join(dir, "stripe-mock")
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	cmd := exec.Command("go", "install", StripeMockModule)
	cmd.Dir = os.TempDir()
	cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go install %s: %v\n%s", StripeMockModule, err, out)
	}
	return bin, nil
}

func startStripeMock() {
	bin, err := StripeMockBinary()
	if err != nil {
		stripeMockErr = err
		return
	}
	port, err := freePort()
	if err != nil {
		stripeMockErr = err
		return
	}
	tlsPort, err := freePort()
	if err != nil {
		stripeMockErr = err
		return
	}
	// Both addresses: without one, stripe-mock takes its default port,
	// which another run may hold.
	cmd := exec.Command(bin, "-http-addr", fmt.Sprintf("127.0.0.1:%d", port), "-https-addr", fmt.Sprintf("127.0.0.1:%d", tlsPort))
	if err := cmd.Start(); err != nil {
		stripeMockErr = err
		return
	}
	stripeMockCmd = cmd
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		res, err := http.Get(url + "/v1/balance")
		if err == nil {
			res.Body.Close()
			stripeMockURL = url
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	stopStripeMock()
	stripeMockErr = fmt.Errorf("no answer on %s", url)
}

func stopStripeMock() {
	if stripeMockCmd != nil && stripeMockCmd.Process != nil {
		_ = stripeMockCmd.Process.Kill()
		_, _ = stripeMockCmd.Process.Wait()
	}
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
