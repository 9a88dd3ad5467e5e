package billing

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
	"folio/server/internal/spa"
	"folio/server/migrations"
)

// publicLogoRoute answers GET /api/folio/public/documents/{token}/logo: the
// seller's logo file with its content type, for the public page (the
// users' files are not public). A token that leads nowhere gets the one
// 404; a business without a logo a plain 404.
func publicLogoRoute(e *core.RequestEvent) error {
	p := resolvePublic(e.App, e.Request.PathValue("token"))
	if p == nil {
		return linkNotValid(e)
	}
	name := p.business.GetString(migrations.FieldLogo)
	if name == "" {
		return refusal.NothingHere()
	}
	fsys, err := e.App.NewFilesystem()
	if err != nil {
		return e.InternalServerError("", err)
	}
	defer fsys.Close()

	// Short and private: a logo may change, and a revoked link should stop
	// showing it soon.
	e.Response.Header().Set("Cache-Control", "private, max-age=300")
	spa.SetUserFileHeaders(e.Response.Header())
	if err := fsys.Serve(e.Response, e.Request, p.business.BaseFilesPath()+"/"+name, name); err != nil {
		return refusal.NothingHere()
	}
	return nil
}
