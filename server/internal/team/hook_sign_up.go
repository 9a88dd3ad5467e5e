package team

import (
	"context"

	"github.com/pocketbase/pocketbase/core"
)

// invitedSignUpKey is the type of InvitedSignUp, so no other package's
// context value can be mistaken for it.
type invitedSignUpKey struct{}

// InvitedSignUp is the context value (any non-nil value) of a user saved
// by the invitation sign-up route: that user joins the inviting business
// only, and gets no business of their own.
var InvitedSignUp = invitedSignUpKey{}

// isInvitedSignUp reports whether ctx carries InvitedSignUp.
func isInvitedSignUp(ctx context.Context) bool {
	return ctx != nil && ctx.Value(InvitedSignUp) != nil
}

// giveOwnBusiness runs on the insert of every new user (API sign-up,
// OAuth2, the demo seed, fixtures): in the same transaction, it creates a
// business with the user's id (so a migrated account's business and a new
// one look alike) with the defaults, and makes the user its owner. A save
// that is not in a transaction yet gets one here, so a user never exists
// without their business, nor a business without its owner.
func giveOwnBusiness(e *core.RecordEvent) error {
	if isInvitedSignUp(e.Context) {
		return e.Next()
	}
	if e.App.IsTransactional() {
		if err := e.Next(); err != nil {
			return err
		}
		_, err := NewBusiness(e.App, e.Record.Id, "", e.Record.Id)
		return err
	}
	orig := e.App
	defer func() { e.App = orig }()
	return orig.RunInTransaction(func(tx core.App) error {
		e.App = tx
		if err := e.Next(); err != nil {
			return err
		}
		_, err := NewBusiness(tx, e.Record.Id, "", e.Record.Id)
		return err
	})
}
