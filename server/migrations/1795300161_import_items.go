package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Items can be imported from a file too (issue 31): the imports' kind gets
// the value "items".
func init() {
	m.Register(func(app core.App) error {
		return setImportKinds(app, []string{ImportCustomers, ImportItems})
	}, func(app core.App) error {
		return setImportKinds(app, []string{ImportCustomers})
	})
}

// setImportKinds sets the values of the imports' kind.
func setImportKinds(app core.App, kinds []string) error {
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
