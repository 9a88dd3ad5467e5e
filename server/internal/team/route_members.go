package team

import (
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
	"folio/server/migrations"
)

// Member is one row of GET /api/folio/businesses/{id}/members.
type Member struct {
	Membership string `json:"membership" db:"membership"`
	User       string `json:"user" db:"user"`
	Name       string `json:"name" db:"name"`
	Email      string `json:"email" db:"email"`
	Avatar     string `json:"avatar,omitempty" db:"avatar"`
	Role       string `json:"role" db:"role"`
	// Since is when they joined (the membership's created).
	Since string `json:"since" db:"since"`
	// LastActive is their last write in the business, "" for none yet.
	LastActive string `json:"last_active" db:"last_active"`
}

// membersRoute: GET /api/folio/businesses/{id}/members lists the members
// of a business to any of its members (the accountant too): name, email,
// avatar, role, since and last activity, owners first.
func membersRoute(e *core.RequestEvent) error {
	id := e.Request.PathValue("id")
	if err := Require(e, id, Read); err != nil {
		return err
	}
	members := []Member{}
	err := e.App.DB().NewQuery(`SELECT m.[[id]] AS membership, u.[[id]] AS user, u.[[name]] AS name,
			u.[[email]] AS email, u.[[avatar]] AS avatar, m.[[role]] AS role, m.[[created]] AS since,
			COALESCE(m.[[last_active]], '') AS last_active
		FROM {{memberships}} m JOIN {{users}} u ON u.[[id]] = m.[[user]]
		WHERE m.[[business]] = {:business}
		ORDER BY CASE m.[[role]] WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'member' THEN 2 ELSE 3 END,
			m.[[created]], m.[[id]]`).Bind(dbx.Params{"business": id}).All(&members)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, members)
}

// membershipMove loads a membership and the acting person's role in its
// business, and the business's owner count, all in tx. A membership of a
// business the person is not a member of is answered as missing.
func membershipMove(tx core.App, e *core.RequestEvent, id string) (*core.Record, memberMove, error) {
	m, err := tx.FindRecordById(migrations.MembershipsCollection, id)
	if err != nil {
		return nil, memberMove{}, refusal.NotFound("folio_member_not_found", msgMemberNotFound)
	}
	business := m.GetString(migrations.FieldBusiness)
	actor, err := RoleOf(tx, e.Auth.Id, business)
	if err != nil {
		return nil, memberMove{}, e.InternalServerError("", err)
	}
	if actor == "" {
		return nil, memberMove{}, refusal.NotFound("folio_member_not_found", msgMemberNotFound)
	}
	owners, err := tx.CountRecords(migrations.MembershipsCollection,
		dbx.HashExp{migrations.FieldBusiness: business, migrations.FieldRole: migrations.RoleOwner})
	if err != nil {
		return nil, memberMove{}, e.InternalServerError("", err)
	}
	return m, memberMove{actor: actor, target: m.GetString(migrations.FieldRole), self: m.GetString(migrations.FieldMemberUser) == e.Auth.Id,
		owners: int(owners)}, nil
}

// changeRoleRoute: PATCH /api/folio/memberships/{id} {role}. The owner
// count is read and the role written in one transaction: writes are one at
// a time, so two owners demoting each other at once leave one owner (the
// second sees the first's change and is refused folio_last_owner).
func changeRoleRoute(e *core.RequestEvent) error {
	var body struct {
		Role string `json:"role"`
	}
	if err := e.BindBody(&body); err != nil {
		return refusal.Unreadable(err)
	}
	var m *core.Record
	err := e.App.RunInTransaction(func(tx core.App) error {
		var move memberMove
		var err error
		if m, move, err = membershipMove(tx, e, e.Request.PathValue("id")); err != nil {
			return err
		}
		move.newRole = body.Role
		if rerr := decideRoleChange(move); rerr != nil {
			return rerr.api()
		}
		if err := closedRefusal(tx, e, m.GetString(migrations.FieldBusiness)); err != nil {
			return err
		}
		if move.newRole == move.target {
			return nil
		}
		m.Set(migrations.FieldRole, move.newRole)
		return tx.Save(m)
	})
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, m)
}

// removeMemberRoute: DELETE /api/folio/memberships/{id} removes a member
// (owners and admins) or leaves (anyone, their own), in one transaction
// with the owner count as changeRoleRoute. Answers 204.
func removeMemberRoute(e *core.RequestEvent) error {
	err := e.App.RunInTransaction(func(tx core.App) error {
		m, move, err := membershipMove(tx, e, e.Request.PathValue("id"))
		if err != nil {
			return err
		}
		if rerr := decideRemoval(move); rerr != nil {
			return rerr.api()
		}
		return tx.Delete(m)
	})
	if err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}

// closedRefusal is the refusal of a change to a closed business, nil
// when it is open.
func closedRefusal(app core.App, e *core.RequestEvent, businessID string) error {
	closed, err := isClosed(app, businessID)
	if err != nil {
		return e.InternalServerError("", err)
	}
	if closed {
		return refuse("folio_business_closed", msgBusinessClosed).api()
	}
	return nil
}
