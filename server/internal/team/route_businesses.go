package team

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
	"folio/server/migrations"
)

// createBusinessRoute: POST /api/folio/businesses {company_name} creates a
// business with the defaults and the signed-in person as its owner, and
// answers the business (201).
func (s *service) createBusinessRoute(e *core.RequestEvent) error {
	var body struct {
		CompanyName string `json:"company_name"`
	}
	if err := e.BindBody(&body); err != nil {
		return refusal.Unreadable(err)
	}
	name := strings.TrimSpace(body.CompanyName)
	if name == "" {
		return refuseAs(http.StatusBadRequest, "folio_business_name_required", msgBusinessName).api()
	}
	var b *core.Record
	err := e.App.RunInTransaction(func(tx core.App) error {
		var err error
		b, err = NewBusiness(tx, "", name, e.Auth.Id)
		return err
	})
	if err != nil {
		return e.BadRequestError("", err)
	}
	return e.JSON(http.StatusCreated, b)
}

// closeBusinessRoute: POST /api/folio/businesses/{id}/close {confirm}
// closes the business for an owner who typed its name (its id when it has
// none): closed_at is set, nothing is deleted, and from then on its
// records are read-only for everyone (issued invoices are kept for the
// law's retention periods). Closing a closed business changes nothing.
func (s *service) closeBusinessRoute(e *core.RequestEvent) error {
	id := e.Request.PathValue("id")
	var body struct {
		Confirm string `json:"confirm"`
	}
	if err := e.BindBody(&body); err != nil {
		return refusal.Unreadable(err)
	}
	var b *core.Record
	err := e.App.RunInTransaction(func(tx core.App) error {
		if _, err := require(tx, e, id, Read); err != nil {
			return err
		}
		role, _ := RoleOf(tx, e.Auth.Id, id)
		if !Can(role, Own) {
			return whoCan(Own).api()
		}
		var err error
		if b, err = tx.FindRecordById(migrations.BusinessesCollection, id); err != nil {
			return notMember()
		}
		if b.GetString(migrations.FieldClosedAt) != "" {
			return nil
		}
		name := b.GetString(migrations.FieldCompanyName)
		if name == "" {
			name = b.Id
		}
		if body.Confirm != name {
			return refuseAs(http.StatusBadRequest, "folio_close_confirm", msgCloseConfirm).api()
		}
		b.Set(migrations.FieldClosedAt, s.now().UTC())
		return tx.Save(b)
	})
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, b)
}
