package seed

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

func TestSlugifyTransliterates(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Bäckerei Hofmann":       "baeckerei-hofmann",
		"Café Lindqvist":         "cafe-lindqvist",
		"Chloé":                  "chloe",
		"García":                 "garcia",
		"Straße & Söhne":         "strasse-soehne",
		"Thistle & Rye Catering": "thistle-rye-catering",
		"O'Brien":                "obrien",
		"Umbra Design Co.":       "umbra-design-co",
	} {
		if got := slugify(in); got != want {
			t.Errorf("slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

// Every demo customer's email and website keep the letters of its name.
func TestDemoEmailsKeepTheirLetters(t *testing.T) {
	t.Parallel()
	ascii := regexp.MustCompile(`^[a-z0-9-]+@[a-z0-9-]+\.example$`)
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[string]bool{}
	for i := range len(names) {
		c := customer(r, i)
		if !ascii.MatchString(c.Email) {
			t.Errorf("%s: email %q is not plain ASCII", c.Name, c.Email)
		}
		seen[c.Email[strings.Index(c.Email, "@")+1:]] = true
	}
	for _, domain := range []string{"baeckerei-hofmann.example", "cafe-lindqvist.example"} {
		if !seen[domain] {
			t.Errorf("no demo email at %s", domain)
		}
	}
}
