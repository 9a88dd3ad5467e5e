package migrations

import (
	"slices"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Identity of the app in the admin UI and in every email it sends.
const (
	// AppName is shown in mails ({APP_NAME}) and in the admin UI.
	AppName = "Folio"
	// SenderName is the display name of outgoing mail.
	SenderName = "Folio"
	// SenderAddress is the From address of outgoing mail.
	SenderAddress = "no-reply@folio.localhost"
)

// CustomRateLimitRules limit Folio's own 2FA routes per client IP.
//
// PocketBase's collection labels (users:authWithOTP, *:auth) only apply to
// its own routes, so literal routes need path labels. The real brute-force
// bound is the per-user attempt limit inside auth-with-otp; these rules only
// stop one address from spraying many accounts, and leave room for an e2e
// suite that signs in from 127.0.0.1 many times a minute.
var CustomRateLimitRules = []core.RateLimitRule{
	{Label: "POST /api/collections/users/auth-with-otp", MaxRequests: 20, Duration: 60},
	{Label: "POST /api/collections/users/request-otp", MaxRequests: 20, Duration: 60},
	{Label: "POST /api/collections/users/confirm-otp", MaxRequests: 20, Duration: 60},
	{Label: "POST /api/collections/users/disable-otp", MaxRequests: 20, Duration: 60},
}

func hasRateLimitLabel(rules []core.RateLimitRule, label string) bool {
	return slices.ContainsFunc(rules, func(r core.RateLimitRule) bool { return r.Label == label })
}

func init() {
	m.Register(func(app core.App) error {
		s := app.Settings()

		s.Meta.AppName = AppName
		s.Meta.SenderName = SenderName
		s.Meta.SenderAddress = SenderAddress

		// PocketBase ships its default rules (*:auth 2/3s, *:create 20/5s,
		// /api/batch 3/1s, /api/ 300/10s) but disabled; keep them as they are.
		s.RateLimits.Enabled = true
		for _, rule := range CustomRateLimitRules {
			if !hasRateLimitLabel(s.RateLimits.Rules, rule.Label) {
				s.RateLimits.Rules = append(s.RateLimits.Rules, rule)
			}
		}

		return app.Save(s)
	}, func(app core.App) error {
		s := app.Settings()

		s.Meta.AppName = "Acme" // PocketBase's default
		s.Meta.SenderName = "Support"
		s.Meta.SenderAddress = "support@example.com"

		s.RateLimits.Enabled = false
		s.RateLimits.Rules = slices.DeleteFunc(s.RateLimits.Rules, func(r core.RateLimitRule) bool {
			return hasRateLimitLabel(CustomRateLimitRules, r.Label)
		})

		return app.Save(s)
	})
}
