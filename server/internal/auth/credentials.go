package auth

import (
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/refusal"
)

// checkPassword asks for the account's current password (turning 2FA on or
// off). The error is the answer to send: a 400 about the password field.
func checkPassword(user *core.Record, password string) error {
	switch {
	case password == "":
		return passwordRefusal(refusal.New("folio_password_required", MessagePasswordRequired))
	case !user.ValidatePassword(password):
		return passwordRefusal(refusal.New("folio_wrong_password", MessageWrongPassword))
	}
	return nil
}

// passwordRefusal is a 400 whose sentence is r, said at the password field.
func passwordRefusal(r *refusal.Refusal) *router.ApiError {
	return router.NewBadRequestError(r.Error(), validation.Errors{"password": r})
}

// rotateTokenKey gives the user a new token key inside txApp's
// transaction, reading the row again first: every token issued so far
// stops working. It returns the row as saved, to issue a new token from.
func rotateTokenKey(txApp core.App, user *core.Record) (*core.Record, error) {
	fresh, err := txApp.FindRecordById(user.Collection(), user.Id)
	if err != nil {
		return nil, err
	}
	fresh.RefreshTokenKey()
	// The row was just read in this transaction: saving it whole writes
	// back nothing stale, and skipping validation keeps a file field that
	// changed underneath from refusing the change.
	if err := txApp.SaveNoValidate(fresh); err != nil {
		return nil, err
	}
	return fresh, nil
}
