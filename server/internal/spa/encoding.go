package spa

import (
	"strconv"
	"strings"
)

// brotliSuffix names the Brotli copy the build writes beside a text file
// (scripts/precompress.mjs): name.js → name.js.br.
const brotliSuffix = ".br"

// acceptsBrotli reports whether an Accept-Encoding header lets the answer
// be Brotli: "br" is listed without q=0 (RFC 9110 §12.5.3). A wildcard is
// not taken as a yes: only clients that name Brotli get it.
func acceptsBrotli(header string) bool {
	for _, item := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(item, ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "br") {
			continue
		}
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				return err == nil && q > 0
			}
		}
		return true
	}
	return false
}
