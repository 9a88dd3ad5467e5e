// Package migrations holds Folio's schema and settings as code. Each file
// registers one up/down pair; PocketBase applies pending ones on start (and
// tests get them through tests.NewTestApp because this package is imported).
package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Field names of the users collection that the Go code reads and writes.
// They live here, next to the schema that creates them, so a rename is one
// edit plus a new migration.
const (
	// UsersCollection is the auth collection Folio signs people into.
	UsersCollection = "users"
	// FieldCompany is the user's company name shown on the profile.
	FieldCompany = "company"
	// FieldTOTPEnabled tells whether authenticator-app 2FA is on.
	FieldTOTPEnabled = "totpEnabled"
	// FieldTOTPSecret is the active TOTP secret, encrypted at rest.
	FieldTOTPSecret = "totpSecret"
	// FieldTOTPPendingSecret is the secret offered by request-otp, encrypted,
	// until confirm-otp proves the user scanned it.
	FieldTOTPPendingSecret = "totpPendingSecret"
	// FieldTOTPBackupCodes holds SHA-256 hashes of the backup codes; a spent
	// one is kept as "used:<hash>" so a second use can say so (internal/auth).
	FieldTOTPBackupCodes = "totpBackupCodes"
	// FieldTOTPPendingBackupCodes holds the hashes offered with the pending secret.
	FieldTOTPPendingBackupCodes = "totpPendingBackupCodes"
	// FieldTOTPLastStep is the last accepted 30 s time step; a code for the
	// same or an earlier step is a replay and is refused.
	FieldTOTPLastStep = "totpLastStep"
)

// MFASessionSeconds is how long a first-factor MFA session (mfaId) lives.
// PocketBase uses users.MFA.Duration for the expiry check and the hourly
// cleanup even while its own MFA feature stays disabled.
const MFASessionSeconds = 300

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}

		users.Fields.Add(
			&core.TextField{Name: FieldCompany, Max: 255},
			// Hidden fields are never serialised for non-superusers and are
			// stripped from their create/update bodies, so only our routes
			// can change them.
			&core.BoolField{Name: FieldTOTPEnabled, Hidden: true},
			&core.TextField{Name: FieldTOTPSecret, Hidden: true, Max: 1000},
			&core.TextField{Name: FieldTOTPPendingSecret, Hidden: true, Max: 1000},
			&core.JSONField{Name: FieldTOTPBackupCodes, Hidden: true, MaxSize: 10000},
			&core.JSONField{Name: FieldTOTPPendingBackupCodes, Hidden: true, MaxSize: 10000},
			&core.NumberField{Name: FieldTOTPLastStep, Hidden: true, OnlyInt: true},
		)

		// Folio does its own TOTP second factor; PocketBase's email OTP and
		// MFA stay off so they cannot add a second, different gate.
		users.OTP.Enabled = false
		users.MFA.Enabled = false
		users.MFA.Duration = MFASessionSeconds

		return app.Save(users)
	}, func(app core.App) error {
		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}

		users.Fields.RemoveByName(FieldCompany)
		users.Fields.RemoveByName(FieldTOTPEnabled)
		users.Fields.RemoveByName(FieldTOTPSecret)
		users.Fields.RemoveByName(FieldTOTPPendingSecret)
		users.Fields.RemoveByName(FieldTOTPBackupCodes)
		users.Fields.RemoveByName(FieldTOTPPendingBackupCodes)
		users.Fields.RemoveByName(FieldTOTPLastStep)
		users.MFA.Duration = 600 // PocketBase's default

		return app.Save(users)
	})
}
