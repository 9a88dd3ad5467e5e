package billing

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// versionOf is a record's "updated" as the API answers it to its owner:
// what the web app sends back as the version an edit started from.
func versionOf(t testing.TB, h http.Handler, auth, url string) string {
	t.Helper()
	rec := do(h, http.MethodGet, url, nil, map[string]string{"Authorization": auth})
	var body struct {
		Updated string `json:"updated"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Updated == "" {
		t.Fatalf("GET %s: %d %s", url, rec.Code, rec.Body.String())
	}
	return body.Updated
}

func patchNotes(h http.Handler, auth, url, base, notes string) (int, string) {
	headers := map[string]string{"Authorization": auth}
	if base != "" {
		headers[HeaderBase] = base
	}
	b, _ := json.Marshal(map[string]any{"notes": notes})
	rec := do(h, http.MethodPatch, url, strings.NewReader(string(b)), headers)
	return rec.Code, rec.Body.String()
}

// An edit says which version it started from (X-Folio-Base): made from the
// stored version it is saved; made from an older one it is refused with a
// 409 and nothing is written; without the header it is saved as before.
func TestAnEditFromAnOlderVersionIsRefused(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ collection, id string }{
		{migrations.InvoicesCollection, invDraft},
		{migrations.CustomersCollection, custAcme},
	} {
		t.Run(c.collection, func(t *testing.T) {
			t.Parallel()
			app := factory(t)
			defer app.Cleanup()
			srv := testServer(t, app)
			auth := testapp.Token(t, app, alice)
			url := "/api/collections/" + c.collection + "/records/" + c.id
			opened := versionOf(t, srv, auth, url)

			if status, body := patchNotes(srv, auth, url, opened, "first tab"); status != 200 {
				t.Fatalf("an edit from the stored version: %d %s", status, body)
			}
			status, body := patchNotes(srv, auth, url, opened, "second tab")
			if status != http.StatusConflict || !strings.Contains(body, `"code":"folio_changed_elsewhere"`) {
				t.Fatalf("an edit from the older version: %d %s", status, body)
			}
			rec, _ := app.FindRecordById(c.collection, c.id)
			if got := rec.GetString("notes"); got != "first tab" {
				t.Fatalf("notes = %q after the refusal, want the first tab's", got)
			}
			if status, body := patchNotes(srv, auth, url, "", "no version said"); status != 200 {
				t.Fatalf("an edit without a version: %d %s", status, body)
			}
		})
	}
}

// Two tabs save the same draft at once, both from the version they opened:
// exactly one is saved, the other is told, whatever the order.
func TestTwoTabsSavingOneDraftAtOnce(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()
	srv := testServer(t, app)
	auth := testapp.Token(t, app, alice)
	url := "/api/collections/invoices/records/" + invDraft
	for trial := range 6 {
		opened := versionOf(t, srv, auth, url)
		notes := []string{"tab A", "tab B"}
		statuses := make([]int, len(notes))
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, n := range notes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				statuses[i], _ = patchNotes(srv, auth, url, opened, n)
			}()
		}
		close(start)
		wg.Wait()
		saved, refused := -1, 0
		for i, s := range statuses {
			switch s {
			case 200:
				if saved >= 0 {
					t.Fatalf("trial %d: both tabs saved (%v)", trial, statuses)
				}
				saved = i
			case http.StatusConflict:
				refused++
			default:
				t.Fatalf("trial %d: status %d", trial, s)
			}
		}
		if saved < 0 || refused != 1 {
			t.Fatalf("trial %d: %v", trial, statuses)
		}
		rec, _ := app.FindRecordById(migrations.InvoicesCollection, invDraft)
		if got := rec.GetString("notes"); got != notes[saved] {
			t.Fatalf("trial %d: notes = %q, want the saved tab's %q", trial, got, notes[saved])
		}
	}
}
