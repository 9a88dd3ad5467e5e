//go:build !noui

// Package webui embeds the built single-page app so one binary serves both
// the API and the UI from one origin.
//
// The front-end build copies Vite's output into ./dist before `go build`;
// dist/.keep lets the package compile when nothing has been built yet. Build
// with `-tags noui` to leave the UI out entirely (e.g. for Go tests in CI).
package webui

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// FS returns the built app rooted at dist/ (index.html at the top).
func FS() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		// fs.Sub only fails on an invalid path, and "dist" is a constant.
		panic(err)
	}
	return sub
}
