package team

import (
	"github.com/pocketbase/pocketbase/core"

	"folio/server/migrations"
)

// NewBusiness creates a business with id (a new random id when "") and
// name, with the defaults every new business starts with (see
// applyBusinessDefaults gives a new business its settings, whoever writes
// it (the sign-up hook, the create route, the demo seed):
// migrations.SetBusinessDefaults, the one list of them.
func applyBusinessDefaults(e *core.RecordEvent) error {
	migrations.SetBusinessDefaults(e.Record)
	return e.Next()
}
