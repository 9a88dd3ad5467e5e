package billing

import (
	"github.com/pocketbase/pocketbase/core"
)

// checkBusinessPrefixes refuses a save of a business (settings, admin UI,
// Go code) whose new or changed number prefixes could give two kinds of
// document the same number (decidePrefixes). Prefixes it leaves as they
// are pass, so a business whose prefixes clashed before the rule can still
// save its other settings.
func checkBusinessPrefixes(e *core.RecordEvent) error {
	r := e.Record
	prefixes := map[string]string{}
	var changed []string
	for _, c := range numbered {
		f := numberings[c].field
		prefixes[f] = r.GetString(f)
		if r.IsNew() || r.GetString(f) != r.Original().GetString(f) {
			changed = append(changed, f)
		}
	}
	if rerr := decidePrefixes(prefixes, changed); rerr != nil {
		return rerr.api()
	}
	return e.Next()
}
