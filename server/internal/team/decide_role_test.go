package team

import (
	"testing"

	"folio/server/migrations"
)

func TestCan(t *testing.T) {
	t.Parallel()
	const (
		owner      = migrations.RoleOwner
		admin      = migrations.RoleAdmin
		member     = migrations.RoleMember
		accountant = migrations.RoleAccountant
	)
	// Each row: a role and what it may do, in the order Read, Write,
	// Manage, Export, Own.
	cases := []struct {
		role string
		want [5]bool
	}{
		{owner, [5]bool{true, true, true, true, true}},
		{admin, [5]bool{true, true, true, true, false}},
		{member, [5]bool{true, true, false, false, false}},
		{accountant, [5]bool{true, false, false, true, false}},
		{"", [5]bool{}},
		{"superuser", [5]bool{}},
		{"Owner", [5]bool{}},
	}
	actions := []Action{Read, Write, Manage, Export, Own}
	for _, c := range cases {
		for i, a := range actions {
			if got := Can(c.role, a); got != c.want[i] {
				t.Errorf("Can(%q, %d) = %v, want %v", c.role, a, got, c.want[i])
			}
		}
	}
}

func TestWhoCanNamesTheRoles(t *testing.T) {
	t.Parallel()
	cases := map[Action]string{
		Write:  "folio_team_write_role",
		Manage: "folio_team_manage_role",
		Export: "folio_team_export_role",
		Own:    "folio_team_owner_role",
	}
	for a, code := range cases {
		if e := whoCan(a); e.code != code || e.status != 403 {
			t.Errorf("whoCan(%d) = %s %d, want %s 403", a, e.code, e.status, code)
		}
	}
}
