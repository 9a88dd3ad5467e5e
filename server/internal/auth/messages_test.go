package auth

import (
	"testing"

	"folio/server/internal/refusal/refusaltest"
)

// TestRefusalCodes: one sentence per code, built the same way wherever it
// is used, each in the web app's catalogue, and the samples the web app's
// tests read.
func TestRefusalCodes(t *testing.T) {
	t.Parallel()
	refusaltest.CheckSources(t, "refusalMessages")
	refusaltest.CheckCatalogue(t, refusalMessages)
	refusaltest.CheckSamples(t, "auth", refusalMessages, nil)
}
