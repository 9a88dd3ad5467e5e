package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Imports from a file (issue 31, part 2). Each run of an import is one
// record: what it brought (the file's name and SHA-256), how it ran, and
// what it changed — the ids of the records it created and the previous
// values of those it updated — so it can be undone as one step within a
// day (internal/imports).
//
// Only the server writes imports; owners and admins, who may import, read
// them through the API. The same file runs once per business: a unique
// index on (business, file_hash) over the imports that are running or
// done, so two runs of one file at once import it once; an undone import
// frees its file.
const (
	// ImportsCollection holds the imports.
	ImportsCollection = "imports"

	// FieldImportFileHash is the SHA-256 (hex) of the imported file.
	FieldImportFileHash = "file_hash"
	// FieldImportCreated is the ids of the records the import created.
	FieldImportCreated = "created_ids"
	// FieldImportPrevious is the previous values of the records it updated:
	// [{"id": …, "fields": {…}}].
	FieldImportPrevious = "previous"
)

// The states of an import.
const (
	ImportRunning = "running"
	ImportDone    = "done"
	ImportUndone  = "undone"
)

// ImportStates are the values of an import's status.
var ImportStates = []string{ImportRunning, ImportDone, ImportUndone}

// What can be imported: customers (this migration) and items (1795300161).
const (
	ImportCustomers = "customers"
	ImportItems     = "items"
)

// ImportKinds are what can be imported.
var ImportKinds = []string{ImportCustomers, ImportItems, ImportInvoices, ImportVendors}

// ImportModes: all (one transaction, nothing written unless every row is
// right) or rows (each right row written, the others reported).
var ImportModes = []string{"all", "rows"}

func init() {
	m.Register(func(app core.App) error {
		found, err := findCollections(app, BusinessesCollection, UsersCollection)
		if err != nil {
			return err
		}
		businesses, users := found[0], found[1]
		zero := 0.0
		rule := MemberRule(FieldBusiness, ManagerRoles...) + " && " + MFARule
		c := core.NewBaseCollection(ImportsCollection)
		c.ListRule = ptr(rule)
		c.ViewRule = ptr(rule)
		c.Fields.Add(
			&core.RelationField{Name: FieldBusiness, CollectionId: businesses.Id, Required: true, MaxSelect: 1, CascadeDelete: true},
			&core.SelectField{Name: "kind", Values: []string{ImportCustomers}, MaxSelect: 1, Required: true},
			&core.SelectField{Name: "mode", Values: ImportModes, MaxSelect: 1, Required: true},
			&core.SelectField{Name: "status", Values: ImportStates, MaxSelect: 1, Required: true},
			&core.TextField{Name: "file_name", Max: 255},
			&core.TextField{Name: FieldImportFileHash, Required: true, Max: 64},
			&core.NumberField{Name: "created_count", OnlyInt: true, Min: &zero},
			&core.NumberField{Name: "updated_count", OnlyInt: true, Min: &zero},
			&core.NumberField{Name: "skipped_count", OnlyInt: true, Min: &zero},
			&core.NumberField{Name: "failed_count", OnlyInt: true, Min: &zero},
			&core.JSONField{Name: FieldImportCreated, MaxSize: 8 << 20},
			&core.JSONField{Name: FieldImportPrevious, MaxSize: 64 << 20},
			&core.RelationField{Name: "imported_by", CollectionId: users.Id, MaxSelect: 1},
			&core.DateField{Name: "undone_at"},
		)
		withTimestamps(c)
		c.AddIndex("idx_imports_file", true, "`business`, `"+FieldImportFileHash+"`", "`status` != '"+ImportUndone+"'")
		c.AddIndex("idx_imports_business", false, "`business`, `created`", "")
		return app.Save(c)
	}, func(app core.App) error {
		return deleteCollections(app, ImportsCollection)
	})
}
