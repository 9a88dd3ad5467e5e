package team

import (
	"folio/server/internal/mailwords"
	"folio/server/migrations"
)

// The words of the team mails, one map per language, written in the web
// app's catalogue (see mailWords) (the languages the web app speaks, src/lib/i18n/locales.ts). Every language has every key with
// the same placeholders (checked by TestMailWords). Placeholders: {inviter}
// (the inviting person's name, or their address), {business} (the
// business's name), {role} (one of the role words below), {app} (the app's
// name). Values are put in before the HTML is escaped, so a business
// called "<b>" is written as text.

// Keys of the catalogue.
const (
	wordHello     = "hello"
	wordOpenLink  = "openLink" // before the link written out in full
	wordSubject   = "invite.subject"
	wordIntro     = "invite.intro"
	wordButton    = "invite.button"
	wordExpiry    = "invite.expiry"
	wordDisregard = "invite.disregard"

	// The mail to an address that already has an account, when someone
	// used an invitation to it to create a new one.
	wordTakenSubject = "taken.subject"
	wordTakenIntro   = "taken.intro"
	wordTakenAction  = "taken.action"

	wordRoleOwner      = "role.owner"
	wordRoleAdmin      = "role.admin"
	wordRoleMember     = "role.member"
	wordRoleAccountant = "role.accountant"
)

// mailWords has every language the web app speaks: its catalogue's
// "mail.team.*" (src/locales/<lang>/mail.json, embedded by package
// mailwords), keyed without the prefix.
var mailWords = mailwords.Section("team")

// mailWordsEN is English, the words of a language the mails don't speak.
var mailWordsEN = mailWords["en"]

// roleWords are the keys of the roles' words.
var roleWords = map[string]string{
	migrations.RoleOwner:      wordRoleOwner,
	migrations.RoleAdmin:      wordRoleAdmin,
	migrations.RoleMember:     wordRoleMember,
	migrations.RoleAccountant: wordRoleAccountant,
}

// wordsFor is lang's catalogue, English for a language the mails don't
// speak.
func wordsFor(lang string) map[string]string {
	if w, ok := mailWords[lang]; ok {
		return w
	}
	return mailWordsEN
}
