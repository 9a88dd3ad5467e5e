package team

import "folio/server/migrations"

// The words of the team mails, one map per language (the languages the web
// app speaks, src/lib/i18n/locales.ts). Every language has every key with
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

var mailWordsEN = map[string]string{
	wordHello:          "Hello,",
	wordOpenLink:       "Or open this link:",
	wordSubject:        "{inviter} invited you to {business} on {app}",
	wordIntro:          "{inviter} invited you to join {business} on {app} as {role}.",
	wordButton:         "Accept the invitation",
	wordExpiry:         "The link works once, for 7 days.",
	wordDisregard:      "If you weren't expecting this invitation, you can ignore this mail.",
	wordTakenSubject:   "Your {app} account was invited to {business}",
	wordTakenIntro:     "Someone opened the invitation to {business} sent to this address and tried to create a new account with it. You already have an account, so nothing was created.",
	wordTakenAction:    "To join, sign in with your account and open the invitation link again.",
	wordRoleOwner:      "an owner",
	wordRoleAdmin:      "an admin",
	wordRoleMember:     "a member",
	wordRoleAccountant: "an accountant",
}

var mailWordsDE = map[string]string{
	wordHello:          "Hallo,",
	wordOpenLink:       "Oder öffnen Sie diesen Link:",
	wordSubject:        "{inviter} hat Sie zu {business} in {app} eingeladen",
	wordIntro:          "{inviter} hat Sie eingeladen, {business} in {app} beizutreten, mit der Rolle {role}.",
	wordButton:         "Einladung annehmen",
	wordExpiry:         "Der Link funktioniert einmal und 7 Tage lang.",
	wordDisregard:      "Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.",
	wordTakenSubject:   "Ihr {app}-Konto wurde zu {business} eingeladen",
	wordTakenIntro:     "Jemand hat die Einladung zu {business} an diese Adresse geöffnet und versucht, damit ein neues Konto anzulegen. Sie haben bereits ein Konto, daher wurde nichts angelegt.",
	wordTakenAction:    "Um beizutreten, melden Sie sich mit Ihrem Konto an und öffnen Sie den Einladungslink erneut.",
	wordRoleOwner:      "Inhaber",
	wordRoleAdmin:      "Administrator",
	wordRoleMember:     "Mitglied",
	wordRoleAccountant: "Steuerberater",
}

var mailWordsFR = map[string]string{
	wordHello:          "Bonjour,",
	wordOpenLink:       "Ou ouvrez ce lien :",
	wordSubject:        "{inviter} vous invite à rejoindre {business} sur {app}",
	wordIntro:          "{inviter} vous invite à rejoindre {business} sur {app} en tant que {role}.",
	wordButton:         "Accepter l'invitation",
	wordExpiry:         "Le lien ne sert qu'une fois, pendant 7 jours.",
	wordDisregard:      "Si vous n'attendiez pas cette invitation, vous pouvez ignorer ce message.",
	wordTakenSubject:   "Votre compte {app} a été invité à rejoindre {business}",
	wordTakenIntro:     "Quelqu'un a ouvert l'invitation à {business} envoyée à cette adresse et a essayé de créer un nouveau compte avec. Vous avez déjà un compte : rien n'a été créé.",
	wordTakenAction:    "Pour rejoindre l'entreprise, connectez-vous avec votre compte puis rouvrez le lien de l'invitation.",
	wordRoleOwner:      "propriétaire",
	wordRoleAdmin:      "administrateur",
	wordRoleMember:     "membre",
	wordRoleAccountant: "expert-comptable",
}

var mailWordsES = map[string]string{
	wordHello:          "Hola:",
	wordOpenLink:       "O abra este enlace:",
	wordSubject:        "{inviter} le ha invitado a {business} en {app}",
	wordIntro:          "{inviter} le ha invitado a unirse a {business} en {app} como {role}.",
	wordButton:         "Aceptar la invitación",
	wordExpiry:         "El enlace funciona una sola vez, durante 7 días.",
	wordDisregard:      "Si no esperaba esta invitación, puede ignorar este correo.",
	wordTakenSubject:   "Su cuenta de {app} ha sido invitada a {business}",
	wordTakenIntro:     "Alguien abrió la invitación a {business} enviada a esta dirección e intentó crear una cuenta nueva con ella. Usted ya tiene una cuenta, así que no se creó nada.",
	wordTakenAction:    "Para unirse, inicie sesión con su cuenta y vuelva a abrir el enlace de la invitación.",
	wordRoleOwner:      "propietario",
	wordRoleAdmin:      "administrador",
	wordRoleMember:     "miembro",
	wordRoleAccountant: "contable",
}

var mailWordsAR = map[string]string{
	wordHello:          "مرحبًا،",
	wordOpenLink:       "أو افتح هذا الرابط:",
	wordSubject:        "دعاك {inviter} إلى {business} في {app}",
	wordIntro:          "دعاك {inviter} للانضمام إلى {business} في {app} بصفة {role}.",
	wordButton:         "قبول الدعوة",
	wordExpiry:         "يعمل الرابط مرة واحدة فقط، لمدة 7 أيام.",
	wordDisregard:      "إذا لم تكن تتوقع هذه الدعوة، فيمكنك تجاهل هذه الرسالة.",
	wordTakenSubject:   "تمت دعوة حسابك في {app} إلى {business}",
	wordTakenIntro:     "فتح شخص ما الدعوة إلى {business} المرسلة إلى هذا العنوان وحاول إنشاء حساب جديد بها. لديك حساب بالفعل، لذلك لم يُنشأ أي شيء.",
	wordTakenAction:    "للانضمام، سجّل الدخول بحسابك ثم افتح رابط الدعوة مرة أخرى.",
	wordRoleOwner:      "مالك",
	wordRoleAdmin:      "مسؤول",
	wordRoleMember:     "عضو",
	wordRoleAccountant: "محاسب",
}

// mailWords has every language the web app speaks.
var mailWords = map[string]map[string]string{
	"en": mailWordsEN,
	"de": mailWordsDE,
	"fr": mailWordsFR,
	"es": mailWordsES,
	"ar": mailWordsAR,
}

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
