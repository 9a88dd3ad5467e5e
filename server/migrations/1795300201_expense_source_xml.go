package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// An XML e-invoice that starts with its root element, without the
// "<?xml …?>" declaration (allowed, and sent by some tools), is detected
// as text/plain, so the received e-invoice's file also takes text/plain:
// the reader (internal/inbound) has read it as an e-invoice before it is
// kept.
func init() {
	m.Register(func(app core.App) error {
		return setSourceFileTypes(app, append(SourceFileMimeTypes, "text/plain"))
	}, func(app core.App) error {
		return setSourceFileTypes(app, SourceFileMimeTypes)
	})
}

// setSourceFileTypes sets the file types of the expenses' source_file.
func setSourceFileTypes(app core.App, types []string) error {
	c, err := app.FindCollectionByNameOrId(ExpensesCollection)
	if err != nil {
		return err
	}
	if f, ok := c.Fields.GetByName(FieldSourceFile).(*core.FileField); ok {
		f.MimeTypes = types
	}
	return app.Save(c)
}
