package boot

import "testing"

func TestServerBaseURL(t *testing.T) {
	cases := map[string]string{
		"127.0.0.1:8097": "http://127.0.0.1:8097",
		"0.0.0.0:8090":   "http://127.0.0.1:8090",
		":8090":          "http://127.0.0.1:8090",
		"[::]:8090":      "http://127.0.0.1:8090",
		"localhost:3000": "http://localhost:3000",
		"[::1]:8090":     "http://[::1]:8090",
		"":               "",
		":http":          "",
		"no-port":        "",
	}
	for addr, want := range cases {
		if got := serverBaseURL(addr); got != want {
			t.Errorf("serverBaseURL(%q) = %q, want %q", addr, got, want)
		}
	}
}

func TestDecideAppURL(t *testing.T) {
	cases := []struct {
		name, env, current, listen, want string
	}{
		{"env wins", "https://folio.example.com", "https://old.example.com", "http://127.0.0.1:8097", "https://folio.example.com"},
		{"fresh data dir takes the listen address", "", "http://localhost:8090", "http://127.0.0.1:8097", "http://127.0.0.1:8097"},
		{"empty takes the listen address", "", "", "http://127.0.0.1:8097", "http://127.0.0.1:8097"},
		{"restart on another port follows", "", "http://127.0.0.1:8097", "http://127.0.0.1:9000", "http://127.0.0.1:9000"},
		{"admin's choice is kept", "", "https://books.example.com", "http://127.0.0.1:8097", "https://books.example.com"},
		{"unknown listen address", "", "http://localhost:8090", "", "http://127.0.0.1:8090"},
	}
	for _, c := range cases {
		if got := decideAppURL(c.env, c.current, c.listen); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
