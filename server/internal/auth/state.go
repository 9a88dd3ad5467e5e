package auth

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	"folio/server/internal/refusal"
	"folio/server/migrations"
)

// readState loads the 2FA fields of a user record.
func readState(rec *core.Record) (totpState, error) {
	st := totpState{
		Enabled:       rec.GetBool(migrations.FieldTOTPEnabled),
		Secret:        rec.GetString(migrations.FieldTOTPSecret),
		PendingSecret: rec.GetString(migrations.FieldTOTPPendingSecret),
		LastStep:      int64(rec.GetInt(migrations.FieldTOTPLastStep)),
	}
	var stored []string
	if err := rec.UnmarshalJSONField(migrations.FieldTOTPBackupCodes, &stored); err != nil {
		return st, fmt.Errorf("read backup codes: %w", err)
	}
	st.BackupHashes, st.UsedBackupHashes = splitBackupHashes(stored)
	if err := rec.UnmarshalJSONField(migrations.FieldTOTPPendingBackupCodes, &st.PendingBackupHashes); err != nil {
		return st, fmt.Errorf("read pending backup codes: %w", err)
	}
	return st, nil
}

// callerState reads the signed-in user's 2FA state for a route that needs
// 2FA on (enabled) or off. The error it returns is the answer to send: 500
// when the state can't be read, 400 when 2FA is not as the route needs.
func callerState(e *core.RequestEvent, enabled bool) (totpState, error) {
	st, err := readState(e.Auth)
	if err != nil {
		return st, e.InternalServerError("", err)
	}
	switch {
	case enabled && !st.Enabled:
		return st, refusal.BadRequest("folio_2fa_not_enabled", MessageNotEnabled)
	case !enabled && st.Enabled:
		return st, refusal.BadRequest("folio_2fa_already_enabled", MessageAlreadyEnabled)
	}
	return st, nil
}

// writeState puts st back on the record (the caller saves it).
func writeState(rec *core.Record, st totpState) {
	rec.Set(migrations.FieldTOTPEnabled, st.Enabled)
	rec.Set(migrations.FieldTOTPSecret, st.Secret)
	rec.Set(migrations.FieldTOTPPendingSecret, st.PendingSecret)
	rec.Set(migrations.FieldTOTPBackupCodes, joinBackupHashes(st.BackupHashes, st.UsedBackupHashes))
	rec.Set(migrations.FieldTOTPPendingBackupCodes, orEmpty(st.PendingBackupHashes))
	rec.Set(migrations.FieldTOTPLastStep, st.LastStep)
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

// attemptWithSecret counts one code attempt under limitKey and decrypts the
// stored secret the code is checked against. The error it returns is the
// answer to send (429 when the attempts are used up, 500 when the secret
// can't be read).
func (s *service) attemptWithSecret(e *core.RequestEvent, limitKey, encrypted string) (string, error) {
	if !s.manageAttempts.take(limitKey) {
		return "", refusal.TooManyRequests("folio_too_many_attempts", MessageTooManyAttempts)
	}
	key, err := s.key()
	if err != nil {
		return "", e.InternalServerError("", err)
	}
	secret, err := decryptSecret(encrypted, key)
	if err != nil {
		return "", e.InternalServerError("", err)
	}
	return secret, nil
}
