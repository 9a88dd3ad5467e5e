package backup

// Refusals of the backup routes (see package refusal).
const (
	// MessageOperatorOnly answers an account that is not the operator.
	MessageOperatorOnly = "Only this server's operator can download its backups: they hold every account on the server. Export your own data instead."
	// MessageNoBackup answers a download when no backup exists yet.
	MessageNoBackup = "No backup has been made yet."
)

// Messages maps each code of this package to its sentence.
var Messages = map[string]string{
	"folio_backup_operator_only": MessageOperatorOnly,
	"folio_backup_none":          MessageNoBackup,
}
