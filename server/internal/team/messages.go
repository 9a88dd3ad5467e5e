package team

import (
	"net/http"

	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/refusal"
)

// Refusal sentences of the team routes and of Require. Each has a stable
// code (Messages), so the web app says it in the person's language
// (src/locales/*/server.json, keyed by code). None is about one field: the
// code goes under data["@refusal"] (see package refusal).
const (
	msgBusinessNotFound    = "Business not found."
	msgWriteRole           = "Only owners, admins and members can change this business's records."
	msgManageRole          = "Only owners and admins can change this business's settings, members and invitations."
	msgExportRole          = "Only owners, admins and accountants can export this business's data."
	msgOwnerRole           = "Only owners can make or remove owners and close the business."
	msgLastOwner           = "A business needs at least one owner. Make another member an owner first."
	msgRoleInvalid         = "Choose a role: owner, admin, member or accountant."
	msgOwnRoleRaise        = "Nobody can raise their own role. Ask an owner."
	msgMemberNotFound      = "Member not found."
	msgAlreadyMember       = "This address already belongs to a member of the business."
	msgInvitationEmail     = "Enter a valid email address."
	msgInvitationsMany     = "A business can send 20 invitations an hour. Try again later."
	msgInvitationMissing   = "This invitation link is not valid. Ask for a new one."
	msgInvitationExpired   = "This invitation has expired. Ask for a new one."
	msgInvitationRevoked   = "This invitation was withdrawn."
	msgInvitationUsed      = "This invitation was already used."
	msgInvitationOther     = "This invitation was sent to another email address. Sign in with that address to accept it."
	msgInvitationMember    = "You're already a member of this business."
	msgInvitationMail      = "The invitation could not be mailed. Try again in a moment."
	msgBusinessName        = "Enter the business's name."
	msgCloseConfirm        = "Type the business's name exactly as it is written to close it."
	msgBusinessClosed      = "This business is closed: its records can be read, not changed."
	msgBusinessRequiresMFA = "This business asks every member to sign in with two factors. Turn it on under Settings → Security to see its records."
	msgRequireMFASelf      = "Turn on two-factor sign-in for your own account first (Settings → Security): otherwise this would lock you out."
)

// Messages maps each code of this package to its English sentence: one
// code, one sentence.
var Messages = map[string]string{
	"folio_business_not_found":       msgBusinessNotFound,
	"folio_team_write_role":          msgWriteRole,
	"folio_team_manage_role":         msgManageRole,
	"folio_team_export_role":         msgExportRole,
	"folio_team_owner_role":          msgOwnerRole,
	"folio_last_owner":               msgLastOwner,
	"folio_role_invalid":             msgRoleInvalid,
	"folio_role_own_raise":           msgOwnRoleRaise,
	"folio_member_not_found":         msgMemberNotFound,
	"folio_already_member":           msgAlreadyMember,
	"folio_invitation_email":         msgInvitationEmail,
	"folio_invitations_too_many":     msgInvitationsMany,
	"folio_invitation_not_found":     msgInvitationMissing,
	"folio_invitation_expired":       msgInvitationExpired,
	"folio_invitation_revoked":       msgInvitationRevoked,
	"folio_invitation_used":          msgInvitationUsed,
	"folio_invitation_other_address": msgInvitationOther,
	"folio_invitation_member":        msgInvitationMember,
	"folio_invitation_mail_failed":   msgInvitationMail,
	"folio_business_name_required":   msgBusinessName,
	"folio_close_confirm":            msgCloseConfirm,
	"folio_business_closed":          msgBusinessClosed,
	"folio_require_mfa_self":         msgRequireMFASelf,
	"folio_business_requires_mfa":    msgBusinessRequiresMFA,
}

// teamError is a refusal decided by this package, with the status it is
// answered with.
type teamError struct {
	status        int
	code, message string
}

// refuse is a 403: the person may not do this.
func refuse(code, message string) *teamError {
	return &teamError{status: http.StatusForbidden, code: code, message: message}
}

// refuseAs is a refusal answered with status.
func refuseAs(status int, code, message string) *teamError {
	return &teamError{status: status, code: code, message: message}
}

// Error is the English sentence.
func (e *teamError) Error() string { return e.message }

// api is the answer: {status, message, data: {"@refusal": {code, message}}}.
func (e *teamError) api() *router.ApiError {
	return refusal.New(e.code, e.message).Answer(e.status)
}

// notMember is the 404 of a business the person is not a member of: the
// same as one that does not exist.
func notMember() *router.ApiError {
	return refusal.NotFound("folio_business_not_found", msgBusinessNotFound)
}
