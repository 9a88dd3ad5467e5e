package billing

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"

	"folio/server/migrations"
)

// The public routes are held to 30 requests per 10 s per client IP
// (migrations.PublicRateLimitRule), whatever the token, and FOLIO_RATE_LIMITS=off
// (settings: rate limits disabled) lifts it.
func TestPublicRateLimit(t *testing.T) {
	t.Parallel()
	run := func(t *testing.T, enabled bool) (codes []int) {
		app := factory(t)
		defer app.Cleanup()
		if !enabled {
			s := app.Settings()
			s.RateLimits.Enabled = false
			if err := app.Save(s); err != nil {
				t.Fatal(err)
			}
		}
		srv := testServer(t, app)
		for i := 0; i < 31; i++ {
			url := publicURLFor(tokUnknown)
			if i%3 == 0 {
				url = publicURLFor(tokInvSent) // valid or not, every request counts
			}
			codes = append(codes, do(srv, http.MethodGet, url, nil, nil).Code)
		}
		return codes
	}

	t.Run("on", func(t *testing.T) {
		codes := run(t, true)
		for i, c := range codes[:30] {
			if c == http.StatusTooManyRequests {
				t.Fatalf("request %d limited: %v", i+1, codes)
			}
		}
		if codes[30] != http.StatusTooManyRequests {
			t.Errorf("the 31st request in 10 s got %d, want 429", codes[30])
		}
	})
	t.Run("off", func(t *testing.T) {
		codes := run(t, false)
		if codes[30] == http.StatusTooManyRequests {
			t.Errorf("limited with rate limits off: %v", codes)
		}
	})
}

// Another client is not held back by the first one's requests.
func TestPublicRateLimitIsPerClient(t *testing.T) {
	t.Parallel()
	app := factory(t)
	defer app.Cleanup()
	srv := testServer(t, app)
	for i := 0; i < 31; i++ {
		do(srv, http.MethodGet, publicURLFor(tokUnknown), nil, nil)
	}
	if rec := do(srv, http.MethodGet, publicURLFor(tokInvSent), nil, nil); rec.Code != http.StatusTooManyRequests {
		t.Fatalf("the first client got %d, want 429", rec.Code)
	}
	req := httptest.NewRequest(http.MethodGet, publicURLFor(tokInvSent), nil)
	req.RemoteAddr = "198.51.100.7:4242"
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Errorf("another client got %d, want 200", rec.Code)
	}
}

// A client can't write the server's answer fields or the issued copy
// through the records API.
func TestPublicFieldsAreServerOnly(t *testing.T) {
	var form bytes.Buffer
	w := multipart.NewWriter(&form)
	part, _ := w.CreateFormFile(migrations.FieldIssuedPDF, "forged.pdf")
	part.Write(pdfA)
	w.WriteField(migrations.FieldIssuedFor, "forged")
	w.WriteField("notes", "Edited")
	w.Close()

	runAPICases(t, []apiCase{
		{name: "the answer fields", as: alice, method: http.MethodPatch, url: quotesURL + "/" + quoSent,
			body: map[string]any{migrations.FieldAcceptedBy: "Forged Name", migrations.FieldAcceptNote: "forged",
				migrations.FieldIssuedFor: "forged", "notes": "Edited"},
			status: 200, contains: []string{`"notes":"Edited"`, `"accepted_by":""`, `"accept_note":""`, `"issued_for":""`}},
		{name: "the issued copy", as: alice, method: http.MethodPatch, url: invoicesURL + "/" + invSent,
			raw: &form, contentType: w.FormDataContentType(),
			status: 200, contains: []string{`"notes":"Edited"`, `"issued_pdf":""`, `"issued_for":""`}},
	})
}
