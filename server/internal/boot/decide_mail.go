package boot

import "github.com/pocketbase/pocketbase/tools/mailer"

// mailDelivery is what happens to an outgoing mail.
type mailDelivery int

const (
	// deliverSend lets PocketBase send it (SMTP, or a mailer a test swapped in).
	deliverSend mailDelivery = iota
	// deliverConsole prints it to stdout and sends nothing.
	deliverConsole
)

// decideMailDelivery prints mail when there is no SMTP server: PocketBase
// would fall back to a sendmail binary, which this kind of host does not
// have, and the mail (with its verification link) would be lost. With
// FOLIO_MAIL=console it prints even when SMTP is configured.
func decideMailDelivery(m mailer.Mailer, forceConsole bool) mailDelivery {
	switch m.(type) {
	case *mailer.Sendmail:
		return deliverConsole
	case *mailer.SMTPClient:
		if forceConsole {
			return deliverConsole
		}
	}
	return deliverSend
}
