package boot

import (
	"bytes"
	"strings"
	"testing"
)

func TestDecideBanner(t *testing.T) {
	admin := "Admin UI: http://127.0.0.1:8097/_/ (create a superuser with: ./folio superuser upsert you@example.com <password> --dir /data)"
	cases := []struct {
		name string
		demo demoResult
		want []string
	}{
		{"created", demoResult{State: demoCreated, Password: "Secret123Secret1"},
			[]string{"Demo account: email demo@folio.test password Secret123Secret1", admin}},
		{"known from env", demoResult{State: demoKnown, Password: "from-env-pass"},
			[]string{"Demo account: email demo@folio.test password from-env-pass", admin}},
		{"exists", demoResult{State: demoExists},
			[]string{"Demo account: demo@folio.test (password was printed when the data dir was created)", admin}},
		{"absent", demoResult{State: demoAbsent}, []string{admin}},
		{"off", demoResult{State: demoOff}, []string{admin}},
	}
	for _, c := range cases {
		got := decideBanner(c.demo, "http://127.0.0.1:8097", "./folio", "/data")
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}

	if got := decideBanner(demoResult{}, "", "./folio", "/data"); !strings.Contains(got[0], "http://127.0.0.1:8090/_/") {
		t.Errorf("unknown address must fall back to :8090: %q", got)
	}

	var out bytes.Buffer
	printBanner(&out, []string{"line one", "line two"})
	if !strings.Contains(out.String(), "  line one\n  line two\n") || !strings.Contains(out.String(), "Folio") {
		t.Errorf("banner = %q", out.String())
	}
}
