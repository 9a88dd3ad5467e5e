package export

import (
	"fmt"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
	"folio/server/internal/ticket"
	"folio/server/migrations"
)

// request checks the limit and answers a one-time download URL.
func (s *service) request(e *core.RequestEvent) error {
	now := s.now()
	if !s.limits.allow(e.Auth.Id, now) {
		return refusal.TooManyRequests("folio_export_too_many", MessageTooMany)
	}
	id, err := ticket.For(e.App).Issue(ticket.Ticket{Kind: ticketKind, UserID: e.Auth.Id}, now)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, map[string]string{"url": Path + "/" + id})
}

// download streams the zip of the account the ticket was made for.
func (s *service) download(e *core.RequestEvent) error {
	now := s.now()
	t, ok := ticket.For(e.App).Take(e.Request.PathValue("ticket"), ticketKind, now)
	if !ok {
		return ticket.Expired()
	}
	user, err := e.App.FindRecordById(migrations.UsersCollection, t.UserID)
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
	if err := Write(e.App, user, e.Response, now); err != nil {
		e.App.Logger().Error("Export failed", "user", user.Id, "error", err)
	}
	return nil
}
