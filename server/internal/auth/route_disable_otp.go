package auth

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
)

// disableOTP turns 2FA off. It asks for the current password and a current
// code or an unused backup code, so a session left open on a shared
// computer cannot quietly remove the second factor. Open MFA sessions of
// the user are dropped too.
func (s *service) disableOTP(e *core.RequestEvent) error {
	body, _, err := bindCodeBody(e, true)
	if err != nil {
		return err
	}

	rec := e.Auth
	limitKey := "disable:" + rec.Id
	key, err := s.attemptWithPassword(e, limitKey, body.Password)
	if err != nil {
		return err
	}

	err = updateState(e.App, rec.Id, func(txApp core.App, st totpState) (totpState, error) {
		secret, err := enabledSecret(st, key)
		if err != nil {
			return st, err
		}
		switch _, verdict := judgeSecondFactor(st, secret, body.Code, s.now()); verdict {
		case codeUsed:
			return st, refusal.BadRequest("folio_2fa_backup_code_used", MessageBackupCodeUsed)
		case codeWrong:
			return st, refusal.BadRequest("folio_invalid_2fa_code", MessageInvalidCode)
		}
		return totpState{}, txApp.DeleteAllMFAsByRecord(rec)
	})
	if err != nil {
		return routeError(e, err)
	}
	s.manageAttempts.giveBack(limitKey)

	return e.JSON(200, EnabledResponse{Enabled: false})
}
