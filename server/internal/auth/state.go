package auth

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	"folio/server/internal/refusal"
	"folio/server/migrations"
)

// The 2FA state of a user is one row of migrations.UserTOTPCollection,
// never the users row: a profile save writes back the whole users row as
// it was read, and would undo a 2FA change made meanwhile. Every change
// goes through updateState, which reads the row again inside a
// transaction, so two changes at once are applied one after the other.

// findStateRow is the user's 2FA row, nil when the user never set up 2FA.
func findStateRow(app core.App, userID string) (*core.Record, error) {
	rec, err := app.FindFirstRecordByFilter(migrations.UserTOTPCollection,
		migrations.FieldTOTPUser+" = {:user}", dbx.Params{"user": userID})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return rec, err
}

// readState loads the 2FA state of a user (the zero state when there is none).
func readState(app core.App, userID string) (totpState, error) {
	row, err := findStateRow(app, userID)
	if err != nil || row == nil {
		return totpState{}, err
	}
	return stateOfRow(row)
}

// stateOfRow reads a 2FA row.
func stateOfRow(row *core.Record) (totpState, error) {
	st := totpState{
		Enabled:           row.GetBool(migrations.FieldTOTPRowEnabled),
		Secret:            row.GetString(migrations.FieldTOTPRowSecret),
		PendingSecret:     row.GetString(migrations.FieldTOTPRowPendingSecret),
		BackupSalt:        row.GetString(migrations.FieldTOTPRowBackupSalt),
		PendingBackupSalt: row.GetString(migrations.FieldTOTPRowPendingBackupSalt),
		LastStep:          int64(row.GetInt(migrations.FieldTOTPRowLastStep)),
	}
	var stored []string
	if err := row.UnmarshalJSONField(migrations.FieldTOTPRowBackupCodes, &stored); err != nil {
		return st, fmt.Errorf("read backup codes: %w", err)
	}
	st.BackupHashes, st.UsedBackupHashes = splitBackupHashes(stored)
	if err := row.UnmarshalJSONField(migrations.FieldTOTPRowPendingBackupCodes, &st.PendingBackupHashes); err != nil {
		return st, fmt.Errorf("read pending backup codes: %w", err)
	}
	return st, nil
}

// isTOTPEnabled tells whether the user's second factor is on.
func isTOTPEnabled(app core.App, userID string) (bool, error) {
	st, err := readState(app, userID)
	return st.Enabled, err
}

// updateState reads the user's 2FA state again inside a transaction, asks
// change for the next state, and writes it in the same transaction. change
// returns an error to write nothing (that error is returned); a zero next
// state deletes the row. change gets the transaction's app, to make its
// other writes (ending sessions, say) in the same transaction.
func updateState(app core.App, userID string, change func(txApp core.App, st totpState) (totpState, error)) error {
	return app.RunInTransaction(func(txApp core.App) error {
		row, err := findStateRow(txApp, userID)
		if err != nil {
			return err
		}
		var st totpState
		if row != nil {
			if st, err = stateOfRow(row); err != nil {
				return err
			}
		}
		next, err := change(txApp, st)
		if err != nil {
			return err
		}
		if next.isZero() {
			if row == nil {
				return nil
			}
			return txApp.Delete(row)
		}
		if row == nil {
			col, err := txApp.FindCachedCollectionByNameOrId(migrations.UserTOTPCollection)
			if err != nil {
				return err
			}
			row = core.NewRecord(col)
			row.Set(migrations.FieldTOTPUser, userID)
		}
		writeRow(row, next)
		return txApp.Save(row)
	})
}

// writeRow puts st on a 2FA row (the caller saves it).
func writeRow(row *core.Record, st totpState) {
	row.Set(migrations.FieldTOTPRowEnabled, st.Enabled)
	row.Set(migrations.FieldTOTPRowSecret, st.Secret)
	row.Set(migrations.FieldTOTPRowPendingSecret, st.PendingSecret)
	row.Set(migrations.FieldTOTPRowBackupSalt, st.BackupSalt)
	row.Set(migrations.FieldTOTPRowBackupCodes, joinBackupHashes(st.BackupHashes, st.UsedBackupHashes))
	row.Set(migrations.FieldTOTPRowPendingBackupSalt, st.PendingBackupSalt)
	row.Set(migrations.FieldTOTPRowPendingBackupCodes, orEmpty(st.PendingBackupHashes))
	row.Set(migrations.FieldTOTPRowLastStep, st.LastStep)
}

// needState checks that 2FA is on (enabled) or off as a route needs. The
// error is the answer to send.
func needState(st totpState, enabled bool) error {
	switch {
	case enabled && !st.Enabled:
		return refusal.BadRequest("folio_2fa_not_enabled", MessageNotEnabled)
	case !enabled && st.Enabled:
		return refusal.BadRequest("folio_2fa_already_enabled", MessageAlreadyEnabled)
	}
	return nil
}

// callerState reads the signed-in user's 2FA state for a route that needs
// 2FA on (enabled) or off. The error it returns is the answer to send: 500
// when the state can't be read, 400 when 2FA is not as the route needs.
// Routes check again inside their transaction; this answers early.
func callerState(e *core.RequestEvent, enabled bool) (totpState, error) {
	st, err := readState(e.App, e.Auth.Id)
	if err != nil {
		return st, e.InternalServerError("", err)
	}
	return st, needState(st, enabled)
}

// orEmpty stores "[]" rather than "null" so the column always holds a list.
func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// decryptSecret opens a secret stored with security.Encrypt.
func decryptSecret(encrypted, key string) (string, error) {
	plain, err := security.Decrypt(encrypted, key)
	if err != nil {
		return "", fmt.Errorf("decrypt totp secret: %w", err)
	}
	return string(plain), nil
}

// enabledSecret checks, inside a route's transaction, that 2FA is still on
// and opens its secret. The error is the answer to send.
func enabledSecret(st totpState, key string) (string, error) {
	if err := needState(st, true); err != nil {
		return "", err
	}
	return decryptSecret(st.Secret, key)
}

// takeAttempt counts one code attempt under limitKey. The error it returns
// is the answer to send (429 when the attempts are used up).
func (s *service) takeAttempt(limitKey string) error {
	if !s.manageAttempts.take(limitKey) {
		return refusal.TooManyRequests("folio_too_many_attempts", MessageTooManyAttempts)
	}
	return nil
}
