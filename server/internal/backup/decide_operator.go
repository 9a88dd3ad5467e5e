package backup

import "strings"

// decideOperator says whether the account (its email and whether that
// email is verified) is the server's operator, who may download backups.
//
// A backup is the whole data dir: every account's books, password hashes
// and the key of the 2FA secrets. So only the one account the operator
// named in FOLIO_OPERATOR_EMAIL may download it through Folio, and only
// once that address is verified (someone else may have signed up with it
// first, without being able to verify it). No name, no operator: the
// person who runs the server has the files themselves.
func decideOperator(operatorEmail, email string, verified bool) bool {
	return operatorEmail != "" && verified && strings.EqualFold(strings.TrimSpace(email), operatorEmail)
}
