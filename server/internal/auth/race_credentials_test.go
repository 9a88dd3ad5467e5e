package auth

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// Races of a credential change against profile saves, through the real
// HTTP API. A profile save writes the whole users row as it read it; it
// must never bring back an old password, an old token key or an old 2FA
// state. Each trial runs the change while four writers PATCH the profile
// back to back, then checks the change stuck.

// raceTrials is how many times each change is raced. Before the fix about
// half of the trials were reverted, so this many fail reliably then.
const raceTrials = 8

// raceWriters is how many profile writers race each change.
const raceWriters = 4

// liveServer is a real HTTP server on a test app with Folio's auth bound,
// its write limits loosened so the racing writers are never refused.
type liveServer struct {
	t   testing.TB
	app *tests.TestApp
	srv *httptest.Server
}

func newLiveServer(t testing.TB) *liveServer {
	return startLiveServer(t, true)
}

// startLiveServer is newLiveServer, with Folio's per-user limits as they
// are unless loosen.
func startLiveServer(t testing.TB, loosen bool) *liveServer {
	t.Helper()
	app := testapp.New(t)
	// PocketBase's per-IP limits would refuse the many sign-ins of one
	// test client.
	app.Settings().RateLimits.Enabled = false
	s := bind(app, func() (string, error) { return testKey, nil })
	if loosen {
		s.userUpdates = newAttemptCounter(1<<30, time.Minute)
		s.businessUpdates = newAttemptCounter(1<<30, time.Minute)
		s.uploads = newAttemptCounter(1<<30, time.Minute)
		s.manageAttempts = newAttemptCounter(1<<30, time.Minute)
		s.signInAttempts = newAttemptCounter(1<<30, time.Minute)
	}
	mux := testapp.Mux(t, app)
	ls := &liveServer{t: t, app: app, srv: httptest.NewServer(mux)}
	t.Cleanup(func() {
		ls.srv.Close()
		app.Cleanup()
	})
	return ls
}

// call sends a JSON request and returns the status and body.
func (ls *liveServer) call(method, path, token string, payload any) (int, string) {
	var rd io.Reader
	if payload != nil {
		b, _ := json.Marshal(payload)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, ls.srv.URL+path, rd)
	if err != nil {
		return 0, err.Error()
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return ls.do(req)
}

func (ls *liveServer) do(req *http.Request) (int, string) {
	res, err := ls.srv.Client().Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// signIn signs in with a password: the token, or "" and the answer.
func (ls *liveServer) signIn(password string) (token string, status int, body string) {
	status, body = ls.call(http.MethodPost, "/api/collections/users/auth-with-password", "",
		map[string]string{"identity": testapp.Alice.Email, "password": password})
	var res struct {
		Token string `json:"token"`
	}
	_ = json.Unmarshal([]byte(body), &res)
	return res.Token, status, body
}

func (ls *liveServer) mustSignIn(password string) string {
	ls.t.Helper()
	tok, status, body := ls.signIn(password)
	if status != 200 || tok == "" {
		ls.t.Fatalf("sign-in: %d %s", status, body)
	}
	return tok
}

// tokenWorks tells whether a token still opens a session.
func (ls *liveServer) tokenWorks(token string) bool {
	status, _ := ls.call(http.MethodPost, "/api/collections/users/auth-refresh", token, nil)
	return status == 200
}

// raceProfileWriters runs change while raceWriters goroutines PATCH the
// profile (name and company) with their own tokens, from before change
// starts until each has saved a few more times after it ended.
func (ls *liveServer) raceProfileWriters(tokens []string, change func()) {
	userURL := "/api/collections/users/records/" + testapp.Alice.ID
	var started, wg sync.WaitGroup
	done := make(chan struct{})
	for w := range raceWriters {
		started.Add(1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			after := 0
			for n := 0; ; n++ {
				ls.call(http.MethodPatch, userURL, tokens[w%len(tokens)],
					map[string]any{"name": fmt.Sprintf("Writer %d.%d", w, n), "company": "Race Ltd"})
				if n == 0 {
					started.Done()
				}
				select {
				case <-done:
					after++
					if after > 3 {
						return
					}
				default:
				}
			}
		}()
	}
	started.Wait()
	change()
	close(done)
	wg.Wait()
}

// writerTokens are sessions for the writers (issued directly: signing in
// through the API would only spend time hashing the password).
func (ls *liveServer) writerTokens(string) []string {
	toks := make([]string, raceWriters)
	for i := range toks {
		toks[i] = ls.token()
	}
	return toks
}

// token is a session for alice as her row is now.
func (ls *liveServer) token() string {
	ls.t.Helper()
	return authToken(ls.t, reload(ls.t, ls.app, testapp.Alice.ID))
}

// racePasswordSwap runs raceTrials trials of one password swap (change moves the password from
// current to next) against the profile writers: after each, the old password and the sessions
// from before are refused and the new password signs in.
func racePasswordSwap(t *testing.T, prefix string, change func(ls *liveServer, trial int, old, current, next string)) {
	ls := newLiveServer(t)
	testapp.CreateUser(t, ls.app, testapp.Alice)
	current := testapp.Password
	for trial := range raceTrials {
		next := fmt.Sprintf("%s-%d-xyz", prefix, trial)
		old := ls.token()
		change(ls, trial, old, current, next)
		if _, status, _ := ls.signIn(current); status == 200 {
			t.Fatalf("trial %d: the old password signs in again", trial)
		}
		if ls.tokenWorks(old) {
			t.Fatalf("trial %d: a session from before works again", trial)
		}
		ls.mustSignIn(next)
		current = next
	}
}

func TestRacePasswordChangeAgainstProfileWriters(t *testing.T) {
	racePasswordSwap(t, "new-password", func(ls *liveServer, trial int, old, current, next string) {
		ls.raceProfileWriters(ls.writerTokens(current), func() {
			status, body := ls.call(http.MethodPatch, "/api/collections/users/records/"+testapp.Alice.ID, old,
				map[string]string{"oldPassword": current, "password": next, "passwordConfirm": next})
			if status != 200 {
				t.Fatalf("trial %d: change: %d %s", trial, status, body)
			}
		})
	})
}

func TestRacePasswordResetAgainstProfileWriters(t *testing.T) {
	racePasswordSwap(t, "reset-password", func(ls *liveServer, trial int, _, current, next string) {
		resetToken, err := reload(t, ls.app, testapp.Alice.ID).NewPasswordResetToken()
		if err != nil {
			t.Fatal(err)
		}
		ls.raceProfileWriters(ls.writerTokens(current), func() {
			status, body := ls.call(http.MethodPost, "/api/collections/users/confirm-password-reset", "",
				map[string]string{"token": resetToken, "password": next, "passwordConfirm": next})
			if status != 204 {
				t.Fatalf("trial %d: reset: %d %s", trial, status, body)
			}
		})
	})
}

func TestRaceConfirmOTPAgainstProfileWriters(t *testing.T) {
	ls := newLiveServer(t)
	testapp.CreateUser(t, ls.app, testapp.Alice)
	for trial := range raceTrials {
		setState(t, ls.app, testapp.Alice.ID, totpState{}) // 2FA off again
		tok := ls.token()
		status, body := ls.call(http.MethodPost, PathRequestOTP, tok, nil)
		if status != 200 {
			t.Fatalf("request-otp: %d %s", status, body)
		}
		var setup RequestOTPResponse
		if err := json.Unmarshal([]byte(body), &setup); err != nil {
			t.Fatal(err)
		}
		writers := ls.writerTokens(testapp.Password)
		ls.raceProfileWriters(writers, func() {
			status, body := ls.call(http.MethodPost, PathConfirmOTP, tok,
				map[string]string{"code": codeAt(t, setup.Secret, time.Now()), "password": testapp.Password})
			if status != 200 {
				t.Fatalf("trial %d: confirm: %d %s", trial, status, body)
			}
		})
		if st := state(t, ls.app, testapp.Alice.ID); !st.Enabled {
			t.Fatalf("trial %d: 2FA is off again", trial)
		}
		if status, body := ls.call(http.MethodPost, "/api/collections/users/auth-with-password", "",
			map[string]string{"identity": testapp.Alice.Email, "password": testapp.Password}); status != 401 || !strings.Contains(body, "mfaId") {
			t.Fatalf("trial %d: the password alone signs in: %d %s", trial, status, body)
		}
		for _, w := range writers {
			if ls.tokenWorks(w) {
				t.Fatalf("trial %d: another session survived turning 2FA on", trial)
			}
		}
	}
}

func TestRaceDisableOTPAgainstProfileWriters(t *testing.T) {
	ls := newLiveServer(t)
	rec := testapp.CreateUser(t, ls.app, testapp.Alice)
	for trial := range raceTrials {
		writers := ls.writerTokens(testapp.Password)
		alice := enableTOTP(t, ls.app, rec)
		tok := authToken(t, reload(t, ls.app, testapp.Alice.ID))
		ls.raceProfileWriters(writers, func() {
			status, body := ls.call(http.MethodPost, PathDisableOTP, tok,
				map[string]string{"code": alice.backupCodes[0], "password": testapp.Password})
			if status != 200 {
				t.Fatalf("trial %d: disable: %d %s", trial, status, body)
			}
		})
		if st := state(t, ls.app, testapp.Alice.ID); st.Enabled || st.Secret != "" {
			t.Fatalf("trial %d: 2FA is on again: %+v", trial, st)
		}
		ls.mustSignIn(testapp.Password)
	}
}

func TestRaceBackupCodeAgainstProfileWriters(t *testing.T) {
	ls := newLiveServer(t)
	alice := enableTOTP(t, ls.app, testapp.CreateUser(t, ls.app, testapp.Alice))
	writers := make([]string, raceWriters)
	for i := range writers {
		writers[i] = authToken(t, reload(t, ls.app, testapp.Alice.ID))
	}
	for trial := range raceTrials {
		code := alice.backupCodes[trial%backupCodeCount]
		mfa := newMFASession(t, ls.app, fmt.Sprintf("mfarace%08d", trial), alice.rec)
		ls.raceProfileWriters(writers, func() {
			status, body := ls.call(http.MethodPost, PathAuthWithOTP, "", map[string]string{"mfaId": mfa.Id, "code": code})
			if status != 200 {
				t.Fatalf("trial %d: sign-in: %d %s", trial, status, body)
			}
		})
		again := newMFASession(t, ls.app, fmt.Sprintf("mfaagain%07d", trial), alice.rec)
		status, body := ls.call(http.MethodPost, PathAuthWithOTP, "", map[string]string{"mfaId": again.Id, "code": code})
		if status != 400 || !strings.Contains(body, "folio_2fa_backup_code_used") {
			t.Fatalf("trial %d: a used backup code works again: %d %s", trial, status, body)
		}
		if left := len(state(t, ls.app, testapp.Alice.ID).BackupHashes); left != backupCodeCount-1-trial {
			t.Fatalf("trial %d: %d backup codes left", trial, left)
		}
	}
}

// TestBackupCodeSingleUseUnderRace: two sign-ins with one backup code at
// once, each with its own MFA session: exactly one gets in.
func TestBackupCodeSingleUseUnderRace(t *testing.T) {
	ls := newLiveServer(t)
	alice := enableTOTP(t, ls.app, testapp.CreateUser(t, ls.app, testapp.Alice))
	for trial := range 3 {
		code := alice.backupCodes[trial]
		ids := []string{fmt.Sprintf("mfaone%09d", trial), fmt.Sprintf("mfatwo%09d", trial)}
		for _, id := range ids {
			newMFASession(t, ls.app, id, alice.rec)
		}
		statuses := make([]int, len(ids))
		var wg sync.WaitGroup
		for i, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i], _ = ls.call(http.MethodPost, PathAuthWithOTP, "", map[string]string{"mfaId": id, "code": code})
			}()
		}
		wg.Wait()
		ok := 0
		for _, s := range statuses {
			if s == 200 {
				ok++
			} else if s != 400 {
				t.Errorf("trial %d: status %d", trial, s)
			}
		}
		if ok != 1 {
			t.Fatalf("trial %d: %d sign-ins with one backup code (%v)", trial, ok, statuses)
		}
	}
}

// tinyPNG is a valid 1×1 PNG.
var tinyPNG = []byte{
	0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
	0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
	0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0,
	0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
	0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
}

// uploadAvatar replaces the avatar through the records API.
func (ls *liveServer) uploadAvatar(token string) (int, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, err := w.CreateFormFile("avatar", "a.png")
	if err != nil {
		return 0, err.Error()
	}
	_, _ = part.Write(tinyPNG)
	_ = w.Close()
	req, err := http.NewRequest(http.MethodPatch, ls.srv.URL+"/api/collections/users/records/"+testapp.Alice.ID, &buf)
	if err != nil {
		return 0, err.Error()
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	return ls.do(req)
}

// TestPasswordChangesSucceedWhileTheAvatarChanges: a stolen session that
// re-uploads the avatar every ~45 ms (kept alive with auth-refresh) must
// not block the owner's password change or reset, and the reset ends it.
func TestPasswordChangesSucceedWhileTheAvatarChanges(t *testing.T) {
	ls := newLiveServer(t)
	testapp.CreateUser(t, ls.app, testapp.Alice)
	if status, body := ls.uploadAvatar(ls.token()); status != 200 {
		t.Fatalf("first upload: %d %s", status, body)
	}

	// attacker uploads until stop is closed; the first upload has happened
	// when it returns.
	attacker := func(token string) (stop func() int) {
		quit := make(chan struct{})
		var wg sync.WaitGroup
		uploads := 0
		first := make(chan struct{})
		signalled := false
		wg.Add(1)
		go func() {
			defer wg.Done()
			tick := time.NewTicker(45 * time.Millisecond)
			defer tick.Stop()
			for {
				if status, _ := ls.uploadAvatar(token); status == 200 {
					uploads++
				}
				if !signalled {
					close(first)
					signalled = true
				}
				select {
				case <-quit:
					return
				case <-tick.C:
				}
			}
		}()
		<-first
		return func() int { close(quit); wg.Wait(); return uploads }
	}

	current := testapp.Password
	for trial := range 3 {
		next := fmt.Sprintf("changed-password-%d", trial)
		stolen := ls.token()
		stop := attacker(stolen)
		status, body := ls.call(http.MethodPatch, "/api/collections/users/records/"+testapp.Alice.ID, ls.token(),
			map[string]string{"oldPassword": current, "password": next, "passwordConfirm": next})
		stop()
		if status != 200 {
			t.Fatalf("trial %d: password change during uploads: %d %s", trial, status, body)
		}
		current = next

		next = fmt.Sprintf("reset-password-%d", trial)
		stolen = ls.token()
		stop = attacker(stolen)
		resetToken, err := reload(t, ls.app, testapp.Alice.ID).NewPasswordResetToken()
		if err != nil {
			t.Fatal(err)
		}
		status, body = ls.call(http.MethodPost, "/api/collections/users/confirm-password-reset", "",
			map[string]string{"token": resetToken, "password": next, "passwordConfirm": next})
		stop()
		if status != 204 {
			t.Fatalf("trial %d: reset during uploads: %d %s", trial, status, body)
		}
		if ls.tokenWorks(stolen) {
			t.Fatalf("trial %d: the stolen session survived the reset", trial)
		}
		if status, _ := ls.uploadAvatar(stolen); status == 200 {
			t.Fatalf("trial %d: the stolen session still uploads", trial)
		}
		current = next
	}
	ls.mustSignIn(current)
}

// TestPasswordResetEndsEverySession: after a reset, no token issued before
// it works.
func TestPasswordResetEndsEverySession(t *testing.T) {
	ls := newLiveServer(t)
	testapp.CreateUser(t, ls.app, testapp.Alice)
	before := []string{ls.token(), ls.token()}
	resetToken, err := reload(t, ls.app, testapp.Alice.ID).NewPasswordResetToken()
	if err != nil {
		t.Fatal(err)
	}
	if status, body := ls.call(http.MethodPost, "/api/collections/users/confirm-password-reset", "",
		map[string]string{"token": resetToken, "password": "a-brand-new-one", "passwordConfirm": "a-brand-new-one"}); status != 204 {
		t.Fatalf("reset: %d %s", status, body)
	}
	for _, tok := range before {
		if ls.tokenWorks(tok) {
			t.Error("a token from before the reset still works")
		}
	}
	if status, _ := ls.call(http.MethodPost, "/api/collections/users/confirm-password-reset", "",
		map[string]string{"token": resetToken, "password": "again-a-new-one", "passwordConfirm": "again-a-new-one"}); status != 400 {
		t.Errorf("a reset link worked twice: %d", status)
	}
	ls.mustSignIn("a-brand-new-one")
	if rec := reload(t, ls.app, testapp.Alice.ID); !rec.Verified() || rec.GetString(migrations.FieldCompany) != "" {
		t.Errorf("reset changed other fields: %v", rec.PublicExport())
	}
}

// TestPerUserWriteLimits: a user's own row takes userUpdatesPerWindow
// updates a minute and uploadsPerWindow uploads; past them the answer is
// 429 with a sentence, and another user is not affected.
func TestPerUserWriteLimits(t *testing.T) {
	ls := startLiveServer(t, false)
	testapp.CreateUser(t, ls.app, testapp.Alice)
	bob := testapp.CreateUser(t, ls.app, testapp.Bob)
	tok := ls.token()

	for i := range uploadsPerWindow {
		if status, body := ls.uploadAvatar(tok); status != 200 {
			t.Fatalf("upload %d: %d %s", i+1, status, body)
		}
	}
	status, body := ls.uploadAvatar(tok)
	if status != 429 || !strings.Contains(body, `"code":"folio_too_many_changes"`) || !strings.Contains(body, MessageTooManyChanges) {
		t.Fatalf("upload past the limit: %d %s", status, body)
	}

	userURL := "/api/collections/users/records/" + testapp.Alice.ID
	for i := uploadsPerWindow; i < userUpdatesPerWindow; i++ {
		if status, body := ls.call(http.MethodPatch, userURL, tok, map[string]string{"name": fmt.Sprint("A", i)}); status != 200 {
			t.Fatalf("update %d: %d %s", i+1, status, body)
		}
	}
	status, body = ls.call(http.MethodPatch, userURL, tok, map[string]string{"name": "one too many"})
	if status != 429 || !strings.Contains(body, `"code":"folio_too_many_changes"`) {
		t.Fatalf("update past the limit: %d %s", status, body)
	}
	if got := reload(t, ls.app, testapp.Alice.ID).GetString("name"); got == "one too many" {
		t.Error("a refused update was saved")
	}

	bobTok := authToken(t, bob)
	if status, body := ls.call(http.MethodPatch, "/api/collections/users/records/"+testapp.Bob.ID, bobTok,
		map[string]string{"name": "Bob"}); status != 200 {
		t.Errorf("another user is limited too: %d %s", status, body)
	}
}

// TestPerBusinessSettingsLimit: a business's settings take
// businessUpdatesPerWindow updates a minute, whoever of its owners and
// admins writes them; past them the answer is 429 with a sentence, and
// another business is not affected.
func TestPerBusinessSettingsLimit(t *testing.T) {
	ls := startLiveServer(t, false)
	testapp.CreateUser(t, ls.app, testapp.Alice)
	bob := testapp.CreateUser(t, ls.app, testapp.Bob)
	carol := testapp.CreateUser(t, ls.app, testapp.Carol)
	testapp.AddMember(t, ls.app, testapp.Alice.ID, testapp.Carol.ID, migrations.RoleAdmin)
	tok := ls.token()

	aliceBusiness := "/api/collections/businesses/records/" + testapp.Alice.ID
	for i := range businessUpdatesPerWindow {
		if status, body := ls.call(http.MethodPatch, aliceBusiness, tok, map[string]string{"company_name": fmt.Sprint("A", i)}); status != 200 {
			t.Fatalf("update %d: %d %s", i+1, status, body)
		}
	}
	status, body := ls.call(http.MethodPatch, aliceBusiness, authToken(t, carol), map[string]string{"company_name": "one too many"})
	if status != 429 || !strings.Contains(body, `"code":"folio_too_many_changes"`) || !strings.Contains(body, MessageTooManyChanges) {
		t.Fatalf("the admin's update past the business's limit: %d %s", status, body)
	}
	if got := testapp.Business(t, ls.app, testapp.Alice).GetString(migrations.FieldCompanyName); got == "one too many" {
		t.Error("a refused update was saved")
	}
	if status, body := ls.call(http.MethodPatch, "/api/collections/businesses/records/"+testapp.Bob.ID, authToken(t, bob),
		map[string]string{"company_name": "Bob Ltd"}); status != 200 {
		t.Errorf("another business is limited too: %d %s", status, body)
	}
	// The users row keeps its own count.
	if status, body := ls.call(http.MethodPatch, "/api/collections/users/records/"+testapp.Alice.ID, tok,
		map[string]string{"name": "Alice"}); status != 200 {
		t.Errorf("the profile is limited by the business's settings: %d %s", status, body)
	}
}
