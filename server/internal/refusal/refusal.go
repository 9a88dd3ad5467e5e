// Package refusal is the shape of Folio's refusals, so a client can show
// each one in its own language.
//
// Every refusal has a stable code (folio_…), an English sentence and, when
// the sentence was filled in, the values it was filled in with (params, by
// name). PocketBase writes a refusal about a field in the answer's data,
// under the field's name; a refusal that is not about one field (a
// missing document, too many attempts) goes under Key, which no field can
// be called ("@" is not allowed in field names):
//
//	{"status":400,"message":"The payment is more than the balance due (12.34 EUR).",
//	 "data":{"amount_cents":{"code":"folio_overpayment","message":"The payment is more than the balance due (12.34 EUR).",
//	   "params":{"amount":"12.34 EUR","amount_cents":1234,"currency":"EUR"}}}}
//
//	{"status":404,"message":"This link is no longer valid.",
//	 "data":{"@refusal":{"code":"folio_link_invalid","message":"This link is no longer valid."}}}
//
// The English sentence stays the answer's message, as it always was. The
// web app translates by code (src/locales/*/server.json, key = code) and
// falls back to the message for a code it doesn't know.
package refusal

import (
	"errors"
	"net/http"

	"github.com/pocketbase/pocketbase/tools/inflector"
	"github.com/pocketbase/pocketbase/tools/router"
)

// Key is the data key of a refusal that is not about one field.
const Key = "@refusal"

// Refusals shared by the packages. Their sentences are PocketBase's own
// defaults, which Folio's answers said before they had codes.
const (
	MessageNotFound   = "The requested resource wasn't found."
	MessageBadRequest = "Something went wrong while processing your request."
)

// Messages maps each code of this package to its English sentence: one
// code, one sentence.
var Messages = map[string]string{
	"folio_not_found":   MessageNotFound,
	"folio_bad_request": MessageBadRequest,
}

// Refusal is one refusal: what PocketBase writes as {code, message, params}.
// It is an error whose text is the English sentence.
type Refusal struct {
	code, message string
	params        map[string]any
}

// New is a refusal with a fixed sentence.
func New(code, message string) *Refusal {
	return &Refusal{code: code, message: message}
}

// With sets the values the sentence was filled in with, by name.
func (r *Refusal) With(params map[string]any) *Refusal {
	r.params = params
	return r
}

// Code is the stable code (router.SafeErrorItem).
func (r *Refusal) Code() string { return r.code }

// Error is the English sentence (router.SafeErrorItem).
func (r *Refusal) Error() string { return r.message }

// Params are the values in the sentence, nil for none
// (router.SafeErrorParamsResolver: PocketBase writes them when there are some).
func (r *Refusal) Params() map[string]any { return r.params }

// view is the refusal as PocketBase writes a field's error.
func (r *Refusal) view() map[string]any {
	v := map[string]any{"code": r.code, "message": inflector.Sentenize(r.message)}
	if len(r.params) > 0 {
		v["params"] = r.params
	}
	return v
}

// Answer is the answer of status whose sentence is r, about no field.
func (r *Refusal) Answer(status int) *router.ApiError {
	return Tag(router.NewApiError(status, r.message, nil), r)
}

// Tag adds r under Key to an answer (e.g. PocketBase's 400 with the field
// errors of a failed save), r being the sentence of the whole answer.
func Tag(a *router.ApiError, r *Refusal) *router.ApiError {
	if a.Data == nil {
		a.Data = map[string]any{}
	}
	a.Data[Key] = r.view()
	return a
}

// BadRequest is a 400 about no field.
func BadRequest(code, message string) *router.ApiError {
	return New(code, message).Answer(http.StatusBadRequest)
}

// NotFound is a 404.
func NotFound(code, message string) *router.ApiError {
	return New(code, message).Answer(http.StatusNotFound)
}

// TooManyRequests is a 429.
func TooManyRequests(code, message string) *router.ApiError {
	return New(code, message).Answer(http.StatusTooManyRequests)
}

// NothingHere is the 404 of a path that leads to nothing (PocketBase's own
// sentence).
func NothingHere() *router.ApiError {
	return NotFound("folio_not_found", MessageNotFound)
}

// Unreadable is the 400 of a request body that can't be read (PocketBase's
// own sentence); err is kept for the logs.
func Unreadable(err error) *router.ApiError {
	return Tag(router.NewBadRequestError(MessageBadRequest, err), New("folio_bad_request", MessageBadRequest))
}

// HasCode tells whether err is an answer (or wraps one) that carries the
// refusal code, about the whole answer or about one of its fields: what a
// caller that saves a record through another package's hooks can test
// instead of the sentence.
func HasCode(err error, code string) bool {
	var apiErr *router.ApiError
	if !errors.As(err, &apiErr) {
		return false
	}
	for _, v := range apiErr.Data {
		if item, ok := v.(map[string]any); ok && item["code"] == code {
			return true
		}
	}
	return false
}
