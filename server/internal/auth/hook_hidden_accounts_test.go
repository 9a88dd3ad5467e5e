package auth

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// The mail of a sign-up attempt leaves at once in the tests.
func init() { inBackground = func(f func()) { f() } }

const pathSignUp = "/api/collections/users/records"

// testServer is the app's router with every route and hook bound.
// aliceAndBob is an app with two accounts and a server in front of it, cleaned up after t.
func aliceAndBob(t *testing.T) (*tests.TestApp, http.Handler) {
	app := factory(t)
	t.Cleanup(app.Cleanup)
	testapp.CreateUser(t, app, testapp.Alice)
	testapp.CreateUser(t, app, testapp.Bob)
	return app, testServer(t, app)
}

func testServer(t testing.TB, app *tests.TestApp) http.Handler {
	t.Helper()
	return testapp.Mux(t, app)
}

// answer is what a client can see of a response.
type answer struct {
	Status      int
	ContentType string
	Body        string
}

func call(t testing.TB, h http.Handler, method, url string, payload any, headers map[string]string) answer {
	t.Helper()
	rec := serveJSON(h, method, url, payload, headers)
	return answer{rec.Code, rec.Header().Get("Content-Type"), rec.Body.String()}
}

func signUpBody(email, password string) map[string]any {
	return map[string]any{"email": email, "password": password, "passwordConfirm": password, "name": "Mallory",
		"emailVisibility": false}
}

// mailsTo are the subjects of the mails sent to address.
func mailsTo(app *tests.TestApp, address string) []string {
	var subjects []string
	for _, m := range app.TestMailer.Messages() {
		for _, to := range m.To {
			if strings.EqualFold(to.Address, address) {
				subjects = append(subjects, m.Subject)
			}
		}
	}
	return subjects
}

// Sign-up answers a taken address exactly as a free one, byte for byte;
// only the free one gets an account, and the taken one's owner a mail.
func TestSignUpAnswersTakenAndFreeAlike(t *testing.T) {
	t.Parallel()
	app, srv := aliceAndBob(t)
	const password = "another-pass-123"

	free := call(t, srv, http.MethodPost, pathSignUp, signUpBody("carol@folio.test", password), nil)
	taken := call(t, srv, http.MethodPost, pathSignUp, signUpBody(testapp.Alice.Email, password), nil)
	takenAgain := call(t, srv, http.MethodPost, pathSignUp, signUpBody(testapp.Alice.Email, password), nil)
	if free.Status != http.StatusNoContent {
		t.Fatalf("free address: %+v, want 204", free)
	}
	for name, a := range map[string]answer{"taken": taken, "taken, again": takenAgain} {
		if a != free {
			t.Errorf("%s address answered %+v, a free one %+v", name, a, free)
		}
	}

	if _, err := app.FindAuthRecordByEmail(migrations.UsersCollection, "carol@folio.test"); err != nil {
		t.Errorf("the free address has no account: %v", err)
	}
	alice := reload(t, app, testapp.Alice.ID)
	if !alice.ValidatePassword(testapp.Password) || alice.GetString("name") == "Mallory" {
		t.Errorf("the taken address's account changed")
	}
	if n, err := app.CountRecords(migrations.UsersCollection); err != nil || n != 3 {
		t.Errorf("%d accounts (%v), want alice, bob and carol", n, err)
	}
	// One mail to the owner, however many attempts; none to the new account.
	got := mailsTo(app, testapp.Alice.Email)
	if len(got) != 1 || got[0] != "Someone tried to sign up to Folio with your email" {
		t.Errorf("mails to the owner: %q", got)
	}
	m := app.TestMailer.LastMessage()
	for _, want := range []string{"nothing was created", "/sign-in", "/forgot-password"} {
		if !strings.Contains(m.HTML, want) {
			t.Errorf("the owner's mail lacks %q:\n%s", want, m.HTML)
		}
	}
	if got := mailsTo(app, "carol@folio.test"); len(got) != 0 {
		t.Errorf("mails to the new account: %q", got)
	}
}

// The owner's mail is in the language of the request.
func TestSignUpAttemptMailSpeaksTheRequestLanguage(t *testing.T) {
	t.Parallel()
	app, srv := aliceAndBob(t)
	call(t, srv, http.MethodPost, pathSignUp, signUpBody(testapp.Alice.Email, "another-pass-123"),
		map[string]string{"Cookie": "folio_lang=de"})
	got := mailsTo(app, testapp.Alice.Email)
	if len(got) != 1 || got[0] != "Jemand wollte sich mit Ihrer E-Mail-Adresse bei Folio registrieren" {
		t.Errorf("mails to the owner: %q", got)
	}
}

// Refusals of the other fields read the same for a taken and a free
// address, byte for byte.
func TestSignUpRefusalsAreTheSameForTakenAndFree(t *testing.T) {
	t.Parallel()
	app, srv := aliceAndBob(t)
	cases := map[string]func(email string) map[string]any{
		"short password": func(email string) map[string]any { return signUpBody(email, "short") },
		"confirmation differs": func(email string) map[string]any {
			b := signUpBody(email, "another-pass-123")
			b["passwordConfirm"] = "something-else-1"
			return b
		},
		"name too long": func(email string) map[string]any {
			b := signUpBody(email, "another-pass-123")
			b["name"] = strings.Repeat("x", 300)
			return b
		},
	}
	for name, body := range cases {
		free := call(t, srv, http.MethodPost, pathSignUp, body("dave@folio.test"), nil)
		taken := call(t, srv, http.MethodPost, pathSignUp, body(testapp.Bob.Email), nil)
		if free.Status != http.StatusBadRequest {
			t.Errorf("%s: free address answered %+v, want 400", name, free)
		}
		if taken != free {
			t.Errorf("%s: taken address answered\n%+v\na free one\n%+v", name, taken, free)
		}
	}
	if got := mailsTo(app, testapp.Bob.Email); len(got) != 0 {
		t.Errorf("a refused sign-up mailed the owner: %q", got)
	}
	if n, _ := app.CountRecords(migrations.UsersCollection); n != 2 {
		t.Errorf("%d accounts, want 2", n)
	}
}

// request-email-change answers a taken new address as a free one, mails
// only for the free one, and is limited per account.
func TestRequestEmailChangeAnswersTakenAndFreeAlike(t *testing.T) {
	t.Parallel()
	app, srv := aliceAndBob(t)
	headers := map[string]string{"Authorization": authToken(t, reload(t, app, testapp.Alice.ID))}

	free := call(t, srv, http.MethodPost, PathRequestEmailChange, map[string]any{"newEmail": "new-alice@folio.test"}, headers)
	taken := call(t, srv, http.MethodPost, PathRequestEmailChange, map[string]any{"newEmail": testapp.Bob.Email}, headers)
	if free.Status != http.StatusNoContent || taken != free {
		t.Errorf("taken address answered %+v, a free one %+v", taken, free)
	}
	if got := mailsTo(app, "new-alice@folio.test"); len(got) != 1 {
		t.Errorf("mails to the free address: %q", got)
	}
	if got := mailsTo(app, testapp.Bob.Email); len(got) != 0 {
		t.Errorf("mails to the taken address: %q", got)
	}

	// A bad address is still refused as such (the same for everyone).
	bad := call(t, srv, http.MethodPost, PathRequestEmailChange, map[string]any{"newEmail": "not-an-address"}, headers)
	if bad.Status != http.StatusBadRequest {
		t.Errorf("a bad address: %+v", bad)
	}
	// Five requests an hour per account (three made above): the sixth is
	// refused. Each to another address, which has a limit of its own.
	for i := 0; i < 2; i++ {
		next := fmt.Sprintf("new-alice-%d@folio.test", i)
		if a := call(t, srv, http.MethodPost, PathRequestEmailChange, map[string]any{"newEmail": next}, headers); a.Status != http.StatusNoContent {
			t.Fatalf("request %d: %+v", i+4, a)
		}
	}
	over := call(t, srv, http.MethodPost, PathRequestEmailChange, map[string]any{"newEmail": "new-alice-9@folio.test"}, headers)
	if over.Status != http.StatusTooManyRequests || !strings.Contains(over.Body, `"code":"folio_too_many_attempts"`) {
		t.Errorf("the sixth request: %+v, want 429", over)
	}
	// Another account has its own allowance.
	bobHeaders := map[string]string{"Authorization": authToken(t, reload(t, app, testapp.Bob.ID))}
	if a := call(t, srv, http.MethodPost, PathRequestEmailChange, map[string]any{"newEmail": "new-bob@folio.test"}, bobHeaders); a.Status != http.StatusNoContent {
		t.Errorf("bob's request: %+v", a)
	}
}

// The confirmations of an email change to one address are spaced out,
// whoever asks for them: one in 10 minutes, then the next, and a clear
// answer with the wait in between. Another address is not held up, a
// taken address counts the same (the limit must not tell them apart), and
// two requests at once still make one mail.
func TestRequestEmailChangeLimitedPerTargetAddress(t *testing.T) {
	t.Parallel()
	app := testapp.New(t)
	defer app.Cleanup()
	s := bind(app, func() (string, error) { return testKey, nil })
	now := testapp.FixedNow
	s.now = func() time.Time { return now }
	for _, u := range []testapp.User{testapp.Alice, testapp.Bob, testapp.Carol} {
		testapp.CreateUser(t, app, u)
	}
	srv := testServer(t, app)
	as := func(u testapp.User) map[string]string {
		return map[string]string{"Authorization": authToken(t, reload(t, app, u.ID))}
	}
	ask := func(u testapp.User, target string) answer {
		return call(t, srv, http.MethodPost, PathRequestEmailChange, map[string]any{"newEmail": target}, as(u))
	}
	const victim = "victim@outside.example"

	if a := ask(testapp.Alice, victim); a.Status != http.StatusNoContent {
		t.Fatalf("first request: %+v", a)
	}
	now = now.Add(3 * time.Minute)
	for _, c := range []struct {
		who    testapp.User
		target string
	}{
		{testapp.Alice, victim},
		{testapp.Bob, victim},                         // another account
		{testapp.Bob, "Victim@OUTSIDE.example"},       // ASCII case
		{testapp.Bob, "victim+again@outside.example"}, // a subaddress of the same inbox
	} {
		a := ask(c.who, c.target)
		if a.Status != http.StatusTooManyRequests || !strings.Contains(a.Body, `"code":"folio_email_change_target_wait"`) ||
			!strings.Contains(a.Body, `"params":{"minutes":7}`) || !strings.Contains(a.Body, "Try again in 7 minutes.") {
			t.Errorf("%s asking for %s 3 minutes later: %+v, want 429 with 7 minutes to wait", c.who.Email, c.target, a)
		}
	}
	if got := mailsTo(app, victim); len(got) != 1 {
		t.Errorf("%d mails to %s, want 1", len(got), victim)
	}
	if a := ask(testapp.Bob, "bob-new@outside.example"); a.Status != http.StatusNoContent {
		t.Errorf("another address: %+v", a)
	}
	if got := mailsTo(app, "bob-new@outside.example"); len(got) != 1 {
		t.Errorf("%d mails to another address, want 1", len(got))
	}

	// A taken address counts too: the second request is refused the same.
	if a := ask(testapp.Alice, testapp.Carol.Email); a.Status != http.StatusNoContent {
		t.Errorf("a taken address: %+v", a)
	}
	if a := ask(testapp.Bob, testapp.Carol.Email); a.Status != http.StatusTooManyRequests {
		t.Errorf("a taken address again: %+v, want 429 as for a free one", a)
	}
	// A refused address does not hold itself up: nothing was sent.
	if a := ask(testapp.Carol, "not-an-address"); a.Status != http.StatusBadRequest {
		t.Errorf("a bad address: %+v", a)
	}
	if a := ask(testapp.Carol, "not-an-address"); a.Status != http.StatusBadRequest {
		t.Errorf("a bad address again: %+v, want its 400, not a wait", a)
	}

	// 10 minutes after the first mail, the next one goes.
	now = testapp.FixedNow.Add(emailChangeTargetEvery - time.Second)
	if a := ask(testapp.Carol, victim); a.Status != http.StatusTooManyRequests || !strings.Contains(a.Body, "Try again in 1 minute.") {
		t.Errorf("a second before: %+v", a)
	}
	now = testapp.FixedNow.Add(emailChangeTargetEvery)
	if a := ask(testapp.Carol, victim); a.Status != http.StatusNoContent {
		t.Errorf("10 minutes later: %+v", a)
	}
	if got := mailsTo(app, victim); len(got) != 2 {
		t.Errorf("%d mails to %s, want 2", len(got), victim)
	}

	// Two accounts (fresh ones, far from their own limit) at once for a
	// new address: one mail, one refusal.
	const raced = "raced@outside.example"
	racers := []testapp.User{{ID: "racerone0000001", Email: "racer1@folio.test"}, {ID: "racertwo0000001", Email: "racer2@folio.test"}}
	var wg sync.WaitGroup
	answers := make([]answer, 2)
	for i, u := range racers {
		testapp.CreateUser(t, app, u)
		headers := as(u)
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, _ := json.Marshal(map[string]any{"newEmail": raced})
			req := httptest.NewRequest(http.MethodPost, PathRequestEmailChange, bytes.NewReader(b))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", headers["Authorization"])
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			answers[i] = answer{rec.Code, rec.Header().Get("Content-Type"), rec.Body.String()}
		}()
	}
	wg.Wait()
	statuses := []int{answers[0].Status, answers[1].Status}
	if !slices.Contains(statuses, http.StatusNoContent) || !slices.Contains(statuses, http.StatusTooManyRequests) ||
		!strings.Contains(answers[0].Body+answers[1].Body, "folio_email_change_target_wait") {
		t.Errorf("two requests at once: %+v, want one 204 and one 429 for the address", answers)
	}
	if got := mailsTo(app, raced); len(got) != 1 {
		t.Errorf("%d mails to %s after two requests at once, want 1", len(got), raced)
	}
}
