package auth

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// revealTOTPEnabledToOwner lets a user see whether their own 2FA is on (the
// settings page needs it). The field stays hidden from everyone else, and
// the secrets, backup codes and last step are never revealed to any user.
func revealTOTPEnabledToOwner(e *core.RecordEnrichEvent) error {
	if info := e.RequestInfo; info != nil && info.Auth != nil &&
		isOwner(info.Auth.Id, info.Auth.Collection().Id, e.Record.Id, e.Record.Collection().Id) {
		e.Record.Unhide(migrations.FieldTOTPEnabled)
	}
	return e.Next()
}
