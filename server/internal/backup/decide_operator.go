package backup

import "folio/server/internal/identity"

// decideOperator says whether the account (its email and whether that
// email is verified) is the server's operator, who may download backups.
//
// A backup is the whole data dir: every account's books, password hashes
// and the key of the 2FA secrets. So only the one account the operator
// named in FOLIO_OPERATOR_EMAIL may download it through Folio, and only
// once that address is verified (someone else may have signed up with it
// first, without being able to verify it). No name, no operator: the
// person who runs the server has the files themselves.
//
// The addresses are compared as identity.SameAddress does: ASCII case
// aside, character for character, and never when either has a character
// outside ASCII. Unicode case folding would make "ops@folio-opſ.example"
// (long s: another domain, anyone's to register and verify) the operator
// of "ops@folio-ops.example".
func decideOperator(operatorEmail, email string, verified bool) bool {
	return verified && identity.SameAddress(email, operatorEmail)
}
