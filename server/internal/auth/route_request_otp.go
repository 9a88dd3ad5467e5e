package auth

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"image/png"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"folio/server/internal/auth/backuphash"
)

// totpIssuer is the account label authenticator apps show.
const totpIssuer = "Folio"

// qrSize is the PNG's edge in pixels; big enough to scan off a laptop screen.
const qrSize = 256

// RequestOTPResponse is the answer of POST /api/collections/users/request-otp.
type RequestOTPResponse struct {
	// QRCode is a PNG data URL of OtpauthURL, ready for an <img src>.
	QRCode string `json:"qrCode"`
	// Secret is the base32 secret for typing into an app by hand.
	Secret string `json:"secret"`
	// BackupCodes are shown once; only their hashes are kept.
	BackupCodes []string `json:"backupCodes"`
	// OtpauthURL is the otpauth:// URI the QR code encodes.
	OtpauthURL string `json:"otpauthUrl"`
}

// requestOTP starts enrolment: a new secret and backup codes are stored as
// pending (encrypted / hashed) and shown once. Nothing changes for sign-in
// until confirm-otp proves the user's app produces matching codes. Calling
// it again replaces the pending setup.
func (s *service) requestOTP(e *core.RequestEvent) error {
	rec := e.Auth
	if _, err := callerState(e, false); err != nil {
		return err
	}

	key, err := s.key()
	if err != nil {
		return e.InternalServerError("", err)
	}

	otpKey, err := totp.Generate(totp.GenerateOpts{
		Issuer:      totpIssuer,
		AccountName: rec.Email(),
		Period:      totpPeriod,
		SecretSize:  20, // 160 bits, RFC 4226's recommendation for SHA-1
		Digits:      totpDigits,
		Algorithm:   totpAlgorithm,
	})
	if err != nil {
		return e.InternalServerError("", err)
	}

	encrypted, err := security.Encrypt([]byte(otpKey.Secret()), key)
	if err != nil {
		return e.InternalServerError("", err)
	}

	codes, salt, hashes := newBackupCodes()

	qr, err := qrDataURL(otpKey)
	if err != nil {
		return e.InternalServerError("", err)
	}

	err = updateState(e.App, rec.Id, func(_ core.App, st totpState) (totpState, error) {
		if err := needState(st, false); err != nil {
			return st, err
		}
		st.PendingSecret = encrypted
		st.PendingBackupSalt = salt
		st.PendingBackupHashes = hashes
		return st, nil
	})
	if err != nil {
		return routeError(e, err)
	}

	// The body holds a secret: no cache may keep it.
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(200, RequestOTPResponse{
		QRCode:      qr,
		Secret:      otpKey.Secret(),
		BackupCodes: codes,
		OtpauthURL:  otpKey.URL(),
	})
}

// newBackupCodes returns fresh codes to show, and the new salt and the
// codes' hashes to store. It is slow (argon2id per code): call it before a
// transaction, not inside one.
func newBackupCodes() (codes []string, salt string, hashes []string) {
	salt = backuphash.NewSalt()
	codes = make([]string, backupCodeCount)
	hashes = make([]string, backupCodeCount)
	for i := range codes {
		codes[i] = security.RandomStringWithAlphabet(backupCodeHalf, backupCodeAlphabet) + "-" +
			security.RandomStringWithAlphabet(backupCodeHalf, backupCodeAlphabet)
		hashes[i] = hashBackupCode(codes[i], salt)
	}
	return codes, salt, hashes
}

// routeError is the answer for an error out of a route's transaction: a
// refusal the route decided on as it is, anything else a 500.
func routeError(e *core.RequestEvent, err error) error {
	var apiErr *router.ApiError
	if errors.As(err, &apiErr) {
		return apiErr
	}
	return e.InternalServerError("", err)
}

// qrDataURL renders the otpauth URI as a PNG data URL.
func qrDataURL(k *otp.Key) (string, error) {
	img, err := k.Image(qrSize, qrSize)
	if err != nil {
		return "", fmt.Errorf("qr image: %w", err)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return "", fmt.Errorf("qr png: %w", err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}
