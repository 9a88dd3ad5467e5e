package auth

import (
	"errors"
	"fmt"
	"net/http"
	"net/mail"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/mailer"
	"github.com/pocketbase/pocketbase/tools/router"
	"github.com/pocketbase/pocketbase/tools/routine"

	"folio/server/internal/identity"
	"folio/server/internal/refusal"
	"folio/server/migrations"
)

// Whether an address has an account is nobody's business but its owner's.
//
// Sign-up (POST /api/collections/users/records without a superuser) answers
// 204 with no body whether the address was free (the account is created)
// or taken (nothing is created, and the owner gets a mail that someone
// tried to sign up with it). Refusals of the other fields read the same
// either way, as PocketBase's "not unique" refusal of the email is dropped
// from them.
//
// request-email-change answers 204 for a taken new address too, and
// mails nobody; it is limited per account (emailChangeRequests an hour)
// and per new address, whoever asks (emailChangeTargetEvery), the taken
// ones included so the limit does not tell them apart.
const (
	// PathRequestEmailChange is PocketBase's route, guarded here.
	PathRequestEmailChange = "/api/collections/users/request-email-change"

	emailChangeRequests = 5
	emailChangeWindow   = time.Hour

	// signUpNoticeEvery: one "someone tried to sign up" mail per address
	// in this time, however many attempts.
	signUpNoticeEvery = time.Hour
)

// bindHiddenAccounts registers the sign-up and email-change guards.
func (s *service) bindHiddenAccounts(app core.App) {
	users := migrations.UsersCollection
	// First of the create hooks, so the whole chain runs inside the dry run
	// of a taken address.
	app.OnRecordCreateRequest(users).Bind(&hook.Handler[*core.RecordRequestEvent]{
		Id:       "folioHiddenSignUp",
		Priority: -100,
		Func:     s.signUp,
	})
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Id: "folioHiddenEmailChange",
		Func: func(se *core.ServeEvent) error {
			se.Router.BindFunc(s.guardEmailChange)
			return se.Next()
		},
	})
}

// discardWriter takes PocketBase's own answer to a sign-up, which is
// replaced by the same 204 for every address.
type discardWriter struct {
	header  http.Header
	status  int
	written bool
}

func (w *discardWriter) Header() http.Header { return w.header }
func (w *discardWriter) Write(b []byte) (int, error) {
	w.written = true
	return len(b), nil
}
func (w *discardWriter) WriteHeader(status int) { w.status, w.written = status, true }
func (w *discardWriter) Written() bool          { return w.written }
func (w *discardWriter) Status() int            { return w.status }

// inBackground runs the mail of a sign-up attempt after the answer (the
// tests run it at once).
var inBackground = func(f func()) { routine.FireAndForget(f) }

// errDryRun rolls back the sign-up of a taken address once it was checked.
var errDryRun = errors.New("dry run")

func (s *service) signUp(e *core.RecordRequestEvent) error {
	info, err := e.RequestInfo()
	if err != nil {
		return err
	}
	if info.HasSuperuserAuth() || info.Context == core.RequestInfoContextOAuth2 {
		return e.Next()
	}

	answer := e.Response
	e.Response = &discardWriter{header: http.Header{}}
	defer func() { e.Response = answer }()

	email := e.Record.Email()
	owner, _ := e.App.FindAuthRecordByEmail(migrations.UsersCollection, email)
	if owner == nil {
		err := e.Next()
		if err == nil {
			e.Response = answer
			return e.NoContent(http.StatusNoContent)
		}
		// Taken meanwhile (or written another way): answered as taken.
		rest, taken := withoutTakenEmail(err)
		if !taken {
			return err
		}
		if rest != nil {
			return rest
		}
		owner, _ = e.App.FindAuthRecordByEmail(migrations.UsersCollection, email)
	} else {
		// The same checks of every other field, on a throwaway address,
		// in a transaction that is rolled back.
		e.Record.SetEmail(dryRunEmail())
		app := e.App
		err := app.RunInTransaction(func(tx core.App) error {
			e.App = tx
			defer func() { e.App = app }()
			if err := e.Next(); err != nil {
				return err
			}
			return errDryRun
		})
		e.App = app
		if err != nil && !errors.Is(err, errDryRun) {
			return err
		}
	}
	if owner != nil {
		s.noticeSignUpAttempt(e.App, owner, requestLanguage(e.Request))
	}
	e.Response = answer
	return e.NoContent(http.StatusNoContent)
}

// withoutTakenEmail removes PocketBase's "email not unique" refusal from a
// failed create: taken says whether it was there, rest is the refusal of
// the other fields (nil when there were none).
func withoutTakenEmail(err error) (rest error, taken bool) {
	var apiErr *router.ApiError
	if !errors.As(err, &apiErr) {
		return err, false
	}
	item, ok := apiErr.Data[core.FieldNameEmail].(map[string]any)
	if !ok || item["code"] != "validation_not_unique" {
		return err, false
	}
	if len(apiErr.Data) == 1 {
		return nil, true
	}
	data := make(map[string]any, len(apiErr.Data)-1)
	for k, v := range apiErr.Data {
		if k != core.FieldNameEmail {
			data[k] = v
		}
	}
	return &router.ApiError{Data: data, Status: apiErr.Status, Message: apiErr.Message}, true
}

// dryRunEmail is a free address to check a taken address's sign-up with.
func dryRunEmail() string {
	return "dry-run-" + strings.ToLower(core.GenerateDefaultRandomId()) + "@sign-up.invalid"
}

// noticeSignUpAttempt mails the owner of a taken address that someone
// tried to sign up with it (at most once an hour per address), in the
// language of the request. It leaves after the answer, so the answer's
// timing does not depend on the mail.
func (s *service) noticeSignUpAttempt(app core.App, owner *core.Record, lang string) {
	if ok, _ := s.signUpNotices.take(identity.LimitKey(owner.Email()), s.now()); !ok {
		return
	}
	meta := app.Settings().Meta
	subject, html, err := renderMail(signUpAttemptTemplate(lang), lang, map[string]any{
		core.EmailPlaceholderAppName: meta.AppName,
		core.EmailPlaceholderAppURL:  meta.AppURL,
	})
	if err != nil {
		app.Logger().Error("write the sign-up attempt mail", "error", err)
		return
	}
	msg := &mailer.Message{
		From:    mail.Address{Name: meta.SenderName, Address: meta.SenderAddress},
		To:      []mail.Address{{Address: owner.Email()}},
		Subject: subject,
		HTML:    html,
	}
	inBackground(func() {
		if err := app.NewMailClient().Send(msg); err != nil {
			app.Logger().Error("send the sign-up attempt mail", "error", err)
		}
	})
}

// guardEmailChange answers a request-email-change to a taken address as
// it answers a free one (204), without a mail, and limits the requests of
// each account and the confirmations to each address.
func (s *service) guardEmailChange(e *core.RequestEvent) error {
	if e.Request.Method != http.MethodPost || e.Request.URL.Path != PathRequestEmailChange || e.Auth == nil ||
		e.Auth.Collection().Name != migrations.UsersCollection {
		return e.Next()
	}
	if !s.emailChanges.take(e.Auth.Id) {
		return refusal.TooManyRequests("folio_too_many_attempts", MessageTooManyAttempts)
	}
	var body struct {
		NewEmail string `json:"newEmail" form:"newEmail"`
	}
	if err := e.BindBody(&body); err != nil {
		return e.Next() // PocketBase says what is wrong with it
	}
	newEmail := strings.TrimSpace(body.NewEmail)
	if newEmail == "" || identity.SameAddress(newEmail, e.Auth.Email()) {
		return e.Next()
	}
	target, at := identity.MailboxKey(newEmail), s.now()
	if ok, wait := s.emailChangeTargets.take(target, at); !ok {
		return emailChangeTargetRefusal(wait).Answer(http.StatusTooManyRequests)
	}
	if other, _ := e.App.FindAuthRecordByEmail(migrations.UsersCollection, newEmail); other != nil {
		return e.NoContent(http.StatusNoContent)
	}
	err := e.Next()
	if err != nil {
		// No mail left (a refused address, a mail server down): the
		// address may be asked for again at once.
		s.emailChangeTargets.giveBack(target, at)
	}
	return err
}

// emailChangeTargetRefusal answers a confirmation to an address that was
// sent one less than emailChangeTargetEvery ago, with the wait.
func emailChangeTargetRefusal(wait time.Duration) *refusal.Refusal {
	minutes := waitMinutes(wait)
	return refusal.New("folio_email_change_target_wait", fmt.Sprintf(fmtEmailChangeTargetWait, minutesText(minutes))).
		With(map[string]any{"minutes": minutes})
}

// minutesText is "1 minute", "7 minutes".
func minutesText(n int) string {
	if n == 1 {
		return "1 minute"
	}
	return strconv.Itoa(n) + " minutes"
}
