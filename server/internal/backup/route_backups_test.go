package backup

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal/refusaltest"
	"folio/server/internal/testapp"
)

// TestRefusalCodes: one sentence per code, each in the web app's catalogue.
func TestRefusalCodes(t *testing.T) {
	refusaltest.Check(t, "Messages", "backup", Messages, nil)
}

func call(t *testing.T, app core.App, method, path, token string) (int, []byte, http.Header) {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	rec := httptest.NewRecorder()
	muxOf(t, app).ServeHTTP(rec, req)
	body, _ := io.ReadAll(rec.Body)
	return rec.Code, body, rec.Header()
}

func TestBackupRoutes(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()
	if err := testapp.AddUsers(app, testapp.Alice, testapp.Bob); err != nil {
		t.Fatal(err)
	}
	// Carol named the operator but never verified the address.
	carol := testapp.CreateUser(t, app, testapp.Carol)
	carol.SetVerified(false)
	if err := app.Save(carol); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	Bind(app, Options{OperatorEmail: testapp.Alice.Email, Now: func() time.Time { return now }})
	asAlice, asBob := testapp.Token(t, app, alice), testapp.Token(t, app, bob)

	status := func(token string) Status {
		t.Helper()
		code, body, _ := call(t, app, http.MethodGet, StatusPath, token)
		if code != http.StatusOK {
			t.Fatalf("status: %d %s", code, body)
		}
		var s Status
		if err := json.Unmarshal(body, &s); err != nil {
			t.Fatal(err)
		}
		return s
	}

	if code, _, _ := call(t, app, http.MethodGet, StatusPath, ""); code != http.StatusUnauthorized {
		t.Errorf("status without a session: %d", code)
	}
	s := status(asBob)
	if s.Schedule != "0 3 * * *" || s.Keep != 7 || s.Target != "local" || s.Last != nil || s.Count != 0 || s.Operator {
		t.Errorf("before any backup, as Bob: %+v", s)
	}
	if !status(asAlice).Operator {
		t.Error("Alice is the operator")
	}

	// No backup yet.
	if code, body, _ := call(t, app, http.MethodPost, DownloadPath, asAlice); code != http.StatusNotFound || !strings.Contains(string(body), "folio_backup_none") {
		t.Errorf("download before any backup: %d %s", code, body)
	}

	if err := app.CreateBackup(context.Background(), "@auto_pb_backup_folio_20260314030000.zip"); err != nil {
		t.Fatal(err)
	}
	if err := app.CreateBackup(context.Background(), "@auto_pb_backup_folio_20260315030000.zip"); err != nil {
		t.Fatal(err)
	}
	s = status(asBob)
	if s.Count != 2 || s.Last == nil || s.Last.Size == 0 || time.Since(s.Last.Time) > time.Minute {
		t.Errorf("after two backups: %+v %+v", s, s.Last)
	}

	// Not the operator: refused, and told why.
	for name, token := range map[string]string{"bob": asBob, "carol (unverified)": testapp.Token(t, app, carol.Id)} {
		code, body, _ := call(t, app, http.MethodPost, DownloadPath, token)
		if code != http.StatusForbidden || !strings.Contains(string(body), "folio_backup_operator_only") {
			t.Errorf("%s asked for a backup: %d %s", name, code, body)
		}
	}

	// The operator gets a one-time URL of the newest backup.
	code, body, _ := call(t, app, http.MethodPost, DownloadPath, asAlice)
	if code != http.StatusOK {
		t.Fatalf("operator: %d %s", code, body)
	}
	var answer struct {
		URL    string `json:"url"`
		Backup Backup `json:"backup"`
	}
	if err := json.Unmarshal(body, &answer); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(answer.URL, DownloadPath+"/") || answer.Backup.Name != s.Last.Name {
		t.Errorf("answer %+v, newest %s", answer, s.Last.Name)
	}
	code, zipped, h := call(t, app, http.MethodGet, answer.URL, "")
	if code != http.StatusOK || h.Get("Content-Type") != "application/zip" ||
		!strings.Contains(h.Get("Content-Disposition"), answer.Backup.Name) || h.Get("Cache-Control") != "no-store" {
		t.Fatalf("download: %d %v", code, h)
	}
	zr, err := zip.NewReader(bytes.NewReader(zipped), int64(len(zipped)))
	if err != nil {
		t.Fatal(err)
	}
	hasDB := false
	for _, f := range zr.File {
		hasDB = hasDB || f.Name == "data.db"
	}
	if !hasDB {
		t.Error("the downloaded backup has no data.db")
	}

	// Once only, and not after it expired.
	if code, body, _ := call(t, app, http.MethodGet, answer.URL, ""); code != http.StatusNotFound || !strings.Contains(string(body), "folio_download_expired") {
		t.Errorf("second use of a ticket: %d %s", code, body)
	}
	_, body, _ = call(t, app, http.MethodPost, DownloadPath, asAlice)
	_ = json.Unmarshal(body, &answer)
	now = now.Add(3 * time.Minute)
	if code, _, _ := call(t, app, http.MethodGet, answer.URL, ""); code != http.StatusNotFound {
		t.Errorf("an expired ticket: %d", code)
	}
}
