package boot

import (
	"fmt"
	"io"
	"strings"
)

// decideBanner returns the lines printed at every start, so the way in is
// obvious: the demo account and how to reach the admin UI.
func decideBanner(demo demoResult, listenBase, command, dataDir string) []string {
	if listenBase == "" {
		listenBase = fallbackAppURL
	}

	var lines []string
	switch demo.State {
	case demoCreated, demoKnown:
		lines = append(lines, fmt.Sprintf("Demo account: email %s password %s", DemoEmail, demo.Password))
	case demoExists:
		lines = append(lines, fmt.Sprintf("Demo account: %s (password was printed when the data dir was created)", DemoEmail))
	}
	lines = append(lines, fmt.Sprintf(
		"Admin UI: %s/_/ (create a superuser with: %s superuser upsert you@example.com <password> --dir %s)",
		listenBase, command, dataDir,
	))
	return lines
}

// printBanner frames the lines so they stand out from the server log.
func printBanner(out io.Writer, lines []string) {
	rule := strings.Repeat("═", 72)
	var b strings.Builder
	b.WriteString("\n" + rule + "\n")
	b.WriteString("  Folio\n")
	for _, l := range lines {
		b.WriteString("  " + l + "\n")
	}
	b.WriteString(rule + "\n\n")
	_, _ = io.WriteString(out, b.String())
}
