package boot

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"math/big"
	"net"
	"net/mail"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tools/mailer"

	"folio/server/internal/testapp"
)

// The provider's host: loopback, but not a name Go's net/smtp trusts with a
// password over plain text (it does for localhost and 127.0.0.1).
const providerHost = "127.0.0.2"

const (
	providerUser     = "folio@acme.example"
	providerPassword = "app-password-0192"
)

// testProvider is a small SMTP server that behaves like a mail provider:
// AUTH only over TLS (STARTTLS or implicit), no mail without AUTH. It keeps
// every line a client sent, to prove a password never crossed in clear.
type testProvider struct {
	ln       net.Listener
	tls      *tls.Config
	implicit bool // TLS from the first byte (port 465 style)
	starttls bool // offers STARTTLS

	mu         sync.Mutex
	transcript []string
	mails      []providerMail
}

type providerMail struct {
	User string // who authenticated
	TLS  bool
	From string
	To   []string
	Data string
}

func (p *testProvider) addr() (string, string) {
	host, port, _ := net.SplitHostPort(p.ln.Addr().String())
	return host, port
}

func (p *testProvider) got() ([]providerMail, string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]providerMail(nil), p.mails...), strings.Join(p.transcript, "\n")
}

func (p *testProvider) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		go p.session(c)
	}
}

func (p *testProvider) session(c net.Conn) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	var conn net.Conn = c
	encrypted := false
	if p.implicit {
		conn, encrypted = tls.Server(c, p.tls), true
	}
	tp := textproto.NewConn(conn)
	_ = tp.PrintfLine("220 provider.test ESMTP")

	var user, from string
	var to []string
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		p.mu.Lock()
		p.transcript = append(p.transcript, line)
		p.mu.Unlock()
		verb, arg, _ := strings.Cut(line, " ")
		switch strings.ToUpper(verb) {
		case "EHLO", "HELO":
			ext := []string{"provider.test"}
			if p.starttls && !encrypted {
				ext = append(ext, "STARTTLS")
			}
			// AUTH is advertised even in clear: a careful client still
			// must not send its password there.
			ext = append(ext, "AUTH PLAIN LOGIN", "8BITMIME")
			for i, e := range ext {
				sep := "-"
				if i == len(ext)-1 {
					sep = " "
				}
				_ = tp.PrintfLine("250%s%s", sep, e)
			}
		case "STARTTLS":
			if !p.starttls || encrypted {
				_ = tp.PrintfLine("502 5.5.1 not here")
				continue
			}
			_ = tp.PrintfLine("220 2.0.0 go ahead")
			tc := tls.Server(conn, p.tls)
			if err := tc.Handshake(); err != nil {
				return
			}
			conn, encrypted, user = tc, true, ""
			tp = textproto.NewConn(conn)
		case "AUTH":
			if !encrypted {
				_ = tp.PrintfLine("530 5.7.0 Must issue a STARTTLS command first")
				continue
			}
			mech, resp, _ := strings.Cut(arg, " ")
			if !strings.EqualFold(mech, "PLAIN") {
				_ = tp.PrintfLine("504 5.5.4 PLAIN only")
				continue
			}
			raw, _ := base64.StdEncoding.DecodeString(resp)
			parts := strings.Split(string(raw), "\x00")
			if len(parts) != 3 || parts[1] != providerUser || parts[2] != providerPassword {
				_ = tp.PrintfLine("535 5.7.8 bad credentials")
				continue
			}
			user = parts[1]
			_ = tp.PrintfLine("235 2.7.0 authenticated")
		case "MAIL":
			if user == "" {
				_ = tp.PrintfLine("530 5.7.0 authentication required")
				continue
			}
			from, to = arg, nil
			_ = tp.PrintfLine("250 ok")
		case "RCPT":
			to = append(to, arg)
			_ = tp.PrintfLine("250 ok")
		case "DATA":
			_ = tp.PrintfLine("354 go ahead")
			data, err := tp.ReadDotBytes()
			if err != nil {
				return
			}
			p.mu.Lock()
			p.mails = append(p.mails, providerMail{User: user, TLS: encrypted, From: from, To: to, Data: string(data)})
			p.mu.Unlock()
			_ = tp.PrintfLine("250 queued")
		case "RSET", "NOOP":
			_ = tp.PrintfLine("250 ok")
		case "QUIT":
			_ = tp.PrintfLine("221 bye")
			return
		default:
			_ = tp.PrintfLine("502 5.5.2 unknown command")
		}
	}
}

// trustTestCA makes a self-signed certificate for providerHost and makes
// this process trust it, as a provider's certificate is trusted through
// the system's roots. Go reads SSL_CERT_FILE once per process, when the
// system roots are first needed: this loads them now, while it points at
// the certificate, and checks they hold it (no test of this package
// verifies a certificate before).
func trustTestCA(t *testing.T) *tls.Config {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "provider.test"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IPAddresses:           []net.IP{net.ParseIP(providerHost)},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "provider-ca.pem")
	if err := os.WriteFile(file, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SSL_CERT_FILE", file)
	roots, err := x509.SystemCertPool()
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cert.Verify(x509.VerifyOptions{Roots: roots}); err != nil {
		t.Fatalf("the system roots were loaded before SSL_CERT_FILE was set: %v", err)
	}
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}
}

var (
	providerTLSOnce sync.Once
	providerTLS     *tls.Config
)

func startProvider(t *testing.T, implicit, starttls bool) *testProvider {
	t.Helper()
	providerTLSOnce.Do(func() { providerTLS = trustTestCA(t) })
	ln, err := net.Listen("tcp", net.JoinHostPort(providerHost, "0"))
	if err != nil {
		t.Fatal(err)
	}
	p := &testProvider{ln: ln, tls: providerTLS, implicit: implicit, starttls: starttls}
	go p.serve()
	t.Cleanup(func() { _ = ln.Close() })
	return p
}

// sendThroughSettings starts a Folio app with env, then sends a mail the way
// every Folio mail goes: PocketBase's client built from the stored settings,
// From the settings' sender. It returns the banner and the send's error.
func sendThroughSettings(t *testing.T, env map[string]string) (string, error) {
	t.Helper()
	env[EnvDemo] = "off"
	cfg, err := LoadConfig(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	app := testapp.New(t)
	defer app.Cleanup()
	// The test app swaps in its own mailer; this test wants the real one.
	app.OnMailerSend().UnbindAll()
	var out bytes.Buffer
	Bind(app, Options{Config: cfg, Out: &out, Command: "./folio"})
	if err := serve(t, app, "127.0.0.1:8097"); err != nil {
		t.Fatal(err)
	}
	meta := app.Settings().Meta
	err = app.NewMailClient().Send(&mailer.Message{
		From:    mail.Address{Name: meta.SenderName, Address: meta.SenderAddress},
		To:      []mail.Address{{Address: "customer@example.com"}},
		Subject: "Invoice INV-0001",
		HTML:    "<p>Your invoice.</p>",
	})
	return out.String(), err
}

func providerEnv(p *testProvider, mode string) map[string]string {
	host, port := p.addr()
	return map[string]string{
		EnvSMTPHost: host, EnvSMTPPort: port, EnvSMTPTLS: mode,
		EnvSMTPUser: providerUser, EnvSMTPPassword: providerPassword,
		EnvMailFrom: "invoices@acme.example", EnvMailFromName: "Acme Books",
	}
}

// A mail goes through a provider that wants AUTH over STARTTLS (port 587
// style) or implicit TLS (465 style): it arrives, authenticated, encrypted,
// from the sender the environment names; the banner says where it went.
func TestMailGoesThroughAProviderOverTLS(t *testing.T) {
	for _, c := range []struct {
		mode               string
		implicit, starttls bool
		banner             string
	}{
		{"starttls", false, true, "STARTTLS"},
		{"tls", true, false, "implicit TLS"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			p := startProvider(t, c.implicit, c.starttls)
			banner, err := sendThroughSettings(t, providerEnv(p, c.mode))
			if err != nil {
				t.Fatalf("send: %v", err)
			}
			mails, _ := p.got()
			if len(mails) != 1 {
				t.Fatalf("the provider got %d mails, want 1", len(mails))
			}
			m := mails[0]
			if m.User != providerUser || !m.TLS {
				t.Errorf("mail arrived as user %q, encrypted %v", m.User, m.TLS)
			}
			if !strings.HasPrefix(m.From, "FROM:<invoices@acme.example>") || len(m.To) != 1 || m.To[0] != "TO:<customer@example.com>" {
				t.Errorf("envelope: %s → %v", m.From, m.To)
			}
			if !strings.Contains(m.Data, "From: Acme Books <invoices@acme.example>\n") || !strings.Contains(m.Data, "Subject: Invoice INV-0001") {
				t.Errorf("headers:\n%s", m.Data)
			}

			host, port := p.addr()
			want := "Mail: through " + host + ":" + port + " (" + c.banner + ", user " + providerUser + "), from Acme Books <invoices@acme.example>"
			if !strings.Contains(banner, want) {
				t.Errorf("banner lacks %q:\n%s", want, banner)
			}
			if strings.Contains(banner, providerPassword) {
				t.Error("the banner shows the SMTP password")
			}
		})
	}
}

// A server that does not offer STARTTLS (or a network that strips it) gets
// no password: the send fails before AUTH, and no mail leaves.
func TestMailRefusesToSendThePasswordInClear(t *testing.T) {
	p := startProvider(t, false, false)
	_, err := sendThroughSettings(t, providerEnv(p, "starttls"))
	if err == nil || !strings.Contains(err.Error(), "unencrypted") {
		t.Errorf("send over plain text: err = %v, want an unencrypted-connection refusal", err)
	}
	mails, transcript := p.got()
	if len(mails) != 0 {
		t.Errorf("%d mails left over plain text", len(mails))
	}
	creds := base64.StdEncoding.EncodeToString([]byte("\x00" + providerUser + "\x00" + providerPassword))
	for _, secret := range []string{providerPassword, creds, "AUTH"} {
		if strings.Contains(transcript, secret) {
			t.Errorf("the client sent %q in clear:\n%s", secret, transcript)
		}
	}
	if !strings.Contains(transcript, "EHLO") {
		t.Errorf("the client never reached the server, so the test proves nothing:\n%s", transcript)
	}
}
