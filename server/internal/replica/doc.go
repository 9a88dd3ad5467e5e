// Package replica streams the database to a replica as it is written, with
// Litestream embedded as a library: data.db goes to an S3-compatible bucket
// or a directory (FOLIO_REPLICA_URL), uploaded files go to the same bucket
// through PocketBase's S3 file storage, and `folio restore --from-replica
// [--at TIME]` rebuilds a data dir from the replica as of a moment.
//
// Replication never stops the app: a replica that cannot be reached is
// logged, retried by Litestream with a growing pause, and mailed to the
// operator (FOLIO_OPERATOR_EMAIL) once per outage. The operator sees where
// the replica is and how far behind it is in the start banner and on
// /settings/account (GET StatusPath).
package replica
