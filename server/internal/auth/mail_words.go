package auth

// The words of the account mails (verification, password reset, email
// change, and PocketBase's OTP and new-location alert), one map per
// language. English is exactly what the mails said before they spoke other
// languages (migration 1795300001 and PocketBase's defaults; a test checks
// the templates built from it are the stored ones). Every language has
// every key with the same placeholders (checked by TestMailWords). Words
// are plain text inside HTML: no "<", ">" or "&".
//
// The placeholders are PocketBase's: {APP_NAME} is the app's name; the
// links ({APP_URL}, {TOKEN}), the code ({OTP}) and the alert's details
// ({ALERT_INFO}) are put in by the templates (mail_templates.go).

// Keys of the catalogue.
const (
	wordHello    = "hello"    // the greeting line
	wordOpenLink = "openLink" // before the link written out in full
	wordThanks   = "thanks"   // the sign-off's first line
	wordTeam     = "team"     // the sign-off's second line

	wordVerifySubject = "verify.subject"
	wordVerifyIntro   = "verify.intro"
	wordVerifyButton  = "verify.button"
	wordVerifyOutro   = "verify.outro"

	wordResetSubject = "reset.subject"
	wordResetIntro   = "reset.intro"
	wordResetButton  = "reset.button"
	wordResetOutro   = "reset.outro"

	wordEmailChangeSubject = "emailChange.subject"
	wordEmailChangeIntro   = "emailChange.intro"
	wordEmailChangeButton  = "emailChange.button"
	wordEmailChangeOutro   = "emailChange.outro"

	wordOTPSubject = "otp.subject"
	wordOTPCode    = "otp.code" // followed by the code in bold
	wordOTPOutro   = "otp.outro"

	wordAlertSubject   = "alert.subject"
	wordAlertIntro     = "alert.intro" // followed by the sign-in's date, address and browser
	wordAlertAction    = "alert.action"
	wordAlertDisregard = "alert.disregard"

	// The mail to the owner of an address someone tried to sign up with.
	wordSignUpSubject   = "signUpAttempt.subject"
	wordSignUpIntro     = "signUpAttempt.intro"
	wordSignUpButton    = "signUpAttempt.button" // the link to the sign-in page
	wordSignUpForgot    = "signUpAttempt.forgot" // followed by the forgot-password link
	wordSignUpDisregard = "signUpAttempt.disregard"
)

var mailWordsEN = map[string]string{
	wordHello:    "Hello,",
	wordOpenLink: "Or open this link:",
	wordThanks:   "Thanks,",
	wordTeam:     "{APP_NAME} team",

	wordVerifySubject: "Verify your {APP_NAME} email",
	wordVerifyIntro:   "Thank you for joining {APP_NAME}. Click on the button below to verify your email address.",
	wordVerifyButton:  "Verify",
	wordVerifyOutro:   "If you didn't recently register, please ignore this email.",

	wordResetSubject: "Reset your {APP_NAME} password",
	wordResetIntro:   "Click on the button below to reset your password.",
	wordResetButton:  "Reset password",
	wordResetOutro:   "If you didn't ask to reset your password, please ignore this email.",

	wordEmailChangeSubject: "Confirm your {APP_NAME} new email address",
	wordEmailChangeIntro:   "Click on the button below to confirm your new email address.",
	wordEmailChangeButton:  "Confirm new email",
	wordEmailChangeOutro:   "If you didn't ask to change your email address, please ignore this email.",

	wordOTPSubject: "OTP for {APP_NAME}",
	wordOTPCode:    "Your one-time password is:",
	wordOTPOutro:   "If you didn't ask for the one-time password, you can ignore this email.",

	wordAlertSubject:   "Login from a new location",
	wordAlertIntro:     "We noticed a login to your {APP_NAME} account from a new location:",
	wordAlertAction:    "If this wasn't you, you should immediately change your {APP_NAME} account password to revoke access from all other locations.",
	wordAlertDisregard: "If this was you, you may disregard this email.",

	wordSignUpSubject:   "Someone tried to sign up to {APP_NAME} with your email",
	wordSignUpIntro:     "Someone just tried to create a new {APP_NAME} account with this email address. You already have an account, so nothing was created and nothing changed.",
	wordSignUpButton:    "Sign in",
	wordSignUpForgot:    "Forgot your password? Choose a new one here:",
	wordSignUpDisregard: "If it wasn't you, you can ignore this email: your account is safe.",
}

var mailWordsDE = map[string]string{
	wordHello:    "Guten Tag,",
	wordOpenLink: "Oder öffnen Sie diesen Link:",
	wordThanks:   "Viele Grüße",
	wordTeam:     "Ihr {APP_NAME}-Team",

	wordVerifySubject: "Bestätigen Sie Ihre E-Mail-Adresse für {APP_NAME}",
	wordVerifyIntro:   "Vielen Dank für Ihre Registrierung bei {APP_NAME}. Klicken Sie auf die Schaltfläche unten, um Ihre E-Mail-Adresse zu bestätigen.",
	wordVerifyButton:  "E-Mail-Adresse bestätigen",
	wordVerifyOutro:   "Falls Sie sich nicht vor Kurzem registriert haben, können Sie diese E-Mail ignorieren.",

	wordResetSubject: "Setzen Sie Ihr Passwort für {APP_NAME} zurück",
	wordResetIntro:   "Klicken Sie auf die Schaltfläche unten, um Ihr Passwort zurückzusetzen.",
	wordResetButton:  "Passwort zurücksetzen",
	wordResetOutro:   "Falls Sie das Zurücksetzen Ihres Passworts nicht angefordert haben, können Sie diese E-Mail ignorieren.",

	wordEmailChangeSubject: "Bestätigen Sie Ihre neue E-Mail-Adresse für {APP_NAME}",
	wordEmailChangeIntro:   "Klicken Sie auf die Schaltfläche unten, um Ihre neue E-Mail-Adresse zu bestätigen.",
	wordEmailChangeButton:  "Neue E-Mail-Adresse bestätigen",
	wordEmailChangeOutro:   "Falls Sie keine Änderung Ihrer E-Mail-Adresse angefordert haben, können Sie diese E-Mail ignorieren.",

	wordOTPSubject: "Einmalpasswort für {APP_NAME}",
	wordOTPCode:    "Ihr Einmalpasswort lautet:",
	wordOTPOutro:   "Falls Sie kein Einmalpasswort angefordert haben, können Sie diese E-Mail ignorieren.",

	wordAlertSubject:   "Anmeldung von einem neuen Standort",
	wordAlertIntro:     "Wir haben eine Anmeldung bei Ihrem {APP_NAME}-Konto von einem neuen Standort festgestellt:",
	wordAlertAction:    "Falls Sie das nicht waren, ändern Sie bitte umgehend das Passwort Ihres {APP_NAME}-Kontos, um allen anderen Standorten den Zugriff zu entziehen.",
	wordAlertDisregard: "Falls Sie das waren, können Sie diese E-Mail ignorieren.",

	wordSignUpSubject:   "Jemand wollte sich mit Ihrer E-Mail-Adresse bei {APP_NAME} registrieren",
	wordSignUpIntro:     "Gerade hat jemand versucht, mit dieser E-Mail-Adresse ein neues {APP_NAME}-Konto anzulegen. Sie haben bereits ein Konto, daher wurde nichts angelegt und nichts geändert.",
	wordSignUpButton:    "Anmelden",
	wordSignUpForgot:    "Passwort vergessen? Hier können Sie ein neues wählen:",
	wordSignUpDisregard: "Falls Sie das nicht waren, können Sie diese E-Mail ignorieren: Ihr Konto ist sicher.",
}

// French puts a no-break space (U+00A0) before a colon.
var mailWordsFR = map[string]string{
	wordHello:    "Bonjour,",
	wordOpenLink: "Ou ouvrez ce lien\u00a0:",
	wordThanks:   "Cordialement,",
	wordTeam:     "L’équipe {APP_NAME}",

	wordVerifySubject: "Vérifiez votre adresse e-mail pour {APP_NAME}",
	wordVerifyIntro:   "Merci d’avoir rejoint {APP_NAME}. Cliquez sur le bouton ci-dessous pour vérifier votre adresse e-mail.",
	wordVerifyButton:  "Vérifier l’adresse e-mail",
	wordVerifyOutro:   "Si vous n’avez pas créé de compte récemment, vous pouvez ignorer cet e-mail.",

	wordResetSubject: "Réinitialisez votre mot de passe {APP_NAME}",
	wordResetIntro:   "Cliquez sur le bouton ci-dessous pour réinitialiser votre mot de passe.",
	wordResetButton:  "Réinitialiser le mot de passe",
	wordResetOutro:   "Si vous n’avez pas demandé la réinitialisation de votre mot de passe, vous pouvez ignorer cet e-mail.",

	wordEmailChangeSubject: "Confirmez votre nouvelle adresse e-mail pour {APP_NAME}",
	wordEmailChangeIntro:   "Cliquez sur le bouton ci-dessous pour confirmer votre nouvelle adresse e-mail.",
	wordEmailChangeButton:  "Confirmer la nouvelle adresse",
	wordEmailChangeOutro:   "Si vous n’avez pas demandé à changer votre adresse e-mail, vous pouvez ignorer cet e-mail.",

	wordOTPSubject: "Mot de passe à usage unique pour {APP_NAME}",
	wordOTPCode:    "Votre mot de passe à usage unique est\u00a0:",
	wordOTPOutro:   "Si vous n’avez pas demandé de mot de passe à usage unique, vous pouvez ignorer cet e-mail.",

	wordAlertSubject:   "Connexion depuis un nouvel emplacement",
	wordAlertIntro:     "Nous avons détecté une connexion à votre compte {APP_NAME} depuis un nouvel emplacement\u00a0:",
	wordAlertAction:    "Si ce n’était pas vous, changez immédiatement le mot de passe de votre compte {APP_NAME} afin de révoquer l’accès depuis tous les autres emplacements.",
	wordAlertDisregard: "Si c’était bien vous, vous pouvez ignorer cet e-mail.",

	wordSignUpSubject:   "Quelqu’un a essayé de s’inscrire à {APP_NAME} avec votre adresse e-mail",
	wordSignUpIntro:     "Quelqu’un vient d’essayer de créer un nouveau compte {APP_NAME} avec cette adresse e-mail. Vous avez déjà un compte : rien n’a été créé ni modifié.",
	wordSignUpButton:    "Se connecter",
	wordSignUpForgot:    "Mot de passe oublié ? Choisissez-en un nouveau ici :",
	wordSignUpDisregard: "Si ce n’était pas vous, vous pouvez ignorer cet e-mail : votre compte est en sécurité.",
}

var mailWordsES = map[string]string{
	wordHello:    "Hola:",
	wordOpenLink: "O abra este enlace:",
	wordThanks:   "Saludos cordiales,",
	wordTeam:     "El equipo de {APP_NAME}",

	wordVerifySubject: "Verifique su correo electrónico en {APP_NAME}",
	wordVerifyIntro:   "Gracias por unirse a {APP_NAME}. Haga clic en el botón de abajo para verificar su dirección de correo electrónico.",
	wordVerifyButton:  "Verificar correo electrónico",
	wordVerifyOutro:   "Si no se ha registrado recientemente, puede ignorar este correo.",

	wordResetSubject: "Restablezca su contraseña de {APP_NAME}",
	wordResetIntro:   "Haga clic en el botón de abajo para restablecer su contraseña.",
	wordResetButton:  "Restablecer contraseña",
	wordResetOutro:   "Si no ha solicitado restablecer su contraseña, puede ignorar este correo.",

	wordEmailChangeSubject: "Confirme su nueva dirección de correo electrónico en {APP_NAME}",
	wordEmailChangeIntro:   "Haga clic en el botón de abajo para confirmar su nueva dirección de correo electrónico.",
	wordEmailChangeButton:  "Confirmar nuevo correo",
	wordEmailChangeOutro:   "Si no ha solicitado cambiar su dirección de correo electrónico, puede ignorar este correo.",

	wordOTPSubject: "Contraseña de un solo uso para {APP_NAME}",
	wordOTPCode:    "Su contraseña de un solo uso es:",
	wordOTPOutro:   "Si no ha solicitado una contraseña de un solo uso, puede ignorar este correo.",

	wordAlertSubject:   "Inicio de sesión desde una nueva ubicación",
	wordAlertIntro:     "Hemos detectado un inicio de sesión en su cuenta de {APP_NAME} desde una nueva ubicación:",
	wordAlertAction:    "Si no ha sido usted, cambie de inmediato la contraseña de su cuenta de {APP_NAME} para revocar el acceso desde todas las demás ubicaciones.",
	wordAlertDisregard: "Si ha sido usted, puede ignorar este correo.",

	wordSignUpSubject:   "Alguien intentó registrarse en {APP_NAME} con su correo electrónico",
	wordSignUpIntro:     "Alguien acaba de intentar crear una cuenta nueva de {APP_NAME} con esta dirección de correo electrónico. Usted ya tiene una cuenta, así que no se creó ni se cambió nada.",
	wordSignUpButton:    "Iniciar sesión",
	wordSignUpForgot:    "¿Olvidó su contraseña? Elija una nueva aquí:",
	wordSignUpDisregard: "Si no fue usted, puede ignorar este correo: su cuenta está segura.",
}

var mailWordsAR = map[string]string{
	wordHello:    "مرحبًا،",
	wordOpenLink: "أو افتح هذا الرابط:",
	wordThanks:   "مع أطيب التحيات،",
	wordTeam:     "فريق {APP_NAME}",

	wordVerifySubject: "تحقّق من بريدك الإلكتروني في {APP_NAME}",
	wordVerifyIntro:   "شكرًا لانضمامك إلى {APP_NAME}. انقر على الزر أدناه للتحقق من عنوان بريدك الإلكتروني.",
	wordVerifyButton:  "التحقق من البريد الإلكتروني",
	wordVerifyOutro:   "إذا لم تُنشئ حسابًا مؤخرًا، فيُرجى تجاهل هذه الرسالة.",

	wordResetSubject: "إعادة تعيين كلمة المرور في {APP_NAME}",
	wordResetIntro:   "انقر على الزر أدناه لإعادة تعيين كلمة المرور.",
	wordResetButton:  "إعادة تعيين كلمة المرور",
	wordResetOutro:   "إذا لم تطلب إعادة تعيين كلمة المرور، فيُرجى تجاهل هذه الرسالة.",

	wordEmailChangeSubject: "تأكيد عنوان بريدك الإلكتروني الجديد في {APP_NAME}",
	wordEmailChangeIntro:   "انقر على الزر أدناه لتأكيد عنوان بريدك الإلكتروني الجديد.",
	wordEmailChangeButton:  "تأكيد البريد الإلكتروني الجديد",
	wordEmailChangeOutro:   "إذا لم تطلب تغيير عنوان بريدك الإلكتروني، فيُرجى تجاهل هذه الرسالة.",

	wordOTPSubject: "كلمة المرور لمرة واحدة في {APP_NAME}",
	wordOTPCode:    "كلمة المرور لمرة واحدة الخاصة بك هي:",
	wordOTPOutro:   "إذا لم تطلب كلمة مرور لمرة واحدة، فيمكنك تجاهل هذه الرسالة.",

	wordAlertSubject:   "تسجيل دخول من موقع جديد",
	wordAlertIntro:     "لاحظنا تسجيل دخول إلى حسابك في {APP_NAME} من موقع جديد:",
	wordAlertAction:    "إذا لم تكن أنت من سجّل الدخول، فغيّر كلمة مرور حسابك في {APP_NAME} فورًا لإلغاء الوصول من جميع المواقع الأخرى.",
	wordAlertDisregard: "إذا كنت أنت من سجّل الدخول، فيمكنك تجاهل هذه الرسالة.",

	wordSignUpSubject:   "حاول شخص ما التسجيل في {APP_NAME} باستخدام بريدك الإلكتروني",
	wordSignUpIntro:     "حاول شخص ما للتو إنشاء حساب جديد في {APP_NAME} باستخدام عنوان البريد الإلكتروني هذا. لديك حساب بالفعل، لذلك لم يُنشأ أي شيء ولم يتغير شيء.",
	wordSignUpButton:    "تسجيل الدخول",
	wordSignUpForgot:    "هل نسيت كلمة المرور؟ اختر كلمة مرور جديدة من هنا:",
	wordSignUpDisregard: "إذا لم تكن أنت، يمكنك تجاهل هذه الرسالة: حسابك في أمان.",
}

// mailWords has every language the web app speaks (src/lib/i18n/locales.ts).
var mailWords = map[string]map[string]string{
	"en": mailWordsEN,
	"de": mailWordsDE,
	"fr": mailWordsFR,
	"es": mailWordsES,
	"ar": mailWordsAR,
}

// isMailLanguage tells whether the account mails can be written in lang.
func isMailLanguage(lang string) bool {
	_, ok := mailWords[lang]
	return ok
}
