package boot

import (
	"fmt"
	"html"
	"io"
	"net/mail"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/mailer"
)

// consoleMailHookID identifies the console mail hook.
const consoleMailHookID = "folioConsoleMail"

var (
	linkPattern  = regexp.MustCompile(`https?://[^\s"'<>]+`)
	hrefPattern  = regexp.MustCompile(`(?i)href="(https?://[^"]+)"`)
	blockPattern = regexp.MustCompile(`(?is)<(head|style|script)\b.*?</(head|style|script)>`)
	breakPattern = regexp.MustCompile(`(?i)<br\s*/?>|</p>|</div>|</h\d>|</li>`)
	tagPattern   = regexp.MustCompile(`(?s)<[^>]*>`)
)

// bindConsoleMail prints mail that would otherwise go to a missing sendmail
// (see decideMailDelivery). It skips e.Next(), so PocketBase neither tries
// to send nor prints the mail a second time in dev mode.
func bindConsoleMail(app core.App, forceConsole bool, out io.Writer) {
	app.OnMailerSend().Bind(&hook.Handler[*core.MailerEvent]{
		Id: consoleMailHookID,
		Func: func(e *core.MailerEvent) error {
			if decideMailDelivery(e.Mailer, forceConsole) == deliverSend {
				return e.Next()
			}
			reason := "no SMTP server configured; set FOLIO_SMTP_HOST to send"
			if forceConsole {
				reason = "FOLIO_MAIL=console"
			}
			printMail(out, reason, e.Message)
			return nil
		},
	})
}

// printMail writes a mail in a form a person (or the e2e harness) can act
// on: the links come first, one per line.
func printMail(out io.Writer, reason string, m *mailer.Message) {
	var b strings.Builder
	fmt.Fprintf(&b, "\n──── Mail (printed, not sent: %s) ────\n", reason)
	fmt.Fprintf(&b, "From:    %s\n", escapeControls(m.From.String(), false))
	fmt.Fprintf(&b, "To:      %s\n", escapeControls(joinAddresses(m.To), false))
	fmt.Fprintf(&b, "Subject: %s\n", escapeControls(m.Subject, false))

	body := m.Text
	links := uniqueLinks(linkPattern, body)
	if body == "" {
		body = htmlToText(m.HTML)
		links = uniqueLinks(hrefPattern, m.HTML)
	}
	if len(links) > 0 {
		b.WriteString("Links:\n")
		for _, l := range links {
			fmt.Fprintf(&b, "  %s\n", escapeControls(l, false))
		}
	}
	b.WriteString("Body:\n")
	for _, line := range strings.Split(strings.TrimSpace(body), "\n") {
		fmt.Fprintf(&b, "  %s\n", escapeControls(strings.TrimSuffix(line, "\r"), true))
	}
	b.WriteString("────────────────────────────────────────────────────────────\n")

	_, _ = io.WriteString(out, b.String())
}

// escapeControls writes the control characters of user text (C0, DEL,
// C1, U+2028/U+2029) and invalid UTF-8 as Go escapes (\n, \r, \x1b,
// \u2028), so a name or subject can neither start a forged line in the
// log nor drive the terminal. Other text is kept as it is; keepTab keeps
// tabs (body lines).
func escapeControls(s string, keepTab bool) string {
	clean := true
	for _, r := range s {
		if needsEscape(r, keepTab) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case needsEscape(r, keepTab):
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func needsEscape(r rune, keepTab bool) bool {
	if r == '\t' {
		return !keepTab
	}
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == utf8.RuneError
}

func joinAddresses(list []mail.Address) string {
	parts := make([]string, len(list))
	for i, a := range list {
		parts[i] = a.String()
	}
	return strings.Join(parts, ", ")
}

// uniqueLinks lists the URLs of a body once each, HTML entities decoded so
// they can be pasted into a browser. For HTML only real links (href) count,
// not the doctype or namespace URLs of the mail layout.
func uniqueLinks(pattern *regexp.Regexp, body string) []string {
	var links []string
	seen := map[string]bool{}
	for _, m := range pattern.FindAllStringSubmatch(body, -1) {
		l := html.UnescapeString(m[len(m)-1])
		if !seen[l] {
			seen[l] = true
			links = append(links, l)
		}
	}
	return links
}

// htmlToText makes an HTML mail readable in a terminal: no layout styles,
// no tags, one paragraph per line.
func htmlToText(h string) string {
	h = blockPattern.ReplaceAllString(h, "")
	h = breakPattern.ReplaceAllString(h, "\n")
	h = html.UnescapeString(tagPattern.ReplaceAllString(h, ""))

	var lines []string
	for _, line := range strings.Split(h, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}
