package reports

import (
	"slices"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tools/filesystem"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

// A credit note sent from Folio has its issued copy in the zip, beside the
// invoices', and is no longer named in the README as missing.
func TestZipHoldsACreditNotesIssuedCopy(t *testing.T) {
	api := newAPI(t)
	cn, err := api.App.FindRecordById(migrations.CreditNotesCollection, cnA)
	if err != nil {
		t.Fatal(err)
	}
	pdf := []byte("%PDF-1.4\nthe credit note as mailed\n%%EOF\n")
	file, err := filesystem.NewFileFromBytes(pdf, "CN-00001.pdf")
	if err != nil {
		t.Fatal(err)
	}
	cn.Set(migrations.FieldIssuedPDF, file)
	if err := api.App.Save(cn); err != nil {
		t.Fatal(err)
	}

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
