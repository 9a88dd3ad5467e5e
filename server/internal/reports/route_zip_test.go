package reports

import (
	"slices"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// storeIssuedCopy stores pdf as a document's issued copy, as its send does.
func storeIssuedCopy(t *testing.T, app core.App, collection, id string, pdf []byte) {
	t.Helper()
	rec, err := app.FindRecordById(collection, id)
	if err != nil {
		t.Fatal(err)
	}
	file, err := filesystem.NewFileFromBytes(pdf, "issued.pdf")
	if err != nil {
		t.Fatal(err)
	}
	rec.Set(migrations.FieldIssuedPDF, file)
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
}

// A credit note sent from Folio has its issued copy in the zip, beside the
// invoices', and is no longer named in the README as missing.
func TestZipHoldsACreditNotesIssuedCopy(t *testing.T) {
	api := newAPI(t)
	pdf := []byte("%PDF-1.4\nthe credit note as mailed\n%%EOF\n")
	storeIssuedCopy(t, api.App, migrations.CreditNotesCollection, cnA, pdf)

	status, _, body := raw(t, api, testapp.AliceAccountant.ID, Path+"/zip?business="+alice+"&from=2026-01-01&to=2026-03-31")
	if status != 200 {
		t.Fatalf("%d %s", status, body)
	}
	names, texts := zipListing(t, body)
	if !slices.Contains(names, "credit-notes/CN-00001.pdf") {
		t.Errorf("zip holds %v, want credit-notes/CN-00001.pdf", names)
	}
	if got := texts["credit-notes/CN-00001.pdf"]; got != string(pdf) {
		t.Errorf("the credit note's PDF is not its issued copy: %q", got)
	}
	readme := texts["README.txt"]
	if strings.Contains(readme, "CN-00001") || !strings.Contains(readme, "- INV-00001 (2026-01-10)") {
		t.Errorf("README:\n%s", readme)
	}
}
