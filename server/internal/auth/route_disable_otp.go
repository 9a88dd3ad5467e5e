package auth

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
)

// disableOTP turns 2FA off. It asks for a current code or an unused backup
// code, so a session left open on a shared computer cannot quietly remove
// the second factor. Open MFA sessions of the user are dropped too.
func (s *service) disableOTP(e *core.RequestEvent) error {
	var body codeBody
	if err := e.BindBody(&body); err != nil {
		return refusal.Unreadable(err)
	}

	rec := e.Auth
	st, err := callerState(e, true)
	if err != nil {
		return err
	}

	limitKey := "disable:" + rec.Id
	secret, err := s.attemptWithSecret(e, limitKey, st.Secret)
	if err != nil {
		return err
	}

	switch _, verdict := judgeSecondFactor(st, secret, body.Code, s.now()); verdict {
	case codeUsed:
		return refusal.BadRequest("folio_2fa_backup_code_used", MessageBackupCodeUsed)
	case codeWrong:
		return refusal.BadRequest("folio_invalid_2fa_code", MessageInvalidCode)
	}
	s.manageAttempts.giveBack(limitKey)

	writeState(rec, totpState{})
	err = e.App.RunInTransaction(func(txApp core.App) error {
		if err := txApp.Save(rec); err != nil {
			return err
		}
		return txApp.DeleteAllMFAsByRecord(rec)
	})
	if err != nil {
		return e.InternalServerError("", err)
	}

	return e.JSON(200, EnabledResponse{Enabled: false})
}
