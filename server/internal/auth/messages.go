package auth

// Error messages of the 2FA routes. PocketBase ends every message with a
// period, so these are written with one to match what clients receive.
const (
	// MessageInvalidCode answers a wrong, reused or missing 2FA code.
	MessageInvalidCode = "Invalid 2FA code."
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
)
