package migrations_test

import (
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

func TestBusinessBankAndTemplateFields(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()

	// Visible to the owner like the other business fields; the rules keep
	// them from everyone else.
	wantVisibleFields(t, mustFind(t, app, migrations.BusinessesCollection), map[string]string{
		migrations.FieldBankHolder: core.FieldTypeText, migrations.FieldIBAN: core.FieldTypeText,
		migrations.FieldBIC: core.FieldTypeText, migrations.FieldViewTracking: core.FieldTypeBool,
		migrations.FieldSendSubjectTemplate: core.FieldTypeText, migrations.FieldSendMessageTemplate: core.FieldTypeText,
	})
}

func TestDocumentLinksAndEventsSchema(t *testing.T) {
	app := testapp.New(t)
	defer app.Cleanup()

	links := mustFind(t, app, migrations.DocumentLinksCollection)
	// No API rule at all: only superusers and the server's routes read links.
	for name, rule := range map[string]*string{"list": links.ListRule, "view": links.ViewRule, "create": links.CreateRule,
		"update": links.UpdateRule, "delete": links.DeleteRule} {
		if rule != nil {
			t.Errorf("document_links %s rule = %q, want none", name, *rule)
		}
	}
	for _, f := range []string{"business", "kind", "document", "token_hash", "revoked_at", "created"} {
		if links.Fields.GetByName(f) == nil {
			t.Errorf("document_links.%s missing", f)
		}
	}
	if idx := links.GetIndex("idx_document_links_token_hash"); idx == "" {
		t.Error("token_hash index missing")
	}

	events := mustFind(t, app, migrations.DocumentEventsCollection)
	if events.ListRule == nil || *events.ListRule != migrations.BusinessReadRule || events.ViewRule == nil || *events.ViewRule != migrations.BusinessReadRule {
		t.Errorf("document_events list/view rules = %v/%v, want the owner rule", events.ListRule, events.ViewRule)
	}
	if events.CreateRule != nil || events.UpdateRule != nil || events.DeleteRule != nil {
		t.Error("document_events must have no create, update or delete rule")
	}
	typ := events.Fields.GetByName("type").(*core.SelectField)
	// Later migrations add their own types (payment reminders, …).
	for _, want := range migrations.EventTypes {
		if !slices.Contains(typ.Values, want) {
			t.Errorf("event types = %v, missing %s", typ.Values, want)
		}
	}
	if events.GetIndex("idx_document_events_document_created") == "" {
		t.Error("(document, created) index missing")
	}

	for _, name := range []string{migrations.QuotesCollection, migrations.InvoicesCollection} {
		c, _ := app.FindCollectionByNameOrId(name)
		pdf, ok := c.Fields.GetByName(migrations.FieldIssuedPDF).(*core.FileField)
		if !ok || !pdf.Protected || pdf.MaxSize != 10<<20 || !slices.Equal(pdf.MimeTypes, []string{"application/pdf"}) {
			t.Errorf("%s.issued_pdf = %#v, want a protected PDF of 10 MB at most", name, pdf)
		}
		if c.Fields.GetByName(migrations.FieldIssuedFor) == nil {
			t.Errorf("%s.issued_for missing", name)
		}
	}
	quotes, _ := app.FindCollectionByNameOrId(migrations.QuotesCollection)
	if quotes.Fields.GetByName(migrations.FieldAcceptedBy) == nil || quotes.Fields.GetByName(migrations.FieldAcceptNote) == nil {
		t.Error("quotes lack accepted_by or accept_note")
	}
}
