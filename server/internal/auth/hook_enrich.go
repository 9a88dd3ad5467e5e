package auth

import (
	"github.com/pocketbase/pocketbase/core"
)

// fieldTOTPEnabled is the key under which a user's own record says whether
// their 2FA is on (the settings page needs it). It is not a users column:
// the 2FA state lives in its own collection (state.go).
const fieldTOTPEnabled = "totpEnabled"

// revealTOTPEnabledToOwner lets a user see whether their own 2FA is on.
// Nobody else sees it, and the secrets, backup codes and last step are
// never revealed to any user.
func revealTOTPEnabledToOwner(e *core.RecordEnrichEvent) error {
	if info := e.RequestInfo; info != nil && info.Auth != nil &&
		isOwner(info.Auth.Id, info.Auth.Collection().Id, e.Record.Id, e.Record.Collection().Id) {
		enabled, err := isTOTPEnabled(e.App, e.Record.Id)
		if err != nil {
			return err
		}
		// Custom data is exported all or nothing: everything else the
		// request put on the record (the mail language) stays hidden.
		for key := range e.Record.CustomData() {
			e.Record.Hide(key)
		}
		e.Record.Hide(mailLanguageKey)
		e.Record.WithCustomData(true)
		e.Record.Set(fieldTOTPEnabled, enabled)
		e.Record.Unhide(fieldTOTPEnabled)
	}
	return e.Next()
}
