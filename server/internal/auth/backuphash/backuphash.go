// Package backuphash stores 2FA backup codes: argon2id with a salt per
// user and set, so a leaked database gives neither working codes nor one
// table to crack every account's codes with.
//
// What is hashed is the SHA-256 (hex) of the normalised code, which is what
// the first version stored: the migration that moved 2FA state into its own
// collection could rehash those stored values without knowing the codes.
// It is a package of its own so that migration can use it (package auth
// imports the migrations).
package backuphash

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters: 19 MiB, 1 pass, 1 lane (OWASP's minimum memory; one
// pass, as the codes carry ~50 random bits: what the KDF must do is make
// each guess at a leaked hash cost memory and time, and 10 codes are hashed
// per new set). One check costs one hash, whatever the number of stored
// codes, because every code of a set shares the set's salt.
const (
	argonThreads = 1
	argonKeyLen  = 32
	saltLen      = 16
)

// argonTime and argonMemory (KiB) are variables only so that the tests of
// other packages can make hashing cheap (LowerCostForTests).
var (
	argonTime   uint32 = 1
	argonMemory uint32 = 19 * 1024
)

// LowerCostForTests makes every hash cheap, for test binaries that hash
// many codes (call it from TestMain, before any test runs). Production
// code never calls it; this package's own tests keep the real cost.
func LowerCostForTests() {
	argonTime, argonMemory = 1, 64
}

// NewSalt is a fresh random salt, hex encoded.
func NewSalt() string {
	b := make([]byte, saltLen)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return hex.EncodeToString(b)
}

// Prehash is the SHA-256 (hex) of a normalised code: the unsalted value
// the first version stored.
func Prehash(normalizedCode string) string {
	sum := sha256.Sum256([]byte(normalizedCode))
	return hex.EncodeToString(sum[:])
}

// FromPrehash is the stored hash of a prehashed code under salt.
func FromPrehash(prehash, salt string) string {
	return hex.EncodeToString(argon2.IDKey([]byte(prehash), []byte(salt), argonTime, argonMemory, argonThreads, argonKeyLen))
}

// Hash is the stored hash of a normalised code under salt.
func Hash(normalizedCode, salt string) string {
	return FromPrehash(Prehash(normalizedCode), salt)
}

// Equal compares two stored hashes in constant time.
func Equal(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}
