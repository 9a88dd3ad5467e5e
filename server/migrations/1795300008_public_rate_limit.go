package migrations

import (
	"slices"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// PublicRateLimitRule limits the public document routes (no account, a
// token in the path) per client IP: 30 requests per 10 s across all of
// them, enough for a person opening, downloading and answering, far too
// few to guess tokens (which are 256-bit anyway).
//
// PocketBase tries prefix rules in their stored order and takes the first
// that matches, so this rule is stored before the general "/api/" rule;
// otherwise "/api/" (300 per 10 s) would answer for these paths.
var PublicRateLimitRule = core.RateLimitRule{Label: "/api/folio/public/", MaxRequests: 30, Duration: 10}

// insertBeforePrefix adds rule in front of the first prefix rule that would
// also match its label, or at the end when there is none.
func insertBeforePrefix(rules []core.RateLimitRule, rule core.RateLimitRule) []core.RateLimitRule {
	at := slices.IndexFunc(rules, func(r core.RateLimitRule) bool {
		return strings.HasSuffix(r.Label, "/") && strings.HasPrefix(rule.Label, r.Label)
	})
	if at < 0 {
		return append(rules, rule)
	}
	return slices.Insert(rules, at, rule)
}

func init() {
	m.Register(func(app core.App) error {
		s := app.Settings()
		if !hasRateLimitLabel(s.RateLimits.Rules, PublicRateLimitRule.Label) {
			s.RateLimits.Rules = insertBeforePrefix(s.RateLimits.Rules, PublicRateLimitRule)
		}
		return app.Save(s)
	}, func(app core.App) error {
		s := app.Settings()
		s.RateLimits.Rules = slices.DeleteFunc(s.RateLimits.Rules, func(r core.RateLimitRule) bool {
			return r.Label == PublicRateLimitRule.Label
		})
		return app.Save(s)
	})
}
