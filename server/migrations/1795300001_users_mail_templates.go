package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Paths of the single-page app that the emailed links open. The SPA reads
// the token from the query string and calls the matching confirm endpoint.
const (
	// ResetPasswordPath is the SPA page that confirms a password reset.
	ResetPasswordPath = "/reset-password"
	// VerifyEmailPath is the SPA page that confirms an email verification.
	VerifyEmailPath = "/verify-email"
	// ConfirmEmailChangePath is the SPA page that confirms a new email address.
	ConfirmEmailChangePath = "/confirm-email-change"
)

// mailTemplate builds an email body in the shape of PocketBase's defaults
// but with the link pointing at the app instead of the admin dashboard.
func mailTemplate(intro, path, button, outro string) string {
	return `<p>Hello,</p>
<p>` + intro + `</p>
<p>
  <a class="btn" href="{APP_URL}` + path + `?token={TOKEN}" target="_blank" rel="noopener">` + button + `</a>
</p>
<p>Or open this link: {APP_URL}` + path + `?token={TOKEN}</p>
<p><i>` + outro + `</i></p>
<p>
  Thanks,<br/>
  {APP_NAME} team
</p>`
}

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}

		users.VerificationTemplate = core.EmailTemplate{
			Subject: "Verify your {APP_NAME} email",
			Body: mailTemplate(
				"Thank you for joining {APP_NAME}. Click on the button below to verify your email address.",
				VerifyEmailPath, "Verify",
				"If you didn't recently register, please ignore this email.",
			),
		}
		users.ResetPasswordTemplate = core.EmailTemplate{
			Subject: "Reset your {APP_NAME} password",
			Body: mailTemplate(
				"Click on the button below to reset your password.",
				ResetPasswordPath, "Reset password",
				"If you didn't ask to reset your password, please ignore this email.",
			),
		}
		users.ConfirmEmailChangeTemplate = core.EmailTemplate{
			Subject: "Confirm your {APP_NAME} new email address",
			Body: mailTemplate(
				"Click on the button below to confirm your new email address.",
				ConfirmEmailChangePath, "Confirm new email",
				"If you didn't ask to change your email address, please ignore this email.",
			),
		}

		return app.Save(users)
	}, func(app core.App) error {
		users, err := app.FindCollectionByNameOrId(UsersCollection)
		if err != nil {
			return err
		}

		// A fresh auth collection carries PocketBase's default templates.
		defaults := core.NewAuthCollection("defaults")
		users.VerificationTemplate = defaults.VerificationTemplate
		users.ResetPasswordTemplate = defaults.ResetPasswordTemplate
		users.ConfirmEmailChangeTemplate = defaults.ConfirmEmailChangeTemplate

		return app.Save(users)
	})
}
