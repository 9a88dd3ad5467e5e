package testapp

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// Call sends req to mux as who (signed in with Token; nobody when who is
// empty) and answers the status and the JSON body as a map.
func Call(t testing.TB, app core.App, mux http.Handler, who string, req *http.Request) (int, map[string]any) {
	t.Helper()
	if who != "" {
		req.Header.Set("Authorization", Token(t, app, who))
	}
	res := httptest.NewRecorder()
	mux.ServeHTTP(res, req)
	out := map[string]any{}
	_ = json.Unmarshal(res.Body.Bytes(), &out)
	return res.Code, out
}

// Upload is a POST to path of a multipart form: the fields (name, value,
// …) and then file under "file" with its name.
func Upload(path, name string, file []byte, fields ...string) *http.Request {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for i := 0; i+1 < len(fields); i += 2 {
		_ = w.WriteField(fields[i], fields[i+1])
	}
	fw, _ := w.CreateFormFile("file", name)
	_, _ = io.Copy(fw, bytes.NewReader(file))
	_ = w.Close()
	req := httptest.NewRequest(http.MethodPost, path, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	return req
}

// API is a fixture app with routes bound, each with the test clock, and
// the handler that serves them: a package's route tests call it as one of
// the fixture's people.
type API struct {
	T   *testing.T
	App *tests.TestApp
	Mux http.Handler
}

// NewAPI builds the fixture name (once per test binary, see Fixture) with
// binds bound on a fresh copy, cleaned up after t.
func NewAPI(t *testing.T, name string, build func(*tests.TestApp) error, binds ...func(core.App, func() time.Time)) *API {
	t.Helper()
	app := Fixture(t, name, build)
	t.Cleanup(app.Cleanup)
	for _, bind := range binds {
		bind(app, Clock)
	}
	return &API{T: t, App: app, Mux: Mux(t, app)}
}

// Do sends req as who (see Call).
func (a *API) Do(who string, req *http.Request) (int, map[string]any) {
	a.T.Helper()
	return Call(a.T, a.App, a.Mux, who, req)
}
