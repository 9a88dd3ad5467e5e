// Package identity compares email addresses where they name a person: the
// server's operator, an account, the target of a limit.
//
// Unicode case folding is not an identity: strings.EqualFold and
// strings.ToLower map the long s "ſ" to "s" and the Kelvin sign "K" to
// "k", so "ops@folio-opſ.example", a different domain anyone can register,
// would "equal" "ops@folio-ops.example". PocketBase itself finds accounts by
// email with SQLite's COLLATE NOCASE, which folds ASCII letters only; this
// package compares the same way and goes one step further: an address
// with any character outside printable ASCII never matches anything.
//
// The local part is compared without ASCII case too. Mail servers treat it
// as case-insensitive in practice, and PocketBase's unique index on the
// email (COLLATE NOCASE) already makes "Boss@x" and "boss@x" one account,
// so telling them apart here would add no safety, only surprises.
package identity

import "strings"

// Key is the comparable form of an email address: its ASCII letters
// lowercased, nothing else changed. ok is false for anything that is not a
// plain ASCII address: a character outside printable ASCII (look-alike
// letters, fullwidth forms, spaces), not exactly one "@", an empty local
// part or domain, or a domain with an empty label (a trailing or doubled
// dot).
func Key(addr string) (key string, ok bool) {
	at := strings.IndexByte(addr, '@')
	if at <= 0 || at != strings.LastIndexByte(addr, '@') || at == len(addr)-1 {
		return "", false
	}
	b := make([]byte, len(addr))
	for i := 0; i < len(addr); i++ {
		c := addr[i]
		if c <= ' ' || c >= 0x7f {
			return "", false
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	for _, label := range strings.Split(string(b[at+1:]), ".") {
		if label == "" {
			return "", false
		}
	}
	return string(b), true
}

// SameAddress reports whether a and b are the same plain ASCII address,
// ASCII case aside. Two addresses either of which Key refuses are never the
// same, not even when the strings are equal.
func SameAddress(a, b string) bool {
	ka, okA := Key(a)
	kb, okB := Key(b)
	return okA && okB && ka == kb
}

// LimitKey is the key under which limits count an address: Key when the
// address has one, else the address exactly as given, so a look-alike is
// counted as what it is, a different address, and never under the key of
// the address it imitates.
func LimitKey(addr string) string {
	if k, ok := Key(addr); ok {
		return k
	}
	return addr
}

// MailboxKey is LimitKey for limits on the mail an inbox receives: a
// subaddress ("boss+anything@example.com", delivered to boss@ by most
// providers) counts as its base address, so changing the tag does not
// make a new inbox.
func MailboxKey(addr string) string {
	k, ok := Key(addr)
	if !ok {
		return addr
	}
	at := strings.IndexByte(k, '@')
	if plus := strings.IndexByte(k[:at], '+'); plus > 0 {
		return k[:plus] + k[at:]
	}
	return k
}
