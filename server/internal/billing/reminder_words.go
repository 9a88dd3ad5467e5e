package billing

// reminderWords are the built-in reminder templates of a document
// language; the business's own (reminder_subject_template and
// reminder_message_template) win. The web app shows the same defaults from
// src/billing/dunning-defaults.json; a test holds both equal.
type reminderWords struct{ Subject, Message string }

// reminderCatalogue has every document language.
var reminderCatalogue = map[string]reminderWords{
	"en": {
		Subject: "Reminder: {kind} {number} from {business}",
		Message: "Hello {customer},\n\nThis is a friendly reminder that {amount} is still open on invoice {number}, due on {due_date}. If you have already paid, please disregard this message.\n\nView it online: {link}\n\nThank you,\n{business}",
	},
	"de": {
		Subject: "Zahlungserinnerung: {kind} {number} von {business}",
		Message: "Guten Tag {customer},\n\nwir möchten Sie freundlich daran erinnern, dass zur Rechnung {number} noch {amount} offen sind, fällig am {due_date}. Falls Sie bereits bezahlt haben, betrachten Sie diese Nachricht bitte als gegenstandslos.\n\nOnline ansehen: {link}\n\nVielen Dank\n{business}",
	},
	"fr": {
		Subject: "Rappel : {kind} {number} de {business}",
		Message: "Bonjour {customer},\n\nNous vous rappelons qu’un montant de {amount} reste dû sur la facture {number}, échéance le {due_date}. Si vous avez déjà réglé, merci de ne pas tenir compte de ce message.\n\nConsultez-la en ligne : {link}\n\nMerci,\n{business}",
	},
	"es": {
		Subject: "Recordatorio: {kind} {number} de {business}",
		Message: "Estimado/a {customer}:\n\nLe recordamos que la factura {number} tiene un importe pendiente de {amount}, con vencimiento el {due_date}. Si ya ha realizado el pago, puede ignorar este mensaje.\n\nPuede consultarla en línea: {link}\n\nGracias,\n{business}",
	},
	"ar": {
		Subject: "تذكير: {kind} {number} من {business}",
		Message: "مرحبًا {customer}،\n\nنود تذكيركم بأن مبلغ {amount} لا يزال مستحقًا على الفاتورة {number}، وتاريخ استحقاقها {due_date}. إذا كنتم قد سددتم المبلغ بالفعل، يرجى تجاهل هذه الرسالة.\n\nيمكنكم الاطلاع عليها عبر الرابط: {link}\n\nشكرًا لكم،\n{business}",
	},
}

// reminderWordsFor is a language's reminder templates; English for a
// language Folio does not write documents in.
func reminderWordsFor(lang string) reminderWords {
	if w, ok := reminderCatalogue[lang]; ok {
		return w
	}
	return reminderCatalogue["en"]
}

// builtInReminderSubjects and builtInReminderMessages are every language's
// defaults: a saved template equal to one of them is no choice of the
// business's and gives way to the document language's (decideSendTemplate).
var builtInReminderSubjects, builtInReminderMessages = func() (subjects, messages []string) {
	for _, w := range reminderCatalogue {
		subjects = append(subjects, w.Subject)
		messages = append(messages, w.Message)
	}
	return subjects, messages
}()
