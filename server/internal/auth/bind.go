// Package auth adds authenticator-app two-factor authentication (TOTP) to
// PocketBase's users collection, and Folio's uniform bad-credentials answer.
//
// It also writes the account mails PocketBase sends (verification, password
// reset, email change, new-location alert) in the language of the request
// that asks for them; see bindAccountMails.
//
// PocketBase has no TOTP. The first factor stays PocketBase's own (password,
// OAuth2); OnRecordAuthRequest stops it with 401 {"mfaId"} for users with
// 2FA on, exactly like PocketBase's built-in MFA answers, and our literal
// routes under /api/collections/users/ (more specific than PocketBase's
// {collection} routes, so they win) enrol, confirm, disable and finish the
// sign-in. See research/pocketbase.md §0.
package auth

import (
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"folio/server/migrations"
)

// KeyFunc returns the 32-byte key that encrypts TOTP secrets at rest.
type KeyFunc func() (string, error)

// Limits on guessing codes. The sign-in limit mirrors PocketBase's own OTP
// limit (5 per 180 s); with ±1 step that keeps the odds of guessing a
// 6-digit code within a day well under 1%.
const (
	signInAttempts      = 5
	signInAttemptWindow = 180 * time.Second
	// mfaSessionFailures ends an mfaId after this many wrong codes, so more
	// guesses need the password again.
	mfaSessionFailures = 5
	// manageAttempts bounds confirm/disable guesses by a signed-in session.
	manageAttempts      = 5
	manageAttemptWindow = 180 * time.Second
)

// Route paths, literal so they beat PocketBase's /{collection}/ patterns.
const (
	PathRequestOTP  = "/api/collections/users/request-otp"
	PathConfirmOTP  = "/api/collections/users/confirm-otp"
	PathDisableOTP  = "/api/collections/users/disable-otp"
	PathAuthWithOTP = "/api/collections/users/auth-with-otp"
	// PathRegenerateBackupCodes replaces the backup codes (a current code).
	PathRegenerateBackupCodes = "/api/collections/users/regenerate-backup-codes"
	// PathOTPStatus tells the signed-in user whether 2FA is on and how
	// many backup codes are left.
	PathOTPStatus = "/api/collections/users/otp-status"
)

// service holds what the hooks and routes share for one app.
type service struct {
	key            KeyFunc
	now            func() time.Time
	signInAttempts *attemptCounter
	mfaFailures    *attemptCounter
	manageAttempts *attemptCounter
	// passwordGuesses limits wrong passwords per account.
	passwordGuesses *guessLimiter
	// userUpdates and uploads limit writes per user, businessUpdates the
	// settings' writes per business (hook_write_limits.go).
	userUpdates     *attemptCounter
	businessUpdates *attemptCounter
	uploads         *attemptCounter
	// signUpNotices, emailChanges and emailChangeTargets: see
	// hook_hidden_accounts.go.
	signUpNotices      *mailSpacing
	emailChanges       *attemptCounter
	emailChangeTargets *mailSpacing
}

// Bind registers the 2FA hooks and routes, the bad-credentials message and
// the account mails' language on app. key is asked for the encryption key
// when a secret is read or written.
func Bind(app core.App, key KeyFunc) {
	bind(app, key)
}

// bind is Bind, returning the service so tests can loosen its limits.
func bind(app core.App, key KeyFunc) *service {
	s := &service{
		key:            key,
		now:            time.Now,
		signInAttempts: newAttemptCounter(signInAttempts, signInAttemptWindow),
		mfaFailures:    newAttemptCounter(mfaSessionFailures, migrations.MFASessionSeconds*time.Second),
		manageAttempts: newAttemptCounter(manageAttempts, manageAttemptWindow),

		passwordGuesses: newGuessLimiter(),
		userUpdates:     newAttemptCounter(userUpdatesPerWindow, writeLimitWindow),
		businessUpdates: newAttemptCounter(businessUpdatesPerWindow, writeLimitWindow),
		uploads:         newAttemptCounter(uploadsPerWindow, writeLimitWindow),
		emailChanges:    newAttemptCounter(emailChangeRequests, emailChangeWindow),

		signUpNotices:      newMailSpacing(signUpNoticeEvery),
		emailChangeTargets: newMailSpacing(emailChangeTargetEvery),
	}

	users := migrations.UsersCollection
	app.OnRecordAuthRequest(users).BindFunc(s.gateSecondFactor)
	app.OnRecordEnrich(users).BindFunc(revealTOTPEnabledToOwner)
	app.OnRecordAuthWithPasswordRequest(users).BindFunc(s.passwordSignIn)
	app.OnCollectionValidate().BindFunc(keepBuiltInOTPAndMFAOff)
	app.OnRecordUpdateExecute(users).BindFunc(keepFreshCredentials)
	app.OnRecordConfirmPasswordResetRequest(users).BindFunc(confirmPasswordReset)
	// The upload limit first, so a refused upload does not use an update.
	app.OnRecordCreateRequest().BindFunc(s.guardUploads)
	app.OnRecordUpdateRequest().BindFunc(s.guardUploads)
	app.OnRecordUpdateRequest(users).BindFunc(s.guardUserUpdate)
	app.OnRecordUpdateRequest(migrations.BusinessesCollection).BindFunc(s.guardBusinessUpdate)
	bindAccountMails(app)
	s.bindHiddenAccounts(app)

	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "folioTOTPRoutes",
		Func: func(se *core.ServeEvent) error {
			r := se.Router
			r.POST(PathRequestOTP, s.requestOTP).Bind(apis.RequireAuth(users))
			r.POST(PathConfirmOTP, s.confirmOTP).Bind(apis.RequireAuth(users))
			r.POST(PathDisableOTP, s.disableOTP).Bind(apis.RequireAuth(users))
			r.POST(PathAuthWithOTP, s.authWithOTP)
			r.POST(PathRegenerateBackupCodes, s.regenerateBackupCodes).Bind(apis.RequireAuth(users))
			r.GET(PathOTPStatus, otpStatus).Bind(apis.RequireAuth(users))
			return se.Next()
		},
	})
	return s
}
