package team

import "folio/server/migrations"

// Action is what a person wants to do in a business; Can says which roles
// may.
type Action int

// The actions a role is checked against.
const (
	// Read is reading the business's records, the business record and
	// its members list: every role.
	Read Action = iota + 1
	// Write is creating and changing the business's records (customers,
	// quotes, invoices, credit notes, recurring, payments): owners, admins
	// and members.
	Write
	// Manage is the business's settings, bank details, members and
	// invitations: owners and admins.
	Manage
	// Export is downloading the business's data export: owners, admins and
	// accountants.
	Export
	// Own is making or removing owners and closing the business: owners.
	Own
)

// allowed lists what each role may do.
var allowed = map[string][]Action{
	migrations.RoleOwner:      {Read, Write, Manage, Export, Own},
	migrations.RoleAdmin:      {Read, Write, Manage, Export},
	migrations.RoleMember:     {Read, Write},
	migrations.RoleAccountant: {Read, Export},
}

// Can reports whether role may do action. An unknown role ("" for someone
// who is not a member) may do nothing.
func Can(role string, action Action) bool {
	for _, a := range allowed[role] {
		if a == action {
			return true
		}
	}
	return false
}

// IsRole reports whether role is one a membership can have.
func IsRole(role string) bool {
	_, ok := allowed[role]
	return ok
}

// within reports whether role may do nothing that was not already allowed
// to from: a move that raises nobody.
func within(role, from string) bool {
	for _, a := range allowed[role] {
		if !Can(from, a) {
			return false
		}
	}
	return true
}

// whoCan is the refusal of a member whose role may not do action: a
// sentence naming the roles that can.
func whoCan(action Action) *teamError {
	switch action {
	case Write:
		return refuse("folio_team_write_role", msgWriteRole)
	case Manage:
		return refuse("folio_team_manage_role", msgManageRole)
	case Export:
		return refuse("folio_team_export_role", msgExportRole)
	default:
		return refuse("folio_team_owner_role", msgOwnerRole)
	}
}
