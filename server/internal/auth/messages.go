package auth

// Error messages of the 2FA routes and of sign-in. PocketBase ends every
// message with a period, so these are written with one to match what
// clients receive. Each has a stable code (refusalMessages), which the
// answer carries under data["@refusal"] (see package refusal), so a client
// can say it in its own language.
const (
	// MessageInvalidCode answers a wrong, reused or missing 2FA code.
	MessageInvalidCode = "Invalid 2FA code."
	// MessageBackupCodeUsed answers a backup code of the current set that
	// was already spent.
	MessageBackupCodeUsed = "This backup code has already been used."
	// MessageAppCodeRequired answers a backup code where only a code from
	// the authenticator app is taken (making new backup codes).
	MessageAppCodeRequired = "Enter a current code from your authenticator app, not a backup code."
	// MessageInvalidSession answers an unknown, expired or spent mfaId.
	MessageInvalidSession = "Invalid or expired MFA session."
	// MessageSessionMismatch answers an mfaId that belongs to another
	// collection or to a user without 2FA.
	MessageSessionMismatch = "Invalid MFA session."
	// MessageTooManyAttempts answers when the per-user attempt limit is hit.
	MessageTooManyAttempts = "Too many attempts, please try again later."
	// MessageAlreadyEnabled answers request/confirm when 2FA is already on.
	MessageAlreadyEnabled = "Two-factor authentication is already enabled."
	// MessageNotEnabled answers disable when 2FA is off.
	MessageNotEnabled = "Two-factor authentication is not enabled."
	// MessageNoPendingSetup answers confirm without a prior request-otp.
	MessageNoPendingSetup = "No two-factor setup is pending. Request a new QR code first."
	// MessageOTPManaged refuses PocketBase's email OTP for users (admin UI).
	MessageOTPManaged = "Folio manages two-factor sign-in itself; keep PocketBase's email OTP off."
	// MessagePasswordRequired answers turning 2FA on or off without the
	// current password.
	MessagePasswordRequired = "Enter your current password."
	// MessageWrongPassword answers turning 2FA on or off with a wrong
	// current password.
	MessageWrongPassword = "The current password is not correct."
	// MessageTooManyChanges answers a user who changes their account or
	// uploads files faster than anyone does by hand.
	MessageTooManyChanges = "Too many changes in a short time. Please wait a minute and try again."
	// fmtEmailChangeTargetWait answers a request-email-change to an address
	// that was asked for moments ago, by anyone: "… Try again in 7
	// minutes." (minutesText). It does not say whether a mail went out: for
	// an address with an account none did, and that must not show.
	fmtEmailChangeTargetWait = "A confirmation for this address was requested a few minutes ago. Try again in %s."
	// MessageMFAManaged refuses PocketBase's MFA for users (admin UI).
	MessageMFAManaged = "Folio manages two-factor sign-in itself; keep PocketBase's MFA off."
)

// refusalMessages maps each code of the package to its sentence: one code,
// one sentence (checked by TestRefusalCodes).
var refusalMessages = map[string]string{
	"folio_invalid_credentials":   MessageInvalidCredentials,
	"folio_invalid_2fa_code":      MessageInvalidCode,
	"folio_2fa_backup_code_used":  MessageBackupCodeUsed,
	"folio_2fa_app_code_required": MessageAppCodeRequired,
	"folio_invalid_mfa_session":   MessageInvalidSession,
	"folio_mfa_session_mismatch":  MessageSessionMismatch,
	"folio_too_many_attempts":     MessageTooManyAttempts,
	"folio_2fa_already_enabled":   MessageAlreadyEnabled,
	"folio_2fa_not_enabled":       MessageNotEnabled,
	"folio_no_2fa_setup":          MessageNoPendingSetup,
	"folio_otp_managed":           MessageOTPManaged,
	"folio_mfa_managed":           MessageMFAManaged,
	"folio_password_required":     MessagePasswordRequired,
	"folio_wrong_password":        MessageWrongPassword,
	"folio_too_many_changes":      MessageTooManyChanges,

	"folio_email_change_target_wait": fmtEmailChangeTargetWait,
}
