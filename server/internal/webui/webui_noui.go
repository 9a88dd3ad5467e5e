//go:build noui

// Package webui embeds the built single-page app so one binary serves both
// the API and the UI from one origin.
//
// This is the `noui` variant: it embeds nothing, so the server answers 404
// for every page while the API works as usual.
package webui

import "io/fs"

// emptyFS is a filesystem with no files at all.
type emptyFS struct{}

// Open always reports that the file does not exist.
func (emptyFS) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// FS returns an empty filesystem.
func FS() fs.FS {
	return emptyFS{}
}
