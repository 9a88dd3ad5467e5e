package migrations

import (
	"slices"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Items can be imported from a file too (issue 31): the imports' kind gets
// the value "items".
func init() {
	setKinds := func(app core.App, kinds []string) error {
		c, err := app.FindCollectionByNameOrId(ImportsCollection)
		if err != nil {
			return err
		}
		f, ok := c.Fields.GetByName("kind").(*core.SelectField)
		if !ok {
			return nil
		}
		f.Values = kinds
		return app.Save(c)
	}
	m.Register(func(app core.App) error {
		return setKinds(app, ImportKinds)
	}, func(app core.App) error {
		return setKinds(app, slices.DeleteFunc(slices.Clone(ImportKinds), func(k string) bool { return k == ImportItems }))
	})
}
