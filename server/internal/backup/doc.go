// Package backup keeps a business's books safe: PocketBase's automatic
// backups (scheduled by migration 1795300060 and the environment, see
// package boot), the `folio backup` and `folio restore` commands, and the
// routes behind /settings/data's backup section: when the last backup
// ran, and for the server's operator only, its download.
package backup
