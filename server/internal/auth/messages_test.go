package auth

import (
	"testing"
	"time"

	"folio/server/internal/refusal/refusaltest"
)

// TestRefusalCodes: one sentence per code, built the same way wherever it
// is used, each in the web app's catalogue, and the samples the web app's
// tests read.
func TestRefusalCodes(t *testing.T) {
	t.Parallel()
	refusaltest.CheckSources(t, "refusalMessages")
	refusaltest.CheckCatalogue(t, refusalMessages)
	var samples []refusaltest.Sample
	for _, wait := range []time.Duration{30 * time.Second, emailChangeTargetEvery} {
		r := emailChangeTargetRefusal(wait)
		samples = append(samples, refusaltest.Sample{Code: r.Code(), Params: r.Params(), Message: r.Error()})
	}
	refusaltest.CheckSamples(t, "auth", refusalMessages, samples)
}
