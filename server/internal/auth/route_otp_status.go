package auth

import (
	"github.com/pocketbase/pocketbase/core"
)

// OTPStatusResponse is the answer of GET otp-status: whether the caller's
// 2FA is on and how many of their backup codes are unused. It never holds
// a secret, a code or a hash.
type OTPStatusResponse struct {
	Enabled         bool `json:"enabled"`
	BackupCodesLeft int  `json:"backupCodesLeft"`
}

// otpStatus answers for the signed-in user only (the record is the
// caller's own, from the token): nobody can ask about someone else.
func otpStatus(e *core.RequestEvent) error {
	st, err := readState(e.App, e.Auth.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	res := OTPStatusResponse{Enabled: st.Enabled}
	if st.Enabled {
		res.BackupCodesLeft = len(st.BackupHashes)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.JSON(200, res)
}
