package migrations

import (
	"fmt"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	"folio/server/internal/auth/backuphash"
)

// The 2FA state of a user lives in its own collection, not on the users
// row: a profile save writes the whole users row as it was read, and must
// never be able to write back an older 2FA state (a used backup code, a
// second factor that was just switched on). Only the server reads and
// writes it, always inside a transaction that reads it again.
const (
	// UserTOTPCollection holds one row per user who has started or
	// finished setting up 2FA. It has no API rules: no client reads it.
	UserTOTPCollection = "user_totp"
	// FieldTOTPUser is the user the row belongs to (unique).
	FieldTOTPUser = "user"
	// FieldTOTPRowEnabled tells whether the second factor is on.
	FieldTOTPRowEnabled = "enabled"
	// FieldTOTPRowSecret is the active secret, encrypted at rest.
	FieldTOTPRowSecret = "secret"
	// FieldTOTPRowPendingSecret is the secret offered by request-otp, until
	// confirm-otp proves it was scanned.
	FieldTOTPRowPendingSecret = "pendingSecret"
	// FieldTOTPRowBackupSalt is the salt of the active backup codes.
	FieldTOTPRowBackupSalt = "backupSalt"
	// FieldTOTPRowBackupCodes holds the backup codes' argon2id hashes; a
	// spent one is kept as "used:<hash>" so a second use can say so.
	FieldTOTPRowBackupCodes = "backupCodes"
	// FieldTOTPRowPendingBackupSalt is the salt of the pending codes.
	FieldTOTPRowPendingBackupSalt = "pendingBackupSalt"
	// FieldTOTPRowPendingBackupCodes holds the hashes offered with the
	// pending secret.
	FieldTOTPRowPendingBackupCodes = "pendingBackupCodes"
	// FieldTOTPRowLastStep is the last accepted 30 s time step.
	FieldTOTPRowLastStep = "lastStep"
)

// usedBackupPrefix marks a spent backup code's hash (internal/auth).
const usedBackupPrefix = "used:"

// rehashBackupCodes turns the unsalted SHA-256 hashes the users row kept
// into argon2id hashes under a new salt, spent marks kept.
func rehashBackupCodes(stored []string) (salt string, hashes []string) {
	salt = backuphash.NewSalt()
	hashes = make([]string, 0, len(stored))
	for _, h := range stored {
		if rest, used := strings.CutPrefix(h, usedBackupPrefix); used {
			hashes = append(hashes, usedBackupPrefix+backuphash.FromPrehash(rest, salt))
		} else {
			hashes = append(hashes, backuphash.FromPrehash(h, salt))
		}
	}
	return salt, hashes
}

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}

		col := core.NewBaseCollection(UserTOTPCollection)
		// No rules: nil is superusers only, for every operation.
		col.Fields.Add(
			&core.RelationField{Name: FieldTOTPUser, CollectionId: users.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
			&core.BoolField{Name: FieldTOTPRowEnabled},
			&core.TextField{Name: FieldTOTPRowSecret, Hidden: true, Max: 1000},
			&core.TextField{Name: FieldTOTPRowPendingSecret, Hidden: true, Max: 1000},
			&core.TextField{Name: FieldTOTPRowBackupSalt, Hidden: true, Max: 100},
			&core.JSONField{Name: FieldTOTPRowBackupCodes, Hidden: true, MaxSize: 10000},
			&core.TextField{Name: FieldTOTPRowPendingBackupSalt, Hidden: true, Max: 100},
			&core.JSONField{Name: FieldTOTPRowPendingBackupCodes, Hidden: true, MaxSize: 10000},
			&core.NumberField{Name: FieldTOTPRowLastStep, Hidden: true, OnlyInt: true},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		col.AddIndex("idx_user_totp_user", true, "`"+FieldTOTPUser+"`", "")
		if err := app.Save(col); err != nil {
			return err
		}

		// Move what the users rows hold.
		rows, err := app.FindAllRecords(UsersCollection)
		if err != nil {
			return err
		}
		for _, u := range rows {
			if !u.GetBool(FieldTOTPEnabled) && u.GetString(FieldTOTPSecret) == "" && u.GetString(FieldTOTPPendingSecret) == "" {
				continue
			}
			var codes, pending []string
			if err := u.UnmarshalJSONField(FieldTOTPBackupCodes, &codes); err != nil {
				return fmt.Errorf("user %s backup codes: %w", u.Id, err)
			}
			if err := u.UnmarshalJSONField(FieldTOTPPendingBackupCodes, &pending); err != nil {
				return fmt.Errorf("user %s pending backup codes: %w", u.Id, err)
			}
			salt, hashes := rehashBackupCodes(codes)
			pendingSalt, pendingHashes := rehashBackupCodes(pending)

			row := core.NewRecord(col)
			row.Set(FieldTOTPUser, u.Id)
			row.Set(FieldTOTPRowEnabled, u.GetBool(FieldTOTPEnabled))
			row.Set(FieldTOTPRowSecret, u.GetString(FieldTOTPSecret))
			row.Set(FieldTOTPRowPendingSecret, u.GetString(FieldTOTPPendingSecret))
			row.Set(FieldTOTPRowBackupSalt, salt)
			row.Set(FieldTOTPRowBackupCodes, hashes)
			row.Set(FieldTOTPRowPendingBackupSalt, pendingSalt)
			row.Set(FieldTOTPRowPendingBackupCodes, pendingHashes)
			row.Set(FieldTOTPRowLastStep, u.GetInt(FieldTOTPLastStep))
			if err := app.Save(row); err != nil {
				return fmt.Errorf("user %s 2fa: %w", u.Id, err)
			}
		}

		for _, name := range usersTOTPFields {
			users.Fields.RemoveByName(name)
		}
		return app.Save(users)
	}, func(app core.App) error {
		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}
		users.Fields.Add(usersTOTPFieldsSchema()...)
		if err := app.Save(users); err != nil {
			return err
		}

		col, err := app.FindCollectionByNameOrId(UserTOTPCollection)
		if err != nil {
			return err
		}
		rows, err := app.FindAllRecords(col)
		if err != nil {
			return err
		}
		for _, row := range rows {
			u, err := app.FindRecordById(users, row.GetString(FieldTOTPUser))
			if err != nil {
				continue
			}
			// argon2id hashes cannot go back to the old unsalted form: the
			// backup codes are dropped and the user makes a new set.
			u.Set(FieldTOTPEnabled, row.GetBool(FieldTOTPRowEnabled))
			u.Set(FieldTOTPSecret, row.GetString(FieldTOTPRowSecret))
			u.Set(FieldTOTPPendingSecret, row.GetString(FieldTOTPRowPendingSecret))
			u.Set(FieldTOTPBackupCodes, []string{})
			u.Set(FieldTOTPPendingBackupCodes, []string{})
			u.Set(FieldTOTPLastStep, row.GetInt(FieldTOTPRowLastStep))
			if err := app.SaveNoValidate(u); err != nil {
				return err
			}
		}
		return app.Delete(col)
	})
}

// usersTOTPFields are the users fields the first migration added for 2FA.
var usersTOTPFields = []string{
	FieldTOTPEnabled, FieldTOTPSecret, FieldTOTPPendingSecret,
	FieldTOTPBackupCodes, FieldTOTPPendingBackupCodes, FieldTOTPLastStep,
}

// usersTOTPFieldsSchema is how the first migration defined them (the down
// migration puts them back).
func usersTOTPFieldsSchema() []core.Field {
	return []core.Field{
		&core.BoolField{Name: FieldTOTPEnabled, Hidden: true},
		&core.TextField{Name: FieldTOTPSecret, Hidden: true, Max: 1000},
		&core.TextField{Name: FieldTOTPPendingSecret, Hidden: true, Max: 1000},
		&core.JSONField{Name: FieldTOTPBackupCodes, Hidden: true, MaxSize: 10000},
		&core.JSONField{Name: FieldTOTPPendingBackupCodes, Hidden: true, MaxSize: 10000},
		&core.NumberField{Name: FieldTOTPLastStep, Hidden: true, OnlyInt: true},
	}
}
