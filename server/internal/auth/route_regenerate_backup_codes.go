package auth

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
)

// BackupCodesResponse is the answer of regenerate-backup-codes: the new
// codes, shown once; only their hashes are kept.
type BackupCodesResponse struct {
	BackupCodes []string `json:"backupCodes"`
}

// regenerateBackupCodes replaces the backup codes with a new set. It asks
// for a current authenticator code (not a backup code), like disable-otp
// asks for one, so an open session alone cannot mint codes; the code's
// time step is spent, and every code of the old set stops working.
func (s *service) regenerateBackupCodes(e *core.RequestEvent) error {
	body, _, err := bindCodeBody(e, true)
	if err != nil {
		return err
	}

	rec := e.Auth
	code := normalizeCode(body.Code)
	if code != "" && !isTOTPCode(code) {
		return refusal.BadRequest("folio_2fa_app_code_required", MessageAppCodeRequired)
	}

	limitKey := "regenerate:" + rec.Id
	if err := s.takeAttempt(limitKey); err != nil {
		return err
	}
	key, err := s.key()
	if err != nil {
		return e.InternalServerError("", err)
	}

	codes, salt, hashes := newBackupCodes()
	err = updateState(e.App, rec.Id, func(_ core.App, st totpState) (totpState, error) {
		secret, err := enabledSecret(st, key)
		if err != nil {
			return st, err
		}
		next, ok := decideRegenerate(st, secret, code, s.now(), salt, hashes)
		if !ok {
			return st, refusal.BadRequest("folio_invalid_2fa_code", MessageInvalidCode)
		}
		return next, nil
	})
	if err != nil {
		return routeError(e, err)
	}
	s.manageAttempts.giveBack(limitKey)

	// The body holds the codes: no cache may keep it.
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(200, BackupCodesResponse{BackupCodes: codes})
}
