package billing

import (
	"bytes"
	"io"
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"folio/server/internal/spa"
	"folio/server/migrations"
)

// logoPNG is a valid 1×1 PNG.
var logoPNG = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89" +
	"\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")

// withLogo gives alice a logo.
func withLogo(t testing.TB, app *tests.TestApp) {
	f, err := filesystem.NewFileFromBytes(logoPNG, "logo.png")
	if err != nil {
		t.Fatal(err)
	}
	setBusiness(alice, map[string]any{migrations.FieldLogo: f})(t, app)
}

func TestPublicLogoRoute(t *testing.T) {
	runAPICases(t, []apiCase{
		{name: "the seller's logo by the document's token", method: http.MethodGet, url: publicURLFor(tokInvSent, "/logo"),
			before: withLogo, status: 200, contains: []string{"PNG"},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				b, _ := io.ReadAll(res.Body)
				if !bytes.Equal(b, logoPNG) {
					t.Errorf("body is not the logo (%d bytes)", len(b))
				}
				expectHeaders(map[string]string{"Content-Type": "image/png", "Referrer-Policy": "no-referrer",
					"X-Robots-Tag": "noindex", "Cache-Control": "private, max-age=300",
					"Content-Security-Policy": spa.UserFileContentSecurityPolicy, "X-Content-Type-Options": "nosniff"})(t, app, res)
				if n := countEvents(t, app, invSent, ""); n != 1 { // "created" only
					t.Errorf("%d events, want the created one only", n)
				}
			}},
		{name: "no logo", method: http.MethodGet, url: publicURLFor(tokInvSent, "/logo"), status: 404},
		{name: "a revoked link shows no logo", method: http.MethodGet, url: publicURLFor(tokRevoked, "/logo"),
			before: withLogo, status: 404, after: sameBody(notValidBody)},
	})
}
