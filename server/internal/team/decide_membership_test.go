package team

import (
	"testing"

	"folio/server/migrations"
)

const (
	owner      = migrations.RoleOwner
	admin      = migrations.RoleAdmin
	member     = migrations.RoleMember
	accountant = migrations.RoleAccountant
)

// code is a decision's refusal code, "" for none.
func code(e *teamError) string {
	if e == nil {
		return ""
	}
	return e.code
}

func TestDecideRoleChange(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		move memberMove
		want string
	}{
		{"owner makes a member admin", memberMove{actor: owner, target: member, newRole: admin, owners: 1}, ""},
		{"owner makes a member owner", memberMove{actor: owner, target: member, newRole: owner, owners: 1}, ""},
		{"owner demotes another owner", memberMove{actor: owner, target: owner, newRole: admin, owners: 2}, ""},
		{"owner steps down while another owner remains", memberMove{actor: owner, target: owner, self: true, newRole: admin, owners: 2}, ""},
		{"the last owner can't step down", memberMove{actor: owner, target: owner, self: true, newRole: admin, owners: 1}, "folio_last_owner"},
		{"the last owner can't be demoted (owner count read as 1)", memberMove{actor: owner, target: owner, newRole: member, owners: 1}, "folio_last_owner"},
		{"admin makes a member accountant", memberMove{actor: admin, target: member, newRole: accountant, owners: 1}, ""},
		{"admin makes a member admin", memberMove{actor: admin, target: member, newRole: admin, owners: 1}, ""},
		{"admin demotes another admin", memberMove{actor: admin, target: admin, newRole: member, owners: 1}, ""},
		{"admin can't make an owner", memberMove{actor: admin, target: member, newRole: owner, owners: 1}, "folio_team_owner_role"},
		{"admin can't demote an owner", memberMove{actor: admin, target: owner, newRole: admin, owners: 2}, "folio_team_owner_role"},
		{"admin can't make themself owner", memberMove{actor: admin, target: admin, self: true, newRole: owner, owners: 1}, "folio_role_own_raise"},
		{"admin may step down to member", memberMove{actor: admin, target: admin, self: true, newRole: member, owners: 1}, ""},
		{"admin stepping to accountant raises nothing", memberMove{actor: admin, target: admin, self: true, newRole: accountant, owners: 1}, ""},
		{"member can't change their own role", memberMove{actor: member, target: member, self: true, newRole: admin, owners: 1}, "folio_team_manage_role"},
		{"member can't change their own role sideways", memberMove{actor: member, target: member, self: true, newRole: accountant, owners: 1}, "folio_team_manage_role"},
		{"member can't change another's role", memberMove{actor: member, target: accountant, newRole: member, owners: 1}, "folio_team_manage_role"},
		{"accountant can't change another's role", memberMove{actor: accountant, target: member, newRole: accountant, owners: 1}, "folio_team_manage_role"},
		{"accountant can't make themself owner", memberMove{actor: accountant, target: accountant, self: true, newRole: owner, owners: 1}, "folio_team_manage_role"},
		{"not a member", memberMove{actor: "", target: member, newRole: admin, owners: 1}, "folio_team_manage_role"},
		{"unknown role", memberMove{actor: owner, target: member, newRole: "superuser", owners: 1}, "folio_role_invalid"},
		{"empty role", memberMove{actor: owner, target: member, newRole: "", owners: 1}, "folio_role_invalid"},
		{"same role is no change", memberMove{actor: owner, target: owner, self: true, newRole: owner, owners: 1}, ""},
	}
	for _, c := range cases {
		if got := code(decideRoleChange(c.move)); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestDecideRemoval(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		move memberMove
		want string
	}{
		{"owner removes a member", memberMove{actor: owner, target: member, owners: 1}, ""},
		{"owner removes another owner", memberMove{actor: owner, target: owner, owners: 2}, ""},
		{"owner leaves while another owner remains", memberMove{actor: owner, target: owner, self: true, owners: 2}, ""},
		{"the last owner can't leave", memberMove{actor: owner, target: owner, self: true, owners: 1}, "folio_last_owner"},
		{"admin removes an accountant", memberMove{actor: admin, target: accountant, owners: 1}, ""},
		{"admin removes an admin", memberMove{actor: admin, target: admin, owners: 1}, ""},
		{"admin can't remove an owner", memberMove{actor: admin, target: owner, owners: 2}, "folio_team_owner_role"},
		{"admin leaves", memberMove{actor: admin, target: admin, self: true, owners: 1}, ""},
		{"member leaves", memberMove{actor: member, target: member, self: true, owners: 1}, ""},
		{"accountant leaves", memberMove{actor: accountant, target: accountant, self: true, owners: 1}, ""},
		{"member can't remove another", memberMove{actor: member, target: accountant, owners: 1}, "folio_team_manage_role"},
		{"accountant can't remove another", memberMove{actor: accountant, target: member, owners: 1}, "folio_team_manage_role"},
	}
	for _, c := range cases {
		if got := code(decideRemoval(c.move)); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestDecideInvite(t *testing.T) {
	t.Parallel()
	cases := []struct{ actor, role, want string }{
		{owner, owner, ""},
		{owner, admin, ""},
		{owner, accountant, ""},
		{admin, member, ""},
		{admin, admin, ""},
		{admin, owner, "folio_team_owner_role"},
		{member, member, "folio_team_manage_role"},
		{accountant, accountant, "folio_team_manage_role"},
		{"", member, "folio_team_manage_role"},
		{owner, "boss", "folio_role_invalid"},
	}
	for _, c := range cases {
		if got := code(decideInvite(c.actor, c.role)); got != c.want {
			t.Errorf("%s invites %s: got %q, want %q", c.actor, c.role, got, c.want)
		}
	}
}
