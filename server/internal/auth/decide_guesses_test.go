package auth

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
)

func TestGuessLockGrowsAndStopsAtAnHour(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		failures int
		want     time.Duration
	}{
		{1, 0}, {9, 0},
		{10, 30 * time.Second}, {11, time.Minute}, {12, 2 * time.Minute},
		{16, 32 * time.Minute}, {17, time.Hour}, {40, time.Hour}, {1000, time.Hour},
	} {
		if got := guessLock(c.failures); got != c.want {
			t.Errorf("guessLock(%d) = %v, want %v", c.failures, got, c.want)
		}
	}
}

func TestDecideGuess(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	nine := guessRecord{Failures: 9, Last: t0, Until: t0}
	locked := guessRecord{Failures: 10, Last: t0, Until: t0.Add(30 * time.Second)}
	for _, c := range []struct {
		name   string
		in     guessRecord
		now    time.Time
		ok     bool
		wantF  int
		wantTo time.Time
	}{
		{"first guess is counted", guessRecord{}, t0, true, 1, t0},
		{"the tenth is let through and locks", nine, t0.Add(time.Second), true, 10, t0.Add(31 * time.Second)},
		{"refused while locked, not counted", locked, t0.Add(29 * time.Second), false, 10, t0.Add(30 * time.Second)},
		{"after the lock, one more, locked twice as long", locked, t0.Add(30 * time.Second), true, 11, t0.Add(90 * time.Second)},
		{"a day later it is forgotten", locked, t0.Add(guessMemory), true, 1, t0.Add(guessMemory)},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := decideGuess(c.in, c.now)
			if ok != c.ok || got.Failures != c.wantF || !got.Until.Equal(c.wantTo) {
				t.Errorf("decideGuess = %+v, %v; want failures %d until %v, %v", got, ok, c.wantF, c.wantTo, c.ok)
			}
		})
	}
}

// Parallel guesses cannot slip in under the limit: exactly freeGuesses of
// 50 concurrent attempts are let through.
func TestGuessLimiterHoldsUnderRace(t *testing.T) {
	t.Parallel()
	g := newGuessLimiter()
	allowed := testapp.Race(50, func() bool { return g.take("Alice@Folio.test") })
	if allowed != freeGuesses {
		t.Errorf("%d attempts let through, want %d", allowed, freeGuesses)
	}
	if g.take(" alice@folio.TEST ") {
		t.Error("another spelling of the same address is a new account to the limiter")
	}
	if !g.take("bob@folio.test") {
		t.Error("another account is locked too")
	}
	g.succeed("alice@folio.test")
	if !g.take("alice@folio.test") {
		t.Error("a right password did not clear the failures")
	}
}

// Over HTTP: ten wrong passwords are answered as wrong; the eleventh try is
// refused with 429 even with the right password, and an unknown address
// gets exactly the same answers, so the limit tells no one which accounts
// exist. Another account is not affected, and a right password before the
// limit clears the count.
func TestPasswordGuessesAreLimitedPerAccount(t *testing.T) {
	t.Parallel()

	guess := func(t testing.TB, e *core.ServeEvent, email, password string, want int) {
		t.Helper()
		rec := fire(t, e, http.MethodPost, pathAuthWithPassword, map[string]string{"identity": email, "password": password}, nil)
		if rec.Code != want {
			t.Fatalf("%s: %d, want %d: %s", email, rec.Code, want, rec.Body.String())
		}
	}
	wrong := func(email string, n int) func(testing.TB, *tests.TestApp, *core.ServeEvent) {
		return func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
			// PocketBase's per-IP limiter is off: this is the per-account one,
			// which holds however many addresses the guesses come from.
			app.Settings().RateLimits.Enabled = false
			testapp.CreateUser(t, app, testapp.Alice)
			testapp.CreateUser(t, app, testapp.Bob)
			for i := range n {
				// Case and spaces do not make another account.
				spelled := email
				if i%2 == 1 {
					spelled = " " + strings.ToUpper(email)
				}
				guess(t, e, spelled, "wrong-password", 400)
			}
		}
	}
	const refused = `{"data":{"@refusal":{"code":"folio_too_many_attempts","message":"Too many attempts, please try again later."}},"message":"Too many attempts, please try again later.","status":429}`
	scenarios := []tests.ApiScenario{
		{
			Name: "after ten wrong passwords even the right one is refused", Method: http.MethodPost, URL: pathAuthWithPassword,
			Body:           body(passwordBody(testapp.Alice.Email, testapp.Password)),
			ExpectedStatus: 429, ExpectedContent: []string{refused}, NotExpectedContent: []string{`"token"`},
			BeforeTestFunc: wrong(testapp.Alice.Email, freeGuesses),
		},
		{
			Name: "an unknown address gets the very same answers", Method: http.MethodPost, URL: pathAuthWithPassword,
			Body:           body(passwordBody("nobody@folio.test", testapp.Password)),
			ExpectedStatus: 429, ExpectedContent: []string{refused},
			BeforeTestFunc: wrong("nobody@folio.test", freeGuesses),
		},
		{
			Name: "nine wrong passwords still let the right one in", Method: http.MethodPost, URL: pathAuthWithPassword,
			Body:           body(passwordBody(testapp.Alice.Email, testapp.Password)),
			ExpectedStatus: 200, ExpectedContent: []string{`"token":"`},
			BeforeTestFunc: wrong(testapp.Alice.Email, freeGuesses-1),
		},
		{
			Name: "another account is not locked", Method: http.MethodPost, URL: pathAuthWithPassword,
			Body:           body(passwordBody(testapp.Bob.Email, testapp.Password)),
			ExpectedStatus: 200, ExpectedContent: []string{`"token":"`},
			BeforeTestFunc: wrong(testapp.Alice.Email, freeGuesses),
		},
		{
			Name: "a right password clears the count", Method: http.MethodPost, URL: pathAuthWithPassword,
			Body:           body(passwordBody(testapp.Alice.Email, "wrong-password")),
			ExpectedStatus: 400, ExpectedContent: []string{`"message":"Invalid login credentials."`},
			BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
				wrong(testapp.Alice.Email, freeGuesses-1)(t, app, e)
				guess(t, e, testapp.Alice.Email, testapp.Password, 200)
				for range freeGuesses - 1 {
					guess(t, e, testapp.Alice.Email, "wrong-password", 400)
				}
			},
		},
	}
	runScenarios(t, nil, scenarios)
}
