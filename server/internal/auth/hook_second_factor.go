package auth

import (
	"net/http"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// gateSecondFactor runs after every successful first factor of a user
// (password, OAuth2, PocketBase email OTP). For a user with 2FA on it opens
// an MFA session and answers 401 {"mfaId"} instead of a token — the very
// answer PocketBase's built-in MFA gives (apis/record_helpers.go), so the
// front-end handles one shape.
func (s *service) gateSecondFactor(e *core.RecordAuthRequestEvent) error {
	sameUser := e.Auth != nil && isOwner(e.Auth.Id, e.Auth.Collection().Id, e.Record.Id, e.Record.Collection().Id)
	enabled, err := isTOTPEnabled(e.App, e.Record.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	if !needsSecondFactor(e.AuthMethod, enabled, sameUser) {
		return e.Next()
	}

	mfa := core.NewMFA(e.App)
	mfa.SetCollectionRef(e.Record.Collection().Id)
	mfa.SetRecordRef(e.Record.Id)
	mfa.SetMethod(e.AuthMethod)
	if err := e.App.Save(mfa); err != nil {
		return e.InternalServerError("Failed to create MFA session.", err)
	}

	if err := e.JSON(http.StatusUnauthorized, map[string]string{"mfaId": mfa.Id}); err != nil {
		return err
	}
	// ErrMFA tells outer middlewares the sign-in is unfinished; the router
	// sees the answer is already written and adds nothing.
	return apis.ErrMFA
}
