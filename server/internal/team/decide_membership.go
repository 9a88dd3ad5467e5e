package team

import (
	"net/http"

	"folio/server/migrations"
)

// memberMove is a change to one membership, as the membership routes see
// it: who acts (their role), on whom (the target's role, and whether the
// target is the actor), the role asked for ("" to remove or leave), and
// how many owners the business has now.
type memberMove struct {
	actor   string
	target  string
	self    bool
	newRole string
	owners  int
}

// decideRoleChange decides a change of role. Owners and admins change
// roles; only owners make or unmake owners; nobody raises their own role
// (an owner may step down while another owner remains); the last owner
// can't be demoted.
func decideRoleChange(m memberMove) *teamError {
	if !IsRole(m.newRole) {
		return refuseAs(http.StatusBadRequest, "folio_role_invalid", msgRoleInvalid)
	}
	if !Can(m.actor, Manage) {
		return whoCan(Manage)
	}
	if m.newRole == m.target {
		return nil
	}
	if m.self && !within(m.newRole, m.target) {
		return refuse("folio_role_own_raise", msgOwnRoleRaise)
	}
	if (m.target == migrations.RoleOwner || m.newRole == migrations.RoleOwner) && !Can(m.actor, Own) {
		return whoCan(Own)
	}
	if m.target == migrations.RoleOwner && m.owners <= 1 {
		return refuseAs(http.StatusConflict, "folio_last_owner", msgLastOwner)
	}
	return nil
}

// decideRemoval decides removing a member, or leaving (self). Anyone may
// leave but the last owner; owners and admins remove others; only owners
// remove owners.
func decideRemoval(m memberMove) *teamError {
	if !m.self {
		if !Can(m.actor, Manage) {
			return whoCan(Manage)
		}
		if m.target == migrations.RoleOwner && !Can(m.actor, Own) {
			return whoCan(Own)
		}
	}
	if m.target == migrations.RoleOwner && m.owners <= 1 {
		return refuseAs(http.StatusConflict, "folio_last_owner", msgLastOwner)
	}
	return nil
}

// decideInvite decides an invitation with role by someone with actor's
// role: owners and admins invite; only owners invite owners.
func decideInvite(actor, role string) *teamError {
	if !IsRole(role) {
		return refuseAs(http.StatusBadRequest, "folio_role_invalid", msgRoleInvalid)
	}
	if !Can(actor, Manage) {
		return whoCan(Manage)
	}
	if role == migrations.RoleOwner && !Can(actor, Own) {
		return whoCan(Own)
	}
	return nil
}
