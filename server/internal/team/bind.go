// Package team is who may do what in a business: the roles (decide_role.go),
// the rules of changing memberships and using invitations
// (decide_membership.go, decide_invitation.go), the lookups other packages
// call before acting on a business (RoleOf, Require, BusinessParam), and
// the routes of businesses, members and invitations (route_*.go).
//
// A business owns every business record; a membership (user, business,
// role) gives a person access to it. The collections' API rules
// (migrations.MemberRule) hold the same roles for the PocketBase API;
// routes that act outside it call Require.
//
// Every new user gets a business with their own id and is its owner
// (hook_sign_up.go), in the transaction that inserts the user, unless the
// user is created by accepting an invitation (InvitedSignUp).
package team

import (
	"net/http"

	"slices"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/routes"
	"folio/server/migrations"
)

// The routes of this package.
const (
	PathBusinesses        = "/api/folio/businesses"
	PathMembers           = "/api/folio/businesses/{id}/members"
	PathMembership        = "/api/folio/memberships/{id}"
	PathInvitations       = "/api/folio/businesses/{id}/invitations"
	PathInvitationResend  = "/api/folio/invitations/{id}/resend"
	PathInvitation        = "/api/folio/invitations/{id}"
	PathJoin              = "/api/folio/join/{token}"
	PathJoinSignUp        = "/api/folio/join/{token}/sign-up"
	PathCloseBusiness     = "/api/folio/businesses/{id}/close"
	invitationsPerHour    = 20
	invitationsRateWindow = time.Hour
)

// service holds what the hooks and routes share for one app.
type service struct {
	now func() time.Time
	// invites counts the invitation mails of each business (an hour).
	invites *windowLimit
	// takenNotices spaces the mails to an invited address that already
	// has an account (one an hour per invitation).
	takenNotices *windowLimit
}

// Bind registers the team hooks and routes on app.
func Bind(app core.App) {
	BindWithClock(app, time.Now)
}

// BindWithClock is Bind with another clock (expiry, last activity), for
// tests.
func BindWithClock(app core.App, now func() time.Time) {
	s := &service{now: now, invites: newWindowLimit(invitationsPerHour, invitationsRateWindow),
		takenNotices: newWindowLimit(1, time.Hour)}

	app.OnRecordCreateExecute(migrations.UsersCollection).BindFunc(giveOwnBusiness)
	app.OnRecordCreate(migrations.BusinessesCollection).BindFunc(applyBusinessDefaults)
	app.OnRecordCreateRequest(activityCollections...).BindFunc(s.touchOnWrite)
	app.OnRecordUpdateRequest(activityCollections...).BindFunc(s.touchOnWrite)
	records := append(slices.Clone(migrations.BusinessRecordCollections), migrations.CatalogueCollections...)
	app.OnRecordCreateRequest(records...).BindFunc(refuseClosedWrite)
	app.OnRecordUpdateRequest(records...).BindFunc(refuseClosedWrite)
	app.OnRecordDeleteRequest(records...).BindFunc(refuseClosedWrite)
	app.OnRecordUpdateRequest(migrations.BusinessesCollection).BindFunc(refuseClosedWrite)
	app.OnRecordUpdateRequest(migrations.BusinessesCollection).BindFunc(refuseRequireMFAWithout)

	routes.Bind(app, "folioTeamRoutes",
		routes.Signed(http.MethodPost, PathBusinesses, s.createBusinessRoute),
		routes.Signed(http.MethodPost, PathCloseBusiness, s.closeBusinessRoute),
		routes.Signed(http.MethodGet, PathMembers, membersRoute),
		routes.Signed(http.MethodPatch, PathMembership, changeRoleRoute),
		routes.Signed(http.MethodDelete, PathMembership, removeMemberRoute),
		routes.Signed(http.MethodPost, PathInvitations, s.inviteRoute),
		routes.Signed(http.MethodPost, PathInvitationResend, s.resendRoute),
		routes.Signed(http.MethodDelete, PathInvitation, s.revokeRoute),
		routes.Open(http.MethodGet, PathJoin, s.joinLandingRoute),
		routes.Signed(http.MethodPost, PathJoin, s.joinRoute),
		routes.Open(http.MethodPost, PathJoinSignUp, s.joinSignUpRoute),
	)
}
