package auth

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/refusal"
)

// Per-user limits on writing the users row and on uploading files, and a
// per-business limit on writing the business's settings (the businesses
// row, which held on the users row before businesses had members), on top
// of PocketBase's per-IP limits: a stolen session must not be able to
// rewrite the account or the business (or replace the avatar or the logo)
// many times a second, and the people whose they are must not be slowed
// down by it. A person editing by hand, or an offline queue replaying a
// day of edits, stays far below.
const (
	userUpdatesPerWindow     = 60
	businessUpdatesPerWindow = 60
	uploadsPerWindow         = 30
	writeLimitWindow         = time.Minute
)

// guardUserUpdate limits the updates of one users row, and hands a plain
// password change to changePassword.
func (s *service) guardUserUpdate(e *core.RecordRequestEvent) error {
	if e.HasSuperuserAuth() {
		return e.Next()
	}
	if !s.userUpdates.take(e.Record.Id) {
		return refusal.TooManyRequests("folio_too_many_changes", MessageTooManyChanges)
	}
	info, err := e.RequestInfo()
	if err != nil {
		return e.BadRequestError("", err)
	}
	if isPasswordChange(e, info.Body) {
		return changePassword(e, info.Body)
	}
	return e.Next()
}

// guardBusinessUpdate limits the updates of one business's settings,
// whichever of its owners and admins makes them.
func (s *service) guardBusinessUpdate(e *core.RecordRequestEvent) error {
	if e.HasSuperuserAuth() {
		return e.Next()
	}
	if !s.businessUpdates.take(e.Record.Id) {
		return refusal.TooManyRequests("folio_too_many_changes", MessageTooManyChanges)
	}
	return e.Next()
}

// guardUploads limits the requests of one user that upload files (any
// collection, create or update).
func (s *service) guardUploads(e *core.RecordRequestEvent) error {
	if e.Auth == nil || e.HasSuperuserAuth() || !hasUploads(e) {
		return e.Next()
	}
	if !s.uploads.take(e.Auth.Id) {
		return refusal.TooManyRequests("folio_too_many_changes", MessageTooManyChanges)
	}
	return e.Next()
}

// hasUploads tells whether the request carries files (PocketBase has read
// the multipart form by the time the hooks run).
func hasUploads(e *core.RecordRequestEvent) bool {
	form := e.Request.MultipartForm
	if form == nil {
		return false
	}
	for _, files := range form.File {
		if len(files) > 0 {
			return true
		}
	}
	return false
}
