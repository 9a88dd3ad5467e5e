package app

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"folio/server/internal/spa"
	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// serve is the whole app's HTTP handler, every route and middleware bound,
// and the extra middlewares before them.
func serve(t testing.TB, app *tests.TestApp, extra ...func(*core.RequestEvent) error) http.Handler {
	t.Helper()
	return testapp.Mux(t, app, extra...)
}

// call sends one request to h and returns the answer.
func call(h http.Handler, method, url string, body *bytes.Buffer, header map[string]string) *httptest.ResponseRecorder {
	if body == nil {
		body = &bytes.Buffer{}
	}
	req := httptest.NewRequest(method, url, body)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res := httptest.NewRecorder()
	h.ServeHTTP(res, req)
	return res
}

const svgWithScript = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">` +
	`<script>fetch("/api/collections/users/records")</script><rect width="10" height="10"/></svg>`

var onePixelPNG = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89" +
	"\x00\x00\x00\rIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\xa7\x35\x81\x84\x00\x00\x00\x00IEND\xaeB`\x82")

// upload sets a file field of the record id of collection (users,
// businesses) through the API and returns the stored file name.
func upload(t *testing.T, h http.Handler, token, collection, id, field, name string, data []byte) string {
	t.Helper()
	res := uploadAnswer(h, token, collection, id, field, name, data)
	if res.Code != http.StatusOK {
		t.Fatalf("upload %s: %d %s", name, res.Code, res.Body)
	}
	var rec map[string]any
	if err := json.Unmarshal(res.Body.Bytes(), &rec); err != nil {
		t.Fatal(err)
	}
	stored, _ := rec[field].(string)
	if stored == "" {
		t.Fatalf("upload %s: no %s in %s", name, field, res.Body)
	}
	return stored
}

// uploadAnswer is the API's answer to setting a record's file field.
func uploadAnswer(h http.Handler, token, collection, id, field, name string, data []byte) *httptest.ResponseRecorder {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	if part, err := w.CreateFormFile(field, name); err == nil {
		_, _ = part.Write(data)
	}
	_ = w.Close()
	return call(h, http.MethodPatch, "/api/collections/"+collection+"/records/"+id, &body,
		map[string]string{"Authorization": token, "Content-Type": w.FormDataContentType()})
}

// An avatar is an image of the types the web app offers: an SVG, which can
// carry script, is refused through the API as the logo always was (the
// logo is the business's now).
func TestSVGAvatarRefused(t *testing.T) {
	app := factoryWith(map[string]string{"FOLIO_DEMO": "off"})(t)
	defer app.Cleanup()
	h := serve(t, app)

	rec := testapp.CreateUser(t, app, testapp.Alice)
	token := testapp.Token(t, app, rec.Id)
	for _, f := range []struct{ collection, field string }{
		{migrations.UsersCollection, "avatar"}, {migrations.BusinessesCollection, migrations.FieldLogo},
	} {
		res := uploadAnswer(h, token, f.collection, rec.Id, f.field, f.field+".svg", []byte(svgWithScript))
		if res.Code != http.StatusBadRequest || !strings.Contains(res.Body.String(), "validation_invalid_mime_type") {
			t.Errorf("%s.svg: %d %s, want 400 invalid mime type", f.field, res.Code, res.Body)
		}
	}
	if png := upload(t, h, token, migrations.UsersCollection, rec.Id, "avatar", "avatar.png", onePixelPNG); png == "" {
		t.Error("png avatar refused")
	}
}

// A user's uploaded file is served in a sandbox: an SVG avatar with a
// script (stored before SVG avatars were refused), opened directly, runs
// nothing on Folio's origin, and the browser may not guess another type,
// even when a middleware set the app's own policy on every answer first
// (PocketBase adds its sandbox only when no policy is set). A PNG logo of
// the user's business still serves as an image, to a member's file token.
func TestUploadedFilesAreSandboxed(t *testing.T) {
	for _, appWide := range []bool{false, true} {
		app := factoryWith(map[string]string{"FOLIO_DEMO": "off"})(t)
		defer app.Cleanup()

		rec := testapp.CreateUser(t, app, testapp.Alice)
		old, err := filesystem.NewFileFromBytes([]byte(svgWithScript), "old.svg")
		if err != nil {
			t.Fatal(err)
		}
		rec.Set("avatar", old)
		if err := app.SaveNoValidate(rec); err != nil {
			t.Fatal(err)
		}
		svg := rec.GetString("avatar")

		var extra []func(*core.RequestEvent) error
		if appWide {
			extra = append(extra, func(e *core.RequestEvent) error {
				e.Response.Header().Set("Content-Security-Policy", spa.ContentSecurityPolicy)
				return e.Next()
			})
		}
		h := serve(t, app, extra...)
		token := testapp.Token(t, app, rec.Id)
		png := upload(t, h, token, migrations.BusinessesCollection, rec.Id, migrations.FieldLogo, "logo.png", onePixelPNG)

		rec, err = app.FindRecordById(migrations.UsersCollection, rec.Id)
		if err != nil {
			t.Fatal(err)
		}
		fileToken, err := rec.NewFileToken()
		if err != nil {
			t.Fatal(err)
		}
		base := "/api/files/" + migrations.UsersCollection + "/" + rec.Id + "/"
		logos := "/api/files/" + migrations.BusinessesCollection + "/" + rec.Id + "/"

		for _, c := range []struct{ name, file, query, contentType, body string }{
			{"svg avatar", base + svg, "", "image/svg+xml", "<script>"},
			{"svg avatar, download", base + svg, "&download=1", "image/svg+xml", "<script>"},
			{"png logo", logos + png, "", "image/png", "PNG"},
			{"png logo thumb", logos + png, "&thumb=100x100", "image/png", "PNG"},
		} {
			name := c.name
			if appWide {
				name += " (app-wide policy set first)"
			}
			res := call(h, http.MethodGet, c.file+"?token="+fileToken+c.query, nil, nil)
			if res.Code != http.StatusOK {
				t.Errorf("%s: %d %s", name, res.Code, res.Body)
				continue
			}
			if ct := res.Header().Get("Content-Type"); ct != c.contentType {
				t.Errorf("%s: Content-Type %q, want %q", name, ct, c.contentType)
			}
			if !strings.Contains(res.Body.String(), c.body) {
				t.Errorf("%s: body is not the file", name)
			}
			csp := res.Header().Values("Content-Security-Policy")
			if len(csp) != 1 || !hasDirective(csp[0], "sandbox") || !hasDirective(csp[0], "default-src 'none'") {
				t.Errorf("%s: Content-Security-Policy %q, want one sandboxed policy", name, csp)
			}
			if n := res.Header().Get("X-Content-Type-Options"); n != "nosniff" {
				t.Errorf("%s: X-Content-Type-Options %q", name, n)
			}
		}
	}
}

// hasDirective tells whether the policy has the directive, exactly.
func hasDirective(policy, directive string) bool {
	for _, d := range strings.Split(policy, ";") {
		if strings.TrimSpace(d) == directive {
			return true
		}
	}
	return false
}
