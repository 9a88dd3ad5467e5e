package export

import (
	"fmt"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
	"folio/server/internal/team"
	"folio/server/internal/ticket"
	"folio/server/migrations"
)

// request checks the caller may export the business and its limit, and
// answers a one-time download URL.
func (s *service) request(e *core.RequestEvent) error {
	businessID := team.BusinessParam(e)
	if err := team.Require(e, businessID, team.Export); err != nil {
		return err
	}
	now := s.now()
	if !s.limits.allow(businessID, now) {
		return refusal.TooManyRequests("folio_export_too_many", MessageTooMany)
	}
	id, err := ticket.For(e.App).Issue(ticket.Ticket{Kind: ticketKind, UserID: e.Auth.Id, Name: businessID}, now)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, map[string]string{"url": Path + "/" + id})
}

// download streams the zip of the business the ticket was made for, if
// the person who asked may still export it (a role taken away between the
// two requests counts).
func (s *service) download(e *core.RequestEvent) error {
	now := s.now()
	t, ok := ticket.For(e.App).Take(e.Request.PathValue("ticket"), ticketKind, now)
	if !ok {
		return ticket.Expired()
	}
	if role, err := team.RoleOf(e.App, t.UserID, t.Name); err != nil || !team.Can(role, team.Export) {
		return ticket.Expired()
	}
	user, err := e.App.FindRecordById(migrations.UsersCollection, t.UserID)
	if err != nil {
		return ticket.Expired()
	}
	business, err := e.App.FindRecordById(migrations.BusinessesCollection, t.Name)
	if err != nil {
		return ticket.Expired()
	}
	h := e.Response.Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", FileName(now)))
	h.Set("Cache-Control", "no-store")
	e.Response.WriteHeader(http.StatusOK)
	// Once the answer has started, a failure can only cut the zip short
	// (an unreadable zip); it is logged.
	if err := Write(e.App, business, user, e.Response, now); err != nil {
		e.App.Logger().Error("Export failed", "business", business.Id, "user", user.Id, "error", err)
	}
	return nil
}
