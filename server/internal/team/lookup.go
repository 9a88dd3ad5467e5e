package team

import (
	"database/sql"
	"errors"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// RoleOf is userID's role in businessID, "" when they are not a member
// (or either id is empty). It reads app's database, so inside a
// transaction it sees the transaction's writes.
func RoleOf(app core.App, userID, businessID string) (string, error) {
	if userID == "" || businessID == "" {
		return "", nil
	}
	var role string
	err := app.DB().Select("role").From(migrations.MembershipsCollection).
		Where(dbx.HashExp{"user": userID, "business": businessID}).Limit(1).Row(&role)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return role, err
}

// Require checks that the signed-in person may do action in businessID.
// It answers nil, or the error to return from the route:
//
//   - 404 folio_business_not_found when nobody is signed in, the id is
//     empty, or the person is not a member: the same answer as for a
//     business that does not exist, so nothing leaks;
//   - 403 with a sentence naming the roles that can (folio_team_*_role),
//     e.g. "Only owners and admins can change this business's settings,
//     members and invitations.";
//   - 403 folio_business_closed for anything but Read and Export in a
//     closed business.
//
// Routes that act on a record pass the record's business; the others
// read it with BusinessParam.
//
// A business that requires two-factor sign-in answers 403
// folio_business_requires_mfa to a member who has not turned it on, as
// its collections' rules do (migrations.MFARule).
func Require(e *core.RequestEvent, businessID string, action Action) error {
	if _, err := require(e.App, e, businessID, action); err != nil {
		return err
	}
	return mfaRefusal(e, businessID)
}

// mfaRefusal is the refusal of a business that requires two-factor
// sign-in to a signed-in member who has not turned it on; nil otherwise.
func mfaRefusal(e *core.RequestEvent, businessID string) error {
	var required bool
	err := e.App.DB().Select(migrations.FieldRequireMFA).From(migrations.BusinessesCollection).
		Where(dbx.HashExp{"id": businessID}).Limit(1).Row(&required)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !required) {
		return nil
	}
	if err != nil {
		return e.InternalServerError("", err)
	}
	on, err := hasSecondFactor(e.App, e.Auth.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	if !on {
		return refuse("folio_business_requires_mfa", msgBusinessRequiresMFA).api()
	}
	return nil
}

// require is Require reading app (a transaction's, when in one); it also
// answers the person's role.
func require(app core.App, e *core.RequestEvent, businessID string, action Action) (string, error) {
	if e.Auth == nil || e.Auth.Collection().Name != migrations.UsersCollection {
		return "", notMember()
	}
	role, err := RoleOf(app, e.Auth.Id, businessID)
	if err != nil {
		return "", e.InternalServerError("", err)
	}
	if role == "" {
		return "", notMember()
	}
	if !Can(role, action) {
		return role, whoCan(action).api()
	}
	if action != Read && action != Export {
		if err := closedRefusal(app, e, businessID); err != nil {
			return role, err
		}
	}
	return role, nil
}

// isClosed reports whether the business was closed.
func isClosed(app core.App, businessID string) (bool, error) {
	var closedAt string
	err := app.DB().Select(migrations.FieldClosedAt).From(migrations.BusinessesCollection).
		Where(dbx.HashExp{"id": businessID}).Limit(1).Row(&closedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return closedAt != "", err
}

// BusinessParam is the business a request not tied to one record is about:
// the query parameter "business" (GET) or, when there is none, the
// "business" field of the body (JSON or form). "" when neither is given.
// Pass it to Require, which answers 404 for "".
func BusinessParam(e *core.RequestEvent) string {
	if id := strings.TrimSpace(e.Request.URL.Query().Get("business")); id != "" {
		return id
	}
	info, err := e.RequestInfo()
	if err != nil {
		return ""
	}
	id, _ := info.Body["business"].(string)
	return strings.TrimSpace(id)
}
