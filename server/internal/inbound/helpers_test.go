package inbound

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
)

// embedInPDF is testdata/no-invoice.pdf with data attached as name.
func embedInPDF(t *testing.T, name string, data []byte) []byte {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := api.AddAttachments(bytes.NewReader(sample(t, "no-invoice.pdf")), &out, []string{file}, false, nil); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}
