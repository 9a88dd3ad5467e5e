package auth

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
)

// codeBody is the body of confirm-otp, disable-otp and
// regenerate-backup-codes. Password is the account's current password,
// which turning 2FA on or off asks for: a session token alone (a stolen
// one, a computer left signed in) must not change the second factor.
type codeBody struct {
	Code     string `json:"code" form:"code"`
	Password string `json:"password" form:"password"`
}

// bindCodeBody reads a 2FA route's body and the caller's 2FA state, which
// must be on (enabled) or off as the route needs. The error it returns is
// the answer to send.
func bindCodeBody(e *core.RequestEvent, enabled bool) (codeBody, totpState, error) {
	var body codeBody
	if err := e.BindBody(&body); err != nil {
		return body, totpState{}, refusal.Unreadable(err)
	}
	st, err := callerState(e, enabled)
	return body, st, err
}

// EnabledResponse is the answer of confirm-otp and disable-otp. Token is
// set when turning 2FA on ended every session: it is the caller's new one.
type EnabledResponse struct {
	Enabled bool   `json:"enabled"`
	Token   string `json:"token,omitempty"`
}

// attemptWithPassword counts one attempt of the caller under limitKey, then
// checks their current password, and answers the key of the 2FA secrets:
// the steps that turning 2FA on or off share.
func (s *service) attemptWithPassword(e *core.RequestEvent, limitKey, password string) (string, error) {
	if err := s.takeAttempt(limitKey); err != nil {
		return "", err
	}
	if err := checkPassword(e.Auth, password); err != nil {
		return "", err
	}
	key, err := s.key()
	if err != nil {
		return "", e.InternalServerError("", err)
	}
	return key, nil
}

// confirmOTP finishes enrolment: the current password and the first code
// from the scanned secret turn 2FA on, and the code's time step becomes
// the last used one so the same code cannot also sign in. Every other
// session ends (a new token key); the caller gets a new token.
func (s *service) confirmOTP(e *core.RequestEvent) error {
	body, st, err := bindCodeBody(e, false)
	if err != nil {
		return err
	}

	rec := e.Auth
	if st.PendingSecret == "" {
		return refusal.BadRequest("folio_no_2fa_setup", MessageNoPendingSetup)
	}

	limitKey := "confirm:" + rec.Id
	key, err := s.attemptWithPassword(e, limitKey, body.Password)
	if err != nil {
		return err
	}

	var signedIn *core.Record
	err = updateState(e.App, rec.Id, func(txApp core.App, st totpState) (totpState, error) {
		if err := needState(st, false); err != nil {
			return st, err
		}
		if st.PendingSecret == "" {
			return st, refusal.BadRequest("folio_no_2fa_setup", MessageNoPendingSetup)
		}
		pending, err := decryptSecret(st.PendingSecret, key)
		if err != nil {
			return st, err
		}
		next, ok := decideConfirm(st, pending, body.Code, s.now())
		if !ok {
			return st, refusal.BadRequest("folio_invalid_2fa_code", MessageInvalidCode)
		}
		signedIn, err = rotateTokenKey(txApp, rec)
		return next, err
	})
	if err != nil {
		return routeError(e, err)
	}
	s.manageAttempts.giveBack(limitKey)

	token, err := signedIn.NewAuthToken()
	if err != nil {
		return e.InternalServerError("", err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(200, EnabledResponse{Enabled: true, Token: token})
}
