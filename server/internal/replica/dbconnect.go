package replica

import (
	"github.com/pocketbase/dbx"
)

// pragmas are PocketBase's own (core.DefaultDBConnect), and _txlock:
// every transaction begins IMMEDIATE, taking the write lock first.
//
// Litestream writes to data.db itself (its checkpoints end with a small
// write). A PocketBase transaction begun DEFERRED that read before that
// write cannot then write at all (SQLITE_BUSY_SNAPSHOT); PocketBase retries
// the statement, not the transaction, for about seven seconds, and the
// request fails. Begun IMMEDIATE, it waits for the lock (busy_timeout)
// and reads what it then writes on. PocketBase's writes go through one
// connection, so nothing of theirs waits longer than before.
const pragmas = "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=journal_size_limit(200000000)" +
	"&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)&_pragma=temp_store(MEMORY)&_pragma=cache_size(-32000)" +
	"&_txlock=immediate"

// DBConnect opens PocketBase's databases as core.DefaultDBConnect does,
// with transactions begun IMMEDIATE (pocketbase.Config.DBConnect).
func DBConnect(dbPath string) (*dbx.DB, error) {
	return dbx.Open("sqlite", dbPath+pragmas)
}
