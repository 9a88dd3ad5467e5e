package imports

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// rowsFile is a customers CSV of n new customers named after tag.
func rowsFile(tag string, n int) []byte {
	var b strings.Builder
	b.WriteString("Name,Email\n")
	for i := range n {
		fmt.Fprintf(&b, "%s %d,%s%d@x.test\n", tag, i, tag, i)
	}
	return []byte(b.String())
}

func (a *importAPI) progress(who, id string) (int, map[string]any) {
	a.T.Helper()
	return a.Do(who, httptest.NewRequest(http.MethodGet, strings.Replace(PathProgress, "{id}", id, 1), nil))
}

// onProgress sets afterProgress for the test.
func onProgress(t *testing.T, f func(id string, done int)) {
	afterProgress = f
	t.Cleanup(func() { afterProgress = nil })
}

// While a preview or a run of 300 rows is under way, its progress says
// how many rows of how many are done, to owners and admins of its
// business only; a finished run says it is done with every row counted.
func TestProgress(t *testing.T) {
	a := newAPI(t)
	seen := map[string][]string{}
	onProgress(t, func(id string, done int) {
		code, res := a.progress(testapp.AliceAdmin.ID, id)
		seen[id] = append(seen[id], fmt.Sprintf("%d %v %v/%v", code, res["status"], res["done"], res["total"]))
		if code, _ := a.progress(testapp.AliceMember.ID, id); code != http.StatusForbidden {
			t.Errorf("a member reads the progress: %d", code)
		}
		if code, _ := a.progress(testapp.Carol.ID, id); code != http.StatusNotFound {
			t.Errorf("another business's owner reads the progress: %d", code)
		}
	})
	file := rowsFile("Progress", 300)
	if code, res := a.upload(testapp.Alice.ID, PathPreview, file, "id", "previewprogres1"); code != http.StatusOK || res["created"] != 300.0 {
		t.Fatalf("preview = %d %v", code, res)
	}
	code, res := a.upload(testapp.Alice.ID, PathRun, file, "id", "runprogress0001", "mode", "rows")
	if code != http.StatusOK || res["id"] != "runprogress0001" {
		t.Fatalf("run = %d %v", code, res)
	}
	want := "200 running 0/300,200 running 100/300,200 running 200/300,200 running 300/300"
	for _, id := range []string{"previewprogres1", "runprogress0001"} {
		if got := strings.Join(seen[id], ","); got != want {
			t.Errorf("%s's progress: %s, want %s", id, got, want)
		}
	}
	if code, res := a.progress(testapp.Alice.ID, "runprogress0001"); code != http.StatusOK || res["status"] != "done" || res["done"] != 300.0 || res["total"] != 300.0 {
		t.Errorf("a finished run's progress = %d %v", code, res)
	}
	if code, res := a.progress(testapp.Alice.ID, "previewprogres1"); code != http.StatusNotFound {
		t.Errorf("a finished preview's progress = %d %v", code, res)
	}
	if code, res := a.upload(testapp.Alice.ID, PathPreview, file, "id", "Not-An-Id"); code != http.StatusBadRequest || refusalCode(res) != "folio_import_options_wrong" {
		t.Errorf("a malformed id = %d %v", code, res)
	}
}

// crash makes the run id stop half-way, as a server that dies would: at
// row 100 it panics out of its transaction.
func crash(t *testing.T, a *importAPI, id, mode string, file []byte) {
	t.Helper()
	onProgress(t, func(run string, done int) {
		if run == id && done == 100 {
			panic("the server stops")
		}
	})
	func() {
		defer func() { _ = recover() }()
		a.upload(testapp.Alice.ID, PathRun, file, "id", id, "mode", mode)
	}()
	afterProgress = nil
}

// age makes the import id look unchanged since by long ago.
func (a *importAPI) age(id string, by time.Duration) {
	a.T.Helper()
	at := testapp.Clock().Add(-by).UTC().Format("2006-01-02 15:04:05.000Z")
	if _, err := a.App.DB().Update(migrations.ImportsCollection, dbx.Params{"updated": at}, dbx.HashExp{"id": id}).Execute(); err != nil {
		a.T.Fatal(err)
	}
}

// A run that stops half-way (all or nothing, or row by row) writes
// nothing and does not stay running for ever: once it has not moved for
// StaleAfter, reading its progress says it failed and why, and its file
// can be imported again; a new run of the file frees it as well. Until
// then the file stays taken.
func TestInterruptedImport(t *testing.T) {
	a := newAPI(t)
	before := a.customers()
	file := rowsFile("Crash", 250)
	for _, mode := range []string{"all", "rows"} {
		id := "crashedrun" + mode + strings.Repeat("0", 5-len(mode))
		crash(t, a, id, mode, file)
		if a.customers() != before {
			t.Fatalf("%s: a run that stopped half-way left %d customers", mode, a.customers()-before)
		}
		if code, res := a.progress(testapp.Alice.ID, id); code != http.StatusOK || res["status"] != "running" {
			t.Errorf("%s: just stopped = %d %v", mode, code, res)
		}
		if code, res := a.upload(testapp.Alice.ID, PathRun, file); code != http.StatusConflict || refusalCode(res) != "folio_import_already_imported" {
			t.Errorf("%s: the file while its run may be under way = %d %v", mode, code, res)
		}
		a.age(id, StaleAfter+time.Minute)
		if mode == "all" {
			code, res := a.progress(testapp.Alice.ID, id)
			failure, _ := res["failure"].(map[string]any)
			if code != http.StatusOK || res["status"] != migrations.ImportFailed || failure["code"] != "folio_import_interrupted" || failure["message"] != msgInterrupted {
				t.Errorf("stopped long ago = %d %v", code, res)
			}
		}
		code, res := a.upload(testapp.Alice.ID, PathRun, file, "mode", mode)
		if code != http.StatusOK || res["created"] != 250.0 {
			t.Fatalf("%s: the file again = %d %v", mode, code, res)
		}
		if got := must(a.App.FindRecordById(migrations.ImportsCollection, id)).GetString("status"); got != migrations.ImportFailed {
			t.Errorf("%s: the stopped run is %q", mode, got)
		}
		if code, res := a.undo(testapp.Alice.ID, res["id"].(string)); code != http.StatusOK {
			t.Fatalf("%s: undo = %d %v", mode, code, res)
		}
	}
}

// At start-up no run is under way: every running import is marked failed.
func TestStartUpFailsRunningImports(t *testing.T) {
	a := newAPI(t)
	crash(t, a, "startupcrash001", "all", rowsFile("Startup", 150))
	if got := must(a.App.FindRecordById(migrations.ImportsCollection, "startupcrash001")).GetString("status"); got != migrations.ImportRunning {
		t.Fatalf("before the restart: %q", got)
	}
	// The server starts again.
	r, err := apis.NewRouter(a.App)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.App.OnServe().Trigger(&core.ServeEvent{App: a.App, Router: r}, func(*core.ServeEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	imp := must(a.App.FindRecordById(migrations.ImportsCollection, "startupcrash001"))
	if imp.GetString("status") != migrations.ImportFailed || imp.GetString(migrations.FieldImportFailure) != "folio_import_interrupted" {
		t.Errorf("after the restart: %q %q", imp.GetString("status"), imp.GetString(migrations.FieldImportFailure))
	}
}
