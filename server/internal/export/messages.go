package export

// MessageTooMany answers a business over the export limit.
const MessageTooMany = "You can export your data 5 times an hour. Try again later."

// Messages maps each code of this package to its sentence.
var Messages = map[string]string{
	"folio_export_too_many": MessageTooMany,
}
