package migrations_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// The avatar and the logo are protected files: the plain URL is refused,
// the URL with the owner's file token works.
func TestUserFilesNeedAFileToken(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()

	rec := testapp.CreateUser(t, app, testapp.Alice)
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89" +
		"\x00\x00\x00\rIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\xa7\x35\x81\x84\x00\x00\x00\x00IEND\xaeB`\x82")
	// The avatar is the user's, the logo the business's.
	business := testapp.Business(t, app, testapp.Alice)
	owners := map[string]*core.Record{"avatar": rec, migrations.FieldLogo: business}
	for _, field := range migrations.UserFileFields {
		f, err := filesystem.NewFileFromBytes(png, field+".png")
		if err != nil {
			t.Fatal(err)
		}
		owners[field].Set(field, f)
		if err := app.Save(owners[field]); err != nil {
			t.Fatal(err)
		}
	}
	token, err := rec.NewFileToken()
	if err != nil {
		t.Fatal(err)
	}

	r, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	if err := app.OnServe().Trigger(&core.ServeEvent{App: app, Router: r}, func(e *core.ServeEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	mux, err := r.BuildMux()
	if err != nil {
		t.Fatal(err)
	}
	get := func(url string) int {
		res := httptest.NewRecorder()
		mux.ServeHTTP(res, httptest.NewRequest(http.MethodGet, url, nil))
		return res.Code
	}
	for _, field := range migrations.UserFileFields {
		url := "/api/files/" + owners[field].Collection().Name + "/" + owners[field].Id + "/" + owners[field].GetString(field)
		if code := get(url); code == http.StatusOK {
			t.Errorf("%s without a token: %d, want refused", field, code)
		}
		if code := get(url + "?token=not-a-token"); code == http.StatusOK {
			t.Errorf("%s with a forged token: %d, want refused", field, code)
		}
		if code := get(url + "?token=" + token); code != http.StatusOK {
			t.Errorf("%s with the file token: %d, want 200", field, code)
		}
	}
}
