package testapp

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/pocketbase/pocketbase/core"
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
