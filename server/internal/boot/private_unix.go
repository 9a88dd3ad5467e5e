//go:build unix

package boot

import "syscall"

// restrictNewFiles makes every file and directory this process creates
// from now on private to its owner.
func restrictNewFiles() { syscall.Umask(0o077) }
