package replica

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/benbjohnson/litestream/file"
	"github.com/benbjohnson/litestream/s3"
	"github.com/superfly/ltx"
)

// Compaction levels: every write is kept as shipped for Litestream's L0
// retention (5 minutes), then merged into 30-second, 5-minute and hourly
// files; a daily snapshot bounds the restore time. A restore can pick any
// moment as fine as the level still holding it.
var levels = litestream.CompactionLevels{
	{Level: 0},
	{Level: 1, Interval: 30 * time.Second},
	{Level: 2, Interval: 5 * time.Minute},
	{Level: 3, Interval: time.Hour},
}

// NewClient is Litestream's client of the replica c describes.
func NewClient(c Config) litestream.ReplicaClient {
	if c.Scheme == schemeF {
		return file.NewReplicaClient(c.Dir)
	}
	dropAWSCABundle()
	s := s3.NewReplicaClient()
	s.Bucket, s.Path, s.Region, s.Endpoint = c.Bucket, c.Path, c.Region, c.Endpoint
	s.AccessKeyID, s.SecretAccessKey = c.AccessKey, c.Secret
	s.ForcePathStyle = c.ForcePathStyle
	return s
}

// dropAWSCABundle unsets AWS_CA_BUNDLE: with it set, Litestream's S3
// client cannot start at all ("unable to add custom RootCAs HTTPClient",
// it gives the SDK its own HTTP client). Go reads a bundle of extra
// certificate authorities from SSL_CERT_FILE instead, so one named only by
// AWS_CA_BUNDLE is moved there (before any TLS connection is made).
func dropAWSCABundle() {
	bundle, ok := os.LookupEnv("AWS_CA_BUNDLE")
	if !ok {
		return
	}
	if os.Getenv("SSL_CERT_FILE") == "" && bundle != "" {
		_ = os.Setenv("SSL_CERT_FILE", bundle)
	}
	_ = os.Unsetenv("AWS_CA_BUNDLE")
}

// Upload is one batch of writes made durable in the replica.
type Upload struct {
	// Read is when Litestream read the writes from the WAL (every commit
	// before it is in this upload or an earlier one).
	Read time.Time
	// Done is when the replica confirmed the upload.
	Done time.Time
}

// tracking wraps the replica's client to see, without Litestream's logs,
// when writes reach the replica and whether it refuses them.
type tracking struct {
	litestream.ReplicaClient
	now func() time.Time

	mu        sync.Mutex
	lastDone  time.Time // last successful upload
	lastRead  time.Time // when that upload's writes were read
	err       error     // last failed call's error; nil once an upload succeeds
	errAt     time.Time // when that call failed
	failSince time.Time // first failure of the current outage
	listedAt  time.Time // last successful listing
	onUpload  func(Upload)
}

// failed notes a call the replica refused (a cancelled one is no outage).
func (t *tracking) failed(err error) {
	if err == nil || errors.Is(err, context.Canceled) {
		return
	}
	now := t.now()
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.err == nil {
		t.failSince = now
	}
	t.err, t.errAt = err, now
}

// LTXFiles is the first call of every sync: when the replica cannot be
// reached, it fails here before any upload is tried.
func (t *tracking) LTXFiles(ctx context.Context, level int, seek ltx.TXID, useMetadata bool) (ltx.FileIterator, error) {
	it, err := t.ReplicaClient.LTXFiles(ctx, level, seek, useMetadata)
	if err != nil {
		t.failed(err)
		return it, err
	}
	return &trackedFiles{FileIterator: it, t: t}, nil
}

// trackedFiles is a listing, whose requests are made while it is read.
type trackedFiles struct {
	ltx.FileIterator
	t *tracking
}

func (f *trackedFiles) Close() error {
	err := f.FileIterator.Close()
	if err == nil {
		err = f.FileIterator.Err()
	}
	if err != nil {
		f.t.failed(err)
		return err
	}
	f.t.mu.Lock()
	f.t.listedAt = f.t.now()
	f.t.mu.Unlock()
	return nil
}

func (f *trackedFiles) Err() error {
	err := f.FileIterator.Err()
	f.t.failed(err)
	return err
}

func (t *tracking) WriteLTXFile(ctx context.Context, level int, minTXID, maxTXID ltx.TXID, r io.Reader) (*ltx.FileInfo, error) {
	if level != 0 {
		return t.ReplicaClient.WriteLTXFile(ctx, level, minTXID, maxTXID, r)
	}
	head := make([]byte, ltx.HeaderSize)
	n, _ := io.ReadFull(r, head)
	var hdr ltx.Header
	read := time.Time{}
	if n == ltx.HeaderSize && hdr.UnmarshalBinary(head) == nil {
		read = time.UnixMilli(hdr.Timestamp)
	}
	info, err := t.ReplicaClient.WriteLTXFile(ctx, level, minTXID, maxTXID, io.MultiReader(bytes.NewReader(head[:n]), r))
	if err != nil {
		t.failed(err)
		return info, err
	}
	now := t.now()
	t.mu.Lock()
	t.err, t.failSince, t.lastDone, t.lastRead = nil, time.Time{}, now, read
	hook := t.onUpload
	t.mu.Unlock()
	if hook != nil {
		hook(Upload{Read: read, Done: now})
	}
	return info, err
}

// Replicator streams one database to its replica.
type Replicator struct {
	cfg    Config
	client *tracking
	db     *litestream.DB
	store  *litestream.Store
	now    func() time.Time
	logger *slog.Logger

	mu           sync.Mutex
	started      bool
	startErr     error
	pendingSince time.Time
	stop         chan struct{}
	done         chan struct{}
	closeOnce    sync.Once
	closeErr     error
}

// New prepares the replication of the SQLite database at dbPath (in WAL
// mode) to the replica c describes; Start begins it.
func New(dbPath string, c Config, logger *slog.Logger, now func() time.Time) *Replicator {
	if now == nil {
		now = time.Now
	}
	if logger == nil {
		logger = slog.Default()
	}
	client := &tracking{ReplicaClient: NewClient(c), now: now}
	client.SetLogger(logger)
	db := litestream.NewDB(dbPath)
	// A write waits at most an eighth of the interval to be read from the
	// WAL and an eighth to be shipped: the rest is the margin for reading
	// and uploading on a busy machine, so a write is in the replica within
	// the interval. Both checks are cheap when nothing was written.
	db.MonitorInterval = c.SyncInterval / 8
	r := litestream.NewReplicaWithClient(db, client)
	r.SyncInterval = c.SyncInterval / 8
	db.Replica = r
	store := litestream.NewStore([]*litestream.DB{db}, levels)
	store.Logger = logger
	db.SetLogger(logger)
	store.SnapshotInterval = 24 * time.Hour
	store.SnapshotRetention = c.Retention
	return &Replicator{cfg: c, client: client, db: db, store: store, now: now, logger: logger,
		stop: make(chan struct{}), done: make(chan struct{})}
}

// OnUpload calls f after each batch of writes reaches the replica (for
// the lag benchmark and tests). Set it before Start.
func (r *Replicator) OnUpload(f func(Upload)) {
	r.client.mu.Lock()
	r.client.onUpload = f
	r.client.mu.Unlock()
}

// Start opens the replication in the background. It does not wait for the
// replica: one that cannot be reached is retried until it can.
func (r *Replicator) Start() {
	go r.run()
}

// retryStart is the pause before opening the replication again.
const retryStart = 5 * time.Second

func (r *Replicator) run() {
	defer close(r.done)
	tick := time.NewTicker(r.cfg.SyncInterval)
	defer tick.Stop()
	var nextTry time.Time
	for {
		if !r.isStarted() && !r.now().Before(nextTry) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			err := r.store.Open(ctx)
			cancel()
			r.mu.Lock()
			r.started, r.startErr = err == nil, err
			r.mu.Unlock()
			if err != nil {
				r.logger.Error("replica: cannot start the replication, retrying", "replica", r.cfg.Where(), "error", err)
				_ = r.store.Close(context.Background())
				nextTry = r.now().Add(retryStart)
			}
		}
		r.watch()
		select {
		case <-r.stop:
			return
		case <-tick.C:
		}
	}
}

func (r *Replicator) isStarted() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.started
}

// watch notes since when the replica has been behind the database.
func (r *Replicator) watch() {
	behind := false
	if pos, err := r.db.Pos(); err == nil && r.db.Replica != nil {
		behind = pos.TXID > r.db.Replica.Pos().TXID
	}
	if !behind {
		// Reached again with nothing to upload: the outage is over.
		r.client.mu.Lock()
		if r.client.err != nil && r.client.listedAt.After(r.client.errAt) {
			r.client.err, r.client.failSince = nil, time.Time{}
		}
		r.client.mu.Unlock()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case behind && r.pendingSince.IsZero():
		r.pendingSince = r.now()
	case !behind:
		r.pendingSince = time.Time{}
	}
}

// Close ships what is left (within a few seconds) and stops; once.
func (r *Replicator) Close() error {
	r.closeOnce.Do(func() {
		close(r.stop)
		<-r.done
		if !r.isStarted() {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		r.closeErr = r.store.Close(ctx)
	})
	return r.closeErr
}

// Sync ships every write made so far and waits until the replica has it.
func (r *Replicator) Sync(ctx context.Context) error {
	if !r.isStarted() {
		return errors.New("the replication has not started")
	}
	return r.db.SyncAndWait(ctx)
}

// Status is what the operator is told about the replica.
type Status struct {
	// Where is the replica (no keys).
	Where string `json:"where"`
	// Running: the replication is open (it may still be failing).
	Running bool `json:"running"`
	// BehindSeconds is how long the oldest write not in the replica has
	// waited; 0 when the replica has everything Litestream has read.
	BehindSeconds float64 `json:"behind_seconds"`
	// LastUpload is when writes last reached the replica (zero: never
	// since start).
	LastUpload time.Time `json:"last_upload"`
	// Error is why the replica refuses writes now; empty when it does not.
	Error string `json:"error"`
	// FailingSince is the start of the current outage (zero: none).
	FailingSince time.Time `json:"failing_since"`
}

// Status says where the replica is and how far behind.
func (r *Replicator) Status() Status {
	now := r.now()
	s := Status{Where: r.cfg.Where()}
	r.mu.Lock()
	s.Running = r.started
	if !r.pendingSince.IsZero() {
		s.BehindSeconds = now.Sub(r.pendingSince).Seconds()
	}
	if r.startErr != nil {
		s.Error = r.startErr.Error()
		s.FailingSince = now
	}
	r.mu.Unlock()
	r.client.mu.Lock()
	s.LastUpload = r.client.lastDone
	if r.client.err != nil {
		s.Error, s.FailingSince = r.client.err.Error(), r.client.failSince
		if behind := now.Sub(r.client.failSince).Seconds(); behind > s.BehindSeconds {
			s.BehindSeconds = behind
		}
	}
	r.client.mu.Unlock()
	return s
}

// describe is a status as one line of the start banner or the log.
func describe(s Status) string {
	line := fmt.Sprintf("Replica: data.db streams to %s", s.Where)
	switch {
	case s.Error != "":
		return line + fmt.Sprintf(" — NOT REACHED for %.0f s, retrying (%s)", s.BehindSeconds, s.Error)
	case s.BehindSeconds > 0:
		return line + fmt.Sprintf(", %.1f s behind", s.BehindSeconds)
	case s.LastUpload.IsZero():
		return line + ", starting"
	default:
		return line + ", up to date"
	}
}
