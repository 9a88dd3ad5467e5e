package billing

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// The routes that act on a record of a business let its members act by
// role (team.Require): owners, admins and members send, mint links and
// convert; an accountant only reads; anyone else finds nothing.

// unchanged checks a refused write left the document and the mailbox as
// they were.
func unchanged(collection, id string, want map[string]any) func(testing.TB, *tests.TestApp, *http.Response) {
	return both(expectRecord(collection, id, want), func(t testing.TB, app *tests.TestApp, _ *http.Response) { noMail(t, app) })
}

func TestSendRouteByRole(t *testing.T) {
	runAPICases(t, byRole(apiCase{name: "send a draft invoice", method: http.MethodPost, url: sendURL("invoices", invDraft),
		before: withEmail(custAcme), contains: []string{`"status":"sent"`},
		after: expectRecord("invoices", invDraft, map[string]any{"status": "sent"})},
		writers, unchanged("invoices", invDraft, map[string]any{"status": "draft"})))
}

func TestLinkRouteByRole(t *testing.T) {
	runAPICases(t, byRole(apiCase{name: "a new link", method: http.MethodPost, url: linkURL("invoices", invSent),
		after: newLink("http://example.com", invSent, tokInvSent)},
		writers, func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if resolvePublic(app, tokInvSent) == nil {
				t.Error("a refused request stopped the live link")
			}
		}))
}

func TestConvertRouteByRole(t *testing.T) {
	runAPICases(t, byRole(apiCase{name: "convert an accepted quote", method: http.MethodPost, url: convertURL(quoAccepted),
		contains: []string{`"status":"converted"`}},
		writers, expectRecord("quotes", quoAccepted, map[string]any{"status": "accepted", "invoice": "empty"})))
}

func TestCustomerBalancesByRole(t *testing.T) {
	runAPICases(t, byRole(apiCase{name: "the balances", method: http.MethodGet,
		url: PathCustomerBalances + "?business=" + alice, after: balancesOf(map[string]int64{custAcme: 19000})},
		readers, nil))
}

func TestRemindersWeekByRole(t *testing.T) {
	runAPICases(t, byRole(apiCase{name: "the week's figure", method: http.MethodGet,
		url: PathRemindersWeek + "?business=" + alice, contains: []string{`"sent":0`}},
		readers, nil))
}

// The business's settings are its owners' and admins' (the collection's
// update rule); the hooks that check them run for whoever saves.
func TestBusinessSettingsByRole(t *testing.T) {
	me := "/api/collections/businesses/records/" + alice
	runAPICases(t, byRole(apiCase{name: "bank details", method: http.MethodPatch, url: me,
		body: map[string]any{migrations.FieldIBAN: "be72 0000 0000 1616"}, contains: []string{`"iban":"BE72000000001616"`}},
		roleStatus{200, 200, 404, 404, 404},
		expectRecord(migrations.BusinessesCollection, alice, map[string]any{migrations.FieldIBAN: ""})))
}

// actorIs checks the events of one type on doc name who did it.
func actorIs(doc, typ, actor, name string) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		t.Helper()
		evs, err := app.FindAllRecords(migrations.DocumentEventsCollection, dbx.HashExp{"document": doc, "type": typ})
		if err != nil || len(evs) == 0 {
			t.Fatalf("no %s event on %s (%v)", typ, doc, err)
		}
		for _, ev := range evs {
			if got := ev.GetString(migrations.FieldActor); got != actor {
				t.Errorf("%s event actor = %q, want %q", typ, got, actor)
			}
			if got := ev.GetString(migrations.FieldActorName); got != name {
				t.Errorf("%s event actor_name = %q, want %q", typ, got, name)
			}
		}
	}
}

// named gives a fixture user a name.
func named(id, name string) func(testing.TB, *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		u := get(t, app, migrations.UsersCollection, id)
		u.Set("name", name)
		if err := app.Save(u); err != nil {
			t.Fatal(err)
		}
	}
}

// newestOf is the id of the newest record of a collection.
func newestOf(t testing.TB, app core.App, collection string) string {
	t.Helper()
	var id string
	if err := app.DB().Select("id").From(collection).OrderBy("created DESC", "rowid DESC").Limit(1).Row(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// Every event a member's request makes names them (their name, else their
// address, as it was then); the customer's and Folio's own name nobody.
func TestEventsNameWhoDidIt(t *testing.T) {
	post, patch := http.MethodPost, http.MethodPatch
	member := aliceMember.ID
	runAPICases(t, []apiCase{
		{name: "a member creates an invoice: created, by their address", as: member, method: post, url: invoicesURL,
			before: withTeam, body: map[string]any{"business": alice, "customer": custAcme, "items": oneLine}, status: 200,
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				actorIs(newestOf(t, app, "invoices"), migrations.EventCreated, member, aliceMember.Email)(t, app, res)
			}},
		{name: "an admin with a name voids an invoice: voided, by their name", as: aliceAdmin.ID, method: patch,
			url: invoicesURL + "/" + invSent, before: chain(withTeam, named(aliceAdmin.ID, "Ada Admin")),
			body: map[string]any{"status": "void", "void_reason": "Issued twice"}, status: 200,
			after: actorIs(invSent, migrations.EventVoided, aliceAdmin.ID, "Ada Admin")},
		{name: "a member records a payment: payment, by them", as: member, method: post, url: paymentsURL,
			before: withTeam, body: map[string]any{"business": alice, "invoice": invSent, "amount_cents": 1000, "date": "2026-03-15"},
			status: 200, after: actorIs(invSent, migrations.EventPayment, member, aliceMember.Email)},
		{name: "a member sends: sent, by them, replies to them", as: member, method: post, url: sendURL("invoices", invDraft),
			before: chain(withTeam, withEmail(custAcme)), status: 200,
			after: both(actorIs(invDraft, migrations.EventSent, member, aliceMember.Email),
				func(t testing.TB, app *tests.TestApp, _ *http.Response) {
					msg := app.TestMailer.LastMessage()
					if reply := msg.Headers["Reply-To"]; !strings.Contains(reply, aliceMember.Email) {
						t.Errorf("Reply-To = %q, want the sender's address", reply)
					}
				})},
		{name: "a member converts a quote: the invoice's created names them", as: member, method: post,
			url: convertURL(quoAccepted), before: withTeam, status: 200,
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				actorIs(get(t, app, "quotes", quoAccepted).GetString("invoice"), migrations.EventCreated, member, aliceMember.Email)(t, app, res)
			}},
		{name: "the customer accepts a quote: nobody of the business", method: post,
			url: "/api/folio/public/documents/" + tokQuoSent + "/accept", body: map[string]any{"name": "Jane Roe"}, status: 200,
			after: actorIs(quoSent, migrations.EventAccepted, "", "")},
	})
}

// A member's own visit of a public page (any role) is not the customer's:
// nothing is recorded, as for the owner.
func TestAMembersVisitRecordsNothing(t *testing.T) {
	runAPICases(t, []apiCase{
		{name: "the accountant previews the customer's page", as: aliceAccountant.ID, method: http.MethodGet,
			url: publicURLFor(tokInvSent), before: withTeam, status: 200, contains: []string{`"status":"sent"`},
			after: expectEvents("viewed", map[string]int{invSent: 0})},
	})
}

// The hourly limits are the business's: mails of all its members count
// together.
func TestSendLimitsAreTheBusinesss(t *testing.T) {
	runAPICases(t, []apiCase{
		{name: "the owner sent 20 this hour: the member's 21st is refused", as: aliceMember.ID, method: http.MethodPost,
			url:    sendURL("invoices", invSent),
			before: chain(withTeam, withEmail(custAcme), priorSends(20, "invoice", "ialiceelsewhere", 59*time.Minute)),
			status: 429, contains: []string{`"code":"folio_send_account_limit"`},
			after: func(t testing.TB, app *tests.TestApp, _ *http.Response) { noMail(t, app) }},
	})
}

// What Folio sends on its own (reminders, recurring sends) names nobody on
// the activity and takes its replies at the business's first owner, even
// when another member is an owner too; a closed business sends none.
func TestServerMailsAnswerForTheBusiness(t *testing.T) {
	t.Parallel()
	secondOwner := func(t testing.TB, app *tests.TestApp) {
		withTeam(t, app)
		m, err := app.FindFirstRecordByFilter(migrations.MembershipsCollection, "user = {:u}", dbx.Params{"u": aliceAdmin.ID})
		if err != nil {
			t.Fatal(err)
		}
		m.Set(migrations.FieldRole, migrations.RoleOwner)
		if err := app.Save(m); err != nil {
			t.Fatal(err)
		}
	}
	replyTo := func(t *testing.T, app *tests.TestApp) {
		t.Helper()
		msg := app.TestMailer.LastMessage()
		if reply := msg.Headers["Reply-To"]; !strings.Contains(reply, testapp.Alice.Email) {
			t.Errorf("Reply-To = %q, want the first owner's address", reply)
		}
	}

	t.Run("a reminder", func(t *testing.T) {
		app := remindersApp(t, "")
		defer app.Cleanup()
		secondOwner(t, app)
		run(t, app, at("2026-04-07"))
		if app.TestMailer.TotalSend() == 0 {
			t.Fatal("no reminder mailed")
		}
		replyTo(t, app)
		actorIs(invSent, migrations.EventReminder, "", "")(t, app, nil)
	})

	t.Run("a send by the server", func(t *testing.T) {
		app := factory(t)
		defer app.Cleanup()
		withEmail(custAcme)(t, app)
		secondOwner(t, app)
		if err := SendInvoiceAsServer(app, testapp.Clock, invDraft); err != nil {
			t.Fatal(err)
		}
		replyTo(t, app)
		actorIs(invDraft, migrations.EventSent, "", "")(t, app, nil)
	})

	t.Run("a closed business sends no reminders", func(t *testing.T) {
		app := remindersApp(t, "")
		defer app.Cleanup()
		b := get(t, app, migrations.BusinessesCollection, alice)
		b.Set(migrations.FieldClosedAt, testapp.FixedNow)
		if err := app.Save(b); err != nil {
			t.Fatal(err)
		}
		run(t, app, at("2026-04-07"))
		if n := app.TestMailer.TotalSend(); n != 0 {
			t.Errorf("%d reminders mailed by a closed business", n)
		}
	})
}

// closed closes alice's business.
func closed(t testing.TB, app *tests.TestApp) {
	b := get(t, app, migrations.BusinessesCollection, alice)
	b.Set(migrations.FieldClosedAt, testapp.FixedNow)
	if err := app.Save(b); err != nil {
		t.Fatal(err)
	}
}

// A closed business is read-only: its owner can't send, mint a link or
// convert any more; its balances are still read.
func TestAClosedBusinessIsReadOnly(t *testing.T) {
	post := http.MethodPost
	refused := []string{`"code":"folio_business_closed"`}
	runAPICases(t, []apiCase{
		{name: "send", as: alice, method: post, url: sendURL("invoices", invDraft), before: chain(withEmail(custAcme), closed),
			status: 403, contains: refused, after: unchanged("invoices", invDraft, map[string]any{"status": "draft"})},
		{name: "a new link", as: alice, method: post, url: linkURL("invoices", invSent), before: closed,
			status: 403, contains: refused},
		{name: "convert", as: alice, method: post, url: convertURL(quoAccepted), before: closed,
			status: 403, contains: refused, after: expectRecord("quotes", quoAccepted, map[string]any{"status": "accepted"})},
		{name: "the balances", as: alice, method: http.MethodGet, url: PathCustomerBalances + "?business=" + alice,
			before: closed, status: 200, after: balancesOf(map[string]int64{custAcme: 19000})},
	})
}
