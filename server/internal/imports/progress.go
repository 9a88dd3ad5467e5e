package imports

import (
	"net/http"
	"regexp"
	"sync/atomic"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/team"
	"folio/server/migrations"
)

// How far a preview or a run has got, and the runs that stopped half-way.
//
// A run writes its rows in one transaction, which no other connection
// sees before it ends, so its progress is kept in this process (live)
// rather than in its imports record: the web app names the run (form
// field "id", a record id it chose) and asks GET PathProgress every half
// second while the upload's answer is pending.
//
// A run that stopped half-way (the server restarted or crashed) wrote
// nothing, but its imports record stayed "running". At start-up every
// running import is such a one; later, one that is not under way in this
// process and has not changed for StaleAfter is too, when it is read
// (its progress, or a new run of its file). It becomes "failed", with
// codeInterrupted, and frees its file.

// StaleAfter is how long a running import not under way in this process
// may stay unchanged before it counts as stopped.
const StaleAfter = 5 * time.Minute

// progressStep is how often, in rows, afterProgress hears of a run.
const progressStep = 100

// afterProgress, when set (tests), is called from within a run every
// progressStep rows with its id and how many rows it has done.
var afterProgress func(id string, done int)

// liveID is what an id given by the web app looks like (a record id).
var liveID = regexp.MustCompile(`^[a-z0-9]{15}$`)

// live is a preview or run under way in this process.
type live struct {
	business    string
	done, total atomic.Int64
}

// track makes req's progress readable under the id the web app gave it
// until the returned func is called.
func (s *service) track(req *request) func() {
	if req.id == "" {
		return func() {}
	}
	l := &live{business: req.business}
	l.total.Store(int64(len(req.rows)))
	if _, taken := s.live.LoadOrStore(req.id, l); taken {
		return func() {}
	}
	req.live = l
	return func() { s.live.Delete(req.id) }
}

// step records that done rows of req are done.
func (req *request) step(done int) {
	if req.live == nil {
		return
	}
	req.live.done.Store(int64(done))
	if afterProgress != nil && done%progressStep == 0 {
		afterProgress(req.id, done)
	}
}

// progressAnswer is how far an import has got: running (done of total
// rows), done, undone or failed (and why).
type progressAnswer struct {
	Status  string         `json:"status"`
	Done    int            `json:"done"`
	Total   int            `json:"total"`
	Failure map[string]any `json:"failure,omitempty"`
}

// progressRoute answers how far the preview or run id has got.
func (s *service) progressRoute(e *core.RequestEvent) error {
	id := e.Request.PathValue("id")
	if v, ok := s.live.Load(id); ok {
		l := v.(*live)
		if err := team.Require(e, l.business, team.Manage); err != nil {
			return err
		}
		return e.JSON(http.StatusOK, progressAnswer{Status: migrations.ImportRunning, Done: int(l.done.Load()), Total: int(l.total.Load())})
	}
	imp, err := e.App.FindRecordById(migrations.ImportsCollection, id)
	if err != nil {
		return answer(http.StatusNotFound, "folio_import_not_found", msgImportMissing)
	}
	if err := team.Require(e, imp.GetString("business"), team.Manage); err != nil {
		return err
	}
	if s.stopped(imp) {
		if err := failImport(e.App, imp); err != nil {
			return e.InternalServerError("", err)
		}
	}
	ans := progressAnswer{Status: imp.GetString("status"), Total: imp.GetInt(migrations.FieldImportTotal)}
	for _, f := range []string{"created_count", "updated_count", "skipped_count", "failed_count"} {
		ans.Done += imp.GetInt(f)
	}
	if code := imp.GetString(migrations.FieldImportFailure); code != "" {
		ans.Failure = map[string]any{"code": code, "message": Messages[code]}
	}
	return e.JSON(http.StatusOK, ans)
}

// stopped tells whether imp is a run that stopped half-way: running, not
// under way in this process, unchanged for StaleAfter.
func (s *service) stopped(imp *core.Record) bool {
	if imp.GetString("status") != migrations.ImportRunning {
		return false
	}
	if _, ok := s.live.Load(imp.Id); ok {
		return false
	}
	return s.now().Sub(imp.GetDateTime("updated").Time()) > StaleAfter
}

// failImport marks imp as a run that stopped half-way.
func failImport(app core.App, imp *core.Record) error {
	imp.Set("status", migrations.ImportFailed)
	imp.Set(migrations.FieldImportFailure, codeInterrupted)
	return app.Save(imp)
}

// failRunning marks every running import as failed: at start-up, when
// none can be under way.
func failRunning(app core.App) error {
	list, err := app.FindAllRecords(migrations.ImportsCollection, dbx.HashExp{"status": migrations.ImportRunning})
	if err != nil {
		return err
	}
	for _, imp := range list {
		if err := failImport(app, imp); err != nil {
			return err
		}
		app.Logger().Warn("import: a run stopped half-way is marked failed", "import", imp.Id)
	}
	return nil
}
