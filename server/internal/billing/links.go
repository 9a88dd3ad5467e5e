package billing

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"folio/server/migrations"
)

// linkTokenBytes is the entropy of a link token: 256 bits from crypto/rand.
const linkTokenBytes = 32

// newLinkToken returns a fresh, unguessable token, URL-safe (43 characters
// of base64url). Only its hash is stored, so it can't be read back.
func newLinkToken() (string, error) {
	b := make([]byte, linkTokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// hashLinkToken is what a link stores and is looked up by: the hex SHA-256
// of the token. Any string hashes, so a malformed token takes the same
// path (one indexed lookup) as a well-formed one that was revoked.
func hashLinkToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// createLink saves a new live link to a document and returns its token.
// Several links may be live for one document: each send mints its own.
func createLink(app core.App, business, kind, docID string) (token string, link *core.Record, err error) {
	if token, err = newLinkToken(); err != nil {
		return "", nil, err
	}
	col, err := app.FindCachedCollectionByNameOrId(migrations.DocumentLinksCollection)
	if err != nil {
		return "", nil, err
	}
	link = core.NewRecord(col)
	link.Set("business", business)
	link.Set("kind", kind)
	link.Set("document", docID)
	link.Set("token_hash", hashLinkToken(token))
	if err := app.Save(link); err != nil {
		return "", nil, err
	}
	return token, link, nil
}

// revokeLinks ends every live link of a document at the time given and
// says how many were live.
func revokeLinks(app core.App, kind, docID string, at time.Time) (int64, error) {
	when, err := types.ParseDateTime(at)
	if err != nil {
		return 0, err
	}
	res, err := app.DB().Update(migrations.DocumentLinksCollection,
		dbx.Params{"revoked_at": when.String()},
		dbx.HashExp{"document": docID, "kind": kind, "revoked_at": ""},
	).Execute()
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// findLiveLink is the live link of a token, or nil. It is one lookup by
// the token's hash through a unique index, and a revoked link is filtered
// in the same query, so an unknown and a revoked token take the same path:
// nothing compares tokens.
func findLiveLink(app core.App, token string) *core.Record {
	link := &core.Record{}
	err := app.RecordQuery(migrations.DocumentLinksCollection).
		AndWhere(dbx.HashExp{"token_hash": hashLinkToken(token), "revoked_at": ""}).
		Limit(1).
		One(link)
	if err != nil {
		return nil
	}
	return link
}
