package testapp

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// Mux is the app's router as `serve` builds it: every route and hook the
// OnServe handlers bind, after the extra middlewares given. Tests send it
// real HTTP requests (httptest) for flows of several requests on one app.
func Mux(t testing.TB, app core.App, extra ...func(*core.RequestEvent) error) http.Handler {
	t.Helper()
	r, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range extra {
		r.BindFunc(m)
	}
	se := &core.ServeEvent{App: app, Router: r}
	if err := app.OnServe().Trigger(se, func(*core.ServeEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	mux, err := r.BuildMux()
	if err != nil {
		t.Fatal(err)
	}
	return mux
}
