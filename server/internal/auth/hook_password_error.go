package auth

import "github.com/pocketbase/pocketbase/core"

// uniformBadCredentials keeps PocketBase's password sign-in and only renames
// its bad-credentials error to "Invalid login credentials." (same answer for
// an unknown email and a wrong password; PocketBase already spends the same
// hashing time on both).
func uniformBadCredentials(e *core.RecordAuthWithPasswordRequestEvent) error {
	return decidePasswordAuthError(e.Next())
}
