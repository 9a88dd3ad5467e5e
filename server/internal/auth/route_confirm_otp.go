package auth

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
)

// codeBody is the body of confirm-otp and disable-otp.
type codeBody struct {
	Code string `json:"code" form:"code"`
}

// EnabledResponse is the answer of confirm-otp and disable-otp.
type EnabledResponse struct {
	Enabled bool `json:"enabled"`
}

// confirmOTP finishes enrolment: the first code from the scanned secret
// turns 2FA on, and its time step becomes the last used one so the same
// code cannot also sign in.
func (s *service) confirmOTP(e *core.RequestEvent) error {
	var body codeBody
	if err := e.BindBody(&body); err != nil {
		return refusal.Unreadable(err)
	}

	rec := e.Auth
	st, err := callerState(e, false)
	if err != nil {
		return err
	}
	if st.PendingSecret == "" {
		return refusal.BadRequest("folio_no_2fa_setup", MessageNoPendingSetup)
	}

	limitKey := "confirm:" + rec.Id
	pending, err := s.attemptWithSecret(e, limitKey, st.PendingSecret)
	if err != nil {
		return err
	}

	next, ok := decideConfirm(st, pending, body.Code, s.now())
	if !ok {
		return refusal.BadRequest("folio_invalid_2fa_code", MessageInvalidCode)
	}
	s.manageAttempts.giveBack(limitKey)

	writeState(rec, next)
	if err := e.App.Save(rec); err != nil {
		return e.InternalServerError("", err)
	}

	return e.JSON(200, EnabledResponse{Enabled: true})
}
