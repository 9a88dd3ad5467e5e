package auth

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"folio/server/internal/testapp"
)

// TestRegenerateBackupCodesRacingASignInWithAnOldCode: the owner makes a
// new set of backup codes while a sign-in spends a code of the old set, at
// once. Either order is fine (the sign-in gets in before the new set, or
// is refused after it), but the new set must survive whole: a sign-in that
// wrote back the old set minus its code would bring the old codes back and
// lose the new ones the owner was just shown.
func TestRegenerateBackupCodesRacingASignInWithAnOldCode(t *testing.T) {
	ls := newLiveServer(t)
	rec := testapp.CreateUser(t, ls.app, testapp.Alice)
	signedInFirst, refused := 0, 0
	for trial := range raceTrials {
		// A fresh enrolment per trial: each regeneration spends its time step.
		alice := enableTOTP(t, ls.app, reload(t, ls.app, rec.Id))
		token := authToken(t, reload(t, ls.app, rec.Id))
		old := alice.backupCodes[0]
		mfa := newMFASession(t, ls.app, fmt.Sprintf("mfaregen%07d", trial), alice.rec)

		var wg sync.WaitGroup
		var regenStatus, signInStatus int
		var regenBody, signInBody string
		wg.Add(2)
		go func() {
			defer wg.Done()
			regenStatus, regenBody = ls.call(http.MethodPost, PathRegenerateBackupCodes, token,
				map[string]string{"code": codeAt(t, alice.secret, time.Now())})
		}()
		go func() {
			defer wg.Done()
			signInStatus, signInBody = ls.call(http.MethodPost, PathAuthWithOTP, "",
				map[string]string{"mfaId": mfa.Id, "code": old})
		}()
		wg.Wait()

		if regenStatus != 200 {
			t.Fatalf("trial %d: regenerate: %d %s", trial, regenStatus, regenBody)
		}
		switch {
		case signInStatus == 200:
			signedInFirst++
		case signInStatus == 400 && strings.Contains(signInBody, "folio_invalid_2fa_code"):
			refused++
		default:
			t.Fatalf("trial %d: sign-in with the old code: %d %s", trial, signInStatus, signInBody)
		}
		var fresh BackupCodesResponse
		if err := json.Unmarshal([]byte(regenBody), &fresh); err != nil || len(fresh.BackupCodes) != backupCodeCount {
			t.Fatalf("trial %d: new codes: %v %s", trial, err, regenBody)
		}
		// The new set is whole, and the old code is gone.
		if left := len(state(t, ls.app, rec.Id).BackupHashes); left != backupCodeCount {
			t.Fatalf("trial %d: %d backup codes kept, want the new %d", trial, left, backupCodeCount)
		}
		again := newMFASession(t, ls.app, fmt.Sprintf("mfaold%09d", trial), alice.rec)
		if status, body := ls.call(http.MethodPost, PathAuthWithOTP, "",
			map[string]string{"mfaId": again.Id, "code": old}); status != 400 {
			t.Fatalf("trial %d: an old backup code works after the new set: %d %s", trial, status, body)
		}
		next := newMFASession(t, ls.app, fmt.Sprintf("mfanew%09d", trial), alice.rec)
		if status, body := ls.call(http.MethodPost, PathAuthWithOTP, "",
			map[string]string{"mfaId": next.Id, "code": fresh.BackupCodes[trial%backupCodeCount]}); status != 200 {
			t.Fatalf("trial %d: a new backup code is refused: %d %s", trial, status, body)
		}
	}
	t.Logf("%d trials: the sign-in got in first %d times, was refused %d times", raceTrials, signedInFirst, refused)
}
