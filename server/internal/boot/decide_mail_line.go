package boot

import (
	"fmt"
	"strconv"

	"github.com/pocketbase/pocketbase/core"
)

// decideMailLine is the start banner's line about mail: where it goes (the
// SMTP server, port, encryption and login, or this console) and who it is
// from, so an operator sees a missing or wrong provider at start, not when
// a customer says an invoice never came. The password is never shown.
// mode is the environment's TLS mode; empty when the SMTP settings are the
// stored ones (the admin UI's), which only say TLS or not.
func decideMailLine(smtp core.SMTPConfig, mode SMTPTLS, console bool, meta core.MetaConfig) string {
	from := escapeControls(fmt.Sprintf("%s <%s>", meta.SenderName, meta.SenderAddress), false)
	switch {
	case console:
		return fmt.Sprintf("Mail: printed to this console, not sent (FOLIO_MAIL=console), from %s", from)
	case !smtp.Enabled:
		return fmt.Sprintf("Mail: printed to this console, not sent (set FOLIO_SMTP_HOST to send), from %s", from)
	}

	if mode == "" {
		mode = SMTPStartTLS
		if smtp.TLS {
			mode = SMTPImplicitTLS
		}
	}
	how := map[SMTPTLS]string{
		SMTPImplicitTLS: "implicit TLS",
		SMTPStartTLS:    "STARTTLS",
		SMTPNoTLS:       "no TLS",
	}[mode]
	login := "no login"
	if smtp.Username != "" {
		login = "user " + smtp.Username
	}
	where := escapeControls(smtp.Host+":"+strconv.Itoa(smtp.Port), false)
	return fmt.Sprintf("Mail: through %s (%s, %s), from %s", where, how, escapeControls(login, false), from)
}
