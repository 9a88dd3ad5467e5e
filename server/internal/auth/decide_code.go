package auth

import (
	"crypto/subtle"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"folio/server/internal/auth/backuphash"
)

// TOTP parameters every authenticator app understands (RFC 6238 defaults).
const (
	totpPeriod    = 30
	totpDigits    = otp.DigitsSix
	totpAlgorithm = otp.AlgorithmSHA1
	// totpSkew accepts the previous and next step too, so a phone clock a
	// few seconds off or a code typed at the end of its window still works.
	totpSkew = 1
)

// Backup codes look like "k7m2p-x9qrt": lowercase letters and digits without
// the look-alikes 0/o, 1/l/i, so a code read off paper is typed right.
const (
	backupCodeAlphabet = "23456789abcdefghjkmnpqrstuvwxyz"
	backupCodeHalf     = 5
	backupCodeCount    = 10
)

// totpState is the 2FA part of a user record.
type totpState struct {
	Enabled       bool
	Secret        string // encrypted
	PendingSecret string // encrypted
	// BackupSalt and PendingBackupSalt salt the hashes of their set.
	BackupSalt        string
	PendingBackupSalt string
	BackupHashes      []string
	// UsedBackupHashes are the backup codes of this set already spent, so
	// a second use can be told apart from a mistyped code.
	UsedBackupHashes    []string
	PendingBackupHashes []string
	LastStep            int64
}

// isZero tells a state with nothing in it (2FA off, no setup pending).
func (st totpState) isZero() bool {
	return !st.Enabled && st.Secret == "" && st.PendingSecret == "" &&
		len(st.BackupHashes) == 0 && len(st.UsedBackupHashes) == 0 && len(st.PendingBackupHashes) == 0
}

// totpStep is the RFC 6238 time step t belongs to.
func totpStep(t time.Time) int64 {
	return t.Unix() / totpPeriod
}

// normalizeCode lets users type codes with spaces, hyphens or capitals.
func normalizeCode(raw string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(raw) {
		if r == ' ' || r == '-' || r == '\t' {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// isTOTPCode tells a 6-digit authenticator code from a backup code.
func isTOTPCode(code string) bool {
	if len(code) != int(totpDigits) {
		return false
	}
	for _, r := range code {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// matchTOTP returns the time step whose code equals code, looking one step
// either side of now. Steps at or before lastStep are refused: each code is
// accepted once, so a code seen over a shoulder or in a log is useless.
func matchTOTP(secret, code string, now time.Time, lastStep int64) (int64, bool) {
	if !isTOTPCode(code) {
		return 0, false
	}
	opts := totp.ValidateOpts{Period: totpPeriod, Digits: totpDigits, Algorithm: totpAlgorithm}
	current := totpStep(now)
	for step := current - totpSkew; step <= current+totpSkew; step++ {
		if step <= lastStep {
			continue
		}
		want, err := totp.GenerateCodeCustom(secret, time.Unix(step*totpPeriod, 0), opts)
		if err != nil {
			return 0, false
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step, true
		}
	}
	return 0, false
}

// hashBackupCode is what we store: a leaked database must not hand out
// working codes, nor make ~50 bits per code cheap to search. argon2id with
// the set's salt (package backuphash).
func hashBackupCode(code, salt string) string {
	return backuphash.Hash(normalizeCode(code), salt)
}

// isBackupCodeShape tells whether a normalised code can be a backup code,
// so nothing is hashed for input that cannot be one.
func isBackupCodeShape(code string) bool {
	return len(code) == 2*backupCodeHalf
}

// matchBackupCode consumes the code whose hash is h from hashes. It returns
// the hashes left afterwards, so each backup code works exactly once.
func matchBackupCode(hashes []string, h string) ([]string, bool) {
	for i, stored := range hashes {
		if backuphash.Equal(h, stored) {
			remaining := make([]string, 0, len(hashes)-1)
			remaining = append(remaining, hashes[:i]...)
			remaining = append(remaining, hashes[i+1:]...)
			return remaining, true
		}
	}
	return hashes, false
}

// judgeSecondFactor checks code (an authenticator code or a backup code)
// against an enabled state whose secret is already decrypted, and returns
// the state to save when it is accepted. A backup code of the current set
// that was already spent is codeUsed, so the user is told so instead of
// "invalid": a spent code is kept (as a hash) among UsedBackupHashes until
// the set is replaced.
func judgeSecondFactor(st totpState, plainSecret, code string, now time.Time) (totpState, codeVerdict) {
	if !st.Enabled {
		return st, codeWrong
	}
	code = normalizeCode(code)
	if isTOTPCode(code) {
		step, ok := matchTOTP(plainSecret, code, now, st.LastStep)
		if !ok {
			return st, codeWrong
		}
		st.LastStep = step
		return st, codeAccepted
	}
	if !isBackupCodeShape(code) {
		return st, codeWrong
	}
	h := hashBackupCode(code, st.BackupSalt)
	remaining, ok := matchBackupCode(st.BackupHashes, h)
	if !ok {
		if isUsedBackupCode(st.UsedBackupHashes, h) {
			return st, codeUsed
		}
		return st, codeWrong
	}
	st.UsedBackupHashes = append(append([]string{}, st.UsedBackupHashes...), h)
	st.BackupHashes = remaining
	return st, codeAccepted
}

// decideConfirm checks the first code from a freshly scanned secret and
// returns the enabled state. Only an authenticator code proves the scan, so
// backup codes are not accepted here.
func decideConfirm(st totpState, plainPendingSecret, code string, now time.Time) (totpState, bool) {
	if st.Enabled || st.PendingSecret == "" {
		return st, false
	}
	step, ok := matchTOTP(plainPendingSecret, normalizeCode(code), now, 0)
	if !ok {
		return st, false
	}
	return totpState{
		Enabled:      true,
		Secret:       st.PendingSecret,
		BackupSalt:   st.PendingBackupSalt,
		BackupHashes: st.PendingBackupHashes,
		LastStep:     step,
	}, true
}
