package auth

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
)

// passwordSignIn keeps PocketBase's password sign-in, limits the guesses
// at each account (decide_guesses.go) and renames its bad-credentials
// error to "Invalid login credentials." (same answer for an unknown email
// and a wrong password; PocketBase already spends the same hashing time on
// both, and the limit counts unknown addresses exactly as known ones, so
// neither answer tells whether an account exists).
func (s *service) passwordSignIn(e *core.RecordAuthWithPasswordRequestEvent) error {
	if !s.passwordGuesses.take(e.Identity) {
		return refusal.TooManyRequests("folio_too_many_attempts", MessageTooManyAttempts)
	}
	err := decidePasswordAuthError(e.Next())
	if !isInvalidCredentials(err) {
		// The password was right (signed in, or on to the second factor).
		s.passwordGuesses.succeed(e.Identity)
	}
	return err
}
