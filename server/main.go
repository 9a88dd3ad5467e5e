// Command folio is the Folio server: PocketBase used as a framework, with
// Folio's schema, two-factor sign-in and the built web app in one binary.
//
//	go build -o folio . && ./folio serve --http 127.0.0.1:8090 --dir ./pb_data
//	./folio seed --invoices 100000 --dir /tmp/bench   # benchmark data
package main

import (
	"log"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/plugins/migratecmd"

	"folio/server/internal/app"
	"folio/server/internal/backup"
	"folio/server/internal/replica"
	"folio/server/internal/seed"
	_ "folio/server/migrations" // schema and settings, applied on start
)

// version is package.json's, set by `npm run release` (-X main.version=…).
var version = "dev"

func main() {
	// Dev mode (SQL log, mail echo) only under `go run`; --dev still forces it.
	pb := pocketbase.NewWithConfig(config())

	// Go migrations; under `go run`, collection changes made in the admin UI
	// are also written as new files in ./migrations so they can be committed.
	migratecmd.MustRegister(pb, pb.RootCmd, migratecmd.Config{
		TemplateLang: migratecmd.TemplateLangGo,
		Automigrate:  app.IsGoRun(),
	})

	pb.RootCmd.Version = version + " (PocketBase " + pocketbaseVersion() + ")"

	if err := app.Bind(pb); err != nil {
		log.Fatal(err)
	}

	// `folio seed --invoices 100000 --dir DATA_DIR`: benchmark data.
	pb.RootCmd.AddCommand(seed.NewCommand(pb))

	// `folio backup` and `folio restore <backup.zip>` (server stopped).
	// `folio restore --from-replica [--at TIME]`: from the continuous replica.
	restore := backup.NewRestoreCommand(pb)
	replica.AddRestoreFlags(restore, pb.DataDir, os.Getenv)
	pb.RootCmd.AddCommand(backup.NewBackupCommand(pb), restore)

	// Every command exits non-zero when it fails (cobra has printed why).
	if err := app.Execute(pb); err != nil {
		os.Exit(1)
	}
}

// config is PocketBase's configuration: dev mode under `go run`, the data
// dir, transactions begun IMMEDIATE (Litestream writes too: see
// replica.DBConnect) and a read pool of readConns() connections.
func config() pocketbase.Config {
	return pocketbase.Config{
		DefaultDev:       app.IsGoRun(),
		DefaultDataDir:   app.DefaultDataDir(),
		DBConnect:        replica.DBConnect,
		DataMaxOpenConns: readConns(),
		DataMaxIdleConns: readConns(),
	}
}

// readConns is how many reads of data.db run at once: 4 per core (8 on a
// 2-core machine), all kept open. PocketBase's default is 120 (15 kept).
// SQLite here is Go code (modernc), so each read under way is a goroutine
// wanting the CPU: with 120 of them the one request holding the write
// connection got a time slice every few hundred milliseconds and invoice
// creations waited seconds for it (npm run bench:load, 200 clients: p95
// 28-31 s with 120, 6-10 s with 8 on the same loaded machine). Reads past
// the limit wait in the pool, off the CPU.
func readConns() int {
	return 4 * runtime.GOMAXPROCS(0)
}

// pocketbaseVersion is the PocketBase module this binary was built with
// (pocketbase.Version is only set by PocketBase's own release builds).
func pocketbaseVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == "github.com/pocketbase/pocketbase" {
				return dep.Version
			}
		}
	}
	return pocketbase.Version
}
