package auth

import (
	"strings"
	"time"

	"folio/server/internal/auth/backuphash"
)

// codeVerdict is what a second-factor code turned out to be.
type codeVerdict int

const (
	// codeWrong: no authenticator code of the window nor unused backup code.
	codeWrong codeVerdict = iota
	// codeAccepted: the code is right (and is now spent).
	codeAccepted
	// codeUsed: a backup code of the current set that was already spent.
	codeUsed
)

// usedPrefix marks a spent backup code's hash in the stored list. The
// totpBackupCodes column holds the set's unused hashes and, prefixed, its
// spent ones, so no column is added for them; a new set (regenerate,
// confirm, disable) drops both.
const usedPrefix = "used:"

// splitBackupHashes reads the stored list into unused and spent hashes.
func splitBackupHashes(stored []string) (unused, used []string) {
	for _, h := range stored {
		if rest, ok := strings.CutPrefix(h, usedPrefix); ok {
			used = append(used, rest)
		} else {
			unused = append(unused, h)
		}
	}
	return unused, used
}

// joinBackupHashes is the stored list of unused and spent hashes.
func joinBackupHashes(unused, used []string) []string {
	out := make([]string, 0, len(unused)+len(used))
	out = append(out, unused...)
	for _, h := range used {
		out = append(out, usedPrefix+h)
	}
	return out
}

// isUsedBackupCode tells whether the code whose hash is h is a spent backup
// code of the set.
func isUsedBackupCode(used []string, h string) bool {
	found := false
	for _, stored := range used {
		if backuphash.Equal(h, stored) {
			found = true
		}
	}
	return found
}

// decideRegenerate checks a current authenticator code (a backup code
// cannot make new backup codes: whoever holds one set must not be able to
// trade it for the next) and returns the state with the new set of hashes;
// the old set, spent codes included, is gone.
func decideRegenerate(st totpState, plainSecret, code string, now time.Time, salt string, hashes []string) (totpState, bool) {
	if !st.Enabled {
		return st, false
	}
	step, ok := matchTOTP(plainSecret, normalizeCode(code), now, st.LastStep)
	if !ok {
		return st, false
	}
	st.LastStep = step
	st.BackupSalt = salt
	st.BackupHashes = hashes
	st.UsedBackupHashes = nil
	return st, true
}
