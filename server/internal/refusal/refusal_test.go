package refusal

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"testing"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/refusal/refusaltest"
)

// TestRefusalCodes: one sentence per code, each in the web app's catalogue.
func TestRefusalCodes(t *testing.T) {
	refusaltest.Check(t, "Messages", "refusal", Messages, nil)
}

func body(t *testing.T, a *router.ApiError) string {
	t.Helper()
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestShape: the answers as PocketBase writes them.
func TestShape(t *testing.T) {
	cases := []struct {
		name string
		got  *router.ApiError
		want string
	}{
		{"about no field", NotFound("folio_x", "Not here."),
			`{"data":{"@refusal":{"code":"folio_x","message":"Not here."}},"message":"Not here.","status":404}`},
		{"with params", New("folio_y", "Wait 3 minutes.").With(map[string]any{"minutes": 3}).Answer(http.StatusTooManyRequests),
			`{"data":{"@refusal":{"code":"folio_y","message":"Wait 3 minutes.","params":{"minutes":3}}},"message":"Wait 3 minutes.","status":429}`},
		{"about a field, with params", router.NewBadRequestError("Too long.",
			validation.Errors{"note": New("folio_z", "Too long.").With(map[string]any{"max": 10})}),
			`{"data":{"note":{"code":"folio_z","message":"Too long.","params":{"max":10}}},"message":"Too long.","status":400}`},
		{"a sentence with braces stays as it is", router.NewBadRequestError("Bad {{.x}}.",
			validation.Errors{"f": New("folio_w", "Bad {{.x}}.").With(map[string]any{"x": 1})}),
			`{"data":{"f":{"code":"folio_w","message":"Bad {{.x}}.","params":{"x":1}}},"message":"Bad {{.x}}.","status":400}`},
		{"fields and a sentence for all of them", Tag(router.NewBadRequestError("Fix both.",
			validation.Errors{"a": New("folio_a", "Fix a.")}), New("folio_both", "Fix both.")),
			`{"data":{"@refusal":{"code":"folio_both","message":"Fix both."},"a":{"code":"folio_a","message":"Fix a."}},"message":"Fix both.","status":400}`},
		{"an unreadable body", Unreadable(errors.New("unexpected EOF")),
			`{"data":{"@refusal":{"code":"folio_bad_request","message":"Something went wrong while processing your request."}},"message":"Something went wrong while processing your request.","status":400}`},
	}
	for _, c := range cases {
		if got := body(t, c.got); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// TestHasCode: the code is found about the whole answer or about a field,
// through wrapping, and not elsewhere.
func TestHasCode(t *testing.T) {
	field := router.NewBadRequestError("Too much.", validation.Errors{"id": New("folio_a", "Too much.")})
	cases := []struct {
		name string
		err  error
		code string
		want bool
	}{
		{"about no field", BadRequest("folio_a", "No."), "folio_a", true},
		{"about a field", field, "folio_a", true},
		{"wrapped", fmt.Errorf("saving: %w", field), "folio_a", true},
		{"another code", field, "folio_b", false},
		{"not an answer", errors.New("folio_a"), "folio_a", false},
		{"nil", nil, "folio_a", false},
	}
	for _, c := range cases {
		if got := HasCode(c.err, c.code); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
