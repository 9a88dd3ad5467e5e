package auth

import (
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// keepBuiltInOTPAndMFAOff refuses to switch on PocketBase's email OTP or
// MFA for users (e.g. from the admin UI): they would add a second, different
// gate on top of Folio's TOTP and break the sign-in flow the app expects.
func keepBuiltInOTPAndMFAOff(e *core.CollectionEvent) error {
	c := e.Collection
	if c != nil && c.Name == migrations.UsersCollection && c.IsAuth() {
		errs := validation.Errors{}
		if c.OTP.Enabled {
			errs["otp"] = validation.NewError("folio_otp_managed", MessageOTPManaged)
		}
		if c.MFA.Enabled {
			errs["mfa"] = validation.NewError("folio_mfa_managed", MessageMFAManaged)
		}
		if len(errs) > 0 {
			return errs
		}
	}
	return e.Next()
}
