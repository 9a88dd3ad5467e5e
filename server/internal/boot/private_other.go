//go:build !unix

package boot

// restrictNewFiles has nothing to do where there is no umask; MakePrivate
// still runs after bootstrap.
func restrictNewFiles() {}
