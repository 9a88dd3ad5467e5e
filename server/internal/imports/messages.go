package imports

import (
	"net/http"

	"github.com/pocketbase/pocketbase/tools/router"

	"folio/server/internal/refusal"
)

// Refusal sentences of the import routes. Each has a stable code
// (Messages), so the web app says it in the person's language
// (src/locales/*/server.json, keyed by code). None is about one field:
// the code goes under data["@refusal"] (see package refusal). A row's
// problems are not refusals: they are listed in the answer (Problem), and
// the web app has their sentences (src/locales/*/imports.json).
const (
	msgFileMissing     = "Choose a file to import."
	msgFileTooLarge    = "This file is larger than 20 MB. Split it into smaller files and import each one."
	msgTooManyRows     = "This file has more than 50,000 rows. Split it into smaller files and import each one."
	msgFileUnreadable  = "This file can't be read. Save it as CSV (comma, semicolon or tab) or as an Excel workbook (.xlsx)."
	msgFileEmpty       = "This file has no rows under its header row."
	msgOptionsWrong    = "Choose what to import, how (all or nothing, or row by row) and what to do with duplicates."
	msgMappingWrong    = "The columns chosen don't match this file. Choose them again."
	msgNoNameColumn    = "Choose the column that holds the name."
	msgRowsInvalid     = "Some rows have problems, so nothing was imported. Fix or skip those rows, or import row by row."
	msgAlreadyImported = "This file is being imported or was imported already. Undo that import first to import it again."
	msgImportMissing   = "Import not found."
	msgUndoExpired     = "An import can be undone only within a day."
	msgUndoneAlready   = "This import has been undone already."
	msgUndoInUse       = "A customer this import created has documents now, so the import can't be undone."
	msgUndoVendorInUse = "A vendor this import created has expenses now, so the import can't be undone."
	msgUndoChanged     = "An invoice this import created has changed since (a payment, a reminder or an edit), so the import can't be undone."
	msgInterrupted     = "This import stopped before it finished (the server restarted), so nothing of it was written. Import the file again."
)

// codeInterrupted is why an import failed: it stopped half-way. Not a
// refusal of a request: the import's progress says it (progress.go).
const codeInterrupted = "folio_import_interrupted"

// Messages maps each code of this package to its English sentence: one
// code, one sentence.
var Messages = map[string]string{
	"folio_import_file_missing":       msgFileMissing,
	"folio_import_file_too_large":     msgFileTooLarge,
	"folio_import_too_many_rows":      msgTooManyRows,
	"folio_import_file_unreadable":    msgFileUnreadable,
	"folio_import_file_empty":         msgFileEmpty,
	"folio_import_options_wrong":      msgOptionsWrong,
	"folio_import_mapping_wrong":      msgMappingWrong,
	"folio_import_no_name_column":     msgNoNameColumn,
	"folio_import_rows_invalid":       msgRowsInvalid,
	"folio_import_already_imported":   msgAlreadyImported,
	"folio_import_not_found":          msgImportMissing,
	"folio_import_undo_expired":       msgUndoExpired,
	"folio_import_undone_already":     msgUndoneAlready,
	"folio_import_undo_in_use":        msgUndoInUse,
	"folio_import_undo_changed":       msgUndoChanged,
	"folio_import_undo_vendor_in_use": msgUndoVendorInUse,
	"folio_import_interrupted":        msgInterrupted,
}

// answer is a refusal of this package with its status.
func answer(status int, code, message string) *router.ApiError {
	return refusal.New(code, message).Answer(status)
}

func badRequest(code, message string) *router.ApiError {
	return answer(http.StatusBadRequest, code, message)
}

// openingBalanceWords is the line of an imported open invoice, in the
// business's document language.
var openingBalanceWords = map[string]string{
	"en": "Opening balance",
	"de": "Anfangssaldo (offener Posten)",
	"fr": "Solde d'ouverture",
	"es": "Saldo inicial",
	"ar": "الرصيد الافتتاحي",
}

func openingBalance(lang string) string {
	if w, ok := openingBalanceWords[lang]; ok {
		return w
	}
	return openingBalanceWords["en"]
}
