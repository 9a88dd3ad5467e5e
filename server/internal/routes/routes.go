// Package routes registers a package's HTTP routes on the app's router:
// each one either for a signed-in user (the web app's calls) or open to
// anyone (a customer's link, a webhook, a download ticket), which then
// checks what it is given itself.
package routes

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"folio/server/migrations"
)

// Route is one route: its method, path and handler, whether it is open to
// anyone, and the middlewares it runs besides.
type Route struct {
	Method  string
	Path    string
	Handler func(*core.RequestEvent) error
	Open    bool
	With    []*hook.Handler[*core.RequestEvent]
}

// Also is r with middlewares added (the customer's side's headers, say).
func (r Route) Also(h ...*hook.Handler[*core.RequestEvent]) Route {
	r.With = append(append([]*hook.Handler[*core.RequestEvent]{}, r.With...), h...)
	return r
}

// Signed is a route for a signed-in user (401 otherwise).
func Signed(method, path string, h func(*core.RequestEvent) error) Route {
	return Route{Method: method, Path: path, Handler: h}
}

// Open is a route anyone may call.
func Open(method, path string, h func(*core.RequestEvent) error) Route {
	return Route{Method: method, Path: path, Handler: h, Open: true}
}

// Bind registers rs when app serves, under the serve hook id.
func Bind(app core.App, id string, rs ...Route) {
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: id,
		Func: func(se *core.ServeEvent) error {
			signedIn := apis.RequireAuth(migrations.UsersCollection)
			for _, r := range rs {
				route := se.Router.Route(r.Method, r.Path, r.Handler)
				if !r.Open {
					route.Bind(signedIn)
				}
				route.Bind(r.With...)
			}
			return se.Next()
		},
	})
}
