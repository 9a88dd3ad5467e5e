package replica

import (
	"net/http"
	"path/filepath"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"folio/server/internal/backup"
	"folio/server/migrations"
)

// StatusPath answers where the replica is and how far behind (operator
// only; anyone else learns only that they are not the operator).
const StatusPath = "/api/folio/replica"

// mailAfter is how long the replica must refuse writes before the
// operator is mailed: a blip that the next retry mends is only logged.
const mailAfter = 30 * time.Second

// Options configure Bind.
type Options struct {
	// Config is the replica (nil: none).
	Config *Config
	// OperatorEmail is FOLIO_OPERATOR_EMAIL: who sees the status and is
	// mailed when the replica cannot be reached.
	OperatorEmail string
	// Now is the clock (time.Now in production).
	Now func() time.Time
	// MailAfter overrides mailAfter (tests).
	MailAfter time.Duration
}

// Binding is what Bind set up; BannerLine is for the start banner.
type Binding struct {
	opts Options

	mu  sync.Mutex
	rep *Replicator
}

// BannerLine is the start banner's line about the replica.
func (b *Binding) BannerLine() string {
	if b.opts.Config == nil {
		return "Replica: none, the database is saved only by the backups (set " + EnvURL + " to stream it)"
	}
	b.mu.Lock()
	rep := b.rep
	b.mu.Unlock()
	if rep == nil {
		return "Replica: " + b.opts.Config.Where() + " (not started)"
	}
	return describe(rep.Status())
}

// Replicator is the running replication (nil before serve or without one).
func (b *Binding) Replicator() *Replicator {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.rep
}

// Bind starts the replication when the server starts and stops it when it
// stops, points PocketBase's file storage at the replica's bucket, mails
// the operator when the replica refuses writes, and mounts StatusPath.
func Bind(app core.App, opts Options) *Binding {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.MailAfter == 0 {
		opts.MailAfter = mailAfter
	}
	b := &Binding{opts: opts}
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "folioReplica",
		Func: func(se *core.ServeEvent) error {
			auth := apis.RequireAuth(migrations.UsersCollection)
			se.Router.GET(StatusPath, b.status).Bind(auth)
			if opts.Config == nil {
				return se.Next()
			}
			if err := useBucketForFiles(se.App, *opts.Config); err != nil {
				return err
			}
			rep := New(filepath.Join(se.App.DataDir(), "data.db"), *opts.Config,
				se.App.Logger().With("component", "replica"), opts.Now)
			rep.Start()
			b.mu.Lock()
			b.rep = rep
			b.mu.Unlock()
			stop := make(chan struct{})
			go b.alert(se.App, rep, stop)
			var once sync.Once
			se.App.OnTerminate().BindFunc(func(te *core.TerminateEvent) error {
				once.Do(func() { close(stop) })
				if err := rep.Close(); err != nil {
					te.App.Logger().Error("replica: closing", "error", err)
				}
				return te.Next()
			})
			return se.Next()
		},
	})
	return b
}

// useBucketForFiles stores uploaded files (logos, receipts, issued PDFs)
// in the replica's bucket through PocketBase's own S3 storage, so a restore
// on another machine has them too. A directory replica leaves the files
// where they are (they are on this machine's disk, see the README).
func useBucketForFiles(app core.App, c Config) error {
	if c.Scheme != schemeS3 || !c.Files {
		return nil
	}
	s := app.Settings()
	want := core.S3Config{Enabled: true, Bucket: c.Bucket, Region: c.Region, Endpoint: c.Endpoint,
		AccessKey: c.AccessKey, Secret: c.Secret, ForcePathStyle: c.ForcePathStyle}
	if s.S3 == want {
		return nil
	}
	s.S3 = want
	return app.Save(s)
}

// alert watches the replica: an outage longer than MailAfter is logged and
// mailed to the operator once; its end is logged.
func (b *Binding) alert(app core.App, rep *Replicator, stop <-chan struct{}) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	var mailedFor time.Time
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		s := rep.Status()
		if s.Error == "" {
			if !mailedFor.IsZero() {
				app.Logger().Info("replica: reached again", "replica", s.Where)
				mailedFor = time.Time{}
			}
			continue
		}
		if mailedFor.Equal(s.FailingSince) || b.opts.Now().Sub(s.FailingSince) < b.opts.MailAfter {
			continue
		}
		mailedFor = s.FailingSince
		app.Logger().Error("replica: cannot be reached, retrying", "replica", s.Where, "since", s.FailingSince, "error", s.Error)
		if err := mailOperator(app, b.opts.OperatorEmail, s); err != nil {
			app.Logger().Error("replica: mail to the operator", "error", err)
		}
	}
}

// statusAnswer is StatusPath's answer.
type statusAnswer struct {
	Operator   bool    `json:"operator"`
	Configured bool    `json:"configured"`
	Status     *Status `json:"status,omitempty"`
}

func (b *Binding) status(e *core.RequestEvent) error {
	if !backup.IsOperator(b.opts.OperatorEmail, e.Auth) {
		return e.JSON(http.StatusOK, statusAnswer{})
	}
	ans := statusAnswer{Operator: true, Configured: b.opts.Config != nil}
	if rep := b.Replicator(); rep != nil {
		s := rep.Status()
		ans.Status = &s
	} else if b.opts.Config != nil {
		ans.Status = &Status{Where: b.opts.Config.Where()}
	}
	return e.JSON(http.StatusOK, ans)
}
