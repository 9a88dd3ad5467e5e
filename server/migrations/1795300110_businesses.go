package migrations

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/security"
)

// A business is a team. Until this migration one account was one business:
// the business's settings lived on the users row and every record had an
// `owner` pointing at a user. Now:
//
//   - businesses holds what was the business's on the user row (the same
//     field names), plus require_mfa and closed_at;
//   - memberships says who belongs to which business, with which role;
//   - invitations are the pending ways in (the token is stored hashed);
//   - every business record has `business` in place of `owner`.
//
// Each existing account becomes a business with the account's own id, the
// account its owner, and every record's business is its old owner: the
// numbers, the sums, the public links and the files stay where they were.
const (
	// BusinessesCollection holds the businesses.
	BusinessesCollection = "businesses"
	// MembershipsCollection holds who belongs to which business, and as what.
	MembershipsCollection = "memberships"
	// InvitationsCollection holds the invitations to join a business.
	InvitationsCollection = "invitations"

	// FieldBusiness is the business a record belongs to.
	FieldBusiness = "business"
	// FieldRequireMFA makes two-factor sign-in a condition of membership.
	FieldRequireMFA = "require_mfa"
	// FieldClosedAt is when the owner closed the business (read-only since).
	FieldClosedAt = "closed_at"

	// FieldMemberUser is the member's account.
	FieldMemberUser = "user"
	// FieldRole is a membership's or an invitation's role.
	FieldRole = "role"
	// FieldLastActive is when the member last changed something.
	FieldLastActive = "last_active"

	// FieldInviteEmail is the invited address.
	FieldInviteEmail = "email"
	// FieldInviteTokenHash is the SHA-256 (hex) of the invitation's token.
	FieldInviteTokenHash = "token_hash"
	// FieldInviteExpires is when the invitation stops working.
	FieldInviteExpires = "expires"
	// FieldInvitedBy is who sent the invitation.
	FieldInvitedBy = "invited_by"
	// FieldAcceptedAt is when the invitation was used.
	FieldInviteAcceptedAt = "accepted_at"
	// FieldInviteRevokedAt is when an owner or admin withdrew it.
	FieldInviteRevokedAt = "revoked_at"
	// FieldInviteSentAt is when its mail last went out.
	FieldInviteSentAt = "sent_at"

	// FieldActor is who did what an event records (empty: Folio itself, or
	// the customer on the public page).
	FieldActor = "actor"
	// FieldActorName is the actor's name (or address) at the time.
	FieldActorName = "actor_name"
)

// The roles, from most to least powerful (internal/team decides what each
// may do).
const (
	RoleOwner      = "owner"
	RoleAdmin      = "admin"
	RoleMember     = "member"
	RoleAccountant = "accountant"
)

// Roles are the membership roles.
var Roles = []string{RoleOwner, RoleAdmin, RoleMember, RoleAccountant}

// WriterRoles may create and change business records.
var WriterRoles = []string{RoleOwner, RoleAdmin, RoleMember}

// ManagerRoles may change the business's settings and its members.
var ManagerRoles = []string{RoleOwner, RoleAdmin}

// BusinessFields are the fields that moved from users to businesses.
var BusinessFields = []string{
	FieldCompanyName, FieldCompanyAddress, FieldCompanyTaxID, FieldLogo, FieldDefaultCurrency,
	FieldInvoicePrefix, FieldQuotePrefix, FieldPaymentPrefix, FieldDefaultTermsDays, FieldDefaultTaxRate,
	FieldNotifyOverdue, FieldNotifyQuoteExpiring, FieldBankHolder, FieldIBAN, FieldBIC, FieldViewTracking,
	FieldSendSubjectTemplate, FieldSendMessageTemplate, FieldEInvoicing, FieldCompanyVATID,
	FieldCompanyTaxRegistration, FieldCompanyPostalCode, FieldCompanyCity, FieldCompanyCountry,
	FieldSellerEndpointID, FieldSellerEndpointScheme, FieldSellerContactName, FieldSellerContactPhone,
	FieldSellerContactEmail, FieldDocumentLanguage, FieldTimeZone, FieldCreditNotePrefix,
	FieldRemindersEnabled, FieldReminderSteps, FieldReminderSubjectTemplate, FieldReminderMessageTemplate,
}

// BusinessRecordCollections are the collections whose records belong to a
// business (they had an owner).
var BusinessRecordCollections = []string{
	CustomersCollection, QuotesCollection, InvoicesCollection, PaymentsCollection, CreditNotesCollection,
	RefundsCollection, RecurringCollection, RecurringRunsCollection, InvoiceRemindersCollection,
	DocumentLinksCollection, DocumentEventsCollection, MailSendsCollection,
}

// MemberRule is an API rule that lets the signed-in user through when they
// are a member of the business named by businessExpr (`business` for a
// record's own field, `id` on businesses, `@request.body.business`) with one
// of roles (any role when none). The three conditions name one joined
// memberships row, so they hold together for the same membership.
func MemberRule(businessExpr string, roles ...string) string {
	r := `@request.auth.id != "" && @collection.memberships.user ?= @request.auth.id && @collection.memberships.business ?= ` + businessExpr
	if len(roles) > 0 {
		alts := make([]string, len(roles))
		for i, role := range roles {
			alts[i] = `@collection.memberships.role ?= "` + role + `"`
		}
		r += " && (" + strings.Join(alts, " || ") + ")"
	}
	return r
}

// MFARule holds when the record's business does not require two-factor
// sign-in, or the signed-in person has it on. The business record and the
// memberships stay readable without it, so the app can say what is missing.
const MFARule = `(business.require_mfa = false || (@collection.user_totp.user ?= @request.auth.id && @collection.user_totp.enabled ?= true))`

// The rules of the business record collections.
var (
	// BusinessReadRule lets every member read.
	BusinessReadRule = MemberRule(FieldBusiness) + " && " + MFARule
	// BusinessWriteRule lets owners, admins and members change and delete.
	BusinessWriteRule = MemberRule(FieldBusiness, WriterRoles...) + " && " + MFARule
	// BusinessCreateRule lets owners, admins and members create (the rule
	// sees the new record's business).
	BusinessCreateRule = BusinessWriteRule
	// BusinessUpdateRule is BusinessWriteRule, and the business stays.
	BusinessUpdateRule = BusinessWriteRule + ` && (@request.body.business:isset = false || @request.body.business = business)`
)

// businessRules maps the old owner rules to the new ones (BusinessWriteRule
// is the delete rule).
var businessRules = map[string]string{
	OwnerRule:       BusinessReadRule,
	OwnerCreateRule: BusinessCreateRule,
	OwnerUpdateRule: BusinessUpdateRule,
}

func init() {
	m.Register(upBusinesses, downBusinesses)
}

func upBusinesses(app core.App) error {
	users, err := app.FindCollectionByNameOrId(UsersCollection)
	if err != nil {
		return err
	}
	businesses, err := newBusinesses(users)
	if err != nil {
		return err
	}
	if err := app.Save(businesses); err != nil {
		return err
	}
	memberships := newMemberships(users, businesses)
	if err := app.Save(memberships); err != nil {
		return err
	}
	if err := app.Save(newInvitations(users, businesses)); err != nil {
		return err
	}
	// The rules of businesses refer to memberships, so they come after it.
	businesses.ListRule = ptr(MemberRule("id"))
	businesses.ViewRule = ptr(MemberRule("id"))
	businesses.UpdateRule = ptr(MemberRule("id", ManagerRoles...))
	if err := app.Save(businesses); err != nil {
		return err
	}
	if err := moveAccounts(app, users, businesses); err != nil {
		return err
	}
	for _, name := range BusinessRecordCollections {
		if err := repointOwner(app, name, businesses); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	if _, err := app.DB().NewQuery("ALTER TABLE {{" + LedgerDaysTable + "}} RENAME COLUMN [[owner]] TO [[business]]").Execute(); err != nil {
		return err
	}
	if err := addFields(app, DocumentEventsCollection,
		&core.RelationField{Name: FieldActor, CollectionId: users.Id, MaxSelect: 1},
		&core.TextField{Name: FieldActorName, Max: 255},
	); err != nil {
		return err
	}
	for _, name := range BusinessFields {
		users.Fields.RemoveByName(name)
	}
	return app.Save(users)
}

// newBusinesses copies the business fields' definitions from users.
func newBusinesses(users *core.Collection) (*core.Collection, error) {
	c := core.NewBaseCollection(BusinessesCollection)
	for _, name := range BusinessFields {
		f := users.Fields.GetByName(name)
		if f == nil {
			return nil, fmt.Errorf("users has no field %s", name)
		}
		raw, err := json.Marshal(core.FieldsList{f})
		if err != nil {
			return nil, err
		}
		var fields core.FieldsList
		if err := json.Unmarshal(raw, &fields); err != nil {
			return nil, err
		}
		c.Fields.Add(fields[0])
	}
	c.Fields.Add(
		&core.BoolField{Name: FieldRequireMFA},
		&core.DateField{Name: FieldClosedAt},
	)
	withTimestamps(c)
	return c, nil
}

func newMemberships(users, businesses *core.Collection) *core.Collection {
	c := core.NewBaseCollection(MembershipsCollection)
	// Members see who else is in their business; only the team routes write.
	rule := `@request.auth.id != "" && @collection.memberships:mine.user ?= @request.auth.id && @collection.memberships:mine.business ?= business`
	c.ListRule = ptr(rule)
	c.ViewRule = ptr(rule)
	c.Fields.Add(
		&core.RelationField{Name: FieldMemberUser, CollectionId: users.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
		&core.RelationField{Name: FieldBusiness, CollectionId: businesses.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
		&core.SelectField{Name: FieldRole, Values: Roles, MaxSelect: 1, Required: true},
		&core.DateField{Name: FieldLastActive},
	)
	withTimestamps(c)
	c.AddIndex("idx_memberships_user_business", true, "`user`, `business`", "")
	c.AddIndex("idx_memberships_business_role", false, "`business`, `role`", "")
	return c
}

func newInvitations(users, businesses *core.Collection) *core.Collection {
	c := core.NewBaseCollection(InvitationsCollection)
	rule := MemberRule(FieldBusiness, ManagerRoles...)
	c.ListRule = ptr(rule)
	c.ViewRule = ptr(rule)
	c.Fields.Add(
		&core.RelationField{Name: FieldBusiness, CollectionId: businesses.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
		&core.EmailField{Name: FieldInviteEmail, Required: true},
		&core.SelectField{Name: FieldRole, Values: Roles, MaxSelect: 1, Required: true},
		&core.TextField{Name: FieldInviteTokenHash, Required: true, Max: 64, Hidden: true},
		&core.DateField{Name: FieldInviteExpires, Required: true},
		&core.RelationField{Name: FieldInvitedBy, CollectionId: users.Id, MaxSelect: 1},
		&core.DateField{Name: FieldInviteAcceptedAt},
		&core.DateField{Name: FieldInviteRevokedAt},
		&core.DateField{Name: FieldInviteSentAt},
	)
	withTimestamps(c)
	c.AddIndex("idx_invitations_token_hash", true, "`token_hash`", "")
	c.AddIndex("idx_invitations_business", false, "`business`, `created`", "")
	return c
}

// moveAccounts makes every account a business with the account's id, owned
// by it, and moves the logo files along.
func moveAccounts(app core.App, users, businesses *core.Collection) error {
	cols := make([]string, 0, len(BusinessFields)+3)
	cols = append(cols, "[[id]]", "[[created]]", "[[updated]]")
	for _, name := range BusinessFields {
		cols = append(cols, "[["+name+"]]")
	}
	list := strings.Join(cols, ", ")
	if _, err := app.DB().NewQuery("INSERT INTO {{" + BusinessesCollection + "}} (" + list + ") SELECT " + list + " FROM {{" + UsersCollection + "}}").Execute(); err != nil {
		return err
	}
	var ids []struct {
		ID   string `db:"id"`
		Logo string `db:"logo"`
	}
	if err := app.DB().Select("id", FieldLogo).From(UsersCollection).All(&ids); err != nil {
		return err
	}
	for _, u := range ids {
		if _, err := app.DB().Insert(MembershipsCollection, dbx.Params{
			"id":            security.RandomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789"),
			FieldMemberUser: u.ID, FieldBusiness: u.ID, FieldRole: RoleOwner,
			"created": dbx.NewExp("strftime('%Y-%m-%d %H:%M:%fZ')"), "updated": dbx.NewExp("strftime('%Y-%m-%d %H:%M:%fZ')"),
		}).Execute(); err != nil {
			return err
		}
	}
	return copyLogos(app, users, businesses, ids)
}

func copyLogos(app core.App, users, businesses *core.Collection, ids []struct {
	ID   string `db:"id"`
	Logo string `db:"logo"`
}) error {
	var fsys interface {
		Copy(src, dst string) error
		Close() error
	}
	for _, u := range ids {
		if u.Logo == "" {
			continue
		}
		if fsys == nil {
			f, err := app.NewFilesystem()
			if err != nil {
				return err
			}
			defer f.Close()
			fsys = f
		}
		src := users.Id + "/" + u.ID + "/" + u.Logo
		dst := businesses.Id + "/" + u.ID + "/" + u.Logo
		if err := fsys.Copy(src, dst); err != nil {
			app.Logger().Warn("businesses: logo not copied", "user", u.ID, "error", err)
		}
	}
	return nil
}

// repointOwner replaces a collection's owner (a user) by business, with the
// same values, indexes and rules.
func repointOwner(app core.App, name string, businesses *core.Collection) error {
	c, err := app.FindCollectionByNameOrId(name)
	if err != nil {
		return err
	}
	old, ok := c.Fields.GetByName("owner").(*core.RelationField)
	if !ok {
		return fmt.Errorf("no owner field")
	}
	c.Fields.Add(&core.RelationField{Name: FieldBusiness, CollectionId: businesses.Id, Required: true, MaxSelect: 1, CascadeDelete: old.CascadeDelete})
	if err := app.Save(c); err != nil {
		return err
	}
	if _, err := app.DB().Update(name, dbx.Params{FieldBusiness: dbx.NewExp("[[owner]]")}, nil).Execute(); err != nil {
		return err
	}
	c.Fields.RemoveByName("owner")
	for i, idx := range c.Indexes {
		idx = strings.ReplaceAll(idx, "`owner`", "`business`")
		idx = strings.ReplaceAll(idx, "_owner_", "_business_")
		idx = strings.ReplaceAll(idx, "_owner`", "_business`")
		c.Indexes[i] = idx
	}
	for _, rule := range []**string{&c.ListRule, &c.ViewRule, &c.CreateRule, &c.UpdateRule, &c.DeleteRule} {
		if *rule == nil {
			continue
		}
		next, ok := businessRules[**rule]
		if !ok {
			return fmt.Errorf("unknown rule %q", **rule)
		}
		if rule == &c.DeleteRule {
			next = BusinessWriteRule
		}
		*rule = ptr(next)
	}
	return app.Save(c)
}

// downBusinesses goes back to one account per business: a business's
// settings go back to the account with its id, and each record to the
// business's first owner. Memberships beyond that are lost.
func downBusinesses(app core.App) error {
	found, err := findCollections(app, UsersCollection, BusinessesCollection)
	if err != nil {
		return err
	}
	users, businesses := found[0], found[1]
	for _, name := range BusinessFields {
		raw, err := json.Marshal(core.FieldsList{businesses.Fields.GetByName(name)})
		if err != nil {
			return err
		}
		var fields core.FieldsList
		if err := json.Unmarshal(raw, &fields); err != nil {
			return err
		}
		users.Fields.Add(fields[0])
	}
	if err := app.Save(users); err != nil {
		return err
	}
	for _, name := range BusinessFields {
		q := "UPDATE {{" + UsersCollection + "}} SET [[" + name + "]] = (SELECT [[b." + name + "]] FROM {{" + BusinessesCollection +
			"}} b WHERE [[b.id]] = {{" + UsersCollection + "}}.[[id]]) WHERE [[id]] IN (SELECT [[id]] FROM {{" + BusinessesCollection + "}})"
		if _, err := app.DB().NewQuery(q).Execute(); err != nil {
			return err
		}
	}
	var ids []struct {
		ID   string `db:"id"`
		Logo string `db:"logo"`
	}
	if err := app.DB().Select("id", FieldLogo).From(UsersCollection).All(&ids); err != nil {
		return err
	}
	if err := copyLogos(app, businesses, users, ids); err != nil {
		return err
	}
	if err := removeFields(app, DocumentEventsCollection, FieldActor, FieldActorName); err != nil {
		return err
	}
	if _, err := app.DB().NewQuery("ALTER TABLE {{" + LedgerDaysTable + "}} RENAME COLUMN [[business]] TO [[owner]]").Execute(); err != nil {
		return err
	}
	for _, name := range BusinessRecordCollections {
		if err := repointBusiness(app, name, users); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	for _, name := range []string{InvitationsCollection, BusinessesCollection, MembershipsCollection} {
		c, err := app.FindCollectionByNameOrId(name)
		if err != nil {
			return err
		}
		if name == BusinessesCollection {
			// Its rules name memberships; memberships names it.
			c.ListRule, c.ViewRule, c.UpdateRule = nil, nil, nil
			if err := app.Save(c); err != nil {
				return err
			}
			continue
		}
		if err := app.Delete(c); err != nil {
			return err
		}
	}
	b, err := app.FindCollectionByNameOrId(BusinessesCollection)
	if err != nil {
		return err
	}
	return app.Delete(b)
}

func repointBusiness(app core.App, name string, users *core.Collection) error {
	c, err := app.FindCollectionByNameOrId(name)
	if err != nil {
		return err
	}
	cur, ok := c.Fields.GetByName(FieldBusiness).(*core.RelationField)
	if !ok {
		return fmt.Errorf("no business field")
	}
	c.Fields.Add(&core.RelationField{Name: "owner", CollectionId: users.Id, Required: true, MaxSelect: 1, CascadeDelete: cur.CascadeDelete})
	if err := app.Save(c); err != nil {
		return err
	}
	q := "UPDATE {{" + name + "}} SET [[owner]] = (SELECT [[m.user]] FROM {{" + MembershipsCollection + "}} m WHERE [[m.business]] = {{" +
		name + "}}.[[business]] AND [[m.role]] = 'owner' ORDER BY [[m.created]] LIMIT 1)"
	if _, err := app.DB().NewQuery(q).Execute(); err != nil {
		return err
	}
	c.Fields.RemoveByName(FieldBusiness)
	for i, idx := range c.Indexes {
		idx = strings.ReplaceAll(idx, "`business`", "`owner`")
		idx = strings.ReplaceAll(idx, "_business_", "_owner_")
		idx = strings.ReplaceAll(idx, "_business`", "_owner`")
		c.Indexes[i] = idx
	}
	back := map[string]string{BusinessReadRule: OwnerRule, BusinessCreateRule: OwnerCreateRule, BusinessUpdateRule: OwnerUpdateRule}
	for _, rule := range []**string{&c.ListRule, &c.ViewRule, &c.CreateRule, &c.UpdateRule, &c.DeleteRule} {
		if *rule == nil {
			continue
		}
		prev := back[**rule]
		if rule == &c.DeleteRule || rule == &c.ListRule || rule == &c.ViewRule {
			prev = OwnerRule
		}
		*rule = ptr(prev)
	}
	return app.Save(c)
}

// SetBusinessDefaults gives a new business what a new account had: EUR,
// INV-/QUO-/PAY-/CN- numbering, 30-day terms, overdue alerts and view
// tracking on, and the default subject and message of document mails.
// Values already set are kept. A bool cannot tell "not sent" from "false",
// so overdue alerts and view tracking always start on; they are switched
// off in settings.
func SetBusinessDefaults(r *core.Record) {
	setIfEmpty := func(field, value string) {
		if r.GetString(field) == "" {
			r.Set(field, value)
		}
	}
	setIfEmpty(FieldDefaultCurrency, DefaultCurrency)
	setIfEmpty(FieldInvoicePrefix, DefaultInvoicePrefix)
	setIfEmpty(FieldQuotePrefix, DefaultQuotePrefix)
	setIfEmpty(FieldPaymentPrefix, DefaultPaymentPrefix)
	setIfEmpty(FieldCreditNotePrefix, DefaultCreditNotePrefix)
	if r.GetInt(FieldDefaultTermsDays) == 0 {
		r.Set(FieldDefaultTermsDays, DefaultTermsDays)
	}
	setIfEmpty(FieldSendSubjectTemplate, DefaultSendSubjectTemplate)
	setIfEmpty(FieldSendMessageTemplate, DefaultSendMessageTemplate)
	r.Set(FieldNotifyOverdue, true)
	r.Set(FieldViewTracking, true)
}

// SaveMembership makes userID a member of businessID with role (through
// app's hooks, in app's transaction when it is one).
func SaveMembership(app core.App, userID, businessID, role string) (*core.Record, error) {
	memberships, err := app.FindCachedCollectionByNameOrId(MembershipsCollection)
	if err != nil {
		return nil, err
	}
	m := core.NewRecord(memberships)
	m.Set(FieldMemberUser, userID)
	m.Set(FieldBusiness, businessID)
	m.Set(FieldRole, role)
	return m, app.Save(m)
}
