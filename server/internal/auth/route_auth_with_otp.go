package auth

import (
	"errors"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
	"folio/server/migrations"
)

// authWithOTPBody is the body of auth-with-otp. otpId/password are accepted
// as aliases so the JS SDK's authWithOTP(mfaId, code) works as well as
// pb.send(..., {body: {mfaId, code}}).
type authWithOTPBody struct {
	MfaID    string `json:"mfaId" form:"mfaId"`
	OtpID    string `json:"otpId" form:"otpId"`
	Code     string `json:"code" form:"code"`
	Password string `json:"password" form:"password"`
}

func (b authWithOTPBody) mfaID() string {
	if b.MfaID != "" {
		return b.MfaID
	}
	return b.OtpID
}

func (b authWithOTPBody) code() string {
	if b.Code != "" {
		return b.Code
	}
	return b.Password
}

var (
	errSessionGone = errors.New("mfa session gone")
	errWrongCode   = errors.New("wrong 2fa code")
	errUsedCode    = errors.New("backup code already used")
)

// authWithOTP is the second sign-in step: the mfaId from the 401 plus an
// authenticator or backup code give the usual {token, record}.
func (s *service) authWithOTP(e *core.RequestEvent) error {
	var body authWithOTPBody
	if err := e.BindBody(&body); err != nil {
		return refusal.Unreadable(err)
	}
	mfaID, code := body.mfaID(), body.code()
	if mfaID == "" {
		return refusal.BadRequest("folio_invalid_mfa_session", MessageInvalidSession)
	}
	if code == "" {
		return refusal.BadRequest("folio_invalid_2fa_code", MessageInvalidCode)
	}

	users, err := e.App.FindCachedCollectionByNameOrId(migrations.UsersCollection)
	if err != nil {
		return e.InternalServerError("", err)
	}

	mfa, err := e.App.FindMFAById(mfaID)
	if err != nil {
		return refusal.BadRequest("folio_invalid_mfa_session", MessageInvalidSession)
	}
	if mfa.CollectionRef() != users.Id {
		return refusal.BadRequest("folio_mfa_session_mismatch", MessageSessionMismatch)
	}
	if mfa.HasExpired(users.MFA.DurationTime()) {
		s.dropSession(e.App, mfa)
		return refusal.BadRequest("folio_invalid_mfa_session", MessageInvalidSession)
	}
	user, err := e.App.FindRecordById(users, mfa.RecordRef())
	if err != nil {
		return refusal.BadRequest("folio_mfa_session_mismatch", MessageSessionMismatch)
	}
	if on, err := isTOTPEnabled(e.App, user.Id); err != nil || !on {
		return refusal.BadRequest("folio_mfa_session_mismatch", MessageSessionMismatch)
	}

	// Counted before the code is checked, like PocketBase's OTP limit.
	limitKey := "signin:" + user.Id
	if !s.signInAttempts.take(limitKey) {
		return refusal.TooManyRequests("folio_too_many_attempts", MessageTooManyAttempts)
	}

	key, err := s.key()
	if err != nil {
		return e.InternalServerError("", err)
	}

	// Check, consume and save in one transaction that reads the state
	// again: PocketBase serialises writes, so two requests with the same
	// code cannot both win.
	var signedIn *core.Record
	err = updateState(e.App, user.Id, func(txApp core.App, st totpState) (totpState, error) {
		txMFA, err := txApp.FindMFAById(mfa.Id)
		if err != nil {
			return st, errSessionGone
		}
		rec, err := txApp.FindRecordById(users, txMFA.RecordRef())
		if err != nil {
			return st, errSessionGone
		}
		secret, err := decryptSecret(st.Secret, key)
		if err != nil {
			return st, err
		}
		next, verdict := judgeSecondFactor(st, secret, code, s.now())
		switch verdict {
		case codeUsed:
			return st, errUsedCode
		case codeWrong:
			return st, errWrongCode
		}
		if err := txApp.Delete(txMFA); err != nil {
			return st, err
		}
		signedIn = rec
		return next, nil
	})

	switch {
	case errors.Is(err, errSessionGone):
		s.signInAttempts.giveBack(limitKey)
		return refusal.BadRequest("folio_invalid_mfa_session", MessageInvalidSession)
	case errors.Is(err, errWrongCode), errors.Is(err, errUsedCode):
		if s.mfaFailures.add(mfa.Id) >= mfaSessionFailures {
			s.dropSession(e.App, mfa)
		}
		if errors.Is(err, errUsedCode) {
			return refusal.BadRequest("folio_2fa_backup_code_used", MessageBackupCodeUsed)
		}
		return refusal.BadRequest("folio_invalid_2fa_code", MessageInvalidCode)
	case err != nil:
		return e.InternalServerError("", err)
	}

	s.signInAttempts.giveBack(limitKey)
	s.mfaFailures.forget(mfa.Id)

	return apis.RecordAuthResponse(e, signedIn, methodTOTP, nil)
}

// dropSession deletes an MFA session that may no longer be used.
func (s *service) dropSession(app core.App, mfa *core.MFA) {
	s.mfaFailures.forget(mfa.Id)
	if err := app.Delete(mfa); err != nil {
		app.Logger().Warn("Failed to delete MFA session", "error", err, "mfaId", mfa.Id)
	}
}
