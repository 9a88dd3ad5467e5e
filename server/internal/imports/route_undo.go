package imports

import (
	"cmp"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"folio/server/internal/billing"
	"folio/server/internal/team"
	"folio/server/migrations"
)

// errInUse is a created customer that can't be deleted any more.
var errInUse = errors.New("a created customer is in use")

// errUsedBy is a created record other records refer to by now (a
// vendor's expenses).
var errUsedBy = errors.New("a created record is referred to")

// errChanged is an imported invoice changed since its import.
var errChanged = errors.New("an imported invoice changed since")

// undoInvoice deletes an invoice the import created, with the payment it
// brought; an invoice changed since (saved after the import was recorded:
// a new payment, a reminder, a credit note, an edit) stops the undo.
func undoInvoice(tx core.App, imp, inv *core.Record) error {
	if changed, err := changedSince(tx, imp, inv); err != nil || changed {
		return cmp.Or(err, errChanged)
	}
	if err := billing.DeleteImported(tx, inv); err != nil {
		return errChanged
	}
	return nil
}

// changedSince tells whether the invoice changed after the import imp: saved
// since, or a reminder mailed since (kept beside the invoice, which it
// leaves as is).
func changedSince(tx core.App, imp, inv *core.Record) (bool, error) {
	if inv.GetDateTime("updated").After(imp.GetDateTime("updated")) {
		return true, nil
	}
	var reminders int
	err := tx.DB().Select("COUNT(*)").From(migrations.InvoiceRemindersCollection).
		Where(dbx.HashExp{"invoice": inv.Id}).
		AndWhere(dbx.NewExp("[[created]] > {:at}", dbx.Params{"at": imp.GetDateTime("created").String()})).Row(&reminders)
	return reminders > 0, err
}

// undoInvoiceUpdate takes back what an import changed on an open invoice
// imported before: the payment it added, then the previous due date,
// customer or total; an invoice changed since stops the undo.
func undoInvoiceUpdate(tx core.App, imp, inv *core.Record, prev previousValues) error {
	if changed, err := changedSince(tx, imp, inv); err != nil || changed {
		return cmp.Or(err, errChanged)
	}
	if prev.Payment != "" {
		p, err := tx.FindRecordById(migrations.PaymentsCollection, prev.Payment)
		if err != nil {
			return errChanged
		}
		if err := tx.Delete(p); err != nil {
			return errChanged
		}
	}
	if len(prev.Fields) == 0 {
		return nil
	}
	if err := restoreInvoice(tx, inv.Id, prev.Fields); err != nil {
		return errChanged
	}
	return nil
}

// undoRoute undoes an import in one transaction, within UndoWindow: the
// customers it updated get their previous values back, those it created
// are deleted (refused, and nothing undone, when one has documents by
// now), and the import is marked undone, which frees its file.
func (s *service) undoRoute(e *core.RequestEvent) error {
	imp, err := e.App.FindRecordById(migrations.ImportsCollection, e.Request.PathValue("id"))
	if err != nil {
		return answer(http.StatusNotFound, "folio_import_not_found", msgImportMissing)
	}
	if err := team.Require(e, imp.GetString("business"), team.Manage); err != nil {
		return err
	}
	switch {
	case imp.GetString("status") == migrations.ImportUndone:
		return answer(http.StatusConflict, "folio_import_undone_already", msgUndoneAlready)
	case imp.GetString("status") != migrations.ImportDone:
		return answer(http.StatusNotFound, "folio_import_not_found", msgImportMissing)
	case s.now().Sub(imp.GetDateTime("created").Time()) > UndoWindow:
		return answer(http.StatusConflict, "folio_import_undo_expired", msgUndoExpired)
	}
	spec := kinds[imp.GetString("kind")]
	if spec == nil {
		return answer(http.StatusNotFound, "folio_import_not_found", msgImportMissing)
	}
	var created []string
	var previous []previousValues
	if err := json.Unmarshal([]byte(imp.GetString(migrations.FieldImportCreated)), &created); err != nil {
		return e.InternalServerError("", err)
	}
	if err := json.Unmarshal([]byte(imp.GetString(migrations.FieldImportPrevious)), &previous); err != nil {
		return e.InternalServerError("", err)
	}
	var vendors []string
	if raw := imp.GetString(migrations.FieldImportCreatedVendors); raw != "" {
		if err := json.Unmarshal([]byte(raw), &vendors); err != nil {
			return e.InternalServerError("", err)
		}
	}
	err = e.App.RunInTransaction(func(tx core.App) error {
		for i := len(previous) - 1; i >= 0; i-- {
			rec, err := tx.FindRecordById(spec.collection, previous[i].ID)
			if err != nil {
				continue // deleted since: nothing to restore
			}
			if spec.undoUpdate != nil {
				if err := spec.undoUpdate(tx, imp, rec, previous[i]); err != nil {
					return err
				}
				continue
			}
			for f, v := range previous[i].Fields {
				rec.Set(f, v)
			}
			if err := tx.Save(rec); err != nil {
				return err
			}
		}
		for _, id := range created {
			rec, err := tx.FindRecordById(spec.collection, id)
			if err != nil {
				continue // deleted since
			}
			if spec.undoCreate != nil {
				if err := spec.undoCreate(tx, imp, rec); err != nil {
					return err
				}
				continue
			}
			if spec.usedBy != nil {
				if n, err := tx.CountRecords(spec.usedBy.collection, dbx.HashExp{spec.usedBy.field: id}); err != nil || n > 0 {
					return cmp.Or(err, errUsedBy)
				}
			}
			if err := tx.Delete(rec); err != nil {
				return errInUse
			}
		}
		if err := undoCreatedVendors(tx, vendors); err != nil {
			return err
		}
		imp.Set("status", migrations.ImportUndone)
		imp.Set("undone_at", s.now().UTC())
		return tx.Save(imp)
	})
	if errors.Is(err, errChanged) {
		return answer(http.StatusConflict, "folio_import_undo_changed", msgUndoChanged)
	}
	if errors.Is(err, errUsedBy) {
		return answer(http.StatusConflict, spec.usedBy.code, spec.usedBy.message)
	}
	if errors.Is(err, errInUse) {
		return answer(http.StatusConflict, "folio_import_undo_in_use", msgUndoInUse)
	}
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, map[string]any{"id": imp.Id, "status": migrations.ImportUndone})
}
