package backup

import (
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem/blob"

	"folio/server/internal/refusal"
	"folio/server/internal/ticket"
	"folio/server/migrations"
)

// Status is the answer of GET /api/folio/backups.
type Status struct {
	// Schedule is the cron schedule (UTC) of automatic backups, "" for none.
	Schedule string `json:"schedule"`
	// Keep is how many automatic backups are kept.
	Keep int `json:"keep"`
	// Target is where backups go: "local" (the data dir) or "s3".
	Target string `json:"target"`
	// Last is the newest backup, nil when there is none (or the storage
	// could not be read: Unavailable).
	Last *Backup `json:"last"`
	// Count is how many backups are stored.
	Count int `json:"count"`
	// Unavailable is true when the backups could not be listed.
	Unavailable bool `json:"unavailable,omitempty"`
	// Operator is true when this account may download the backups.
	Operator bool `json:"operator"`
}

// Backup is one stored backup.
type Backup struct {
	Name string    `json:"name"`
	Size int64     `json:"size"`
	Time time.Time `json:"time"`
}

func (s *service) isOperator(rec *core.Record) bool {
	return IsOperator(s.operator, rec)
}

// IsOperator says whether the signed-in account rec is the operator named
// by operatorEmail (FOLIO_OPERATOR_EMAIL), as decideOperator rules.
func IsOperator(operatorEmail string, rec *core.Record) bool {
	return rec != nil && decideOperator(operatorEmail, rec.Email(), rec.Verified())
}

// list returns the stored backups, newest first.
func list(app core.App) ([]Backup, error) {
	fsys, err := app.NewBackupsFilesystem()
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	objects, err := fsys.List("")
	if err != nil {
		return nil, err
	}
	return newestFirst(objects), nil
}

// newestFirst keeps the zips, newest first.
func newestFirst(objects []*blob.ListObject) []Backup {
	out := make([]Backup, 0, len(objects))
	for _, o := range objects {
		if !strings.HasSuffix(o.Key, ".zip") || strings.Contains(o.Key, "/") {
			continue
		}
		out = append(out, Backup{Name: o.Key, Size: o.Size, Time: o.ModTime.UTC()})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Time.After(out[j].Time) })
	return out
}

func (s *service) status(e *core.RequestEvent) error {
	settings := e.App.Settings().Backups
	st := Status{
		Schedule: settings.Cron,
		Keep:     settings.CronMaxKeep,
		Target:   "local",
		Operator: s.isOperator(e.Auth),
	}
	if settings.S3.Enabled {
		st.Target = "s3"
	}
	backups, err := list(e.App)
	if err != nil {
		e.App.Logger().Warn("List backups", "error", err)
		st.Unavailable = true
	}
	st.Count = len(backups)
	if len(backups) > 0 {
		st.Last = &backups[0]
	}
	return e.JSON(http.StatusOK, st)
}

// requestDownload gives the operator a one-time URL of the newest backup.
func (s *service) requestDownload(e *core.RequestEvent) error {
	if !s.isOperator(e.Auth) {
		return refusal.New("folio_backup_operator_only", MessageOperatorOnly).Answer(http.StatusForbidden)
	}
	backups, err := list(e.App)
	if err != nil {
		return e.InternalServerError("", err)
	}
	if len(backups) == 0 {
		return refusal.NotFound("folio_backup_none", MessageNoBackup)
	}
	id, err := ticket.For(e.App).Issue(ticket.Ticket{Kind: ticketKind, UserID: e.Auth.Id, Name: backups[0].Name}, s.now())
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, map[string]any{"url": DownloadPath + "/" + id, "backup": backups[0]})
}

// download streams the backup a ticket stands for.
func (s *service) download(e *core.RequestEvent) error {
	t, ok := ticket.For(e.App).Take(e.Request.PathValue("ticket"), ticketKind, s.now())
	if !ok {
		return ticket.Expired()
	}
	// The operator may have changed since the ticket was made.
	rec, err := e.App.FindRecordById(migrations.UsersCollection, t.UserID)
	if err != nil || !s.isOperator(rec) {
		return refusal.New("folio_backup_operator_only", MessageOperatorOnly).Answer(http.StatusForbidden)
	}
	fsys, err := e.App.NewBackupsFilesystem()
	if err != nil {
		return e.InternalServerError("", err)
	}
	defer fsys.Close()
	r, err := fsys.GetReader(t.Name)
	if err != nil {
		return refusal.NotFound("folio_backup_none", MessageNoBackup)
	}
	defer r.Close()

	h := e.Response.Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", t.Name))
	h.Set("Content-Length", strconv.FormatInt(r.Size(), 10))
	h.Set("Cache-Control", "no-store")
	e.Response.WriteHeader(http.StatusOK)
	_, err = io.Copy(e.Response, r)
	return err
}
