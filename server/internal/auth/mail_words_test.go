package auth

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/testapp"
	"folio/server/migrations"
)

var placeholderPattern = regexp.MustCompile(`\{[A-Z_:]+\}`)

func placeholders(s string) []string {
	found := placeholderPattern.FindAllString(s, -1)
	slices.Sort(found)
	return slices.Compact(found)
}

// TestMailWords: the account mails speak every language and write no
// markup of their own.
func TestMailWords(t *testing.T) {
	t.Parallel()

	// The web app's locales (src/lib/i18n/locales.ts), which the document
	// languages are too.
	langs := slices.Sorted(maps.Keys(mailWords))
	if want := slices.Sorted(slices.Values(migrations.DocumentLanguages)); !slices.Equal(langs, want) {
		t.Errorf("languages %v, want %v", langs, want)
	}

	// Every key with English's placeholders: package mailwords' test.
	for lang, words := range mailWords {
		for key, w := range words {
			if strings.ContainsAny(w, "<>&") {
				t.Errorf("%s %q: markup in %q", lang, key, w)
			}
		}
	}
}

// TestMailTemplatesEnglishAsStored: the English templates built from the
// catalogue are exactly what the users collection is set up with, so
// English mail is unchanged and a template an admin edited is recognised.
func TestMailTemplatesEnglishAsStored(t *testing.T) {
	t.Parallel()
	app := testapp.New(t)
	defer app.Cleanup()

	users, err := app.FindCollectionByNameOrId(migrations.UsersCollection)
	if err != nil {
		t.Fatal(err)
	}
	defaults := core.NewAuthCollection("defaults")
	for _, m := range accountMails {
		if got, want := mailTemplate(m, "en"), storedTemplate(users, m); got != want {
			t.Errorf("mail %d: English template\n%q\nstored\n%q", m, got, want)
		}
	}
	// The two Folio leaves as PocketBase ships them.
	for _, m := range []accountMail{mailOTP, mailAuthAlert} {
		if got, want := mailTemplate(m, "en"), storedTemplate(defaults, m); got != want {
			t.Errorf("mail %d: English template\n%q\nPocketBase's default\n%q", m, got, want)
		}
	}
}

// TestMailTemplatesEveryLanguage: each language's templates keep every
// placeholder and link of the English ones.
func TestMailTemplatesEveryLanguage(t *testing.T) {
	t.Parallel()
	for _, m := range accountMails {
		en := mailTemplate(m, "en")
		for lang := range mailWords {
			tpl := mailTemplate(m, lang)
			if got, want := placeholders(tpl.Subject+tpl.Body), placeholders(en.Subject+en.Body); !slices.Equal(got, want) {
				t.Errorf("mail %d in %s: placeholders %v, English has %v", m, lang, got, want)
			}
			if l, ok := linkMails[m]; ok {
				link := "{APP_URL}" + l.path + "?token={TOKEN}"
				if strings.Count(tpl.Body, link) != 2 {
					t.Errorf("mail %d in %s: the link %s should be there twice:\n%s", m, lang, link, tpl.Body)
				}
			}
		}
	}
}

func TestRenderMailMarksTheLanguage(t *testing.T) {
	t.Parallel()
	p := map[string]any{"{APP_NAME}": "Folio", "{APP_URL}": "https://folio.test", "{TOKEN}": "tok"}

	_, en, err := renderMail(mailTemplate(mailPasswordReset, "en"), "en", p)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(en, ` lang="`) {
		t.Errorf("English is marked:\n%s", en)
	}

	subject, ar, err := renderMail(mailTemplate(mailPasswordReset, "ar"), "ar", p)
	if err != nil {
		t.Fatal(err)
	}
	if subject != "إعادة تعيين كلمة المرور في Folio" {
		t.Errorf("subject %q", subject)
	}
	for _, want := range []string{`<div lang="ar" dir="rtl">`, `href="https://folio.test/reset-password?token=tok"`, "فريق Folio"} {
		if !strings.Contains(ar, want) {
			t.Errorf("missing %q in\n%s", want, ar)
		}
	}
	if left := placeholders(ar); len(left) > 0 {
		t.Errorf("placeholders %v left:\n%s", left, ar)
	}
}
