package migrations_test

import (
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestMain(m *testing.M) { testapp.Main(m) }

// mustFind is the collection called name; the test stops without it.
func mustFind(t *testing.T, app core.App, name string) *core.Collection {
	t.Helper()
	c, err := app.FindCollectionByNameOrId(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// wantVisibleFields checks that c has each field of want (name → type),
// not hidden: its readers see it like the collection's other fields.
func wantVisibleFields(t *testing.T, c *core.Collection, want map[string]string) {
	t.Helper()
	for name, typ := range want {
		f := c.Fields.GetByName(name)
		if f == nil || f.Type() != typ || f.GetHidden() {
			t.Errorf("%s.%s = %#v, want visible %s", c.Name, name, f, typ)
		}
	}
}

func TestUsersSchema(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()

	users, err := app.FindCollectionByNameOrId(migrations.UsersCollection)
	if err != nil {
		t.Fatal(err)
	}

	cases := []struct {
		name   string
		typ    string
		hidden bool
	}{
		{"name", core.FieldTypeText, false},
		{"avatar", core.FieldTypeFile, false},
		{migrations.FieldCompany, core.FieldTypeText, false},
	}
	for _, c := range cases {
		f := users.Fields.GetByName(c.name)
		if f == nil {
			t.Errorf("field %s missing", c.name)
			continue
		}
		if f.Type() != c.typ || f.GetHidden() != c.hidden {
			t.Errorf("field %s: type %s hidden %v, want %s hidden %v", c.name, f.Type(), f.GetHidden(), c.typ, c.hidden)
		}
	}

	if f, ok := users.Fields.GetByName(migrations.FieldCompany).(*core.TextField); !ok || f.Max != 255 {
		t.Errorf("company must be text with max 255: %#v", f)
	}
	// The 2FA state moved to its own collection (user_totp_test.go).
	for _, name := range []string{migrations.FieldTOTPEnabled, migrations.FieldTOTPSecret, migrations.FieldTOTPPendingSecret,
		migrations.FieldTOTPBackupCodes, migrations.FieldTOTPPendingBackupCodes, migrations.FieldTOTPLastStep} {
		if users.Fields.GetByName(name) != nil {
			t.Errorf("users still has the 2FA field %s", name)
		}
	}

	if users.MFA.Enabled || users.OTP.Enabled {
		t.Error("PocketBase's own MFA and OTP must stay off")
	}
	if users.MFA.Duration != 300 {
		t.Errorf("MFA duration = %d, want 300", users.MFA.Duration)
	}
	if !users.PasswordAuth.Enabled {
		t.Error("password sign-in must stay on")
	}

	// API rules stay PocketBase's owner-only defaults.
	owner := "id = @request.auth.id"
	for name, rule := range map[string]*string{
		"list": users.ListRule, "view": users.ViewRule, "update": users.UpdateRule, "delete": users.DeleteRule,
	} {
		if rule == nil || *rule != owner {
			t.Errorf("%s rule = %v, want %q", name, rule, owner)
		}
	}
	if users.CreateRule == nil || *users.CreateRule != "" {
		t.Errorf("create rule must stay public (sign-up)")
	}
}

func TestMailTemplates(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()

	users, err := app.FindCollectionByNameOrId(migrations.UsersCollection)
	if err != nil {
		t.Fatal(err)
	}

	cases := map[string]struct {
		tpl  core.EmailTemplate
		link string
	}{
		"verification":         {users.VerificationTemplate, "{APP_URL}/verify-email?token={TOKEN}"},
		"reset password":       {users.ResetPasswordTemplate, "{APP_URL}/reset-password?token={TOKEN}"},
		"confirm email change": {users.ConfirmEmailChangeTemplate, "{APP_URL}/confirm-email-change?token={TOKEN}"},
	}
	for name, c := range cases {
		if !strings.Contains(c.tpl.Body, c.link) {
			t.Errorf("%s template lacks %s", name, c.link)
		}
		if strings.Contains(c.tpl.Body, "/_/#/") {
			t.Errorf("%s template still links to the admin UI", name)
		}
		if !strings.Contains(c.tpl.Subject, "{APP_NAME}") {
			t.Errorf("%s subject lost the app name", name)
		}
	}
}

func TestAppSettings(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()

	s := app.Settings()
	if s.Meta.AppName != "Folio" || s.Meta.SenderName != "Folio" || s.Meta.SenderAddress != "no-reply@folio.localhost" {
		t.Errorf("meta = %+v", s.Meta)
	}

	if !s.RateLimits.Enabled {
		t.Fatal("rate limits must be on")
	}
	want := map[string][2]int64{
		// PocketBase's defaults, kept as they are.
		"*:auth":     {2, 3},
		"*:create":   {20, 5},
		"/api/batch": {3, 1},
		"/api/":      {300, 10},
		// Folio's 2FA routes.
		"POST /api/collections/users/auth-with-otp": {20, 60},
		"POST /api/collections/users/request-otp":   {20, 60},
		"POST /api/collections/users/confirm-otp":   {20, 60},
		"POST /api/collections/users/disable-otp":   {20, 60},
		// The public document routes.
		"/api/folio/public/": {30, 10},
	}
	got := map[string][2]int64{}
	for _, r := range s.RateLimits.Rules {
		got[r.Label] = [2]int64{int64(r.MaxRequests), r.Duration}
	}
	for label, w := range want {
		if got[label] != w {
			t.Errorf("rule %q = %v, want %v", label, got[label], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("unexpected rules: %v", got)
	}
	if err := s.RateLimits.Validate(); err != nil {
		t.Errorf("rules invalid: %v", err)
	}
	// PocketBase takes the first prefix rule that matches: the public one
	// must come before "/api/".
	rule, ok := s.RateLimits.FindRateLimitRule([]string{"GET /api/folio/public/documents/abc", "/api/folio/public/documents/abc"}, "", "@guest")
	if !ok || rule.Label != "/api/folio/public/" {
		t.Errorf("a public document path matches %+v, want the public rule", rule)
	}
}

// Each migration's down must undo its up, so `migrate down` works.
func TestMigrationsDownAndUp(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()

	runner := core.NewMigrationsRunner(app, core.AppMigrations)
	all := len(core.AppMigrations.Items())
	reverted, err := runner.Down(all)
	if err != nil {
		t.Fatal(err)
	}
	if len(reverted) != all {
		t.Fatalf("reverted %v", reverted)
	}
	for _, name := range []string{migrations.CustomersCollection, migrations.QuotesCollection, migrations.InvoicesCollection,
		migrations.PaymentsCollection, migrations.DocumentLinksCollection, migrations.DocumentEventsCollection} {
		if _, err := app.FindCollectionByNameOrId(name); err == nil {
			t.Errorf("down left the %s collection", name)
		}
	}

	users, _ := app.FindCollectionByNameOrId(migrations.UsersCollection)
	if users.Fields.GetByName(migrations.FieldCompany) != nil || users.Fields.GetByName(migrations.FieldTOTPSecret) != nil ||
		users.Fields.GetByName(migrations.FieldInvoicePrefix) != nil {
		t.Error("down left the users fields")
	}
	if strings.Contains(users.ResetPasswordTemplate.Body, "/reset-password?token=") {
		t.Error("down left the templates")
	}
	if app.Settings().Meta.AppName == "Folio" || app.Settings().RateLimits.Enabled {
		t.Error("down left the settings")
	}

	// An account that exists before the settings migration gets its defaults.
	early := core.NewRecord(users)
	early.SetEmail("early@folio.test")
	early.SetPassword("early-pass-123")
	if err := app.Save(early); err != nil {
		t.Fatal(err)
	}

	if _, err := runner.Up(); err != nil {
		t.Fatal(err)
	}
	// It became a business with its id, the defaults with it.
	early, _ = app.FindRecordById(migrations.BusinessesCollection, early.Id)
	if early.GetString(migrations.FieldDefaultCurrency) != "EUR" || early.GetString(migrations.FieldInvoicePrefix) != "INV-" ||
		early.GetString(migrations.FieldQuotePrefix) != "QUO-" || early.GetString(migrations.FieldPaymentPrefix) != "PAY-" ||
		early.GetInt(migrations.FieldDefaultTermsDays) != 30 || !early.GetBool(migrations.FieldNotifyOverdue) ||
		!early.GetBool(migrations.FieldViewTracking) ||
		early.GetString(migrations.FieldSendSubjectTemplate) != migrations.DefaultSendSubjectTemplate ||
		early.GetString(migrations.FieldSendMessageTemplate) != migrations.DefaultSendMessageTemplate {
		t.Errorf("existing account not backfilled: %v", early.PublicExport())
	}
	users, _ = app.FindCollectionByNameOrId(migrations.UsersCollection)
	businesses, _ := app.FindCollectionByNameOrId(migrations.BusinessesCollection)
	if users.Fields.GetByName(migrations.FieldCompany) == nil || !app.Settings().RateLimits.Enabled ||
		businesses == nil || businesses.Fields.GetByName(migrations.FieldDefaultCurrency) == nil {
		t.Error("up again did not restore the schema")
	}
	for _, name := range []string{migrations.PaymentsCollection, migrations.DocumentLinksCollection, migrations.DocumentEventsCollection} {
		if _, err := app.FindCollectionByNameOrId(name); err != nil {
			t.Errorf("up again did not restore the %s collection", name)
		}
	}
	if n := len(app.Settings().RateLimits.Rules); n != 9 {
		t.Errorf("rules duplicated or lost on re-run: %d", n)
	}
}
