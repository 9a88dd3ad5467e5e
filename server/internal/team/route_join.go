package team

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/routine"
	"github.com/pocketbase/pocketbase/tools/types"

	"folio/server/internal/identity"
	"folio/server/internal/refusal"
	"folio/server/migrations"
)

// JoinLanding is the answer of GET /api/folio/join/{token}: what the
// invitation page shows before the person signs in or up.
type JoinLanding struct {
	Business     string    `json:"business"`
	BusinessName string    `json:"business_name"`
	Role         string    `json:"role"`
	Email        string    `json:"email"`
	InviterName  string    `json:"inviter_name"`
	Expires      time.Time `json:"expires"`
}

// invitationByToken finds the invitation a link's token opens, or the
// 404 of a token that opens none.
func invitationByToken(app core.App, token string) (*core.Record, error) {
	inv, err := app.FindFirstRecordByData(migrations.InvitationsCollection, migrations.FieldInviteTokenHash, hashToken(token))
	if err != nil || token == "" {
		return nil, refusal.NotFound("folio_invitation_not_found", msgInvitationMissing)
	}
	return inv, nil
}

// usableInvitation is invitationByToken, refused (410) when it was
// revoked, used or has expired.
func (s *service) usableInvitation(app core.App, token string) (*core.Record, error) {
	inv, err := invitationByToken(app, token)
	if err != nil {
		return nil, err
	}
	if rerr := decideInvitation(stateOf(inv), s.now()); rerr != nil {
		return nil, rerr.api()
	}
	return inv, nil
}

// joinLandingRoute: GET /api/folio/join/{token}, no account needed: the
// business, role, invited address, inviter and expiry of a usable
// invitation; 404 for a token that opens nothing, 410 with a sentence for
// a revoked, used or expired one. The holder of the link learns only what
// the mail already told its addressee.
func (s *service) joinLandingRoute(e *core.RequestEvent) error {
	inv, err := s.usableInvitation(e.App, e.Request.PathValue("token"))
	if err != nil {
		return err
	}
	out := JoinLanding{Business: inv.GetString(migrations.FieldBusiness), Role: inv.GetString(migrations.FieldRole),
		Email: inv.GetString(migrations.FieldInviteEmail), Expires: inv.GetDateTime(migrations.FieldInviteExpires).Time()}
	if b, err := e.App.FindRecordById(migrations.BusinessesCollection, out.Business); err == nil {
		out.BusinessName = businessName(b)
	}
	if u, err := e.App.FindRecordById(migrations.UsersCollection, inv.GetString(migrations.FieldInvitedBy)); err == nil {
		out.InviterName = nameOf(u)
	}
	return e.JSON(http.StatusOK, out)
}

// accept marks the invitation used and adds the membership, in tx. The
// mark is a conditional update, so of two acceptances at once only one
// gets a row (the other is told the invitation was used).
func (s *service) accept(tx core.App, inv *core.Record, userID string) (*core.Record, error) {
	now, err := types.ParseDateTime(s.now())
	if err != nil {
		return nil, err
	}
	res, err := tx.DB().Update(migrations.InvitationsCollection,
		dbx.Params{migrations.FieldInviteAcceptedAt: now.String(), "updated": now.String()},
		dbx.And(dbx.HashExp{"id": inv.Id, migrations.FieldInviteTokenHash: inv.GetString(migrations.FieldInviteTokenHash)},
			dbx.NewExp("COALESCE(["+migrations.FieldInviteAcceptedAt+"], '') = '' AND COALESCE(["+migrations.FieldInviteRevokedAt+"], '') = ''")),
	).Execute()
	if err != nil {
		return nil, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return nil, refuseAs(http.StatusGone, "folio_invitation_used", msgInvitationUsed).api()
	}
	return addMember(tx, userID, inv.GetString(migrations.FieldBusiness), inv.GetString(migrations.FieldRole))
}

// joinRoute: POST /api/folio/join/{token}, signed in with exactly the
// invited address (identity.SameAddress), joins the business with the
// invited role. Single use: the invitation is marked used in the same
// transaction. A member of the business already is refused (409) and the
// invitation stays unused.
func (s *service) joinRoute(e *core.RequestEvent) error {
	var m *core.Record
	err := e.App.RunInTransaction(func(tx core.App) error {
		inv, err := invitationByToken(tx, e.Request.PathValue("token"))
		if err != nil {
			return err
		}
		if rerr := decideJoin(stateOf(inv), inv.GetString(migrations.FieldInviteEmail), e.Auth.Email(), s.now()); rerr != nil {
			return rerr.api()
		}
		if role, err := RoleOf(tx, e.Auth.Id, inv.GetString(migrations.FieldBusiness)); err != nil {
			return err
		} else if role != "" {
			return refuseAs(http.StatusConflict, "folio_invitation_member", msgInvitationMember).api()
		}
		m, err = s.accept(tx, inv, e.Auth.Id)
		return err
	})
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, m)
}

// joinSignUpBody is the body of POST /api/folio/join/{token}/sign-up.
type joinSignUpBody struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	// Language is the language the person reads (for the mail below).
	Language string `json:"language"`
}

// inBackground sends a mail after the answer (tests run it at once).
var inBackground = func(f func()) { routine.FireAndForget(f) }

// joinSignUpRoute: POST /api/folio/join/{token}/sign-up {name, password,
// language}, no account needed, creates the account of the invited
// address, already verified (the link proved the address), with the
// membership and no business of its own (InvitedSignUp), and marks the
// invitation used; the web app then signs in with the password. Answers
// 204.
//
// Whether the address already has an account is not told to whoever holds
// the link: the answer is the same 204 (after the same checks of name and
// password), nothing is created, the invitation stays usable, and the
// account's owner is mailed that someone tried, and how to join (sign in,
// open the link). So the holder learns no more than the public sign-up
// would tell them.
func (s *service) joinSignUpRoute(e *core.RequestEvent) error {
	var body joinSignUpBody
	if err := e.BindBody(&body); err != nil {
		return refusal.Unreadable(err)
	}
	lang := mailLanguage(body.Language, e.Request)
	var taken *core.Record
	var inv *core.Record
	err := e.App.RunInTransaction(func(tx core.App) error {
		var err error
		if inv, err = s.usableInvitation(tx, e.Request.PathValue("token")); err != nil {
			return err
		}
		users, err := tx.FindCachedCollectionByNameOrId(migrations.UsersCollection)
		if err != nil {
			return err
		}
		u := core.NewRecord(users)
		u.Set("name", strings.TrimSpace(body.Name))
		u.SetPassword(body.Password)
		u.SetVerified(true)
		email := inv.GetString(migrations.FieldInviteEmail)
		if taken, err = accountOf(tx, email); err != nil {
			return err
		}
		if taken != nil {
			// The same checks on a free address, nothing saved.
			u.SetEmail("invited-" + strings.ToLower(core.GenerateDefaultRandomId()) + "@sign-up.invalid")
			if err := tx.Validate(u); err != nil {
				return e.BadRequestError("Failed to create record.", err)
			}
			return nil
		}
		u.SetEmail(email)
		ctx := context.WithValue(e.Request.Context(), InvitedSignUp, true)
		if err := tx.SaveWithContext(ctx, u); err != nil {
			return e.BadRequestError("Failed to create record.", err)
		}
		_, err = s.accept(tx, inv, u.Id)
		return err
	})
	if err != nil {
		return err
	}
	if taken != nil {
		s.noticeTaken(e.App, taken, inv, lang)
	}
	return e.NoContent(http.StatusNoContent)
}

// noticeTaken mails the owner of an invited address that already has an
// account (at most once an hour per invitation), after the answer.
func (s *service) noticeTaken(app core.App, owner, inv *core.Record, lang string) {
	if !s.takenNotices.take(inv.Id, s.now()) {
		return
	}
	v := mailValues{role: inv.GetString(migrations.FieldRole)}
	if b, err := app.FindRecordById(migrations.BusinessesCollection, inv.GetString(migrations.FieldBusiness)); err == nil {
		v.business = businessName(b)
	}
	msg := takenMail(app, owner.Email(), lang, v)
	inBackground(func() {
		if err := app.NewMailClient().Send(msg); err != nil {
			app.Logger().Error("send the invited-account notice", "error", err)
		}
	})
}

// accountOf is the account of address (ASCII case aside, as
// identity.SameAddress compares), nil when it has none. PocketBase's own
// lookup follows the email index's collation, which does not fold case.
func accountOf(app core.App, address string) (*core.Record, error) {
	users, err := app.FindAllRecords(migrations.UsersCollection,
		dbx.NewExp("[[email]] = {:email} COLLATE NOCASE", dbx.Params{"email": address}))
	if err != nil {
		return nil, err
	}
	for _, u := range users {
		if identity.SameAddress(u.Email(), address) {
			return u, nil
		}
	}
	return nil, nil
}
