package auth

import (
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"folio/server/internal/auth/backuphash"
)

// RFC 6238 appendix B's SHA-1 key, base32-encoded.
const rfcSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"

func TestNormalizeCode(t *testing.T) {
	cases := map[string]string{
		"123456":       "123456",
		" 123 456 ":    "123456",
		"ABCDE-FGHJK":  "abcdefghjk",
		"abcde fghjk":  "abcdefghjk",
		"\tk7m2p-x9qr": "k7m2px9qr",
		"":             "",
	}
	for in, want := range cases {
		if got := normalizeCode(in); got != want {
			t.Errorf("normalizeCode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestMatchTOTP(t *testing.T) {
	now := time.Unix(1_700_000_015, 0) // middle of a step
	step := totpStep(now)
	code := func(s int64) string {
		c, err := totp.GenerateCode(rfcSecret, time.Unix(s*totpPeriod, 0))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}

	cases := []struct {
		name     string
		code     string
		lastStep int64
		wantStep int64
		wantOK   bool
	}{
		{"current step", code(step), 0, step, true},
		{"previous step (slow typist)", code(step - 1), 0, step - 1, true},
		{"next step (fast clock)", code(step + 1), 0, step + 1, true},
		{"two steps old", code(step - 2), 0, 0, false},
		{"two steps ahead", code(step + 2), 0, 0, false},
		{"replay of the current step", code(step), step, 0, false},
		{"older than the last used step", code(step - 1), step, 0, false},
		{"newer than the last used step", code(step + 1), step, step + 1, true},
		{"not digits", "12345a", 0, 0, false},
		{"too short", "12345", 0, 0, false},
		{"empty", "", 0, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			gotStep, ok := matchTOTP(rfcSecret, c.code, now, c.lastStep)
			if ok != c.wantOK || gotStep != c.wantStep {
				t.Errorf("matchTOTP = (%d, %v), want (%d, %v)", gotStep, ok, c.wantStep, c.wantOK)
			}
		})
	}
}

// RFC 6238 appendix B: T=59 s gives 94287082 with 8 digits; the 6-digit
// code is its last six digits.
func TestMatchTOTPKnownVector(t *testing.T) {
	if step, ok := matchTOTP(rfcSecret, "287082", time.Unix(59, 0), 0); !ok || step != 1 {
		t.Fatalf("RFC vector not accepted: %d %v", step, ok)
	}
}

func TestMatchBackupCode(t *testing.T) {
	hashes := []string{hashBackupCode("aaaaa-bbbbb", testSalt), hashBackupCode("ccccc-ddddd", testSalt), hashBackupCode("eeeee-fffff", testSalt)}

	cases := []struct {
		name      string
		code      string
		ok        bool
		remaining int
	}{
		{"exact", "ccccc-ddddd", true, 2},
		{"capitals and no hyphen", "CCCCCDDDDD", true, 2},
		{"with spaces", "ccccc ddddd", true, 2},
		{"unknown", "ggggg-hhhhh", false, 3},
		{"a TOTP-shaped code", "123456", false, 3},
		{"empty", "", false, 3},
	}
	match := func(hashes []string, code string) ([]string, bool) {
		code = normalizeCode(code)
		if !isBackupCodeShape(code) {
			return hashes, false
		}
		return matchBackupCode(hashes, hashBackupCode(code, testSalt))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			left, ok := match(hashes, c.code)
			if ok != c.ok || len(left) != c.remaining {
				t.Fatalf("matchBackupCode = (%d left, %v)", len(left), ok)
			}
			if ok {
				if _, again := match(left, c.code); again {
					t.Error("a backup code must work only once")
				}
			}
		})
	}
	if len(hashes) != 3 {
		t.Error("the input slice must not be modified")
	}
}

func TestNewBackupCodes(t *testing.T) {
	codes, salt, hashes := newBackupCodes()
	if _, other, _ := newBackupCodes(); other == salt || salt == "" {
		t.Errorf("each set needs its own salt: %q %q", salt, other)
	}
	seen := map[string]bool{}
	for i, c := range codes {
		if len(c) != 11 || c[5] != '-' {
			t.Errorf("code %q has the wrong shape", c)
		}
		if seen[c] {
			t.Errorf("duplicate code %q", c)
		}
		seen[c] = true
		if hashes[i] != hashBackupCode(c, salt) || hashes[i] == c ||
			hashes[i] == backuphash.Prehash(normalizeCode(c)) || hashes[i] == hashBackupCode(c, testSalt) {
			t.Errorf("hash %d wrong", i)
		}
	}
}

func TestJudgeSecondFactor(t *testing.T) {
	now := time.Unix(1_700_000_015, 0)
	step := totpStep(now)
	current, _ := totp.GenerateCode(rfcSecret, now)
	backups := []string{hashBackupCode("aaaaa-bbbbb", testSalt), hashBackupCode("ccccc-ddddd", testSalt)}
	on := totpState{Enabled: true, Secret: "enc", BackupSalt: testSalt, BackupHashes: backups, LastStep: step - 5}

	cases := []struct {
		name       string
		st         totpState
		code       string
		ok         bool
		wantStep   int64
		wantBackup int
	}{
		{"authenticator code", on, current, true, step, 2},
		{"backup code", on, "aaaaa-bbbbb", true, step - 5, 1},
		{"wrong code", on, "000000", false, step - 5, 2},
		{"replayed code", totpState{Enabled: true, BackupSalt: testSalt, BackupHashes: backups, LastStep: step}, current, false, step, 2},
		{"2FA off", totpState{}, current, false, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, verdict := judgeSecondFactor(c.st, rfcSecret, c.code, now)
			if ok := verdict == codeAccepted; ok != c.ok || got.LastStep != c.wantStep || len(got.BackupHashes) != c.wantBackup {
				t.Errorf("judgeSecondFactor = (%+v, %v)", got, verdict)
			}
		})
	}
}

func TestDecideConfirm(t *testing.T) {
	now := time.Unix(1_700_000_015, 0)
	current, _ := totp.GenerateCode(rfcSecret, now)
	pending := totpState{PendingSecret: "enc-pending", PendingBackupSalt: "s1", PendingBackupHashes: []string{"h1", "h2"}}

	cases := []struct {
		name string
		st   totpState
		code string
		ok   bool
	}{
		{"right code", pending, current, true},
		{"wrong code", pending, "000000", false},
		{"backup code is not enough", pending, "aaaaa-bbbbb", false},
		{"nothing pending", totpState{}, current, false},
		{"already on", totpState{Enabled: true, PendingSecret: "enc-pending"}, current, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := decideConfirm(c.st, rfcSecret, c.code, now)
			if ok != c.ok {
				t.Fatalf("ok = %v", ok)
			}
			if ok {
				want := totpState{Enabled: true, Secret: "enc-pending", BackupHashes: []string{"h1", "h2"}, LastStep: totpStep(now)}
				if got.Enabled != want.Enabled || got.Secret != want.Secret || got.PendingSecret != "" || got.BackupSalt != "s1" ||
					len(got.BackupHashes) != 2 || got.PendingBackupHashes != nil || got.LastStep != want.LastStep {
					t.Errorf("state = %+v", got)
				}
			}
		})
	}
}
