package replica_test

import (
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"folio/server/internal/replica"
)

// BenchmarkReplicaLag (npm run bench:replica) measures the replication lag
// under a steady write load: payments saved through the billing hooks at
// a fixed rate for a while, streamed to a local S3 server (Versity Gateway)
// with the default sync interval. A payment's lag is from its commit to
// the end of the first upload whose writes were read from the WAL after
// it: when it is durable in the replica. Prints p50, p95 and the maximum.
func BenchmarkReplicaLag(b *testing.B) {
	const (
		rate     = 50 // payments a second
		duration = 10 * time.Second
	)
	s3 := startS3(b)
	a := serverApp(b)
	defer a.Cleanup()
	bound(b, a)
	invoice := books(b, a)

	cfg, err := replica.LoadConfig(getenv(s3.env("bench/db")))
	if err != nil {
		b.Fatal(err)
	}
	rep := replica.New(a.DataDir()+"/data.db", *cfg, nil, nil)
	var mu sync.Mutex
	var uploads []replica.Upload
	rep.OnUpload(func(u replica.Upload) {
		mu.Lock()
		uploads = append(uploads, u)
		mu.Unlock()
	})
	rep.Start()
	for deadline := time.Now().Add(10 * time.Second); !rep.Status().Running || rep.Status().LastUpload.IsZero(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			b.Fatal("the replication did not start")
		}
	}

	b.ResetTimer()
	var commits []time.Time
	tick := time.NewTicker(time.Second / rate)
	for end := time.Now().Add(duration); time.Now().Before(end); <-tick.C {
		payment(b, a, invoice)
		commits = append(commits, time.Now())
	}
	tick.Stop()
	time.Sleep(3 * cfg.SyncInterval)
	b.StopTimer()
	if err := rep.Close(); err != nil {
		b.Fatal(err)
	}

	mu.Lock()
	defer mu.Unlock()
	lags := make([]time.Duration, 0, len(commits))
	for _, c := range commits {
		for _, u := range uploads {
			if u.Read.After(c) {
				lags = append(lags, u.Done.Sub(c))
				break
			}
		}
	}
	if len(lags) != len(commits) {
		b.Fatalf("%d of %d payments never reached the replica", len(commits)-len(lags), len(commits))
	}
	sort.Slice(lags, func(i, j int) bool { return lags[i] < lags[j] })
	p := func(q float64) time.Duration { return lags[int(q*float64(len(lags)-1))] }
	b.ReportMetric(float64(p(0.5).Milliseconds()), "p50-ms")
	b.ReportMetric(float64(p(0.95).Milliseconds()), "p95-ms")
	fmt.Printf("replication lag, %d payments at %d/s over %s, sync interval %s, %d uploads: p50 %d ms, p95 %d ms, max %d ms (target p95 <= 1000 ms)\n",
		len(lags), rate, duration, cfg.SyncInterval, len(uploads), p(0.5).Milliseconds(), p(0.95).Milliseconds(), lags[len(lags)-1].Milliseconds())
}
