package auth

import (
	"context"
	"errors"
	"net/http"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/spf13/cast"
)

// A user's row is saved whole: PocketBase writes every column of the
// record as it was read. A profile save that read the row before a
// password change, a reset or a new token key would write the old hash and
// key back, and the old password and sessions would work again. So:
//   - keepFreshCredentials makes every save of a users row take the
//     credential columns it did not change itself from the row as it is
//     now, read inside the save's transaction;
//   - a password change and a reset are written by Folio in a transaction
//     that reads the row again (changePassword, confirmPasswordReset),
//     without validating the other fields: an avatar replaced meanwhile
//     cannot make them fail.

// credentialFields are the users columns a stale save must not write back.
var credentialFields = []string{
	core.FieldNamePassword, core.FieldNameTokenKey, core.FieldNameEmail, core.FieldNameVerified,
}

// keepFreshCredentials runs in the save of a users row (OnRecordUpdateExecute).
func keepFreshCredentials(e *core.RecordEvent) error {
	if e.Record.IsNew() {
		return e.Next()
	}
	original := e.Record.Original()
	// Original is the row as read from the database, except for a record
	// built in this process (core.NewRecord) and saved: it holds the
	// fields' zero values then, and a saved auth row never has an empty
	// token key. Such a record's saver set every value itself.
	if original.TokenKey() == "" {
		return e.Next()
	}
	outer := e.App
	return outer.RunInTransaction(func(txApp core.App) error {
		fresh, err := txApp.FindRecordById(e.Record.Collection(), e.Record.Id)
		if err != nil {
			return err
		}
		for _, name := range credentialFields {
			if !changedBySave(e.Record, original, name) {
				e.Record.SetRaw(name, fresh.GetRaw(name))
			}
		}
		// The rest of the save (PocketBase's own token key check, the
		// write) runs in this transaction, so nothing commits between the
		// read above and the write.
		e.App = txApp
		defer func() { e.App = outer }()
		return e.Next()
	})
}

// changedBySave tells whether the save changes field name of rec from
// what was read.
func changedBySave(rec, original *core.Record, name string) bool {
	if name == core.FieldNamePassword {
		now, _ := rec.GetRaw(name).(*core.PasswordFieldValue)
		was, _ := original.GetRaw(name).(*core.PasswordFieldValue)
		if now == nil || was == nil {
			return now != was
		}
		return now.Plain != "" || now.Hash != was.Hash
	}
	return rec.GetString(name) != original.GetString(name)
}

// passwordChangeKeys are the only body keys of a password change.
var passwordChangeKeys = map[string]bool{"oldPassword": true, "password": true, "passwordConfirm": true}

// isPasswordChange tells a PATCH that changes the password and nothing else
// (what the settings page sends).
func isPasswordChange(e *core.RecordRequestEvent, body map[string]any) bool {
	if _, ok := body["password"]; !ok {
		return false
	}
	for k := range body {
		if !passwordChangeKeys[k] {
			return false
		}
	}
	return e.Request.MultipartForm == nil || len(e.Request.MultipartForm.File) == 0
}

// hashedPassword is a copy of rec with password set (hashed) and checked
// against the password field's rules; it is done before a transaction, as
// hashing is slow.
func hashedPassword(ctx context.Context, app core.App, rec *core.Record, password string) (any, error) {
	tmp := rec.Clone()
	tmp.SetPassword(password)
	field := rec.Collection().Fields.GetByName(core.FieldNamePassword)
	if field == nil {
		return nil, validation.Errors{core.FieldNamePassword: validation.ErrRequired}
	}
	if err := field.ValidateValue(ctx, app, tmp); err != nil {
		return nil, validation.Errors{core.FieldNamePassword: err}
	}
	return tmp.GetRaw(core.FieldNamePassword), nil
}

// changePassword is a user's own password change (PATCH of their record
// with oldPassword, password and passwordConfirm). It answers like
// PocketBase's update: 200 with the record, or 400 with the same field
// errors. The new password gets a new token key: every session ends.
func changePassword(e *core.RecordRequestEvent, body map[string]any) error {
	old := cast.ToString(body["oldPassword"])
	password := cast.ToString(body["password"])
	confirm := cast.ToString(body["passwordConfirm"])
	// The row as read: PocketBase has already loaded the body into e.Record.
	original := e.Record.Original()

	errs := validation.Errors{}
	switch {
	case old == "":
		errs["oldPassword"] = validation.ErrRequired
	case !original.ValidatePassword(old):
		errs["oldPassword"] = errInvalidOldPassword
	}
	switch {
	case password == "":
		errs["password"] = validation.ErrRequired
	case confirm == "":
		errs["passwordConfirm"] = validation.ErrRequired
	case confirm != password:
		errs["passwordConfirm"] = validation.NewError("validation_values_mismatch", "Values don't match.")
	}
	if len(errs) > 0 {
		return e.BadRequestError("Failed to update record.", errs)
	}
	hashed, err := hashedPassword(e.Request.Context(), e.App, original, password)
	if err != nil {
		return e.BadRequestError("Failed to update record.", err)
	}

	checkedHash := passwordHash(original)
	var saved *core.Record
	err = e.App.RunInTransaction(func(txApp core.App) error {
		fresh, err := txApp.FindRecordById(e.Collection, e.Record.Id)
		if err != nil {
			return err
		}
		// Changed since the old password was checked: it is no longer right.
		if passwordHash(fresh) != checkedHash {
			return validation.Errors{"oldPassword": errInvalidOldPassword}
		}
		fresh.SetRaw(core.FieldNamePassword, hashed)
		fresh.RefreshTokenKey()
		if err := txApp.SaveNoValidate(fresh); err != nil {
			return err
		}
		saved = fresh
		return nil
	})
	if err != nil {
		var verr validation.Errors
		if errors.As(err, &verr) {
			return e.BadRequestError("Failed to update record.", verr)
		}
		return e.InternalServerError("", err)
	}

	if err := apis.EnrichRecord(e.RequestEvent, saved); err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, saved)
}

// passwordHash is the stored hash of rec's password.
func passwordHash(rec *core.Record) string {
	if v, ok := rec.GetRaw(core.FieldNamePassword).(*core.PasswordFieldValue); ok && v != nil {
		return v.Hash
	}
	return ""
}

// errInvalidOldPassword is PocketBase's own error for a wrong old password.
var errInvalidOldPassword = validation.NewError("validation_invalid_old_password", "Missing or invalid old password.")

// confirmPasswordReset sets the new password of a reset link in a
// transaction that reads the row again, checks the link against it and
// gives a new token key: every session ends, a stolen one too.
// PocketBase has already checked the body (token, password, confirmation).
func confirmPasswordReset(e *core.RecordConfirmPasswordResetRequestEvent) error {
	info, err := e.RequestInfo()
	if err != nil {
		return e.BadRequestError("", err)
	}
	token := cast.ToString(info.Body["token"])
	hashed, err := hashedPassword(e.Request.Context(), e.App, e.Record, cast.ToString(info.Body["password"]))
	if err != nil {
		return e.BadRequestError("Failed to set new password.", err)
	}

	var saved *core.Record
	err = e.App.RunInTransaction(func(txApp core.App) error {
		fresh, err := txApp.FindAuthRecordByToken(token, core.TokenTypePasswordReset)
		if err != nil {
			return errResetTokenGone
		}
		fresh.SetRaw(core.FieldNamePassword, hashed)
		fresh.RefreshTokenKey()
		if !fresh.Verified() {
			// The link reached the address: it is verified, if unchanged.
			payload, err := security.ParseUnverifiedJWT(token)
			if err == nil && fresh.Email() == cast.ToString(payload[core.TokenClaimEmail]) {
				fresh.SetVerified(true)
			}
		}
		if err := txApp.SaveNoValidate(fresh); err != nil {
			return err
		}
		saved = fresh
		return nil
	})
	switch {
	case errors.Is(err, errResetTokenGone):
		return e.BadRequestError("Invalid or expired password reset token.", nil)
	case err != nil:
		return e.BadRequestError("Failed to set new password.", err)
	}

	e.App.Store().Remove("@limitPasswordResetEmail_" + saved.Collection().Id + saved.Id)
	return e.NoContent(http.StatusNoContent)
}

// errResetTokenGone: the reset link stopped being valid (the password or
// the token key changed since it was checked).
var errResetTokenGone = validation.NewError("validation_invalid_token", "Invalid or expired token.")
