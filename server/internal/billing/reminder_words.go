package billing

import "folio/server/internal/mailwords"

// reminderWords are the built-in reminder templates of a document
// language; the business's own (reminder_subject_template and
// reminder_message_template) win. They are the web app's catalogue's
// "mail.reminder.*" (package mailwords); the web app shows the same
// defaults from src/billing/dunning-defaults.json, which a test holds equal.
type reminderWords struct{ Subject, Message string }

// reminderCatalogue has every document language.
var reminderCatalogue = func() map[string]reminderWords {
	out := map[string]reminderWords{}
	for lang, w := range mailwords.Section("reminder") {
		out[lang] = reminderWords{Subject: w["subject"], Message: w["message"]}
	}
	return out
}()

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
