package auth

import (
	"errors"

	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/refusal"
)

// methodTOTP is the auth method our second step passes to
// apis.RecordAuthResponse; the gate must let it through.
const methodTOTP = "totp"

// needsSecondFactor decides whether a successful sign-in must stop at
// 401 {mfaId}.
//
//   - authMethod "" is a token refresh or an impersonation: no new sign-in.
//   - authMethod "totp" is our own second step finishing.
//   - alreadySameUser is a request that already carries a valid token for
//     this very user (OAuth2 account linking): nothing is gained by asking.
func needsSecondFactor(authMethod string, totpEnabled, alreadySameUser bool) bool {
	switch {
	case authMethod == "" || authMethod == methodTOTP:
		return false
	case !totpEnabled:
		return false
	case alreadySameUser:
		return false
	default:
		return true
	}
}

// isOwner reports whether the requester is the record itself.
func isOwner(authID, authCollectionID, recordID, recordCollectionID string) bool {
	return authID != "" && authID == recordID && authCollectionID == recordCollectionID
}

// pocketBaseBadCredentials is PocketBase's answer to a wrong email or password.
const pocketBaseBadCredentials = "Failed to authenticate."

// MessageInvalidCredentials is Folio's answer to a wrong email or password;
// the front-end maps it to "Invalid email or password". It is the same for
// an unknown email and a wrong password so the answer never reveals which
// emails have accounts.
const MessageInvalidCredentials = "Invalid login credentials."

// decidePasswordAuthError rewrites PocketBase's bad-credentials error and
// passes every other outcome (success, validation errors, 401 mfaId) as is.
func decidePasswordAuthError(err error) error {
	var apiErr *router.ApiError
	if errors.As(err, &apiErr) && apiErr.Status == 400 && apiErr.Message == pocketBaseBadCredentials {
		return refusal.BadRequest("folio_invalid_credentials", MessageInvalidCredentials)
	}
	return err
}

// isInvalidCredentials reports whether err is decidePasswordAuthError's
// "Invalid login credentials." answer: the password was not right.
func isInvalidCredentials(err error) bool {
	var apiErr *router.ApiError
	return errors.As(err, &apiErr) && apiErr.Status == 400 && apiErr.Message == MessageInvalidCredentials
}
