package inbound

import (
	"testing"

	"folio/server/internal/refusal/refusaltest"
)

// TestRefusalCodes: one sentence per code, a message for each in the web
// app, and the samples the web app's tests read.
func TestRefusalCodes(t *testing.T) {
	t.Parallel()
	refusaltest.Check(t, "Messages", "inbound", Messages, nil)
}
