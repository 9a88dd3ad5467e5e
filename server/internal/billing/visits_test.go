package billing

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// visitsOf lists a document's events of a type, oldest first.
func visitsOf(t testing.TB, app core.App, doc, typ string) []*core.Record {
	t.Helper()
	evs, err := app.FindRecordsByFilter(migrations.DocumentEventsCollection, "document = {:d} && type = {:t}",
		"created", 0, 0, dbx.Params{"d": doc, "t": typ})
	if err != nil {
		t.Fatal(err)
	}
	return evs
}

// counts are the counts of events, in order.
func counts(evs []*core.Record) []int {
	out := make([]int, len(evs))
	for i, ev := range evs {
		out[i] = ev.GetInt(migrations.FieldEventCount)
	}
	return out
}

// A customer's repeated views (and PDF downloads) are one event per
// visitor and day with a count, even 20 at the same moment; another
// browser or another day is a new event. The "viewed" mark and the
// owner's notice (the event's creation) come once per fold.
func TestRepeatedVisitsFoldIntoOneEventPerVisitorAndDay(t *testing.T) {
	t.Parallel()
	app := testapp.Fixture(t, "billing", buildFixture)
	defer app.Cleanup()
	var clock atomic.Int64
	clock.Store(testapp.FixedNow.UnixNano())
	BindWithClock(app, func() time.Time { return time.Unix(0, clock.Load()).UTC() })
	var created atomic.Int32 // what realtime tells the owner as new
	app.OnRecordAfterCreateSuccess(migrations.DocumentEventsCollection).BindFunc(func(e *core.RecordEvent) error {
		if t := e.Record.GetString("type"); t == migrations.EventViewed || t == migrations.EventDownloaded {
			created.Add(1)
		}
		return e.Next()
	})
	srv := testServer(t, app)
	const browser = "Mozilla/5.0 (Customer)"
	// The rate limiter allows 30 public requests in 10 s per address: the
	// views come from one, the downloads from another.
	visit := func(method, tail, agent string) int {
		ip := "192.0.2.1"
		if tail != "" {
			ip = "192.0.2.2"
		}
		req := httptest.NewRequest(method, publicURLFor(tokInvSent, tail), strings.NewReader("{}"))
		req.RemoteAddr = ip + ":50000"
		req.Header.Set("User-Agent", agent)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		return rec.Code
	}
	atOnce := func(n int, method, tail string) {
		var wg sync.WaitGroup
		start := make(chan struct{})
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				if c := visit(method, tail, browser); c != 200 && c != 204 {
					t.Errorf("%s %s: %d", method, tail, c)
				}
			}()
		}
		close(start)
		wg.Wait()
	}

	atOnce(20, http.MethodGet, "")
	atOnce(20, http.MethodPost, "/downloaded")
	views, downloads := visitsOf(t, app, invSent, migrations.EventViewed), visitsOf(t, app, invSent, migrations.EventDownloaded)
	if got := counts(views); len(got) != 1 || got[0] != 20 {
		t.Errorf("20 views at once: events with counts %v, want one of 20", got)
	}
	if got := counts(downloads); len(got) != 1 || got[0] != 20 {
		t.Errorf("20 downloads at once: events with counts %v, want one of 20", got)
	}
	if n := created.Load(); n != 2 {
		t.Errorf("%d events created (owner notices), want 2: one view, one download", n)
	}
	expect(t, get(t, app, "invoices", invSent), map[string]any{"status": "viewed", "viewed_at": "set"})

	// Another browser the same day: its own event.
	if c := visit(http.MethodGet, "", "Other/1.0"); c != 200 {
		t.Fatalf("view from another browser: %d", c)
	}
	if got := counts(visitsOf(t, app, invSent, migrations.EventViewed)); len(got) != 2 || got[0] != 20 || got[1] != 1 {
		t.Errorf("after another browser's view: counts %v, want [20 1]", got)
	}
	// The next day: a new event for the same browser.
	clock.Store(testapp.FixedNow.Add(24 * time.Hour).UnixNano())
	for range 3 {
		visit(http.MethodGet, "", browser)
	}
	views = visitsOf(t, app, invSent, migrations.EventViewed)
	if got := counts(views); len(got) != 3 || got[2] != 3 {
		t.Fatalf("the next day: counts %v, want [20 1 3]", got)
	}
	if d := views[2].GetString(migrations.FieldEventDay); d != "2026-03-16" {
		t.Errorf("the next day's event is of %q", d)
	}

	// The address is never stored, and the visitor stays server-side.
	for _, ev := range views {
		for _, f := range []string{migrations.FieldEventVisitor, "detail"} {
			if v := ev.GetString(f); strings.Contains(v, "192.0.2.") || strings.Contains(v, "Customer") {
				t.Errorf("event %s stores %q in %s", ev.Id, v, f)
			}
		}
		if len(ev.GetString(migrations.FieldEventVisitor)) != 64 {
			t.Errorf("event %s visitor %q, want a 64-hex hash", ev.Id, ev.GetString(migrations.FieldEventVisitor))
		}
	}
	owner := map[string]string{"Authorization": testapp.Token(t, app, alice)}
	list := do(srv, http.MethodGet, "/api/collections/document_events/records?filter=type%3D%27viewed%27", nil, owner).Body.String()
	if !strings.Contains(list, `"count":20`) || strings.Contains(list, `"visitor"`) {
		t.Errorf("the owner's list: %s, want the count and no visitor", list)
	}
}
